#include "core/archive/noise_json.h"

#include <algorithm>
#include <iterator>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace zoo {
namespace {

constexpr char kWarningsKey[] = "noise_warnings";
constexpr char kCheckedKey[] = "noise_checked";

void WriteCondition(json::Writer& w, const NoiseCondition& c) {
  w.StartObject();
  json::String(w, "code", c.code);
  json::String(w, "state", c.state);
  json::String(w, "observed", c.observed);
  json::String(w, "detail", c.detail);
  WriteMessage(w, "message", c.message);
  w.EndObject();
}

// The warnings (`warnings` true) or the other conditions, under `key`.
void WriteConditions(json::Writer& w, const char* key, const NoiseRecord& noise, bool warnings) {
  w.Key(key);
  w.StartArray();
  for (const NoiseCondition& c : noise.conditions) {
    if (c.warning() == warnings) WriteCondition(w, c);
  }
  w.EndArray();
}

absl::StatusOr<NoiseCondition> ReadCondition(const rapidjson::Value& v, std::string_view where) {
  if (!v.IsObject()) return absl::InvalidArgumentError(absl::StrCat(std::string(where), " must be an object"));
  NoiseCondition c;
  ZOO_ASSIGN_OR_RETURN(c.code, json::GetString(v, "code", where));
  ZOO_ASSIGN_OR_RETURN(c.state, json::GetString(v, "state", where));
  ZOO_ASSIGN_OR_RETURN(c.observed, json::GetString(v, "observed", where));
  ZOO_ASSIGN_OR_RETURN(c.detail, json::GetString(v, "detail", where));
  ZOO_ASSIGN_OR_RETURN(c.message, ReadMessage(v, "message", where));
  return c;
}

// Where a code sits in kNoiseCodes; codes of a newer zoo-host after every known one.
size_t Rank(const std::string& code) {
  const auto* it = std::find(std::begin(kNoiseCodes), std::end(kNoiseCodes), code);
  return static_cast<size_t>(it - std::begin(kNoiseCodes));
}

}  // namespace

void WriteNoiseArchiveMembers(json::Writer& w, const NoiseRecord& noise) {
  if (!noise.recorded) return;
  WriteConditions(w, kWarningsKey, noise, true);
  WriteConditions(w, kCheckedKey, noise, false);
}

absl::StatusOr<NoiseRecord> ReadNoiseArchiveMembers(const rapidjson::Value& doc) {
  NoiseRecord noise;
  const bool has_warnings = doc.HasMember(kWarningsKey);
  const bool has_checked = doc.HasMember(kCheckedKey);
  if (!has_warnings && !has_checked) return noise;  // written before noise was recorded
  if (has_warnings != has_checked) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", kWarningsKey, "\" and \"", kCheckedKey, "\" come together"));
  }
  noise.recorded = true;
  for (const bool warnings : {true, false}) {
    const char* key = warnings ? kWarningsKey : kCheckedKey;
    const rapidjson::Value& list = doc[key];
    if (!list.IsArray()) return absl::InvalidArgumentError(absl::StrCat(key, " must be a list"));
    for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
      const std::string where = absl::StrCat(key, " ", i);
      NoiseCondition c;
      ZOO_ASSIGN_OR_RETURN(c, ReadCondition(list[i], where));
      if (c.warning() != warnings ||
          (!warnings && c.state != kNoiseFine && c.state != kNoiseNotCheckable)) {
        return absl::InvalidArgumentError(
            absl::StrCat(where, ": state \"", c.state, "\" does not belong in ", key));
      }
      noise.conditions.push_back(std::move(c));
    }
  }
  // Back in the order they were read in, whichever list each came from.
  std::stable_sort(noise.conditions.begin(), noise.conditions.end(),
                   [](const NoiseCondition& a, const NoiseCondition& b) {
                     return Rank(a.code) < Rank(b.code);
                   });
  return noise;
}

void WriteNoiseModel(json::Writer& w, const NoiseRecord& noise) {
  w.Key("noise");
  w.StartObject();
  json::Bool(w, "recorded", noise.recorded);
  WriteConditions(w, "warnings", noise, true);
  WriteConditions(w, "checked", noise, false);
  w.EndObject();
}

}  // namespace zoo
