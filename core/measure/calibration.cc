#include "core/measure/calibration.h"

#include <sched.h>

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace zoo {

uint64_t RunCalibration::RepetitionsFor(uint32_t tier_us) const {
  for (const TierCalibration& t : tiers) {
    if (t.tier_us == tier_us) return t.repetitions;
  }
  return 0;
}

uint32_t CalibrationProcesses(uint32_t cores) {
  return std::max(3u, kCalibrationProcessesPerCpu * std::max(1u, cores));
}

absl::StatusOr<Calibration> CalibrateHere(const std::string& workload, uint32_t tier_us,
                                          int32_t cpu) {
  cpu_set_t allowed;
  if (cpu >= 0 && sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) > 0) {
    // The cpu-th of the CPUs this process may run on (a container's may not start at 0).
    int index = cpu % CPU_COUNT(&allowed);
    for (int c = 0; c < CPU_SETSIZE; ++c) {
      if (!CPU_ISSET(c, &allowed) || index-- > 0) continue;
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(c, &one);
      sched_setaffinity(0, sizeof one, &one);  // best effort: the count is what matters
      break;
    }
  }
  absl::StatusOr<CalibratedWorkload> w = MakeWorkload(workload, tier_us);
  if (!w.ok()) return w.status();
  return w->calibration;
}

}  // namespace zoo
