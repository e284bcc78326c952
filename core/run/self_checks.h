// Checks that run on every run and land in the archive (design.md section 3, item 9). A
// failed one is shown on the report's first page.
#pragma once

#include <vector>

#include "core/archive/archive.h"

namespace zoo {

// process_isolation: every measured unit ran in its own process: pids present, all distinct,
//   none the orchestrator's (`orchestrator_pid`).
// body_vs_target: the median body self-time of each unit whose workload has a duration (json,
//   sleep) at concurrency <= logical cores lies within kBodyTolerance of its tier.
// overhead_withheld: which units have no overhead figure and why (informative; always passes).
std::vector<SelfCheck> RunSelfChecks(const Archive& archive, int orchestrator_pid);

}  // namespace zoo
