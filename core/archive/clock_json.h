// A unit process's timed clock (core/base/timed_clock.h) in the archive: which clock, what a
// read cost, and for the TSC its fitted rate and how far the fit drifted by the process's end.
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/base/timed_clock.h"

namespace zoo {

// Writes the member "clock".
void WriteClockRecord(json::Writer& w, const ClockRecord& c);
// Reads the member "clock" of `v`; `where` names `v` in an error.
absl::StatusOr<ClockRecord> ReadClockRecord(const rapidjson::Value& v, std::string_view where);

}  // namespace zoo
