// Crossovers: each baseline's row of cells at one concurrency within the cores, read for where
// the baseline stops being faster (report_model.h, CrossoverKind; ReadCrossoverRow reads one).
#pragma once

#include <vector>

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

// One per (baseline, concurrency within the cores) with at least one cell that is not a floor.
std::vector<Crossover> Crossovers(const ModelInput& in, const std::vector<Cell>& cells);

}  // namespace zoo
