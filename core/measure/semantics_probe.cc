#include "core/measure/semantics_probe.h"

#include <algorithm>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/abi_text.h"
#include "core/base/clock.h"
#include "core/base/json_util.h"
#include "core/measure/host_services.h"
#include "core/measure/workload.h"
#include "zoo/ext/semantics.h"

namespace zoo {
namespace {

// The timeout check's shape: a body ten times the timeout, so "near the timeout" and "at the
// body's end" are 450 ms apart, far beyond any scheduling noise of a loaded machine.
constexpr int64_t kCheckTimeoutNs = 50'000'000;
constexpr uint32_t kCheckBodyUs = 500'000;
constexpr auto kPollInterval = std::chrono::microseconds(200);


std::string CheckName(uint32_t check) {
  switch (check) {
    case ZOO_SEMANTICS_CHECK_NONE: return "none";
    case ZOO_SEMANTICS_CHECK_TIMEOUT: return "timeout";
  }
  return absl::StrCat("unknown(", check, ")");
}

// Whether the timeout acted, from when the task left the in-flight table and when its body
// ended (check.left_in_flight_ns, check.body_end_ns): sets check.passed and check.detail.
void JudgeTimeoutCheck(TimeoutCheck& check) {
  const double timeout_ms = static_cast<double>(check.timeout_ns) / 1e6;
  const double body_end_ms = static_cast<double>(check.body_end_ns) / 1e6;
  if (check.left_in_flight_ns < 0) {
    check.detail = absl::StrFormat(
        "with a %.0f ms timeout the task stayed in the in-flight table until its %.0f ms body "
        "ended: the timeout judges but does not act",
        timeout_ms, body_end_ms);
    return;
  }
  const double left_ms = static_cast<double>(check.left_in_flight_ns) / 1e6;
  // Near the timeout: not before half of it, and closer to it than to the body's end.
  const int64_t midpoint = (check.timeout_ns + check.body_end_ns) / 2;
  if (check.left_in_flight_ns < check.timeout_ns / 2) {
    check.detail = absl::StrFormat(
        "the task left the in-flight table after %.1f ms, before half of its %.0f ms timeout: "
        "the table does not hold running tasks, so the check cannot see the timeout act",
        left_ms, timeout_ms);
  } else if (check.left_in_flight_ns >= midpoint) {
    check.detail = absl::StrFormat(
        "the task left the in-flight table after %.1f ms, nearer its body's end (%.0f ms) than "
        "its %.0f ms timeout: the timeout does not act",
        left_ms, body_end_ms, timeout_ms);
  } else {
    check.passed = true;
    check.detail = absl::StrFormat(
        "with a %.0f ms timeout the task left the in-flight table after %.1f ms while its body "
        "ran until %.0f ms: the timeout acts",
        timeout_ms, left_ms, body_end_ms);
  }
}

TimeoutCheck RunTimeoutCheck(const zoo_adapter_entry_t& entry,
                             const zoo_semantics_extension_t& ext, uint32_t index,
                             const SemanticsItem& item, uint32_t logical_cores,
                             const std::function<void(std::string_view)>& step) {
  TimeoutCheck check{.item = item.name, .passed = false, .timeout_ns = kCheckTimeoutNs,
                     .body_ns = int64_t{kCheckBodyUs} * 1000, .left_in_flight_ns = -1,
                     .body_end_ns = -1, .detail = ""};
  absl::StatusOr<CalibratedWorkload> workload = MakeWorkload("sleep", kCheckBodyUs);
  if (!workload.ok()) {
    check.detail = std::string(workload.status().message());
    return check;
  }
  HostServices host(*workload->body, 1);
  const zoo_config_t config{.struct_size = sizeof(zoo_config_t), .concurrency = 1,
                            .max_batch = 1,
                            .logical_cores = logical_cores,
                            .options = "",
                            .workers = 0,
                            .reserved0 = 0};
  step(absl::StrCat("timeout check of '", item.name, "': setup"));
  zoo_adapter_state_t* state = nullptr;
  if (zoo_status_t s = entry.setup(host.table(), &config, &state); s != ZOO_STATUS_OK) {
    check.detail = absl::StrFormat("setup() failed with status %d: %s", s, AdapterErrorText(entry, nullptr));
    return check;
  }
  step(absl::StrCat("timeout check of '", item.name, "': set_item"));
  std::string failure;
  if (zoo_status_t s = ext.set_item(state, index, 1, kCheckTimeoutNs); s != ZOO_STATUS_OK) {
    failure = absl::StrFormat("set_item(on, %d ns) failed with status %d: %s", kCheckTimeoutNs, s,
                              AdapterErrorText(entry, state));
  }
  int64_t start = 0;
  if (failure.empty()) {
    step(absl::StrCat("timeout check of '", item.name, "': submit and watch in_flight()"));
    start = MonotonicNs();
    if (zoo_status_t s = entry.submit(state, host.task(0)); s != ZOO_STATUS_OK) {
      failure = absl::StrFormat("submit() failed with status %d: %s", s, AdapterErrorText(entry, state));
    }
  }
  if (failure.empty()) {
    // Watch until the table empties or the body has surely ended (then drain decides).
    const int64_t give_up = start + check.body_ns * 3;
    while (MonotonicNs() < give_up) {
      if (ext.in_flight(state) == 0) {
        check.left_in_flight_ns = MonotonicNs() - start;
        break;
      }
      std::this_thread::sleep_for(kPollInterval);
    }
    step(absl::StrCat("timeout check of '", item.name, "': drain"));
    if (zoo_status_t s = entry.drain(state); s != ZOO_STATUS_OK) {
      failure = absl::StrFormat("drain() failed with status %d: %s", s, AdapterErrorText(entry, state));
    }
  }
  step(absl::StrCat("timeout check of '", item.name, "': teardown"));
  const zoo_status_t torn = entry.teardown(state);
  if (failure.empty() && torn != ZOO_STATUS_OK) {
    failure = absl::StrFormat("teardown() failed with status %d: %s", torn,
                              AdapterErrorText(entry, nullptr));
  }
  if (!failure.empty()) {
    check.detail = failure;
    return check;
  }
  const TaskRecord& record = host.record(0);
  if (record.completions.load() != 1) {
    check.detail = absl::StrFormat("the task completed %u times, not once",
                                   record.completions.load());
    return check;
  }
  check.body_end_ns = record.outcome.body_end_ns - start;
  JudgeTimeoutCheck(check);
  return check;
}

}  // namespace

SemanticsProbe ProbeSemantics(const LoadedAdapter& adapter, uint32_t logical_cores,
                              const std::function<void(std::string_view)>& on_step) {
  auto step = [&](std::string_view s) {
    if (on_step) on_step(s);
  };
  SemanticsProbe probe;
  const zoo_adapter_entry_t& entry = adapter.entry();
  if (entry.get_extension == nullptr) return probe;
  step("get_extension(\"" ZOO_EXT_SEMANTICS "\")");
  const auto* ext =
      static_cast<const zoo_semantics_extension_t*>(entry.get_extension(ZOO_EXT_SEMANTICS));
  if (ext == nullptr) return probe;
  probe.has_extension = true;
  if (ext->struct_size < sizeof(zoo_semantics_extension_t) || ext->set_item == nullptr ||
      ext->in_flight == nullptr || (ext->item_count > 0 && ext->items == nullptr)) {
    probe.problem = "its zoo.semantics/1 table is incomplete (struct_size, set_item, in_flight "
                    "or items missing)";
    return probe;
  }
  for (uint32_t i = 0; i < ext->item_count; ++i) {
    const zoo_semantics_item_t* it = ext->items[i];
    if (it == nullptr || it->struct_size < sizeof(zoo_semantics_item_t) || it->name == nullptr ||
        *it->name == '\0') {
      probe.problem = absl::StrCat("item ", i, " of its zoo.semantics/1 table is incomplete");
      return probe;
    }
    probe.items.push_back({.name = AbiText(it->name),
                           .layer = AbiText(it->layer),
                           .description = AbiText(it->description),
                           .has_clean_off = it->has_clean_off != 0,
                           .off_state = AbiText(it->off_state),
                           .value_unit = AbiText(it->value_unit),
                           .default_value = it->default_value,
                           .check = CheckName(it->check)});
  }
  for (uint32_t i = 0; i < ext->item_count; ++i) {
    const SemanticsItem& item = probe.items[i];
    if (item.check == "timeout" && item.has_clean_off) {
      probe.checks.push_back(RunTimeoutCheck(entry, *ext, i, item, logical_cores, step));
    }
  }
  return probe;
}

void WriteSemanticsItem(json::Writer& w, const SemanticsItem& item) {
  w.StartObject();
  json::String(w, "name", item.name);
  json::String(w, "layer", item.layer);
  json::String(w, "description", item.description);
  json::Bool(w, "has_clean_off", item.has_clean_off);
  json::String(w, "off_state", item.off_state);
  json::String(w, "value_unit", item.value_unit);
  json::Int(w, "default_value", item.default_value);
  json::String(w, "check", item.check);
  w.EndObject();
}

absl::StatusOr<SemanticsItem> ReadSemanticsItem(const rapidjson::Value& v,
                                                std::string_view where) {
  SemanticsItem item;
  ZOO_ASSIGN_OR_RETURN(item.name, json::GetString(v, "name", where));
  ZOO_ASSIGN_OR_RETURN(item.layer, json::GetString(v, "layer", where));
  ZOO_ASSIGN_OR_RETURN(item.description, json::GetString(v, "description", where));
  ZOO_ASSIGN_OR_RETURN(item.has_clean_off, json::GetBool(v, "has_clean_off", where));
  ZOO_ASSIGN_OR_RETURN(item.off_state, json::GetString(v, "off_state", where));
  ZOO_ASSIGN_OR_RETURN(item.value_unit, json::GetString(v, "value_unit", where));
  ZOO_ASSIGN_OR_RETURN(item.default_value, json::GetInt(v, "default_value", where));
  ZOO_ASSIGN_OR_RETURN(item.check, json::GetString(v, "check", where));
  return item;
}

void WriteTimeoutCheck(json::Writer& w, const TimeoutCheck& c) {
  w.StartObject();
  json::String(w, "item", c.item);
  json::Bool(w, "passed", c.passed);
  json::Int(w, "timeout_ns", c.timeout_ns);
  json::Int(w, "body_ns", c.body_ns);
  json::Int(w, "left_in_flight_ns", c.left_in_flight_ns);
  json::Int(w, "body_end_ns", c.body_end_ns);
  json::String(w, "detail", c.detail);
  w.EndObject();
}

absl::StatusOr<TimeoutCheck> ReadTimeoutCheck(const rapidjson::Value& v, std::string_view where) {
  TimeoutCheck c;
  ZOO_ASSIGN_OR_RETURN(c.item, json::GetString(v, "item", where));
  ZOO_ASSIGN_OR_RETURN(c.passed, json::GetBool(v, "passed", where));
  ZOO_ASSIGN_OR_RETURN(c.timeout_ns, json::GetInt(v, "timeout_ns", where));
  ZOO_ASSIGN_OR_RETURN(c.body_ns, json::GetInt(v, "body_ns", where));
  ZOO_ASSIGN_OR_RETURN(c.left_in_flight_ns, json::GetInt(v, "left_in_flight_ns", where));
  ZOO_ASSIGN_OR_RETURN(c.body_end_ns, json::GetInt(v, "body_end_ns", where));
  ZOO_ASSIGN_OR_RETURN(c.detail, json::GetString(v, "detail", where));
  return c;
}

std::string SemanticsProbeToJson(const SemanticsProbe& probe) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  json::Bool(w, "has_extension", probe.has_extension);
  json::String(w, "problem", probe.problem);
  w.Key("items");
  w.StartArray();
  for (const SemanticsItem& item : probe.items) WriteSemanticsItem(w, item);
  w.EndArray();
  w.Key("checks");
  w.StartArray();
  for (const TimeoutCheck& c : probe.checks) WriteTimeoutCheck(w, c);
  w.EndArray();
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

absl::StatusOr<SemanticsProbe> SemanticsProbeFromJson(std::string_view json) {
  rapidjson::Document doc;
  ZOO_ASSIGN_OR_RETURN(doc, json::ParseAnswer(json, "the semantics probe's answer"));
  SemanticsProbe probe;
  const std::string where = "the semantics probe";
  ZOO_ASSIGN_OR_RETURN(probe.has_extension, json::GetBool(doc, "has_extension", where));
  ZOO_ASSIGN_OR_RETURN(probe.problem, json::GetString(doc, "problem", where));
  const rapidjson::Value* m = nullptr;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(doc, "items", where));
  if (!m->IsArray()) return absl::InvalidArgumentError(where + ": items must be a list");
  for (const rapidjson::Value& v : m->GetArray()) {
    SemanticsItem item;
    ZOO_ASSIGN_OR_RETURN(item, ReadSemanticsItem(v, where));
    probe.items.push_back(std::move(item));
  }
  ZOO_ASSIGN_OR_RETURN(m, json::Member(doc, "checks", where));
  if (!m->IsArray()) return absl::InvalidArgumentError(where + ": checks must be a list");
  for (const rapidjson::Value& v : m->GetArray()) {
    TimeoutCheck c;
    ZOO_ASSIGN_OR_RETURN(c, ReadTimeoutCheck(v, where));
    probe.checks.push_back(std::move(c));
  }
  return probe;
}

}  // namespace zoo
