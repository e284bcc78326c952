#include "test/reporters/reporter_test_support.h"

#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>

#include "core/archive/archive.h"
#include "core/measure/unit_stats.h"
#include "core/model/report_model.h"
#include "core/model/report_model_json.h"
#include "core/run/self_checks.h"
#include "plugins/reporters/common/text_format.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "test/reporters/fixture_cost.h"

namespace zoo::report::testing {
namespace {

// The host side of zoo_report_output_t, in memory, with the host's path rules.
struct MemoryOutput {
  zoo_report_output_t table{};
  RenderResult* result = nullptr;
};

zoo_status_t WriteFile(const zoo_report_output_t* output, const char* relative_path,
                       const void* data, size_t size) {
  auto* self = static_cast<MemoryOutput*>(output->host_data);
  const std::string path = relative_path == nullptr ? "" : relative_path;
  if (path.empty() || path.front() == '/' || path.find("..") != std::string::npos ||
      self->result->files.count(path) != 0) {
    ADD_FAILURE() << "the reporter wrote a path the host refuses: '" << path << "'";
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  self->result->files[path] = std::string(static_cast<const char*>(data), size);
  return ZOO_STATUS_OK;
}

void Log(const zoo_report_output_t*, int32_t, const char*) {}

constexpr uint32_t kCores = 2;
constexpr uint32_t kRounds = 5;

// A unit whose rounds have per-task end-to-end `e2e_ns` times `factors[r]`, bodies that last
// exactly their tier, a 1 µs submit and a 2 µs handoff.
ArchivedUnit MakeUnit(const std::string& adapter, uint32_t concurrency, uint32_t tier_us,
                      double e2e_ns, const std::vector<double>& factors, int32_t pid,
                      const std::string& semantics = "") {
  UnitResult u;
  u.ok = true;
  u.pid = pid;
  u.spec = {.adapter = adapter,
            .plugin_file = "/x/lib" + adapter + ".so",
            .tier_us = tier_us,
            .concurrency = concurrency,
            .warmup_rounds = 2,
            .measured_rounds = kRounds,
            .workload = "json",
            .semantics = semantics,
            .semantics_value = 0,
            .kind = semantics.empty() ? UnitKind::kTimed : UnitKind::kSemantics};
  u.calibration.target_ns = static_cast<int64_t>(tier_us) * 1000;
  const auto body = static_cast<int64_t>(tier_us) * 1000;
  for (uint32_t r = 0; r < kRounds; ++r) {
    const double per_task = e2e_ns * factors[r % factors.size()];
    RoundSample round{.start_ns = 0,
                      .wall_ns = static_cast<int64_t>(std::llround(per_task * concurrency)),
                      .tasks = {}};
    for (uint32_t i = 0; i < concurrency; ++i) {
      round.tasks.push_back({.submit_call_ns = 0,
                             .submit_return_ns = 1'000,
                             .body_start_ns = 3'000,
                             .body_end_ns = 3'000 + body,
                             .completed_ns = 5'000 + body,
                             .executor_pid = pid});
    }
    u.rounds.push_back(std::move(round));
  }
  return {.result = u, .stats = ComputeUnitStats(u, kCores)};
}

ArchivedUnit FailedUnit(const std::string& adapter, uint32_t concurrency, uint32_t tier_us,
                        int32_t pid) {
  UnitResult u;
  u.pid = pid;
  u.spec = {.adapter = adapter,
            .plugin_file = "/x/lib" + adapter + ".so",
            .tier_us = tier_us,
            .concurrency = concurrency,
            .warmup_rounds = 2,
            .measured_rounds = kRounds,
            .workload = "json",
            .semantics = "",
            .semantics_value = 0};
  u.failure = "crashed with signal SIGSEGV (Segmentation fault) during rounds <b>|</b>";
  return {.result = u, .stats = ComputeUnitStats(u, kCores)};
}

AdapterRecord Record(const std::string& name, const std::string& kind, bool gate_passed = true) {
  AdapterRecord r;
  r.descriptor.name = name;
  r.descriptor.version = "1.0";
  r.descriptor.description = "The " + name + " adapter.";
  r.descriptor.kind = kind;
  r.descriptor.caliber_notes = "Per task the cost includes one queue push and one wake-up.";
  r.descriptor.drive_level = "public API, as an application would use it";
  r.descriptor.file = "/x/lib" + name + ".so";
  r.sha256 = std::string(64, 'a');
  r.gate_passed = gate_passed;
  r.gate_reason = gate_passed ? "" : "drain returned before every body finished (3 of 8 ran)";
  return r;
}

std::string WithoutFencedBlocks(std::string_view text) {
  std::string out;
  bool in_fence = false;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    if (line.rfind("```", 0) == 0) {
      in_fence = !in_fence;
    } else if (!in_fence) {
      out.append(line);
      out += '\n';
    }
    start = end + 1;
  }
  return out;
}

std::string WithoutCodeSpans(const std::string& text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '`') {
      out += text[i++];
      continue;
    }
    size_t run = 0;
    while (i + run < text.size() && text[i + run] == '`') ++run;
    const std::string fence(run, '`');
    const size_t close = text.find(fence, i + run);
    if (close == std::string::npos) {
      out += fence;
      i += run;
      continue;
    }
    out += ' ';
    i = close + run;
  }
  return out;
}

}  // namespace

