// JSON form of the run's calibration (calibration.h), the archive's run.calibration:
//   {"status": "json"|"none"|"per_unit", "workload", "processes",
//    "tiers": [{"tier_us", "repetitions",
//               "processes": [{"pid", "repetitions", "ns_per_repetition", "calibration_ns"}]}]}
// Absent in archives written before it: read as status "per_unit" (each unit calibrated in
// its own process, UnitResult::calibration).
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/measure/calibration.h"

namespace zoo {

void WriteRunCalibration(json::Writer& w, const RunCalibration& calibration);
// `run` is the archive's run object.
absl::StatusOr<RunCalibration> ReadRunCalibration(const rapidjson::Value& run);

}  // namespace zoo
