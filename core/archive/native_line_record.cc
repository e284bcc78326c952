#include "core/archive/native_line_record.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "rapidjson/stringbuffer.h"

namespace zoo {
namespace {

absl::StatusOr<std::vector<NativeLineForm>> ReadForms(const rapidjson::Value& v,
                                                      const std::string& where) {
  const rapidjson::Value* list;
  ZOO_ASSIGN_OR_RETURN(list, json::Member(v, "forms", where));
  if (!list->IsArray()) {
    return absl::InvalidArgumentError(absl::StrCat(where, ": forms must be a list"));
  }
  std::vector<NativeLineForm> out;
  for (const rapidjson::Value& f : list->GetArray()) {
    const std::string at = absl::StrCat(where, " form ", out.size());
    if (!f.IsObject()) return absl::InvalidArgumentError(absl::StrCat(at, ": not an object"));
    NativeLineForm form;
    ZOO_ASSIGN_OR_RETURN(form.name, json::GetString(f, "name", at));
    ZOO_ASSIGN_OR_RETURN(form.description, json::GetString(f, "description", at));
    ZOO_ASSIGN_OR_RETURN(form.passed, json::GetBool(f, "passed", at));
    ZOO_ASSIGN_OR_RETURN(form.reason, json::GetString(f, "reason", at));
    out.push_back(std::move(form));
  }
  return out;
}

void WriteForm(json::Writer& w, const std::string& name, const std::string& description,
               bool passed, const std::string& reason) {
  w.StartObject();
  json::String(w, "name", name);
  json::String(w, "description", description);
  json::Bool(w, "passed", passed);
  json::String(w, "reason", reason);
  w.EndObject();
}

}  // namespace

void WriteNativeLineRecord(json::Writer& w, const char* key, const NativeLineRecord& r) {
  w.Key(key);
  w.StartObject();
  json::String(w, "status", r.status);
  json::String(w, "reason", r.reason);
  json::String(w, "task", r.task);
  json::UintList(w, "frame_bytes", r.frame_bytes);
  json::UintList(w, "concurrencies", r.concurrencies);
  json::Uint(w, "seed", r.seed);
  json::Uint(w, "warmup_rounds", r.warmup_rounds);
  json::Uint(w, "measured_rounds", r.measured_rounds);
  w.Key("forms");
  w.StartArray();
  for (const NativeLineForm& f : r.forms) WriteForm(w, f.name, f.description, f.passed, f.reason);
  w.EndArray();
  w.EndObject();
}

absl::StatusOr<NativeLineRecord> ReadNativeLineRecord(const rapidjson::Value& v,
                                                      std::string_view where_view) {
  const std::string where(where_view);
  NativeLineRecord r;
  uint64_t n;
  ZOO_ASSIGN_OR_RETURN(r.status, json::GetString(v, "status", where));
  if (r.status != "measured" && r.status != "not_applicable" && r.status != "gate_failed" &&
      r.status != "not_run") {
    return absl::InvalidArgumentError(absl::StrCat(
        where, ": status must be measured, not_applicable, gate_failed or not_run, not \"",
        r.status, "\""));
  }
  ZOO_ASSIGN_OR_RETURN(r.reason, json::GetString(v, "reason", where));
  ZOO_ASSIGN_OR_RETURN(r.task, json::GetString(v, "task", where));
  ZOO_ASSIGN_OR_RETURN(r.frame_bytes, json::GetUint32List(v, "frame_bytes", where));
  ZOO_ASSIGN_OR_RETURN(r.concurrencies, json::GetUint32List(v, "concurrencies", where));
  ZOO_ASSIGN_OR_RETURN(r.seed, json::GetUint(v, "seed", where));
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "warmup_rounds", where));
  r.warmup_rounds = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "measured_rounds", where));
  r.measured_rounds = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(r.forms, ReadForms(v, where));
  return r;
}

std::string NativeGateVerdictsToJson(const std::vector<NativeFormVerdict>& verdicts) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  w.Key("forms");
  w.StartArray();
  for (const NativeFormVerdict& v : verdicts) WriteForm(w, v.form, "", v.passed, v.reason);
  w.EndArray();
  w.EndObject();
  return buf.GetString();
}

absl::StatusOr<std::vector<NativeFormVerdict>> NativeGateVerdictsFromJson(std::string_view text) {
  absl::StatusOr<rapidjson::Document> doc = json::ParseAnswer(text, "the native gate's answer");
  if (!doc.ok()) return doc.status();
  absl::StatusOr<std::vector<NativeLineForm>> forms = ReadForms(*doc, "the native gate's answer");
  if (!forms.ok()) return forms.status();
  std::vector<NativeFormVerdict> out;
  for (NativeLineForm& f : *forms) {
    out.push_back({.form = std::move(f.name), .passed = f.passed, .reason = std::move(f.reason)});
  }
  return out;
}

}  // namespace zoo
