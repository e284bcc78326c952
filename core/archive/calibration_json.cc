#include "core/archive/calibration_json.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace zoo {

void WriteRunCalibration(json::Writer& w, const RunCalibration& c) {
  w.Key("calibration");
  w.StartObject();
  json::String(w, "status", c.status);
  json::String(w, "workload", c.workload);
  json::Uint(w, "processes", c.processes);
  w.Key("tiers");
  w.StartArray();
  for (const TierCalibration& t : c.tiers) {
    w.StartObject();
    json::Uint(w, "tier_us", t.tier_us);
    json::Uint(w, "repetitions", t.repetitions);
    w.Key("processes");
    w.StartArray();
    for (const TierCalibration::Process& p : t.processes) {
      w.StartObject();
      json::Int(w, "pid", p.pid);
      json::Uint(w, "repetitions", p.repetitions);
      json::Double(w, "ns_per_repetition", p.ns_per_repetition);
      json::Int(w, "calibration_ns", p.calibration_ns);
      json::Int(w, "cpu", p.cpu);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

absl::StatusOr<RunCalibration> ReadRunCalibration(const rapidjson::Value& run) {
  RunCalibration c;
  if (!run.HasMember("calibration")) return c;  // status "per_unit"
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(run, "calibration", "run"));
  const char* where = "run calibration";
  ZOO_ASSIGN_OR_RETURN(c.status, json::GetString(*m, "status", where));
  if (c.status != "json" && c.status != "none" && c.status != "per_unit") {
    return absl::InvalidArgumentError(absl::StrCat(
        where, ": status must be \"json\", \"none\" or \"per_unit\", not \"", c.status, "\""));
  }
  ZOO_ASSIGN_OR_RETURN(c.workload, json::GetString(*m, "workload", where));
  uint64_t n;
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(*m, "processes", where));
  c.processes = static_cast<uint32_t>(n);
  const rapidjson::Value* tiers;
  ZOO_ASSIGN_OR_RETURN(tiers, json::Member(*m, "tiers", where));
  if (!tiers->IsArray()) return absl::InvalidArgumentError("run calibration: tiers must be a list");
  for (const rapidjson::Value& t : tiers->GetArray()) {
    TierCalibration tier;
    const char* at = "run calibration tier";
    ZOO_ASSIGN_OR_RETURN(n, json::GetUint(t, "tier_us", at));
    tier.tier_us = static_cast<uint32_t>(n);
    ZOO_ASSIGN_OR_RETURN(tier.repetitions, json::GetUint(t, "repetitions", at));
    const rapidjson::Value* processes;
    ZOO_ASSIGN_OR_RETURN(processes, json::Member(t, "processes", at));
    if (!processes->IsArray()) {
      return absl::InvalidArgumentError("run calibration tier: processes must be a list");
    }
    for (const rapidjson::Value& p : processes->GetArray()) {
      TierCalibration::Process proc;
      int64_t pid;
      ZOO_ASSIGN_OR_RETURN(pid, json::GetInt(p, "pid", at));
      proc.pid = static_cast<int32_t>(pid);
      ZOO_ASSIGN_OR_RETURN(proc.repetitions, json::GetUint(p, "repetitions", at));
      ZOO_ASSIGN_OR_RETURN(proc.ns_per_repetition, json::GetDouble(p, "ns_per_repetition", at));
      ZOO_ASSIGN_OR_RETURN(proc.calibration_ns, json::GetInt(p, "calibration_ns", at));
      if (p.HasMember("cpu")) {  // archives before the CPUs were taken in turn have none
        int64_t cpu;
        ZOO_ASSIGN_OR_RETURN(cpu, json::GetInt(p, "cpu", at));
        proc.cpu = static_cast<int32_t>(cpu);
      }
      tier.processes.push_back(proc);
    }
    c.tiers.push_back(std::move(tier));
  }
  return c;
}

}  // namespace zoo
