#include "core/worker/worker_protocol.h"

#include <unistd.h>

#include <cerrno>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/base/json_util.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"

namespace zoo {
namespace {

using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

void Field(JsonWriter& w, const char* key, const std::string& value) {
  w.Key(key);
  w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
}

absl::StatusOr<rapidjson::Document> Parse(std::string_view json) {
  return json::ParseAnswer(json, "the worker's result");
}

std::string GetString(const rapidjson::Value& v, const char* key) {
  auto it = v.FindMember(key);
  return (it != v.MemberEnd() && it->value.IsString()) ? it->value.GetString() : "";
}

uint64_t GetUint(const rapidjson::Value& v, const char* key) {
  auto it = v.FindMember(key);
  return (it != v.MemberEnd() && it->value.IsUint64()) ? it->value.GetUint64() : 0;
}

// A variant list (zoo.native/1 forms, zoo.layers/1 layers) under `key`; absent when empty.
void WriteVariants(JsonWriter& w, const char* key, const std::vector<AdapterVariant>& list) {
  if (list.empty()) return;
  w.Key(key);
  w.StartArray();
  for (const AdapterVariant& v : list) {
    w.StartObject();
    Field(w, "name", v.name);
    Field(w, "description", v.description);
    w.EndObject();
  }
  w.EndArray();
}

std::vector<AdapterVariant> ReadVariants(const rapidjson::Value& v, const char* key) {
  std::vector<AdapterVariant> out;
  auto it = v.FindMember(key);
  if (it == v.MemberEnd() || !it->value.IsArray()) return out;
  for (const rapidjson::Value& item : it->value.GetArray()) {
    if (item.IsObject()) {
      out.push_back({.name = GetString(item, "name"),
                     .description = GetString(item, "description")});
    }
  }
  return out;
}

void WriteDescriptor(JsonWriter& w, const AdapterDescriptor& d) {
  w.StartObject();
  Field(w, "name", d.name);
  Field(w, "version", d.version);
  Field(w, "description", d.description);
  Field(w, "kind", d.kind);
  Field(w, "caliber_notes", d.caliber_notes);
  Field(w, "drive_level", d.drive_level);
  w.Key("abi_major");
  w.Uint(d.abi_major);
  w.Key("abi_minor");
  w.Uint(d.abi_minor);
  Field(w, "file", d.file);
  if (d.submit_any_thread.declared) {
    w.Key("submit_any_thread");
    w.StartObject();
    w.Key("bounded");
    w.Bool(d.submit_any_thread.bounded);
    w.Key("default_capacity");
    w.Uint(d.submit_any_thread.default_capacity);
    w.EndObject();
  }
  WriteVariants(w, "native_forms", d.variants.native_forms);
  WriteVariants(w, "layers", d.variants.layers);
  WritePluginText(w, d.text);
  w.EndObject();
}

AdapterDescriptor::SubmitAnyThread SubmitAnyThreadOfMessage(const rapidjson::Value& v) {
  auto it = v.FindMember("submit_any_thread");
  if (it == v.MemberEnd() || !it->value.IsObject()) return {};
  auto bounded = it->value.FindMember("bounded");
  return {.declared = true,
          .bounded = bounded != it->value.MemberEnd() && bounded->value.IsTrue(),
          .default_capacity = static_cast<uint32_t>(GetUint(it->value, "default_capacity"))};
}

AdapterDescriptor ReadDescriptor(const rapidjson::Value& v) {
  return AdapterDescriptor{
      .name = GetString(v, "name"),
      .version = GetString(v, "version"),
      .description = GetString(v, "description"),
      .kind = GetString(v, "kind"),
      .caliber_notes = GetString(v, "caliber_notes"),
      .drive_level = GetString(v, "drive_level"),
      .abi_major = static_cast<uint32_t>(GetUint(v, "abi_major")),
      .abi_minor = static_cast<uint32_t>(GetUint(v, "abi_minor")),
      .file = GetString(v, "file"),
      // Written by WritePluginText above: a malformed member cannot come from this host.
      .text = ReadPluginText(v, "the worker's descriptor").value_or(PluginText{}),
      .submit_any_thread = SubmitAnyThreadOfMessage(v),
      .variants = {.native_forms = ReadVariants(v, "native_forms"),
                   .layers = ReadVariants(v, "layers")},
  };
}

}  // namespace

void ReportWriter::WriteLine(std::string_view tag, std::string_view text) const {
  std::string line = absl::StrCat(absl::string_view(tag.data(), tag.size()), " ",
                                  absl::string_view(text.data(), text.size()));
  // One line per message: a newline inside would split it.
  for (char& c : line) {
    if (c == '\n') c = ' ';
  }
  line.push_back('\n');
  const char* p = line.data();
  size_t left = line.size();
  while (left > 0) {
    const ssize_t n = write(fd_, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the parent is gone; nothing to report to
    p += n;
    left -= static_cast<size_t>(n);
  }
}

void ReportWriter::Step(std::string_view what) const { WriteLine("step", what); }
void ReportWriter::Result(std::string_view json) const { WriteLine("result", json); }

ParsedReport ParseReport(std::string_view text) {
  ParsedReport out;
  for (absl::string_view line :
       absl::StrSplit(absl::string_view(text.data(), text.size()), '\n', absl::SkipEmpty())) {
    if (absl::ConsumePrefix(&line, "step ")) {
      out.last_step = std::string(line);
    } else if (absl::ConsumePrefix(&line, "result ")) {
      out.result_json = std::string(line);
    }
  }
  return out;
}

std::string DescriptorToJson(const AdapterDescriptor& d) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  WriteDescriptor(w, d);
  return buf.GetString();
}

absl::StatusOr<AdapterDescriptor> DescriptorFromJson(std::string_view json) {
  absl::StatusOr<rapidjson::Document> doc = Parse(json);
  if (!doc.ok()) return doc.status();
  return ReadDescriptor(*doc);
}

std::string GateReportToJson(const GateReport& r) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  w.Key("passed");
  w.Bool(r.passed);
  Field(w, "reason", r.reason);
  w.Key("tasks_submitted");
  w.Uint64(r.tasks_submitted);
  w.Key("tasks_completed");
  w.Uint64(r.tasks_completed);
  w.Key("concurrencies");
  w.StartArray();
  for (uint32_t c : r.concurrencies) w.Uint(c);
  w.EndArray();
  w.Key("large_batch");
  w.Uint(r.large_batch);
  w.Key("repeated_concurrency");
  w.Uint(r.repeated_concurrency);
  w.Key("threads_kept");
  w.Uint(r.threads_kept);
  w.Key("executor_threads");
  w.StartArray();
  for (uint32_t t : r.executor_threads) w.Uint(t);
  w.EndArray();
  w.Key("alloc_calls");
  w.Int64(r.alloc_calls);
  w.Key("submit_any_thread_checked");
  w.Bool(r.submit_any_thread_checked);
  w.EndObject();
  return buf.GetString();
}

