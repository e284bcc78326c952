#include "core/archive/cost_record.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace zoo {

void WriteCostRecord(json::Writer& w, const char* key, const CostRecord& r) {
  w.Key(key);
  w.StartObject();
  json::String(w, "status", r.status);
  json::String(w, "reason_code", r.reason_code);
  json::String(w, "workload", r.workload);
  json::Uint(w, "tier_us", r.tier_us);
  w.Key("concurrencies");
  w.StartArray();
  for (uint32_t c : r.concurrencies) w.Uint(c);
  w.EndArray();
  w.EndObject();
}

absl::StatusOr<CostRecord> ReadCostRecord(const rapidjson::Value& v, std::string_view where) {
  CostRecord r;
  ZOO_ASSIGN_OR_RETURN(r.status, json::GetString(v, "status", where));
  ZOO_ASSIGN_OR_RETURN(r.reason_code, json::GetString(v, "reason_code", where));
  ZOO_ASSIGN_OR_RETURN(r.workload, json::GetString(v, "workload", where));
  uint64_t n = 0;
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "tier_us", where));
  r.tier_us = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(r.concurrencies, json::GetUint32List(v, "concurrencies", where));
  return r;
}

}  // namespace zoo
