// The cost of code (report_model.h, CostOfCode): per task counts from the counters units, the
// cold start of each adapter, whether the kernel counters could be read here, and a callgrind
// run's instruction counts.
#pragma once

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

CostOfCode CostOfCodeOf(const ModelInput& in);

}  // namespace zoo
