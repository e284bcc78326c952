// How a unit was timed, in the archive: its process's clock (core/base/timed_clock.h: which
// clock, what a read cost, and for the TSC its fitted rate and how far the fit drifted by the
// process's end), which stamps its rounds took and how many cycles a round holds
// (core/measure/unit_kind.h); and the run's choice of clock.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/base/timed_clock.h"
#include "core/measure/unit.h"

namespace zoo {

// Writes a unit result's members "clock" (when recorded), "stamps" and "batch".
void WriteUnitTiming(json::Writer& w, const UnitResult& u);
// Reads them into `u`, each absent in archives before it; `where` names `v` in an error.
absl::Status ReadUnitTiming(const rapidjson::Value& v, std::string_view where, UnitResult& u);

// A unit spec's "clock": the run's clock for the unit, monotonic when absent (archives before).
absl::Status ReadSpecClock(const rapidjson::Value& v, std::string_view where, UnitSpec& s);

// The run's choice (--clock) and what it decided on this machine, in the run record.
struct RunClock {
  std::string asked;  // "auto", "tsc", "monotonic"; "" in archives before the TSC clock
  ClockDecision decision;
};
void WriteRunClock(json::Writer& w, const RunClock& c);
// The run record's "clock", or a run before it (monotonic, asked "").
absl::StatusOr<RunClock> ReadRunClock(const rapidjson::Value& run);

}  // namespace zoo
