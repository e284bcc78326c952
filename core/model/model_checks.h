// The report's self-checks: the archive's own (run/self_checks.h) plus the ones only the
// analysis can make (the run complete, the subject's overhead constant across tiers next to
// the other adapters', the same work in every unit of a tier, no process below its physical
// floor, no verdict the bodies' speed could have made), and the units without an overhead
// figure, with why.
//
// A check fails only where a reader must act: a healthy idle machine passes every one. What a
// machine does to every adapter alike (a CPU slowed for seconds, a wake-up that costs more
// after a longer sleep) is a noise figure (machine_noise.h), not a failure.
#pragma once

#include <vector>

#include "core/model/machine_noise.h"
#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

// `cells`: the report's cells, whose verdicts the body-speed check reads.
SelfCheckSummary ModelSelfChecks(const ModelInput& in, const std::vector<Cell>& cells,
                                 const MachineNoise& noise);

}  // namespace zoo
