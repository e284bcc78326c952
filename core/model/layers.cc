#include "core/model/layers.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/statistics.h"
#include "core/model/verdict.h"

namespace zoo {
namespace {

bool OfRow(const UnitSpec& s, const LayerRow& row) {
  return IsLayer(s.kind) && s.adapter == row.adapter && s.options == row.Options();
}

// The row's timed processes at `concurrency`: per process, its rounds' time per
// task.
SideSamples SamplesOfRow(const Archive& a, const LayerRow& row, uint32_t concurrency) {
  SideSamples side;
  for (const ArchivedUnit& u : a.units) {
    const UnitSpec& s = u.result.spec;
    if (s.kind != UnitKind::kLayer || !OfRow(s, row) || s.concurrency != concurrency ||
        !u.result.ok || u.result.rounds.empty()) {
      continue;
    }
    const double tasks = static_cast<double>(std::max(1u, u.result.batch) * s.concurrency);
    std::vector<double> rounds;
    for (const RoundSample& r : u.result.rounds) {
      rounds.push_back(static_cast<double>(r.wall_ns) / tasks);
    }
    side.process_ids.push_back(s.process);
    side.rounds.push_back(std::move(rounds));
  }
  return side;
}

// thread_pool for a subject that runs its bodies on other threads, inline for
// one that runs them on the caller's: what its public API's units saw.
void ChooseZero(const Archive& a, const LayerRecord& record, LayerSection& section) {
  int64_t on_caller = 0, tasks = 0;
  for (const ArchivedUnit& u : a.units) {
    const UnitSpec& s = u.result.spec;
    if (s.kind != UnitKind::kLayer || s.adapter != record.subject || !u.result.ok ||
        u.result.bodies_on_calling_thread < 0 || record.rows.empty() ||
        s.options != record.rows.back().Options()) {
      continue;
    }
    on_caller += u.result.bodies_on_calling_thread;
    tasks +=
        static_cast<int64_t>(u.result.rounds.size() * std::max(1u, u.result.batch) * s.concurrency);
  }
  const bool runs_inline = tasks > 0 && on_caller == tasks;
  section.zero_at = runs_inline ? "inline" : "thread_pool";
  section.zero_reason = runs_inline ? "inline" : "pool";
  bool present = false;
  for (const LayerRow& row : record.rows) present = present || row.adapter == section.zero_at;
  if (!present && !record.rows.empty() && record.rows.front().bare) {
    section.zero_at = record.rows.front().adapter;
  }
}

LayerRangeRow RangeOf(const LayerRow& row, const SideSamples& side) {
  LayerRangeRow out;
  out.label = row.Label();
  out.adapter = row.adapter;
  out.layer = row.layer;
  out.description = row.description;
  out.bare = row.bare;
  out.gate_passed = row.gate_passed;
  out.gate_reason = row.gate_reason;
  std::vector<double> pooled = side.Pooled();
  out.processes = static_cast<uint32_t>(side.rounds.size());
  out.measured = !pooled.empty();
  if (!out.measured) return out;
  out.best_ns = *std::min_element(pooled.begin(), pooled.end());
  out.slowest_ns = *std::max_element(pooled.begin(), pooled.end());
  out.median_ns = Median(pooled);
  return out;
}

// Each layer row against the row below it: the first layer against the zero's
// bare client.
void JudgeAgainstBelow(const ModelInput& in, const std::vector<SideSamples>& sides,
                       const std::string& zero_at, LayerTable& table) {
  size_t below = table.rows.size();
  for (size_t i = 0; i < table.rows.size(); ++i) {
    if (table.rows[i].bare && table.rows[i].adapter == zero_at) below = i;
  }
  for (size_t i = 0; i < table.rows.size(); ++i) {
    LayerRangeRow& row = table.rows[i];
    if (row.bare || !row.measured) continue;
    if (below < table.rows.size() && table.rows[below].measured) {
      const Interval iv = LogRatioInterval(
          sides[i], sides[below], in.options.verdict,
          absl::StrCat(row.label, "/", table.rows[below].label, "/c", table.concurrency));
      row.below = table.rows[below].label;
      row.factor = std::exp(iv.estimate);
      row.low = std::exp(iv.low);
      row.high = std::exp(iv.high);
      const Direction d = Decide(iv.estimate, iv.low, iv.high, in.options.verdict.threshold);
      row.verdict = d == Direction::kUp     ? "slower"
                    : d == Direction::kDown ? "faster"
                                            : "indistinguishable";
    }
    below = i;
  }
}

LayerTable TableAt(const ModelInput& in, const LayerRecord& record, uint32_t concurrency,
                   const std::string& zero_at) {
  LayerTable table{.concurrency = concurrency, .rows = {}};
  std::vector<SideSamples> sides;
  for (const LayerRow& row : record.rows) {
    sides.push_back(SamplesOfRow(*in.archive, row, concurrency));
    table.rows.push_back(RangeOf(row, sides.back()));
  }
  double zero = 0;
  for (const LayerRangeRow& row : table.rows) {
    if (row.bare && row.adapter == zero_at && row.measured) zero = row.best_ns;
  }
  for (LayerRangeRow& row : table.rows) {
    if (!row.measured || zero <= 0) continue;
    row.best_rel = row.best_ns / zero - 1;
    row.median_rel = row.median_ns / zero - 1;
    row.slowest_rel = row.slowest_ns / zero - 1;
  }
  JudgeAgainstBelow(in, sides, zero_at, table);
  return table;
}

double PerTaskOrNaN(const Count& c, uint64_t tasks) {
  return c.available && tasks > 0 ? static_cast<double>(c.total) / static_cast<double>(tasks)
                                  : kNaN;
}

LayerCostRow CostOf(const Archive& a, const LayerRow& row) {
  LayerCostRow out{.label = row.Label(),
                   .allocs_per_task = kNaN,
                   .instructions_per_task = kNaN,
                   .callgrind_instructions_per_task = kNaN,
                   .callgrind_repeat = "",
                   .cold_alloc_calls = kNaN,
                   .first_task_ns = kNaN,
                   .cold_callgrind_instructions = kNaN};
  for (const ArchivedUnit& u : a.units) {
    const UnitSpec& s = u.result.spec;
    if (!OfRow(s, row) || !u.result.ok || !u.result.counts) continue;
    const UnitCounts& n = *u.result.counts;
    if (s.kind == UnitKind::kLayerCounters) {
      out.allocs_per_task = PerTaskOrNaN(n.alloc_calls, n.tasks);
      out.instructions_per_task = PerTaskOrNaN(n.instructions, n.tasks);
      if (n.cold_start && n.cold_alloc_calls.available) {
        out.cold_alloc_calls = static_cast<double>(n.cold_alloc_calls.total);
      }
      if (n.cold_start) out.first_task_ns = static_cast<double>(n.first_task_ns);
    } else if (s.kind == UnitKind::kLayerCallgrind) {
      out.callgrind_instructions_per_task = PerTaskOrNaN(n.callgrind_instructions, n.tasks);
      if (n.callgrind_repeat.available && n.callgrind_instructions.available) {
        out.callgrind_repeat =
            n.callgrind_repeat.total == n.callgrind_instructions.total ? "repeated" : "differs";
      }
      if (n.cold_start)
        out.cold_callgrind_instructions = PerTaskOrNaN(n.cold_callgrind_instructions, 1);
    }
  }
  return out;
}

bool UnitsOfKind(const Archive& a, UnitKind kind) {
  return std::any_of(a.units.begin(), a.units.end(),
                     [kind](const ArchivedUnit& u) { return u.result.spec.kind == kind; });
}

}  // namespace

LayerSection LayerSectionOf(const ModelInput& in) {
  LayerSection section;
  const LayerRecord& record = in.archive->layers;
  section.status = record.status;
  section.reason_code = record.reason_code;
  section.subject = record.subject;
  if (record.status != "measured") return section;
  ChooseZero(*in.archive, record, section);
  for (uint32_t c : record.concurrencies) {
    LayerTable table = TableAt(in, record, c, section.zero_at);
    // A callgrind run times nothing: its rows are counted only, in the cost table.
    const bool any = std::any_of(table.rows.begin(), table.rows.end(),
                                 [](const LayerRangeRow& r) { return r.measured; });
    if (any || !UnitsOfKind(*in.archive, UnitKind::kLayerCallgrind)) {
      section.tables.push_back(std::move(table));
    }
  }
  for (const LayerRow& row : record.rows) {
    if (row.gate_passed) section.cost.push_back(CostOf(*in.archive, row));
  }
  return section;
}

}  // namespace zoo
