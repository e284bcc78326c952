// The tuning table under the scenario tables: what the subject's scenario rows show (a slow
// hand-off, a chain that pays a fresh hand-off per link, back-pressure, a pool size past which
// no-op tasks get slower, allocations per task), the row that shows it, and what to change.
// Derived from the numbers of this archive only; a line appears only where its row was
// measured, and a comparison only where the verdict's rule separates the two sides.
#pragma once

#include <vector>

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

std::vector<TuningRow> TuningOf(const ModelInput& in, const ScenarioSection& section);

}  // namespace zoo
