// The cells: every (baseline, concurrency, tier) of the main matrix where both sides have a
// unit, the subject against the baseline, judged by the bootstrap of verdict.h; the cells that
// could not be compared, with why; and the range of the seeds' band over the cells.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

struct CellComparison {
  std::vector<Cell> cells;
  // Indices into `cells`: the three verdict lists and the floor cells partition them.
  std::vector<size_t> subject_faster, subject_slower, indistinguishable, floor_cells;
  std::vector<UnmeasuredCell> unmeasured;
  std::vector<DetectableRow> detectable;
  double band_min = 0, band_max = 0;  // over the cells' finite bands
};

CellComparison CompareCells(const ModelInput& in);

}  // namespace zoo
