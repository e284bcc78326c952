// The environment record's round trips (core/base/round_trips.h), an optional member of
// "environment" that archives written before it lack (they read as not measured):
//   "round_trips": {
//     "handoff": {"method": "...", "median_ns": 4100.2, "mean_ns": 4390.7,
//                 "exchanges": 20000, "batch": 100},
//     "pipe":    {... the same members}}
// Written only when the run measured them.
#pragma once

#include <string_view>

#include "absl/status/status.h"
#include "core/base/json_util.h"
#include "core/base/sysinfo.h"

namespace zoo {

void WriteRoundTrips(json::Writer& w, const SystemInfo& environment);

// Fills `environment.round_trips` when `v` has "round_trips"; a member of the wrong type, a
// figure that is not a positive number, or a count of 0 is refused, naming the member
// ("environment round_trips pipe: median_ns ...").
absl::Status ReadRoundTrips(const rapidjson::Value& v, std::string_view where,
                            SystemInfo& environment);

}  // namespace zoo
