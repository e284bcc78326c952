// Attribution: where a task's end-to-end goes (submit, handoff, body, return, drain), at a few
// sample coordinates within the cores, and where the subject's excess over each baseline lies.
#pragma once

#include <vector>

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

// At AnalysisOptions' tiers and concurrencies (by default the smallest and largest of each,
// concurrencies within the cores), wherever the subject's unit succeeded.
std::vector<AttributionSample> Attribution(const ModelInput& in);

}  // namespace zoo
