// The model JSON's cells and what the verdicts say about them (report_model.h, Cell):
//   "cells": [{id, baseline, concurrency, tier_us, basis, ..., decided_by, agreement,
//              end_to_end_ratio, end_to_end_factor_low, end_to_end_factor_high, tier_body_ratio,
//              tier_body_factor_low, tier_body_factor_high, detectable, ...}],
//   "unmeasured": [...], "detectable": [{concurrency, tier_us, median, min, max, cells}],
//   "machine_noise": {"body_speed": {...}, "bimodality": {sides, two_level, widest: [...]}}
#pragma once

#include "core/base/json_util.h"
#include "core/model/report_model.h"

namespace zoo {

// "test": {u, z, p_value}, a cell's or a priced item's Mann-Whitney U.
void WriteModelMannWhitney(json::Writer& w, const MannWhitney& test);
void WriteModelCell(json::Writer& w, const Cell& c);
void WriteModelUnmeasured(json::Writer& w, const UnmeasuredCell& c);
void WriteModelDetectable(json::Writer& w, const DetectableRow& r);
void WriteModelMachineNoise(json::Writer& w, const MachineNoise& n);

}  // namespace zoo
