// The scenarios' section of the model (report_model.h, ScenarioSection): one table per
// scenario the archive measured, each row an adapter (or, for the workers scenario, a pool
// size) judged against the table's fastest row by the cells' own method (verdict.h): the
// processes' median rounds per task, their trimmed mean as the level, the two-level bootstrap
// of the ratio, and a winner only beyond the practical threshold. Then the tuning lines the
// subject's rows support (scenario_tuning.h).
#pragma once

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

ScenarioSection ScenarioSectionOf(const ModelInput& in);

// A pooled scenario view's rounds as the verdict reads them: per process, its rounds' time per
// task (wall / tasks per round).
SideSamples ScenarioSamples(const UnitView& pooled);

}  // namespace zoo
