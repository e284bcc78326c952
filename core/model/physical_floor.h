// The physical floor of a unit: `c` bodies on `cores` cores cannot take less than one body's
// time / min(c, cores) per task, whatever the adapter does. The bodies' own median self-time
// is the measure, not the tier: the same repetitions run faster or slower with the machine's
// moment, and that is drift (body_vs_target), not a broken unit. A process below its floor
// (beyond kFloorTolerance) did not run its bodies as it recorded them: a failed self-check,
// never a result, and its rounds are left out of every pooled view. Only within the logical
// cores: above them a body's self-time includes the time it waited in the run queue while
// other bodies ran, so it measures no work.
#pragma once

#include <cstdint>

#include "core/archive/archive.h"

namespace zoo {

inline constexpr double kFloorTolerance = 0.10;

// A timed unit within the cores whose body has a duration (json, sleep).
bool HasFloor(const UnitSpec& spec, uint32_t cores);
// body median / min(concurrency, cores), per task (ns).
double PhysicalFloorNs(const UnitSpec& spec, const UnitStats& stats, uint32_t cores);
// A successful unit with a floor whose median end-to-end is below it beyond the tolerance.
bool BelowFloor(const ArchivedUnit& unit, uint32_t cores);

}  // namespace zoo
