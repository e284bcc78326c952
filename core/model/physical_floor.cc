#include "core/model/physical_floor.h"

#include <algorithm>

namespace zoo {
namespace {

bool HasDurationBody(const UnitSpec& s) { return s.workload == "json" || s.workload == "sleep"; }

}  // namespace

bool HasFloor(const UnitSpec& s, uint32_t cores) {
  return HasDurationBody(s) && !Instrumented(s.kind) && s.concurrency <= cores;
}

double PhysicalFloorNs(const UnitSpec& s, const UnitStats& stats, uint32_t cores) {
  return stats.body_ns.median /
         static_cast<double>(std::min(std::max(s.concurrency, 1u), cores));
}

bool BelowFloor(const ArchivedUnit& u, uint32_t cores) {
  return u.result.ok && HasFloor(u.result.spec, cores) && u.stats.end_to_end_ns.n > 0 &&
         u.stats.body_ns.n > 0 &&
         u.stats.end_to_end_ns.median <
             PhysicalFloorNs(u.result.spec, u.stats, cores) * (1 - kFloorTolerance);
}

}  // namespace zoo
