#include "core/archive/plugin_build_json.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

namespace zoo {

void WritePluginBuild(json::Writer& w, const PluginBuild& build) {
  w.Key("build");
  w.StartObject();
  json::String(w, "compiler", build.compiler);
  json::String(w, "producer", build.producer);
  json::String(w, "optimization", build.optimization);
  w.Key("sanitizers");
  w.StartArray();
  for (const std::string& s : build.sanitizers) w.String(s.data(), static_cast<unsigned>(s.size()));
  w.EndArray();
  // Only what the plugin declared (zoo/ext/build.h): absent from plugins that declare nothing.
  if (build.declared_optimized) json::Bool(w, "declared_optimized", *build.declared_optimized);
  if (build.declared_assertions) json::Bool(w, "declared_assertions", *build.declared_assertions);
  w.EndObject();
}

absl::StatusOr<std::optional<PluginBuild>> ReadPluginBuildRecord(const rapidjson::Value& adapter,
                                                                std::string_view where) {
  if (!adapter.IsObject() || !adapter.HasMember("build")) return std::nullopt;
  const std::string at = std::string(where) + " build";
  const rapidjson::Value& v = adapter["build"];
  if (!v.IsObject()) return absl::InvalidArgumentError(absl::StrCat(at, ": must be an object"));
  PluginBuild b;
  ZOO_ASSIGN_OR_RETURN(b.compiler, json::GetString(v, "compiler", at));
  ZOO_ASSIGN_OR_RETURN(b.producer, json::GetString(v, "producer", at));
  ZOO_ASSIGN_OR_RETURN(b.optimization, json::GetString(v, "optimization", at));
  const rapidjson::Value* list;
  ZOO_ASSIGN_OR_RETURN(list, json::Member(v, "sanitizers", at));
  if (!list->IsArray()) {
    return absl::InvalidArgumentError(absl::StrCat(at, " sanitizers: must be a list of strings"));
  }
  for (const rapidjson::Value& s : list->GetArray()) {
    if (!s.IsString()) {
      return absl::InvalidArgumentError(
          absl::StrCat(at, " sanitizers: must be a list of strings"));
    }
    b.sanitizers.emplace_back(s.GetString(), s.GetStringLength());
  }
  for (const auto& [key, field] : {std::pair{"declared_optimized", &b.declared_optimized},
                                   std::pair{"declared_assertions", &b.declared_assertions}}) {
    if (!v.HasMember(key)) continue;
    if (!v[key].IsBool()) {
      return absl::InvalidArgumentError(absl::StrCat(at, " ", key, ": must be true or false"));
    }
    *field = v[key].GetBool();
  }
  return b;
}

}  // namespace zoo
