// The native task line as the archive records it (top-level "native_line"): whether it applies
// to the subject and why not, the task and its coordinates, and each form with its description
// and its gate verdict (core/measure/native_gate.h). The units themselves are ordinary archive
// units of kind kNative (purpose "native") whose spec carries the form (options "form=NAME"),
// the frame size (tier_us) and the frames' seed; they never enter the main matrix.
//   "native_line": {"status": "measured" | "not_applicable" | "gate_failed" | "not_run",
//                   "reason", "task", "frame_bytes": [...], "concurrencies": [...], "seed",
//                   "warmup_rounds", "measured_rounds",
//                   "forms": [{"name", "description", "passed", "reason"}, ...]}
// Archives written before the line have none: status "".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/measure/native_gate.h"
#include "rapidjson/document.h"

namespace zoo {

inline constexpr const char* kNativeTask = "modbus_rtu.parse_response";

struct NativeLineForm {
  std::string name;
  std::string description;
  bool passed = false;
  std::string reason;  // the gate's sentence when rejected
  bool operator==(const NativeLineForm&) const = default;
};

struct NativeLineRecord {
  // "measured": forms passed the gate and their units were planned; "not_applicable": the
  // subject offers no zoo.native/1 (`reason` says so); "gate_failed": every form was rejected,
  // or the gate itself could not run (`reason`); "not_run": the run skipped the line.
  std::string status;
  std::string reason;
  std::string task = kNativeTask;
  std::vector<uint32_t> frame_bytes;
  std::vector<uint32_t> concurrencies;
  uint64_t seed = 0;
  uint32_t warmup_rounds = 0;
  uint32_t measured_rounds = 0;
  std::vector<NativeLineForm> forms;
  bool operator==(const NativeLineRecord&) const = default;
};

void WriteNativeLineRecord(json::Writer& w, const char* key, const NativeLineRecord& record);
absl::StatusOr<NativeLineRecord> ReadNativeLineRecord(const rapidjson::Value& v,
                                                      std::string_view where);

// The gate's verdicts as a worker child answers them (a JSON list) and as the parent reads them.
std::string NativeGateVerdictsToJson(const std::vector<NativeFormVerdict>& verdicts);
absl::StatusOr<std::vector<NativeFormVerdict>> NativeGateVerdictsFromJson(std::string_view text);

}  // namespace zoo
