#include "core/archive/layer_record.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace zoo {

std::string LayerRow::Options() const {
  return layer.empty() ? std::string() : absl::StrCat("layer=", layer);
}

std::string LayerRow::Label() const {
  return layer.empty() ? adapter : absl::StrCat(adapter, "/", layer);
}

void WriteLayerRecord(json::Writer& w, const char* key, const LayerRecord& r) {
  w.Key(key);
  w.StartObject();
  json::String(w, "status", r.status);
  json::String(w, "reason_code", r.reason_code);
  json::String(w, "subject", r.subject);
  json::UintList(w, "concurrencies", r.concurrencies);
  json::Uint(w, "processes", r.processes);
  json::ObjectList(w, "rows", r.rows, [](json::Writer& out, const LayerRow& row) {
    json::String(out, "adapter", row.adapter);
    json::String(out, "layer", row.layer);
    json::String(out, "description", row.description);
    json::Bool(out, "bare", row.bare);
    json::Bool(out, "gate_passed", row.gate_passed);
    json::String(out, "gate_reason", row.gate_reason);
  });
  w.EndObject();
}

absl::StatusOr<LayerRecord> ReadLayerRecord(const rapidjson::Value& v,
                                            std::string_view where_view) {
  const std::string where(where_view);
  LayerRecord r;
  ZOO_ASSIGN_OR_RETURN(r.status, json::GetString(v, "status", where));
  if (r.status != "measured" && r.status != "not_applicable" && r.status != "not_run") {
    return absl::InvalidArgumentError(absl::StrCat(
        where, ": status must be measured, not_applicable or not_run, not \"", r.status, "\""));
  }
  ZOO_ASSIGN_OR_RETURN(r.reason_code, json::GetString(v, "reason_code", where));
  ZOO_ASSIGN_OR_RETURN(r.subject, json::GetString(v, "subject", where));
  ZOO_ASSIGN_OR_RETURN(r.concurrencies, json::GetUint32List(v, "concurrencies", where));
  uint64_t processes = 0;
  ZOO_ASSIGN_OR_RETURN(processes, json::GetUint(v, "processes", where));
  r.processes = static_cast<uint32_t>(processes);
  const rapidjson::Value* rows;
  ZOO_ASSIGN_OR_RETURN(rows, json::Member(v, "rows", where));
  if (!rows->IsArray()) {
    return absl::InvalidArgumentError(absl::StrCat(where, ": rows must be a list"));
  }
  for (rapidjson::SizeType i = 0; i < rows->Size(); ++i) {
    const std::string at = absl::StrCat(where, " rows ", i);
    const rapidjson::Value& o = (*rows)[i];
    LayerRow row;
    ZOO_ASSIGN_OR_RETURN(row.adapter, json::GetString(o, "adapter", at));
    ZOO_ASSIGN_OR_RETURN(row.layer, json::GetString(o, "layer", at));
    ZOO_ASSIGN_OR_RETURN(row.description, json::GetString(o, "description", at));
    ZOO_ASSIGN_OR_RETURN(row.bare, json::GetBool(o, "bare", at));
    ZOO_ASSIGN_OR_RETURN(row.gate_passed, json::GetBool(o, "gate_passed", at));
    ZOO_ASSIGN_OR_RETURN(row.gate_reason, json::GetString(o, "gate_reason", at));
    r.rows.push_back(std::move(row));
  }
  return r;
}

}  // namespace zoo
