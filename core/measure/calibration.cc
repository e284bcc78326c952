#include "core/measure/calibration.h"

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

absl::StatusOr<Calibration> CalibrateHere(const std::string& workload, uint32_t tier_us) {
  absl::StatusOr<CalibratedWorkload> w = MakeWorkload(workload, tier_us);
  if (!w.ok()) return w.status();
  return w->calibration;
}

}  // namespace zoo
