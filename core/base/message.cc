#include "core/base/message.h"

#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace zoo {

std::string FormatDurationArg(double ns) {
  if (!std::isfinite(ns)) return "n/a";
  const double a = std::fabs(ns);
  if (a < 1e3) return absl::StrFormat("%.0f ns", ns);
  if (a < 1e6) return absl::StrFormat("%.1f µs", ns / 1e3);
  if (a < 1e9) return absl::StrFormat("%.2f ms", ns / 1e6);
  return absl::StrFormat("%.2f s", ns / 1e9);
}

std::string FormatPercentArg(double fraction) {
  return std::isfinite(fraction) ? absl::StrFormat("%.1f%%", fraction * 100) : "n/a";
}

std::string FormatMultipleArg(double x) {
  return std::isfinite(x) ? absl::StrFormat("%.2f×", x) : "n/a";
}

std::string FormatSignedPercentArg(double fraction) {
  return std::isfinite(fraction) ? absl::StrFormat("%+.0f%%", fraction * 100) : "n/a";
}

void WriteMessage(json::Writer& w, const char* key, const Message& message) {
  w.Key(key);
  w.StartObject();
  json::String(w, "code", message.code);
  w.Key("args");
  w.StartObject();
  for (const auto& [name, value] : message.args) json::String(w, name.c_str(), value);
  w.EndObject();
  w.EndObject();
}

absl::StatusOr<Message> ReadMessage(const rapidjson::Value& v, const char* key,
                                    std::string_view where) {
  const rapidjson::Value* m = nullptr;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, key, where));
  Message out;
  ZOO_ASSIGN_OR_RETURN(out.code, json::GetString(*m, "code", where));
  const rapidjson::Value* args = nullptr;
  ZOO_ASSIGN_OR_RETURN(args, json::Member(*m, "args", where));
  if (!args->IsObject()) {
    return absl::InvalidArgumentError(absl::StrCat(std::string(where), ": \"args\" must be an object"));
  }
  for (auto it = args->MemberBegin(); it != args->MemberEnd(); ++it) {
    if (!it->value.IsString()) {
      return absl::InvalidArgumentError(
          absl::StrCat(std::string(where), ": message argument \"", it->name.GetString(), "\" must be text"));
    }
    out.args.emplace_back(it->name.GetString(), it->value.GetString());
  }
  return out;
}

}  // namespace zoo
