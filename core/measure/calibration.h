// The run's calibration (design 3.10): each tier's json body is calibrated once per run, in
// several short processes of its own before any unit, and every unit of that tier runs the
// median of their repetition counts. Every unit then does the same work; a body's self-time
// shows how the machine drifted, never how one process's calibration differed from another's
// (calibrating in each unit gave 27-34 repetitions at 40 us and 3684-8524 at 10 ms in one run).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/measure/workload.h"

namespace zoo {

struct TierCalibration {
  uint32_t tier_us = 0;
  uint64_t repetitions = 0;  // the median of the processes' counts: what every unit runs
  struct Process {
    int32_t pid = 0;
    uint64_t repetitions = 0;
    double ns_per_repetition = 0;
    int64_t calibration_ns = 0;
  };
  std::vector<Process> processes;  // the ones that succeeded, in the order they ran
};

struct RunCalibration {
  // "json": calibrated; "none": the workload has nothing to calibrate (sleep, noop);
  // "per_unit": an archive from before, whose units each calibrated in their own process.
  std::string status = "per_unit";
  std::string workload;
  uint32_t processes = 0;  // asked for, per tier
  std::vector<TierCalibration> tiers;

  // The repetitions for `tier_us`; 0 (the unit calibrates itself) when not calibrated here.
  uint64_t RepetitionsFor(uint32_t tier_us) const;
};

// Processes per tier; their median resists one process that ran on a busy core.
inline constexpr uint32_t kCalibrationProcesses = 3;

// The child's side: calibrates `workload` at `tier_us` on the calling thread.
absl::StatusOr<Calibration> CalibrateHere(const std::string& workload, uint32_t tier_us);

}  // namespace zoo
