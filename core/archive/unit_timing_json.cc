#include "core/archive/unit_timing_json.h"

#include <string>

#include "absl/strings/str_cat.h"

namespace zoo {

namespace {

// The clock named by member `key` of `v` ("tsc" or "monotonic"); `where` names `v` in an error.
absl::StatusOr<ClockKind> ReadClockKind(const rapidjson::Value& v, const char* key,
                                        std::string_view where) {
  std::string name;
  ZOO_ASSIGN_OR_RETURN(name, json::GetString(v, key, where));
  if (name != "tsc" && name != "monotonic") {
    return absl::InvalidArgumentError(absl::StrCat(std::string(where), ": ", key,
                                                   " must be \"tsc\" or \"monotonic\", not \"",
                                                   name, "\""));
  }
  return name == "tsc" ? ClockKind::kTsc : ClockKind::kMonotonic;
}

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
  ZOO_ASSIGN_OR_RETURN(c.kind, ReadClockKind(*m, "kind", at));
  ZOO_ASSIGN_OR_RETURN(c.read_cost_ns, json::GetDouble(*m, "read_cost_ns", at));
  if (c.kind == ClockKind::kTsc) {
    ZOO_ASSIGN_OR_RETURN(c.ticks_per_ns, json::GetDouble(*m, "ticks_per_ns", at));
    ZOO_ASSIGN_OR_RETURN(c.checked_over_ns, json::GetInt(*m, "checked_over_ns", at));
    ZOO_ASSIGN_OR_RETURN(c.drift_ns, json::GetInt(*m, "drift_ns", at));
  }
  return c;
}

}  // namespace

void WriteUnitTiming(json::Writer& w, const UnitResult& u) {
  if (u.clock) WriteClockRecord(w, *u.clock);
  json::String(w, "stamps", StampsName(u.stamps));
  json::Uint(w, "batch", u.batch);
}

absl::Status ReadUnitTiming(const rapidjson::Value& v, std::string_view where, UnitResult& u) {
  if (v.HasMember("clock")) ZOO_ASSIGN_OR_RETURN(u.clock, ReadClockRecord(v, where));
  if (v.HasMember("stamps")) {  // absent in archives before it: every stamp was taken
    std::string name;
    ZOO_ASSIGN_OR_RETURN(name, json::GetString(v, "stamps", where));
    const std::optional<Stamps> stamps = ParseStamps(name);
    if (!stamps) {
      return absl::InvalidArgumentError(absl::StrCat(
          std::string(where), ": stamps must be \"round\", \"body\" or \"task\", not \"", name, "\""));
    }
    u.stamps = *stamps;
  }
  if (v.HasMember("batch")) {  // 1 in archives before it
    uint64_t batch = 0;
    ZOO_ASSIGN_OR_RETURN(batch, json::GetUint(v, "batch", where));
    if (batch == 0 || batch > 1'000'000) {
      return absl::InvalidArgumentError(absl::StrCat(std::string(where), ": batch must be 1 to 1000000"));
    }
    u.batch = static_cast<uint32_t>(batch);
  }
  return absl::OkStatus();
}

absl::Status ReadSpecClock(const rapidjson::Value& v, std::string_view where, UnitSpec& s) {
  if (!v.HasMember("clock")) return absl::OkStatus();
  ZOO_ASSIGN_OR_RETURN(s.clock, ReadClockKind(v, "clock", where));
  return absl::OkStatus();
}

void WriteRunClock(json::Writer& w, const RunClock& c) {
  w.Key("clock");
  w.StartObject();
  json::String(w, "asked", c.asked);
  json::String(w, "kind", ClockKindName(c.decision.kind));
  json::String(w, "fallback_reason", c.decision.fallback_reason);
  w.EndObject();
}

absl::StatusOr<RunClock> ReadRunClock(const rapidjson::Value& run) {
  RunClock c;
  if (!run.HasMember("clock")) return c;
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(run, "clock", "run"));
  ZOO_ASSIGN_OR_RETURN(c.asked, json::GetString(*m, "asked", "run clock"));
  ZOO_ASSIGN_OR_RETURN(c.decision.kind, ReadClockKind(*m, "kind", "run clock"));
  ZOO_ASSIGN_OR_RETURN(c.decision.fallback_reason,
                       json::GetString(*m, "fallback_reason", "run clock"));
  return c;
}

}  // namespace zoo
