#include "core/archive/capability_json.h"

#include <string>

#include "absl/strings/str_cat.h"

namespace zoo {

void WriteSubmitAnyThread(json::Writer& w, const AdapterDescriptor::SubmitAnyThread& declared) {
  if (!declared.declared) return;
  w.Key("submit_any_thread");
  w.StartObject();
  json::Bool(w, "bounded", declared.bounded);
  json::Uint(w, "default_capacity", declared.default_capacity);
  w.EndObject();
}

absl::StatusOr<AdapterDescriptor::SubmitAnyThread> ReadSubmitAnyThread(
    const rapidjson::Value& adapter, std::string_view where) {
  if (!adapter.HasMember("submit_any_thread")) return AdapterDescriptor::SubmitAnyThread{};
  const rapidjson::Value* v;
  ZOO_ASSIGN_OR_RETURN(v, json::Member(adapter, "submit_any_thread", where));
  const std::string at = absl::StrCat(std::string(where), " submit_any_thread");
  AdapterDescriptor::SubmitAnyThread out{.declared = true};
  ZOO_ASSIGN_OR_RETURN(out.bounded, json::GetBool(*v, "bounded", at));
  uint64_t capacity = 0;
  ZOO_ASSIGN_OR_RETURN(capacity, json::GetUint(*v, "default_capacity", at));
  out.default_capacity = static_cast<uint32_t>(capacity);
  return out;
}

}  // namespace zoo
