// The run's calibration (design 3.10): each tier's json body is calibrated once per run, in
// several short processes of its own before any unit, each held to one CPU in turn, and every
// unit of that tier runs the count of the fastest of them. Every unit then does the same work;
// a body's self-time shows how the machine drifted, never how one process's calibration
// differed from another's (calibrating in each unit gave 27-34 repetitions at 40 us and
// 3684-8524 at 10 ms in one run).
//
// Why the fastest: on a shared VM one CPU's speed drops to about 0.55x for seconds at a time
// (a neighbour on its host core; the thread's own CPU clock slows alike, so it is not steal
// time), each CPU on its own. A median of three processes calibrated on a slowed CPU gave
// bodies at 0.6x their tier for the rest of the run. The fastest CPU's count is the body's
// duration on an unslowed CPU: a body then runs at its tier or slower, and how much slower
// is the machine's noise figure (the report's body speed).
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
    // Which of the CPUs it may run on it was held to (the n-th); -1 when not held (archives
    // before).
    int32_t cpu = -1;
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

// Processes per CPU and tier: two, so that a CPU slowed at one moment may be caught at the
// other, and at least three processes per tier.
inline constexpr uint32_t kCalibrationProcessesPerCpu = 2;
uint32_t CalibrationProcesses(uint32_t cores);

// The child's side: calibrates `workload` at `tier_us` on the calling thread, held first to
// the `cpu`-th CPU it may run on (counted modulo them) when `cpu` >= 0.
absl::StatusOr<Calibration> CalibrateHere(const std::string& workload, uint32_t tier_us,
                                          int32_t cpu = -1);

}  // namespace zoo
