// The scheduling-semantics dimension, first half: what a subject offers through the
// "zoo.semantics/1" extension, decided by probing (never by a version string), and the
// behavioural check of a timeout item before it is priced. Both run in a disposable child
// (`zoo-host __worker semantics FILE`), as everything that calls plugin code does.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/plugin/plugin_loader.h"
#include "rapidjson/document.h"

namespace zoo {

// One item as the extension describes it (a copy: plain strings).
struct SemanticsItem {
  std::string name;
  std::string layer;
  std::string description;
  bool has_clean_off = false;
  std::string off_state;
  std::string value_unit;
  int64_t default_value = 0;
  std::string check;  // "none", "timeout"
};

// The timeout check: one task whose body runs far longer than the timeout. A timeout that
// acts takes the task out of the in-flight table near the timeout; one that only judges, or
// does nothing, leaves it there until the body ends.
struct TimeoutCheck {
  std::string item;
  bool passed = false;
  int64_t timeout_ns = 0;
  int64_t body_ns = 0;            // the body's target length
  int64_t left_in_flight_ns = -1;  // submit to the first in_flight() == 0; -1: not before drain
  int64_t body_end_ns = -1;       // submit to the body's own end stamp
  std::string detail;             // English, one sentence
};

struct SemanticsProbe {
  bool has_extension = false;
  std::string problem;  // the extension exists but is unusable (e.g. an item without a name)
  std::vector<SemanticsItem> items;
  std::vector<TimeoutCheck> checks;  // one per item whose check is "timeout" and clean off
};

// Child side: reads the extension of `adapter` and runs the checks, whose setup() is told
// `logical_cores` (the parent's count). `on_step` names each call.
SemanticsProbe ProbeSemantics(const LoadedAdapter& adapter, uint32_t logical_cores,
                              const std::function<void(std::string_view)>& on_step);

std::string SemanticsProbeToJson(const SemanticsProbe& probe);
absl::StatusOr<SemanticsProbe> SemanticsProbeFromJson(std::string_view json);

void WriteSemanticsItem(json::Writer& w, const SemanticsItem& item);
absl::StatusOr<SemanticsItem> ReadSemanticsItem(const rapidjson::Value& v, std::string_view where);
void WriteTimeoutCheck(json::Writer& w, const TimeoutCheck& check);
absl::StatusOr<TimeoutCheck> ReadTimeoutCheck(const rapidjson::Value& v, std::string_view where);

}  // namespace zoo
