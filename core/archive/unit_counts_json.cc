#include "core/archive/unit_counts_json.h"

#include "absl/strings/str_cat.h"
#include "core/base/absl_view.h"

namespace zoo {
namespace {

void WriteCount(json::Writer& w, const char* key, const Count& c) {
  w.Key(key);
  w.StartObject();
  json::Bool(w, "available", c.available);
  if (c.available) {
    json::Uint(w, "total", c.total);
  } else {
    json::String(w, "code", c.unavailable_code);
    json::String(w, "reason", c.unavailable_reason);
  }
  w.EndObject();
}

absl::StatusOr<Count> ReadCount(const rapidjson::Value& v, const char* key,
                                std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, key, where));
  const std::string at = absl::StrCat(Sv(where), " ", key);
  Count c;
  ZOO_ASSIGN_OR_RETURN(c.available, json::GetBool(*m, "available", at));
  if (c.available) {
    ZOO_ASSIGN_OR_RETURN(c.total, json::GetUint(*m, "total", at));
  } else {
    ZOO_ASSIGN_OR_RETURN(c.unavailable_code, json::GetString(*m, "code", at));
    ZOO_ASSIGN_OR_RETURN(c.unavailable_reason, json::GetString(*m, "reason", at));
  }
  return c;
}

// A count later archives added: in an older one it was not counted, for `predates`.
absl::StatusOr<Count> ReadLaterCount(const rapidjson::Value& v, const char* key,
                                     std::string_view where, const char* predates) {
  if (v.HasMember(key)) return ReadCount(v, key, where);
  return Count{.available = false, .total = 0, .unavailable_code = "not_counted",
               .unavailable_reason = predates};
}

}  // namespace

void WriteCounts(json::Writer& w, const UnitCounts& c) {
  w.Key("counts");
  w.StartObject();
  json::Uint(w, "tasks", c.tasks);
  WriteCount(w, "alloc_calls", c.alloc_calls);
  WriteCount(w, "alloc_bytes", c.alloc_bytes);
  WriteCount(w, "instructions", c.instructions);
  WriteCount(w, "cycles", c.cycles);
  WriteCount(w, "context_switches", c.context_switches);
  WriteCount(w, "cpu_migrations", c.cpu_migrations);
  json::Bool(w, "cold_start", c.cold_start);
  json::Int(w, "first_task_ns", c.first_task_ns);
  WriteCount(w, "cold_alloc_calls", c.cold_alloc_calls);
  WriteCount(w, "cold_alloc_bytes", c.cold_alloc_bytes);
  WriteCount(w, "callgrind_instructions", c.callgrind_instructions);
  WriteCount(w, "callgrind_repeat", c.callgrind_repeat);
  WriteCount(w, "cold_callgrind_instructions", c.cold_callgrind_instructions);
  w.EndObject();
}

absl::StatusOr<UnitCounts> ReadCounts(const rapidjson::Value& v, std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, "counts", where));
  const std::string at = absl::StrCat(Sv(where), " counts");
  UnitCounts c;
  ZOO_ASSIGN_OR_RETURN(c.tasks, json::GetUint(*m, "tasks", at));
  ZOO_ASSIGN_OR_RETURN(c.alloc_calls, ReadCount(*m, "alloc_calls", at));
  ZOO_ASSIGN_OR_RETURN(c.alloc_bytes, ReadCount(*m, "alloc_bytes", at));
  ZOO_ASSIGN_OR_RETURN(c.instructions, ReadCount(*m, "instructions", at));
  ZOO_ASSIGN_OR_RETURN(c.cycles, ReadCount(*m, "cycles", at));
  ZOO_ASSIGN_OR_RETURN(c.context_switches, ReadCount(*m, "context_switches", at));
  ZOO_ASSIGN_OR_RETURN(c.cpu_migrations, ReadCount(*m, "cpu_migrations", at));
  ZOO_ASSIGN_OR_RETURN(c.cold_start, json::GetBool(*m, "cold_start", at));
  ZOO_ASSIGN_OR_RETURN(c.first_task_ns, json::GetInt(*m, "first_task_ns", at));
  ZOO_ASSIGN_OR_RETURN(c.cold_alloc_calls, ReadCount(*m, "cold_alloc_calls", at));
  ZOO_ASSIGN_OR_RETURN(c.cold_alloc_bytes, ReadCount(*m, "cold_alloc_bytes", at));
  ZOO_ASSIGN_OR_RETURN(c.callgrind_instructions, ReadCount(*m, "callgrind_instructions", at));
  ZOO_ASSIGN_OR_RETURN(c.callgrind_repeat,
                       ReadLaterCount(*m, "callgrind_repeat", at,
                                      "this archive predates repeated callgrind runs"));
  ZOO_ASSIGN_OR_RETURN(c.cold_callgrind_instructions,
                       ReadLaterCount(*m, "cold_callgrind_instructions", at,
                                      "this archive predates cold starts under callgrind"));
  return c;
}

}  // namespace zoo
