// The model JSON's "layers" member (layer_section.h), written whenever the archive recorded
// the layer line, measured or not, so a reporter can say why it is not there:
//   "layers": {"status", "reason_code", "subject", "zero_at", "zero_reason",
//              "tables": [{"concurrency", "rows": [{label, adapter, layer, description, bare,
//                          gate_passed, gate_reason, measured, processes, best_ns, median_ns,
//                          slowest_ns, best_rel, median_rel, slowest_rel, below, factor, low,
//                          high, verdict}]}],
//              "cost": [{label, allocs_per_task, instructions_per_task,
//                        callgrind_instructions_per_task, callgrind_repeat, cold_alloc_calls,
//                        first_task_ns, cold_callgrind_instructions}]}
// NaN is null (json_util.h).
#pragma once

#include "core/base/json_util.h"
#include "core/model/layer_section.h"

namespace zoo {

void WriteModelLayers(json::Writer& w, const LayerSection& section);

}  // namespace zoo
