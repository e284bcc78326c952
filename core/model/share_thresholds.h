// The share threshold statement, per concurrency within the cores: from which tier on the
// subject's overhead is below a share of its end-to-end (AnalysisOptions::share_threshold).
#pragma once

#include <vector>

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

std::vector<ShareThreshold> ShareThresholds(const ModelInput& in);

}  // namespace zoo
