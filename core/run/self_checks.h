// Checks that run on every run and land in the archive (design.md section 3, item 9). A
// failed one is shown on the report's first page.
#pragma once

#include <vector>

#include "core/archive/archive.h"

namespace zoo {

// process_isolation: every measured unit ran in its own process: pids present, all distinct,
//   none the orchestrator's (`orchestrator_pid`).
// (The body's speed against its tier is a noise figure of the machine, read by the analysis:
// model/machine_noise.h and the model's body_speed check. Archives before it carry a
// body_vs_target check here, which the analysis leaves out.)
// overhead_withheld: which units have no overhead figure and why (informative; always passes).
std::vector<SelfCheck> RunSelfChecks(const Archive& archive, int orchestrator_pid);

}  // namespace zoo