std::string WithoutModelText(std::string markdown, std::string_view model_json) {
  rapidjson::Document doc;
  doc.Parse(model_json.data(), model_json.size());
  std::vector<std::string> texts;
  std::vector<const rapidjson::Value*> stack = {&doc};
  while (!stack.empty()) {
    const rapidjson::Value* v = stack.back();
    stack.pop_back();
    if (v->IsString() && v->GetStringLength() > 1) {
      texts.emplace_back(v->GetString(), v->GetStringLength());
      texts.push_back(::zoo::report::MarkdownEscape(texts.back()));
    } else if (v->IsArray()) {
      for (const rapidjson::Value& e : v->GetArray()) stack.push_back(&e);
    } else if (v->IsObject()) {
      for (auto it = v->MemberBegin(); it != v->MemberEnd(); ++it) stack.push_back(&it->value);
    }
  }
  // Longest first, so that a name inside a longer quoted sentence goes with the sentence.
  std::sort(texts.begin(), texts.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const std::string& t : texts) {
    for (size_t at = markdown.find(t); at != std::string::npos; at = markdown.find(t, at)) {
      markdown.replace(at, t.size(), " ");
    }
  }
  return markdown;
}

std::vector<std::string> EnglishRuns(std::string_view text) {
  static const std::set<std::string> kTokens = {"CPU",       "ABI", "SDK",          "JSON",
                                                "RapidJSON", "CSV", "HTML",         "SVG",
                                                "UTC",       "SHA", "Mann-Whitney", "zoo-host"};
  std::string t = WithoutFencedBlocks(text);
  t = std::regex_replace(t, std::regex("<span lang=\"en\">[^<]*</span>"), " ");
  t = WithoutCodeSpans(t);
  t = std::regex_replace(t, std::regex("\\]\\([^)]*\\)"), "] ");
  t = std::regex_replace(t, std::regex("<[^>]*>"), " ");
  t = std::regex_replace(t, std::regex("&[a-z]+;"), " ");

  std::vector<std::string> runs;
  std::vector<std::string> run;
  auto flush = [&] {
    if (run.size() >= 2) {
      std::string joined;
      for (const std::string& w : run) joined += (joined.empty() ? "" : " ") + w;
      runs.push_back(joined);
    }
    run.clear();
  };
  auto is_letter = [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); };
  size_t i = 0;
  while (i < t.size()) {
    const auto byte = static_cast<unsigned char>(t[i]);
    if (byte >= 0x80) {  // a non-ASCII character (CJK, µ, ×) ends a run of English
      flush();
      ++i;
      continue;
    }
    if (!is_letter(t[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < t.size() && (is_letter(t[end]) || t[end] == '-')) ++end;
    const std::string word = t.substr(i, end - i);
    if (word.size() >= 3 && kTokens.count(word) == 0) {
      run.push_back(word);
    } else {
      flush();
    }
    i = end;
  }
  flush();
  return runs;
}

ReporterModule::ReporterModule(const std::string& path) {
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) {
    ADD_FAILURE() << "cannot load " << path << ": " << dlerror();
    return;
  }
  entry_ = static_cast<const zoo_reporter_entry_t*>(dlsym(handle_, ZOO_REPORTER_ENTRY_SYMBOL));
  if (entry_ == nullptr) ADD_FAILURE() << path << " has no " << ZOO_REPORTER_ENTRY_SYMBOL;
}

ReporterModule::~ReporterModule() {
  if (handle_ != nullptr) dlclose(handle_);
}

RenderResult ReporterModule::Render(std::string_view model_json, const char* language,
                                    const char* formats) const {
  return RenderWithRequestSize(model_json, language, formats, sizeof(zoo_report_request_t));
}

RenderResult ReporterModule::RenderWithRequestSize(std::string_view model_json,
                                                   const char* language, const char* formats,
                                                   uint32_t request_size) const {
  RenderResult result;
  if (entry_ == nullptr) return result;
  MemoryOutput output;
  output.result = &result;
  output.table.struct_size = sizeof(zoo_report_output_t);
  output.table.host_data = &output;
  output.table.write_file = WriteFile;
  output.table.log = Log;
  zoo_report_request_t request{};
  request.struct_size = request_size;
  // The request names the version the document carries, as the host does.
  rapidjson::Document doc;
  doc.Parse(model_json.data(), model_json.size());
  request.model_version = !doc.HasParseError() && doc.IsObject() && doc.HasMember("model_version") &&
                                  doc["model_version"].IsUint()
                              ? doc["model_version"].GetUint()
                              : 0;
  request.model_json = model_json.data();
  request.model_json_size = model_json.size();
  request.language = language;
  request.formats = formats;
  result.status = entry_->render(&request, &output.table);
  result.error = entry_->error_text();
  return result;
}

