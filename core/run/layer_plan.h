// The layer line's plan (zoo.layers/1): a pure function of the run's subject,
// the bare clients that passed the gate and the machine's cores, so it can be
// tested without running anything.
//
// Rows, lowest first: the bare clients (zoo-host's inline and thread_pool),
// then each layer of the subject, the last its public API. Every row runs the
// same workload as the main matrix's timed units at their leanest (the noop
// body, a round's two stamps, kRoundBatch cycles per round) at concurrency 1,
// and 2 where the machine has two cores; each (row, concurrency) in `processes`
// processes, process p of every row before process p + 1 of any. Then one
// counters unit per row at concurrency 1 (allocations per task and the cold
// start), or, in a callgrind run, one callgrind unit per row instead of the
// timed ones (their times would be the simulator's). A row whose gate rejected
// it is listed and not measured.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/archive/layer_record.h"
#include "core/measure/unit.h"
#include "core/plugin/adapter_descriptor.h"

namespace zoo {

// Processes per (row, concurrency): a full run's and a --quick run's.
inline constexpr uint32_t kLayerProcesses = 10;
inline constexpr uint32_t kQuickLayerProcesses = 5;

// The bare clients, in the order their rows come.
inline constexpr const char* kBareClients[] = {"inline", "thread_pool"};

struct LayerAdapter {
  AdapterDescriptor descriptor;
  std::string plugin_file;
};

struct LayerPlanInput {
  LayerAdapter subject;
  std::vector<LayerAdapter> bare;  // the bare clients among the gated adapters, any order
  uint32_t cores = 1;
  uint32_t processes = kLayerProcesses;
  uint32_t warmup_rounds = 0;  // the main matrix's
  uint32_t measured_rounds = 1;
  bool callgrind = false;  // a --instrument callgrind run
};

// The rows before any layer is gated: every layer's gate_passed is false until
// the layer's own gate says otherwise (run/layer_line.h); the bare clients' is
// true (they passed the run's gate). status "not_applicable" (reason
// "no_layers") when the subject declares no layers, "not_run" (reason
// "no_bare_client") when neither bare client passed the run's gate.
LayerRecord PlanLayerRows(const LayerPlanInput& in);

// The units of `record`'s rows that passed their gate; none unless its status
// is "measured".
std::vector<UnitSpec> PlanLayerUnits(const LayerRecord& record, const LayerPlanInput& in);

}  // namespace zoo
