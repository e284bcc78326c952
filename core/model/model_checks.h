// The report's self-checks: the archive's own (run/self_checks.h) plus the ones only the
// analysis can make (the run complete, the subject's overhead constant across tiers, the
// same work in every unit of a tier, no process below its physical floor), and the units
// without an overhead figure, with why.
#pragma once

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

SelfCheckSummary ModelSelfChecks(const ModelInput& in);

}  // namespace zoo
