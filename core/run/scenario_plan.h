// Which scenario units a run measures (scenario.h): a pure function of the scenarios asked
// for, the adapters that passed the gate and the machine's cores, so the plan can be tested
// without running anything.
//
// Every applicable (scenario, adapter) row is measured in `processes` timed processes, the
// rows' processes interleaved (process p of every row before process p + 1 of any), and once
// more in a process with the allocation counter (kScenarioCounters), for its allocations per
// task. A row that does not apply is recorded with why, never measured, never a failure.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/archive/scenario_record.h"
#include "core/measure/unit.h"
#include "core/plugin/adapter_descriptor.h"

namespace zoo {

struct ScenarioAdapter {
  AdapterDescriptor descriptor;  // passed the gate, so a declared capability held there
  std::string plugin_file;
};

struct ScenarioPlan {
  std::vector<UnitSpec> units;
  ScenarioRecord record;
};

// Processes per row: what a full run and a --quick run give each.
inline constexpr uint32_t kScenarioProcesses = 10;
inline constexpr uint32_t kQuickScenarioProcesses = 5;

// `adapters`: subject first. The workers scenario measures the subject alone, at
// kWorkerCounts and `cores` workers.
ScenarioPlan PlanScenarioUnits(const std::vector<Scenario>& requested,
                               const std::vector<ScenarioAdapter>& adapters, uint32_t cores,
                               uint32_t processes);

// "roundtrip,continuation,burst,workers" (burst is both burst scenarios), "all" or "none";
// kInvalidArgument naming the unknown word.
absl::StatusOr<std::vector<Scenario>> ParseScenarioList(std::string_view list);

}  // namespace zoo
