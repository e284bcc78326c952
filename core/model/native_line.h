// The native task line in the model (core/run/native_line_plan.h): the archive's record (its
// status, task, forms and their gate verdicts) and one cell per (form, frame, concurrency)
// with its time per task and its ratio to the first form's at the same frame and concurrency.
// Each cell is one process, so no verdict is drawn between forms: the ratio is a figure, not a
// judgement. Measured on its own: nothing here enters a cell, a crossover or a pivot table.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/archive/native_line_record.h"

namespace zoo {

struct NativeLineCell {
  std::string form;
  uint32_t frame_bytes = 0;
  uint32_t concurrency = 0;
  bool ok = false;
  std::string failure;  // the unit's sentence when it failed
  std::string unit;     // the process view's id, where the raw rounds are
  double ns_per_task = 0;  // the median round's wall / concurrency
  // ns_per_task over the first measured form's at the same frame and concurrency; NaN where
  // either failed.
  double ratio_to_first = 0;
};

struct NativeLineSection {
  NativeLineRecord record;  // status "": the archive predates the line
  uint32_t processes_per_cell = 1;
  std::vector<NativeLineCell> cells;  // frames, then concurrencies, then forms as planned
};

struct ModelInput;  // model_input.h, which includes report_model.h and so this file
NativeLineSection NativeLineOf(const ModelInput& in);

}  // namespace zoo