absl::StatusOr<GateReport> GateReportFromJson(std::string_view json) {
  absl::StatusOr<rapidjson::Document> doc = Parse(json);
  if (!doc.ok()) return doc.status();
  GateReport r;
  auto passed = doc->FindMember("passed");
  if (passed == doc->MemberEnd() || !passed->value.IsBool()) {
    return absl::InvalidArgumentError("the gate's result has no 'passed' field");
  }
  r.passed = passed->value.GetBool();
  r.reason = GetString(*doc, "reason");
  r.tasks_submitted = GetUint(*doc, "tasks_submitted");
  r.tasks_completed = GetUint(*doc, "tasks_completed");
  auto cs = doc->FindMember("concurrencies");
  if (cs != doc->MemberEnd() && cs->value.IsArray()) {
    for (const auto& c : cs->value.GetArray()) {
      if (c.IsUint()) r.concurrencies.push_back(c.GetUint());
    }
  }
  r.large_batch = static_cast<uint32_t>(GetUint(*doc, "large_batch"));
  r.repeated_concurrency = static_cast<uint32_t>(GetUint(*doc, "repeated_concurrency"));
  r.threads_kept = static_cast<uint32_t>(GetUint(*doc, "threads_kept"));
  if (auto ts = doc->FindMember("executor_threads");
      ts != doc->MemberEnd() && ts->value.IsArray()) {
    for (const auto& t : ts->value.GetArray()) {
      if (t.IsUint()) r.executor_threads.push_back(t.GetUint());
    }
  }
  if (auto s = doc->FindMember("submit_any_thread_checked"); s != doc->MemberEnd()) {
    r.submit_any_thread_checked = s->value.IsTrue();
  }
  if (auto a = doc->FindMember("alloc_calls"); a != doc->MemberEnd() && a->value.IsInt64()) {
    r.alloc_calls = a->value.GetInt64();
  }
  return r;
}

std::string ProbeFailureToJson(std::string_view reason, bool is_reporter) {
  rapidjson::StringBuffer buf;
  JsonWriter w(buf);
  w.StartObject();
  Field(w, "error", std::string(reason));
  if (is_reporter) {
    w.Key("reporter");
    w.Bool(true);
  }
  w.EndObject();
  return buf.GetString();
}

absl::StatusOr<AdapterDescriptor> ProbeResultFromJson(std::string_view json) {
  absl::StatusOr<rapidjson::Document> doc = Parse(json);
  if (!doc.ok()) return doc.status();
  if (doc->HasMember("error")) {
    const std::string error = GetString(*doc, "error");
    if (doc->HasMember("reporter")) return absl::AlreadyExistsError(error);
    return absl::FailedPreconditionError(error);
  }
  return ReadDescriptor(*doc);
}

}  // namespace zoo
