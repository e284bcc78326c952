#include "core/archive/scenario_record.h"

#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace zoo {
namespace {

absl::StatusOr<Scenario> ScenarioOf(const std::string& name, const std::string& where) {
  const std::optional<Scenario> s = ParseScenario(name);
  if (!s || *s == Scenario::kNone) {
    return absl::InvalidArgumentError(absl::StrCat(
        where, ": a scenario must be roundtrip, continuation, burst_bounded, burst_unbounded or "
               "workers, not \"", name, "\""));
  }
  return *s;
}

}  // namespace

void WriteScenarioRecord(json::Writer& w, const char* key, const ScenarioRecord& r) {
  w.Key(key);
  w.StartObject();
  w.Key("requested");
  w.StartArray();
  for (Scenario s : r.requested) w.String(ScenarioName(s));
  w.EndArray();
  w.Key("not_applicable");
  w.StartArray();
  for (const ScenarioNotApplicable& n : r.not_applicable) {
    w.StartObject();
    json::String(w, "scenario", ScenarioName(n.scenario));
    json::String(w, "adapter", n.adapter);
    json::String(w, "reason_code", n.reason_code);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

absl::StatusOr<ScenarioRecord> ReadScenarioRecord(const rapidjson::Value& v,
                                                  std::string_view where_view) {
  const std::string where(where_view);
  ScenarioRecord r;
  const rapidjson::Value* list;
  ZOO_ASSIGN_OR_RETURN(list, json::Member(v, "requested", where));
  if (!list->IsArray()) {
    return absl::InvalidArgumentError(absl::StrCat(where, ": requested must be a list"));
  }
  for (const rapidjson::Value& name : list->GetArray()) {
    if (!name.IsString()) {
      return absl::InvalidArgumentError(absl::StrCat(where, ": requested must hold names"));
    }
    Scenario s;
    ZOO_ASSIGN_OR_RETURN(s, ScenarioOf(name.GetString(), where));
    r.requested.push_back(s);
  }
  ZOO_ASSIGN_OR_RETURN(list, json::Member(v, "not_applicable", where));
  if (!list->IsArray()) {
    return absl::InvalidArgumentError(absl::StrCat(where, ": not_applicable must be a list"));
  }
  for (rapidjson::SizeType i = 0; i < list->Size(); ++i) {
    const std::string at = absl::StrCat(where, " not_applicable ", i);
    ScenarioNotApplicable n;
    std::string name;
    ZOO_ASSIGN_OR_RETURN(name, json::GetString((*list)[i], "scenario", at));
    ZOO_ASSIGN_OR_RETURN(n.scenario, ScenarioOf(name, at));
    ZOO_ASSIGN_OR_RETURN(n.adapter, json::GetString((*list)[i], "adapter", at));
    ZOO_ASSIGN_OR_RETURN(n.reason_code, json::GetString((*list)[i], "reason_code", at));
    r.not_applicable.push_back(std::move(n));
  }
  return r;
}

}  // namespace zoo
