// The parent's side of the run's calibration (calibration.h): each tier calibrated in
// children of its own (`zoo_host __worker calibrate`), held to the CPUs in turn, the fastest
// count kept.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/measure/calibration.h"

namespace zoo {

// Calibrates `workload` at every tier in `processes` children each (`zoo_host __worker
// calibrate`), child p held to CPU p % `cores`. kInternal, naming the tier and the children's failures, when no child of a tier
// succeeded: the host's own body is then broken and nothing can be measured.
absl::StatusOr<RunCalibration> CalibrateInChildren(const std::filesystem::path& zoo_host,
                                                   const std::string& workload,
                                                   const std::vector<uint32_t>& tiers_us,
                                                   uint32_t processes, uint32_t cores,
                                                   std::chrono::milliseconds timeout);

}  // namespace zoo
