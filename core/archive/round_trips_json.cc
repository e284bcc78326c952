// Writes and reads the environment record's optional round trips.
#include "core/archive/round_trips_json.h"

#include <cmath>
#include <string>

#include "absl/strings/str_cat.h"

namespace zoo {
namespace {

void WriteOneRoundTrip(json::Writer& w, const char* key, const RoundTrip& t) {
  w.Key(key);
  w.StartObject();
  json::String(w, "method", t.method);
  json::Double(w, "median_ns", t.median_ns);
  json::Double(w, "mean_ns", t.mean_ns);
  json::Uint(w, "exchanges", t.exchanges);
  json::Uint(w, "batch", t.batch);
  w.EndObject();
}

// A figure a round trip can have: a finite time above 0 ns (GetDouble reads null as NaN).
absl::StatusOr<double> GetRoundTripNs(const rapidjson::Value& v, const char* key,
                                      const std::string& at) {
  double ns = 0;
  ZOO_ASSIGN_OR_RETURN(ns, json::GetDouble(v, key, at));
  if (!std::isfinite(ns) || ns <= 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(at, ": field '", key, "' must be a time above 0 ns"));
  }
  return ns;
}

// A count of round trips: a whole number from 1 to 2^32 - 1.
absl::StatusOr<uint32_t> GetRoundTripCount(const rapidjson::Value& v, const char* key,
                                           const std::string& at) {
  uint64_t n = 0;
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, key, at));
  if (n == 0 || n > UINT32_MAX) {
    return absl::InvalidArgumentError(
        absl::StrCat(at, ": field '", key, "' must be a count from 1 to ", UINT32_MAX));
  }
  return static_cast<uint32_t>(n);
}

absl::StatusOr<RoundTrip> ReadOneRoundTrip(const rapidjson::Value& trips, const char* key,
                                           const std::string& where) {
  const rapidjson::Value* v;
  ZOO_ASSIGN_OR_RETURN(v, json::Member(trips, key, where));
  const std::string at = absl::StrCat(where, " ", key);
  if (!v->IsObject()) return absl::InvalidArgumentError(at + ": must be an object");
  RoundTrip t;
  ZOO_ASSIGN_OR_RETURN(t.method, json::GetString(*v, "method", at));
  ZOO_ASSIGN_OR_RETURN(t.median_ns, GetRoundTripNs(*v, "median_ns", at));
  ZOO_ASSIGN_OR_RETURN(t.mean_ns, GetRoundTripNs(*v, "mean_ns", at));
  ZOO_ASSIGN_OR_RETURN(t.exchanges, GetRoundTripCount(*v, "exchanges", at));
  ZOO_ASSIGN_OR_RETURN(t.batch, GetRoundTripCount(*v, "batch", at));
  return t;
}

}  // namespace

void WriteRoundTrips(json::Writer& w, const SystemInfo& e) {
  if (!e.round_trips) return;
  w.Key("round_trips");
  w.StartObject();
  WriteOneRoundTrip(w, "handoff", e.round_trips->handoff);
  WriteOneRoundTrip(w, "pipe", e.round_trips->pipe);
  w.EndObject();
}

absl::Status ReadRoundTrips(const rapidjson::Value& v, std::string_view where, SystemInfo& e) {
  if (!v.HasMember("round_trips")) return absl::OkStatus();
  const std::string at = absl::StrCat(std::string(where), " round_trips");
  const rapidjson::Value& trips = v["round_trips"];
  if (!trips.IsObject()) return absl::InvalidArgumentError(at + ": must be an object");
  RoundTrips read;
  ZOO_ASSIGN_OR_RETURN(read.handoff, ReadOneRoundTrip(trips, "handoff", at));
  ZOO_ASSIGN_OR_RETURN(read.pipe, ReadOneRoundTrip(trips, "pipe", at));
  e.round_trips = std::move(read);
  return absl::OkStatus();
}

}  // namespace zoo