std::string SampleModelJson(const SampleOptions& options) {
  Archive a;
  a.subject = "subj";
  a.subject_version = "1.0";
  a.environment = {.cpu_model = "Test CPU <8 cores>",
                   .logical_cores = kCores,
                   .os = "Linux 6.1.0 #1 SMP",
                   .kernel = "6.1.0",
                   .machine = "x86_64",
                   .hostname = "host",
                   .compiler = "gcc 12.2.0",
                   .compiler_flags = "-std=c++20 -O2",
                   .build_type = "release",
                   .sanitizers = "none",
                   .zoo_host_version = "0.1.0",
                   .git_commit = "0123456789abcdef"};
  a.run.started_utc = "2026-11-30T12:00:00Z";
  a.run.finished_utc = "2026-11-30T12:05:00Z";
  a.run.wall_s = 300;
  a.run.status = RunStatus::kComplete;
  a.run.command = "zoo-host run --results results";
  a.run.matrix.subject = "subj";
  a.run.matrix.concurrencies = {1, 2, 4};
  a.run.matrix.tiers_us = {40, 300};
  a.run.matrix.warmup_rounds = 2;
  a.run.matrix.measured_rounds = kRounds;

  const std::string& hostile = options.hostile_name;
  a.adapters = {Record("subj", "subject"),    Record("fast", "bare"),
                Record("slow", "stdlib"),     Record("near", "ecosystem"),
                Record(hostile, "ecosystem"), Record("rejected", "ecosystem", false)};
  a.adapters[4].descriptor.caliber_notes =
      "Notes with `backticks`, *stars*, _underscores_, [links](x) and <b>tags</b> & | pipes";
  a.adapters[4].descriptor.version = "2.0 <beta>";

  // Per-task end-to-end: the body plus each adapter's own overhead, the subject's 60 µs ±10%
  // across rounds. At 40 µs that makes fast 2x faster, slow 2x slower, near 2% slower and the
  // hostile name 1.43x faster; at 300 µs the bodies weigh more and the factors shrink. Never
  // less than the body: a unit below its physical floor would be left out.
  const std::vector<double> jitter = {0.9, 1.0, 1.1, 1.0, 1.0};
  const std::vector<double> flat = {1.0};
  int32_t pid = 100;
  for (uint32_t tier : {40u, 300u}) {
    for (uint32_t c : {1u, 2u, 4u}) {
      const double body = tier * 1000.0;
      a.units.push_back(MakeUnit("subj", c, tier, body + 60'000, jitter, pid++));
      a.units.push_back(MakeUnit("fast", c, tier, body + 10'000, flat, pid++));
      a.units.push_back(MakeUnit("slow", c, tier, body + 160'000, flat, pid++));
      a.units.push_back(MakeUnit("near", c, tier, body + 62'000, flat, pid++));
      a.units.push_back(c == 2 && tier == 300
                            ? FailedUnit(hostile, c, tier, pid++)
                            : MakeUnit(hostile, c, tier, body + 30'000, flat, pid++));
    }
  }
  if (options.break_isolation) a.units[1].result.pid = a.units[0].result.pid;

  // The semantics dimension: "priority" priced at 40 µs, concurrency 1; "in_flight_table"
  // dropped for want of a clean off state.
  a.semantics.status = "measured";
  a.semantics.reason_code = "";
  a.semantics.tier_us = 40;
  a.semantics.concurrencies = {1};
  SemanticsItemRecord priced;
  priced.item = {.name = "priority",
                 .layer = "queue",
                 .description = "A binary heap by priority instead of a FIFO ring.",
                 .has_clean_off = true,
                 .off_state = "A FIFO ring.",
                 .value_unit = "",
                 .default_value = 0,
                 .check = "none"};
  priced.priced = true;
  SemanticsItemRecord dropped;
  dropped.item = {.name = "in_flight_table",
                  .layer = "dispatch",
                  .description = "Every task is recorded until it completes.",
                  .has_clean_off = false,
                  .off_state = "The table is always on.",
                  .value_unit = "",
                  .default_value = 0,
                  .check = "none"};
  dropped.priced = false;
  dropped.dropped_code = "no_clean_off";
  dropped.dropped_reason = "The table is always on.";
  a.semantics.items = {priced, dropped};
  a.units.push_back(MakeUnit("subj", 1, 40, 100'000, jitter, pid++, "off"));
  a.units.push_back(MakeUnit("subj", 1, 40, 130'000, flat, pid++, "priority"));

  a.run.units_planned = static_cast<uint32_t>(a.units.size());
  a.run.units_measured = static_cast<uint32_t>(a.units.size());
  a.run.units_failed = 1;
  a.self_checks = RunSelfChecks(a, 1);

  absl::StatusOr<ReportModel> model = BuildReportModel(a, std::string(kSampleArchivePath));
  if (!model.ok()) {
    ADD_FAILURE() << model.status();
    return "";
  }
  if (options.cost) {
    model->cost = test::FixtureCost({"subj", "fast", "slow", "near", hostile}, {1, 2});
  }
  return ReportModelToJson(*model);
}

}  // namespace zoo::report::testing
