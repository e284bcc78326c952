// JSON form of a unit: its spec (handed to the unit's process), its raw result (handed back
// over the report pipe and archived) and its derived stats (archived). One codec, used by
// both the worker protocol and the archive, so the two cannot disagree.
//
// A measured round is {"start_ns", "wall_ns", "tasks": [[submit_call, submit_return,
// body_start, body_end, completed, executor_pid], ...]} with times in ns from the round start,
// and "cpu_ns" (the process's CPU time over the round) where it was recorded: archives before
// it and instrumented units have none. The stats' "cpu_per_task_ns" likewise.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/measure/unit.h"
#include "core/measure/unit_stats.h"

namespace zoo {

void WriteUnitSpec(json::Writer& w, const UnitSpec& spec);
absl::StatusOr<UnitSpec> ReadUnitSpec(const rapidjson::Value& v, std::string_view where);
std::string UnitSpecToJson(const UnitSpec& spec);
absl::StatusOr<UnitSpec> UnitSpecFromJson(std::string_view json);

// The members of a UnitResult, written into the object `w` is inside.
void WriteUnitResultMembers(json::Writer& w, const UnitResult& unit);
absl::StatusOr<UnitResult> ReadUnitResult(const rapidjson::Value& v, std::string_view where);
std::string UnitResultToJson(const UnitResult& unit);
absl::StatusOr<UnitResult> UnitResultFromJson(std::string_view json);

// One calibration (workload.h) as an object: what a `__worker calibrate` child hands back.
std::string CalibrationToJson(const Calibration& calibration);
absl::StatusOr<Calibration> CalibrationFromJson(std::string_view json);

void WriteSummary(json::Writer& w, const char* key, const Summary& s);
absl::StatusOr<Summary> ReadSummary(const rapidjson::Value& v, const char* key,
                                    std::string_view where);

void WriteUnitStats(json::Writer& w, const char* key, const UnitStats& s);
absl::StatusOr<UnitStats> ReadUnitStats(const rapidjson::Value& v, const char* key,
                                        std::string_view where);

}  // namespace zoo
