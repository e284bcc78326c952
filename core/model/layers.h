// The layer line's section of the model (layer_section.h) from the archive's layer record and
// its layer units: each row's rounds per task (best, median, slowest), zero at the best round
// of the bare client that matches the subject's execution model, and each row against the row
// below by the cells' own method (verdict.h: the processes' median rounds, the two-level
// bootstrap of the ratio, a winner only beyond the practical threshold). The lowest layer is
// judged against that bare client, each later layer against the layer under it.
#pragma once

#include "core/model/layer_section.h"
#include "core/model/model_input.h"

namespace zoo {

LayerSection LayerSectionOf(const ModelInput& in);

}  // namespace zoo
