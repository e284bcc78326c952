#include "core/archive/clock_json.h"

#include <string>

#include "absl/strings/str_cat.h"

namespace zoo {

void WriteClockRecord(json::Writer& w, const ClockRecord& c) {
  w.Key("clock");
  w.StartObject();
  json::String(w, "kind", ClockKindName(c.kind));
  json::Double(w, "read_cost_ns", c.read_cost_ns);
  if (c.kind == ClockKind::kTsc) {
    json::Double(w, "ticks_per_ns", c.ticks_per_ns);
    json::Int(w, "checked_over_ns", c.checked_over_ns);
    json::Int(w, "drift_ns", c.drift_ns);
  }
  w.EndObject();
}

absl::StatusOr<ClockRecord> ReadClockRecord(const rapidjson::Value& v, std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, "clock", where));
  const std::string at = absl::StrCat(std::string(where), " clock");
  ClockRecord c;
  std::string kind;
  ZOO_ASSIGN_OR_RETURN(kind, json::GetString(*m, "kind", at));
  if (kind != "tsc" && kind != "monotonic") {
    return absl::InvalidArgumentError(
        absl::StrCat(at, ": kind must be \"tsc\" or \"monotonic\", not \"", kind, "\""));
  }
  c.kind = kind == "tsc" ? ClockKind::kTsc : ClockKind::kMonotonic;
  ZOO_ASSIGN_OR_RETURN(c.read_cost_ns, json::GetDouble(*m, "read_cost_ns", at));
  if (c.kind == ClockKind::kTsc) {
    ZOO_ASSIGN_OR_RETURN(c.ticks_per_ns, json::GetDouble(*m, "ticks_per_ns", at));
    ZOO_ASSIGN_OR_RETURN(c.checked_over_ns, json::GetInt(*m, "checked_over_ns", at));
    ZOO_ASSIGN_OR_RETURN(c.drift_ns, json::GetInt(*m, "drift_ns", at));
  }
  return c;
}

}  // namespace zoo
