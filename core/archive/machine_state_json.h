// The environment record's caches, clock and load (machine_state.h), optional members of
// "environment" that archives written before them lack:
//   "caches": [{type, level, size (bytes), num_sharing}], "mhz_per_cpu": 2445.4,
//   "load_avg": [1 min, 5 min, 15 min], "round_trips": {...} (round_trips_json.h)
// Each is written only when it was read (a machine without "cpu MHz" has none), in Google
// Benchmark's own names, so that the gbench export copies them into its context.
#pragma once

#include <string_view>

#include "absl/status/status.h"
#include "core/base/json_util.h"
#include "core/base/sysinfo.h"

namespace zoo {

void WriteMachineState(json::Writer& w, const SystemInfo& environment);

// Fills `environment`'s caches, mhz_per_cpu and load_avg from the members present in `v`.
absl::Status ReadMachineState(const rapidjson::Value& v, std::string_view where,
                              SystemInfo& environment);

}  // namespace zoo
