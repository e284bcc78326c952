#include "core/run/scenario_plan.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace zoo {
namespace {

// Warm-up and measured rounds per process: a few milliseconds of rounds at the per-task costs
// pools show here (0.1 to 50 us), enough rounds for a process's median to settle.
struct ScenarioRounds {
  uint32_t warmup, measured;
};
ScenarioRounds RoundsOf(Scenario s) {
  switch (s) {
    case Scenario::kRoundtrip: return {100, 500};
    case Scenario::kContinuation: return {5, 50};
    case Scenario::kBurstBounded:
    case Scenario::kBurstUnbounded: return {3, 30};
    case Scenario::kWorkers: return {10, 100};
    case Scenario::kNone: break;
  }
  return {1, 1};
}

// Why `s` does not apply to `d`, "" when it does.
std::string NotApplicableReason(Scenario s, const AdapterDescriptor& d) {
  if (NeedsSubmitAnyThread(s) && !d.submit_any_thread.declared) return "no_submit_any_thread";
  if (s == Scenario::kBurstBounded && !d.submit_any_thread.bounded) return "no_bounded_queue";
  if (s == Scenario::kWorkers && d.abi_minor < 1) return "abi_1_0";
  return "";
}

// One row's spec (process 0): its pool size, its tasks per round as the concurrency (and so
// max_batch), its queue option.
UnitSpec RowSpec(Scenario s, const ScenarioAdapter& a, uint32_t workers, uint32_t cores) {
  const ScenarioRounds r = RoundsOf(s);
  std::string options;
  // Unbounded: capacity 0 where the queue can be bounded; any other queue is unbounded.
  if (s == Scenario::kBurstUnbounded && a.descriptor.submit_any_thread.bounded) {
    options = "capacity=0";
  }
  return UnitSpec{.adapter = a.descriptor.name,
                  .plugin_file = a.plugin_file,
                  .tier_us = 0,
                  .concurrency = ScenarioTasksPerRound(s),
                  .warmup_rounds = r.warmup,
                  .measured_rounds = r.measured,
                  .workload = "noop",
                  .semantics = "",
                  .semantics_value = 0,
                  .kind = UnitKind::kScenario,
                  .process = 0,
                  .repetitions = 0,
                  .logical_cores = cores,
                  .scenario = s,
                  .workers = workers,
                  .options = options};
}

// The pool sizes a row runs at: one worker for a round trip (one task, as the matrix's
// concurrency 1), the cores for a chain (a link may land on another worker, as in a pool a
// user sizes by the cores; a work-stealing pool of one is refused by some) and a burst, the
// sweep for the workers scenario.
std::vector<uint32_t> WorkerCountsOf(Scenario s, uint32_t cores) {
  switch (s) {
    case Scenario::kRoundtrip: return {1};
    case Scenario::kContinuation:
    case Scenario::kBurstBounded:
    case Scenario::kBurstUnbounded: return {cores};
    case Scenario::kWorkers: {
      std::vector<uint32_t> m(std::begin(kWorkerCounts), std::end(kWorkerCounts));
      if (std::find(m.begin(), m.end(), cores) == m.end()) m.push_back(cores);
      std::sort(m.begin(), m.end());
      return m;
    }
    case Scenario::kNone: break;
  }
  return {1};
}

}  // namespace

ScenarioPlan PlanScenarioUnits(const std::vector<Scenario>& requested,
                               const std::vector<ScenarioAdapter>& adapters, uint32_t cores,
                               uint32_t processes) {
  ScenarioPlan plan;
  plan.record.requested = requested;
  std::vector<UnitSpec> rows;
  for (Scenario s : requested) {
    for (size_t i = 0; i < adapters.size(); ++i) {
      if (s == Scenario::kWorkers && i > 0) break;  // the subject alone
      const ScenarioAdapter& a = adapters[i];
      if (std::string why = NotApplicableReason(s, a.descriptor); !why.empty()) {
        plan.record.not_applicable.push_back(
            {.scenario = s, .adapter = a.descriptor.name, .reason_code = why});
        continue;
      }
      for (uint32_t m : WorkerCountsOf(s, cores)) rows.push_back(RowSpec(s, a, m, cores));
    }
  }
  for (uint32_t p = 0; p < processes; ++p) {
    for (const UnitSpec& row : rows) {
      plan.units.push_back(row);
      plan.units.back().process = p;
    }
  }
  for (const UnitSpec& row : rows) {
    plan.units.push_back(row);
    plan.units.back().kind = UnitKind::kScenarioCounters;
  }
  return plan;
}

absl::StatusOr<std::vector<Scenario>> ParseScenarioList(std::string_view list) {
  if (list == "none") return std::vector<Scenario>{};
  if (list == "all") return std::vector<Scenario>(std::begin(kScenarios), std::end(kScenarios));
  std::vector<Scenario> out;
  auto add = [&out](Scenario s) {
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  for (absl::string_view word : absl::StrSplit(absl::string_view(list.data(), list.size()), ',')) {
    if (word == "burst") {
      add(Scenario::kBurstBounded);
      add(Scenario::kBurstUnbounded);
      continue;
    }
    const std::optional<Scenario> s = ParseScenario(std::string_view(word.data(), word.size()));
    if (!s || *s == Scenario::kNone) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--scenarios: unknown scenario '", word,
          "'; choose from roundtrip, continuation, burst, burst_bounded, burst_unbounded, "
          "workers, all, none"));
    }
    add(*s);
  }
  return out;
}

}  // namespace zoo
