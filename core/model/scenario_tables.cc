#include "core/model/scenario_tables.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/statistics.h"
#include "core/model/scenario_tuning.h"

namespace zoo {
namespace {

// The allocations per task of the row's counted process, NaN for both when none counted.
void CountedAllocations(const ModelInput& in, const UnitView& row, ScenarioRow& out) {
  out.allocs_per_task = out.bytes_per_task = kNaN;
  for (const ArchivedUnit& u : in.archive->units) {
    const UnitSpec& s = u.result.spec;
    if (s.kind != UnitKind::kScenarioCounters || s.adapter != row.adapter ||
        s.scenario != row.scenario || s.workers != row.workers || !u.result.ok ||
        !u.result.counts || u.result.counts->tasks == 0) {
      continue;
    }
    const UnitCounts& n = *u.result.counts;
    auto per_task = [&n](const Count& c) {
      return c.available ? static_cast<double>(c.total) / static_cast<double>(n.tasks) : kNaN;
    };
    out.allocs_per_task = per_task(n.alloc_calls);
    out.bytes_per_task = per_task(n.alloc_bytes);
    return;
  }
}

double StandardDeviation(const std::vector<double>& v) {
  if (v.size() < 2) return 0;
  double mean = 0;
  for (double x : v) mean += x;
  mean /= static_cast<double>(v.size());
  double sum = 0;
  for (double x : v) sum += (x - mean) * (x - mean);
  return std::sqrt(sum / static_cast<double>(v.size() - 1));
}

ScenarioRow RowOf(const ModelInput& in, const UnitView& v) {
  ScenarioRow row{.adapter = v.adapter, .workers = v.workers, .unit = v.id(), .ok = v.ok,
                  .failure = v.ok ? "" : v.failure,
                  .processes = static_cast<uint32_t>(v.pooled_processes.size()),
                  .floor = v.ok && v.on_calling_thread};
  CountedAllocations(in, v, row);
  if (!v.ok) return row;
  const SideSamples side = ScenarioSamples(v);
  row.level_ns = SideLevel(side, in.options.verdict.level_trim);
  row.spread_ns = StandardDeviation(side.ProcessMedians());
  row.tasks_per_s = row.level_ns > 0 ? 1e9 / row.level_ns : 0;
  return row;
}

// Each row against the fastest: its factor, interval and verdict.
void JudgeAgainstFastest(const ModelInput& in, const std::vector<const UnitView*>& views,
                         ScenarioTable& table) {
  size_t fastest = table.rows.size();
  for (size_t i = 0; i < table.rows.size(); ++i) {
    if (!table.rows[i].ok || table.rows[i].floor || !std::isfinite(table.rows[i].level_ns)) {
      continue;
    }
    if (fastest == table.rows.size() || table.rows[i].level_ns < table.rows[fastest].level_ns) {
      fastest = i;
    }
  }
  if (fastest == table.rows.size()) return;
  const SideSamples best = ScenarioSamples(*views[fastest]);
  for (size_t i = 0; i < table.rows.size(); ++i) {
    ScenarioRow& row = table.rows[i];
    if (!row.ok) continue;
    if (i == fastest) {
      row.verdict = "fastest";
      continue;
    }
    if (row.floor) {
      row.factor = row.level_ns / table.rows[fastest].level_ns;
      row.low = row.high = row.factor;
      row.verdict = "floor";
      continue;
    }
    const Interval iv = LogRatioInterval(ScenarioSamples(*views[i]), best, in.options.verdict,
                                         absl::StrCat(row.unit, "/", views[fastest]->id()));
    row.factor = std::exp(iv.estimate);
    row.low = std::exp(iv.low);
    row.high = std::exp(iv.high);
    row.verdict = Decide(iv.estimate, iv.low, iv.high, in.options.verdict.threshold) ==
                          Direction::kUp
                      ? "slower"
                      : "indistinguishable";
  }
}

}  // namespace

SideSamples ScenarioSamples(const UnitView& pooled) {
  SideSamples s;
  size_t next = 0;
  for (size_t p = 0; p < pooled.pooled_processes.size() && p < pooled.rounds_per_process.size();
       ++p) {
    const size_t n = pooled.rounds_per_process[p];
    if (next + n > pooled.per_round_end_to_end_ns.size()) break;
    s.process_ids.push_back(pooled.pooled_processes[p]);
    const auto first = pooled.per_round_end_to_end_ns.begin() + static_cast<std::ptrdiff_t>(next);
    s.rounds.emplace_back(first, first + static_cast<std::ptrdiff_t>(n));
    next += n;
  }
  return s;
}

ScenarioSection ScenarioSectionOf(const ModelInput& in) {
  ScenarioSection section;
  const ScenarioRecord& record = in.archive->scenarios;
  section.measured = !record.requested.empty();
  for (Scenario s : record.requested) {
    ScenarioTable table{.scenario = s, .tasks_per_round = ScenarioTasksPerRound(s), .rows = {},
                        .not_applicable = {}};
    std::vector<const UnitView*> views;
    for (const UnitView& v : in.units) {
      if (v.kind != UnitKind::kScenario || v.scenario != s) continue;
      views.push_back(&v);
      table.rows.push_back(RowOf(in, v));
    }
    for (const ScenarioNotApplicable& n : record.not_applicable) {
      if (n.scenario == s) table.not_applicable.push_back(n);
    }
    JudgeAgainstFastest(in, views, table);
    section.tables.push_back(std::move(table));
  }
  section.tuning = TuningOf(in, section);
  return section;
}

}  // namespace zoo
