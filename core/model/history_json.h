// The history model as JSON (`zoo-host history --json`), deterministic, versioned apart:
//
//   {"schema": "zoo-host-history", "version": 1,
//    "groups": [{machine: {id, description}, subject,
//                archives: [{path, version, started_utc, in_series, left_out}],
//                series: [{cell, points: [{archive, factor, low, high}]}],   (factors, not logs)
//                missing_cells, steps: [{version, archive, factor, low, high, slowdown,
//                                        persists, confirmed, cells}]}],
//    "skipped": [...]}
#pragma once

#include <string>

#include "core/model/history.h"

namespace zoo {

std::string HistoryToJson(const HistoryModel& model);

}  // namespace zoo
