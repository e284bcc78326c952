// Writes and reads the optional caches, clock and load of the environment record.
#include "core/archive/machine_state_json.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "core/archive/round_trips_json.h"

namespace zoo {

void WriteMachineState(json::Writer& w, const SystemInfo& e) {
  if (!e.caches.empty()) {
    w.Key("caches");
    w.StartArray();
    for (const CpuCache& c : e.caches) {
      w.StartObject();
      json::String(w, "type", c.type);
      json::Uint(w, "level", c.level);
      json::Uint(w, "size", c.size_bytes);
      json::Uint(w, "num_sharing", c.num_sharing);
      w.EndObject();
    }
    w.EndArray();
  }
  if (e.mhz_per_cpu > 0) json::Double(w, "mhz_per_cpu", e.mhz_per_cpu);
  if (!e.load_avg.empty()) {
    w.Key("load_avg");
    w.StartArray();
    for (double x : e.load_avg) w.Double(x);
    w.EndArray();
  }
  WriteRoundTrips(w, e);
}

absl::Status ReadMachineState(const rapidjson::Value& v, std::string_view where,
                              SystemInfo& e) {
  if (v.HasMember("caches")) {
    const rapidjson::Value& list = v["caches"];
    const std::string at = absl::StrCat(std::string(where), " caches");
    if (!list.IsArray()) return absl::InvalidArgumentError(at + ": must be a list");
    for (const rapidjson::Value& c : list.GetArray()) {
      CpuCache cache;
      uint64_t n;
      ZOO_ASSIGN_OR_RETURN(cache.type, json::GetString(c, "type", at));
      ZOO_ASSIGN_OR_RETURN(n, json::GetUint(c, "level", at));
      cache.level = static_cast<uint32_t>(n);
      ZOO_ASSIGN_OR_RETURN(cache.size_bytes, json::GetUint(c, "size", at));
      ZOO_ASSIGN_OR_RETURN(n, json::GetUint(c, "num_sharing", at));
      cache.num_sharing = static_cast<uint32_t>(n);
      e.caches.push_back(std::move(cache));
    }
  }
  if (v.HasMember("mhz_per_cpu")) {
    ZOO_ASSIGN_OR_RETURN(e.mhz_per_cpu, json::GetDouble(v, "mhz_per_cpu", where));
  }
  if (v.HasMember("load_avg")) {
    const rapidjson::Value& list = v["load_avg"];
    const std::string at = absl::StrCat(std::string(where), " load_avg");
    if (!list.IsArray()) return absl::InvalidArgumentError(at + ": must be a list of numbers");
    for (const rapidjson::Value& x : list.GetArray()) {
      if (!x.IsNumber()) return absl::InvalidArgumentError(at + ": must be a list of numbers");
      e.load_avg.push_back(x.GetDouble());
    }
  }
  return ReadRoundTrips(v, where, e);
}

}  // namespace zoo
