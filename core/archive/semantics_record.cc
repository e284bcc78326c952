#include "core/archive/semantics_record.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace zoo {

SemanticsRecord PlanSemantics(const absl::StatusOr<SemanticsProbe>& probe,
                              const std::string& subject, uint32_t tier_us,
                              std::vector<uint32_t> concurrencies) {
  SemanticsRecord r;
  if (!probe.ok()) {
    r.status = "probe_failed";
    r.reason_code = "probe_failed";
    r.reason = absl::StrCat("probing ", subject, "'s semantics failed: ", probe.status().message());
    return r;
  }
  if (!probe->has_extension) {
    r.reason_code = "no_extension";
    r.reason = absl::StrCat(subject, " offers no zoo.semantics/1 extension, so it has no "
                            "switchable semantics to price");
    return r;
  }
  if (!probe->problem.empty()) {
    r.reason_code = "extension_unusable";
    r.reason = absl::StrCat(subject, "'s ", probe->problem);
    return r;
  }
  for (const SemanticsItem& item : probe->items) {
    SemanticsItemRecord rec{.item = item, .priced = true, .dropped_code = "",
                            .dropped_reason = "", .check = std::nullopt};
    for (const TimeoutCheck& c : probe->checks) {
      if (c.item == item.name) rec.check = c;
    }
    if (!item.has_clean_off) {
      rec.priced = false;
      rec.dropped_code = "no_clean_off";
      rec.dropped_reason = item.off_state.empty()
                               ? std::string("the item declares no clean off state")
                               : item.off_state;
    } else if (item.check == "timeout" && (!rec.check || !rec.check->passed)) {
      rec.priced = false;
      rec.dropped_code = "check_failed";
      rec.dropped_reason = absl::StrCat("the timeout check failed: ",
                                        rec.check ? rec.check->detail : "it did not run");
    }
    r.items.push_back(std::move(rec));
  }
  const bool any = std::any_of(r.items.begin(), r.items.end(),
                               [](const SemanticsItemRecord& i) { return i.priced; });
  if (!any || concurrencies.empty()) {
    r.reason_code = "nothing_to_price";
    r.reason = concurrencies.empty()
                   ? "no measured concurrency lies within the logical cores"
                   : absl::StrCat("none of ", subject, "'s semantics items can be priced");
    return r;
  }
  r.status = "measured";
  r.reason_code = "";
  r.tier_us = tier_us;
  r.concurrencies = std::move(concurrencies);
  return r;
}

void WriteSemanticsRecord(json::Writer& w, const char* key, const SemanticsRecord& r) {
  w.Key(key);
  w.StartObject();
  json::String(w, "status", r.status);
  json::String(w, "reason_code", r.reason_code);
  json::String(w, "reason", r.reason);
  json::Uint(w, "tier_us", r.tier_us);
  w.Key("concurrencies");
  w.StartArray();
  for (uint32_t c : r.concurrencies) w.Uint(c);
  w.EndArray();
  w.Key("items");
  w.StartArray();
  for (const SemanticsItemRecord& i : r.items) {
    w.StartObject();
    w.Key("item");
    WriteSemanticsItem(w, i.item);
    json::Bool(w, "priced", i.priced);
    json::String(w, "dropped_code", i.dropped_code);
    json::String(w, "dropped_reason", i.dropped_reason);
    w.Key("check");
    if (i.check) {
      WriteTimeoutCheck(w, *i.check);
    } else {
      w.Null();
    }
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

absl::StatusOr<SemanticsRecord> ReadSemanticsRecord(const rapidjson::Value& v,
                                                    std::string_view where) {
  SemanticsRecord r;
  ZOO_ASSIGN_OR_RETURN(r.status, json::GetString(v, "status", where));
  ZOO_ASSIGN_OR_RETURN(r.reason_code, json::GetString(v, "reason_code", where));
  ZOO_ASSIGN_OR_RETURN(r.reason, json::GetString(v, "reason", where));
  uint64_t n = 0;
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "tier_us", where));
  r.tier_us = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(r.concurrencies, json::GetUint32List(v, "concurrencies", where));
  const rapidjson::Value* m = nullptr;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, "items", where));
  if (!m->IsArray()) {
    return absl::InvalidArgumentError(absl::StrCat(std::string(where), ": items must be a list"));
  }
  for (const rapidjson::Value& i : m->GetArray()) {
    SemanticsItemRecord rec;
    const rapidjson::Value* item = nullptr;
    ZOO_ASSIGN_OR_RETURN(item, json::Member(i, "item", where));
    ZOO_ASSIGN_OR_RETURN(rec.item, ReadSemanticsItem(*item, where));
    ZOO_ASSIGN_OR_RETURN(rec.priced, json::GetBool(i, "priced", where));
    ZOO_ASSIGN_OR_RETURN(rec.dropped_code, json::GetString(i, "dropped_code", where));
    ZOO_ASSIGN_OR_RETURN(rec.dropped_reason, json::GetString(i, "dropped_reason", where));
    const rapidjson::Value* check = nullptr;
    ZOO_ASSIGN_OR_RETURN(check, json::Member(i, "check", where));
    if (!check->IsNull()) {
      TimeoutCheck c;
      ZOO_ASSIGN_OR_RETURN(c, ReadTimeoutCheck(*check, where));
      rec.check = std::move(c);
    }
    r.items.push_back(std::move(rec));
  }
  return r;
}

}  // namespace zoo
