// report.md, rendered by the built module through the C ABI: deterministic, every section in
// both languages, no English prose in the Chinese report and no Chinese in the English one,
// plugin text escaped, and failures that say what is missing.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/reporters/common/catalogs.h"
#include "plugins/reporters/common/messages.h"
#include "rapidjson/document.h"
#include "rapidjson/pointer.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "test/reporters/reporter_test_support.h"
#include "test/test_paths.h"

namespace zoo::report {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using testing::RenderResult;
using testing::ReporterModule;

class MarkdownReporterTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    module_ = new ReporterModule(::zoo::testing::BuiltinReporter("markdown"));
    testing::SampleOptions options;
    options.cost = true;
    model_ = new std::string(testing::SampleModelJson(options));
  }
  static void TearDownTestSuite() {
    delete module_;
    delete model_;
  }

  // report.md of `model` in `language`; a failed render is a test failure.
  static std::string Report(const std::string& model, const char* language) {
    RenderResult r = module_->Render(model, language, "md");
    EXPECT_EQ(r.status, ZOO_STATUS_OK) << r.error;
    return r.files["report.md"];
  }

  static std::string Title(const char* language, std::string_view key) {
    const CatalogSet set = {{"en", {kCommonCatalogEn}}, {"zh", {kCommonCatalogZh}}};
    absl::StatusOr<Messages> m = Messages::Load(set, language);
    EXPECT_TRUE(m.ok()) << m.status();
    absl::StatusOr<std::string> title = m->Format(key);
    EXPECT_TRUE(title.ok()) << title.status();
    return title.ok() ? *title : std::string();
  }

  static ReporterModule* module_;
  static std::string* model_;
};

ReporterModule* MarkdownReporterTest::module_ = nullptr;
std::string* MarkdownReporterTest::model_ = nullptr;

// `model` with one member removed or replaced (a JSON pointer such as "/conclusions/0/message").
std::string Edited(const std::string& model, const char* pointer, bool remove) {
  rapidjson::Document d;
  d.Parse(model.data(), model.size());
  rapidjson::Pointer p(pointer);
  if (remove) {
    p.Erase(d);
  } else {
    p.Set(d, "no_such_code");
  }
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  d.Accept(w);
  return b.GetString();
}

// `model` with a "native_line" member parsed from `line` (JSON).
std::string WithNativeLine(const std::string& model, const char* line) {
  rapidjson::Document d;
  d.Parse(model.data(), model.size());
  rapidjson::Document native(&d.GetAllocator());
  native.Parse(line);
  d.AddMember("native_line", rapidjson::Value(native, d.GetAllocator()), d.GetAllocator());
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  d.Accept(w);
  return b.GetString();
}

constexpr const char* kMeasuredLine = R"({"status": "measured", "reason": "",
  "task": "modbus_rtu.parse_response", "frame_bytes": [7, 21, 255], "concurrencies": [1, 2],
  "seed": "0x2a", "warmup_rounds": 100, "measured_rounds": 100, "processes_per_cell": 1,
  "forms": [{"name": "closure", "description": "The task's own run.", "passed": true,
             "reason": ""},
            {"name": "corrupt", "description": "Wrong on purpose.", "passed": false,
             "reason": "form 'corrupt': task 64 (frame 0 (21 B: 01 03 10 ...)) gave checksum 0x1"}],
  "cells": [{"form": "closure", "frame_bytes": 21, "concurrency": 1, "ok": true, "failure": "",
             "unit": "s{native,form=closure}/c1/21us", "ns_per_task": 1500,
             "ratio_to_first": 1},
            {"form": "closure", "frame_bytes": 21, "concurrency": 2, "ok": true, "failure": "",
             "unit": "s{native,form=closure}/c2/21us", "ns_per_task": 3000,
             "ratio_to_first": 1}]})";

TEST_F(MarkdownReporterTest, TheNativeLineShowsItsScopeFormsGateAndTables) {
  const std::string md = Report(WithNativeLine(*model_, kMeasuredLine), "en");
  EXPECT_THAT(md, HasSubstr("enters neither the pivot tables nor the crossovers"));
  EXPECT_THAT(md, HasSubstr("modbus_rtu.parse_response"));
  EXPECT_THAT(md, HasSubstr("rejected: form 'corrupt': task 64 (frame 0 (21 B: 01 03 10"));
  EXPECT_THAT(md, HasSubstr("Concurrency 2"));
  EXPECT_THAT(md, HasSubstr("no verdict is drawn between the forms"));
  const std::string zh = Report(WithNativeLine(*model_, kMeasuredLine), "zh");
  EXPECT_THAT(zh, HasSubstr("并发度 2"));

  const std::string na = Report(
      WithNativeLine(*model_, R"({"status": "not_applicable", "reason":
          "inline 1.0.0 does not offer zoo.native/1", "task": "modbus_rtu.parse_response",
          "frame_bytes": [], "concurrencies": [], "seed": "0x0", "warmup_rounds": 100,
          "measured_rounds": 100, "processes_per_cell": 1, "forms": [], "cells": []})"),
      "en");
  EXPECT_THAT(na, HasSubstr("Status: not applicable: "));
  EXPECT_THAT(na, HasSubstr("does not offer zoo.native/1"));
}

TEST_F(MarkdownReporterTest, TheEntryDescribesTheReporter) {
  const zoo_reporter_entry_t* e = module_->entry();
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->magic, ZOO_REPORTER_MAGIC);
  EXPECT_EQ(e->abi_major, static_cast<uint32_t>(ZOO_REPORTER_ABI_MAJOR));
  EXPECT_GE(e->struct_size, ZOO_REPORTER_ENTRY_SIZE_1_0);
  EXPECT_STREQ(e->name, "markdown");
  EXPECT_STREQ(e->formats, "md");
  EXPECT_STREQ(e->languages, "en,zh");
  EXPECT_EQ(e->min_model_version, 1u);
}

TEST_F(MarkdownReporterTest, RenderingTwiceGivesTheSameBytes) {
  for (const char* language : {"en", "zh"}) {
    RenderResult first = module_->Render(*model_, language, "md");
    RenderResult second = module_->Render(*model_, language, "md");
    ASSERT_EQ(first.status, ZOO_STATUS_OK) << first.error;
    EXPECT_EQ(first.files, second.files) << language;
    EXPECT_EQ(first.error, "");
  }
}

TEST_F(MarkdownReporterTest, EverySectionIsThereInOrderInBothLanguages) {
  for (const char* language : {"en", "zh"}) {
    const std::string md = Report(*model_, language);
    size_t last = 0;
    for (const std::string_view key : kReportSections) {
      const std::string heading = "\n## " + Title(language, key) + "\n";
      const size_t at = md.find(heading);
      ASSERT_NE(at, std::string::npos) << language << ": no section " << key;
      EXPECT_GT(at, last) << language << ": " << key << " out of order";
      last = at;
    }
  }
}

TEST_F(MarkdownReporterTest, TheChineseReportHasNoEnglishProseOutsideQuotedPluginText) {
  const std::string md = Report(*model_, "zh");
  EXPECT_THAT(testing::EnglishRuns(testing::WithoutModelText(md, *model_)), IsEmpty());
  // Quoted plugin text is kept as written, escaped; a safe renderer drops any HTML mark.
  EXPECT_THAT(md, HasSubstr("Per task the cost includes one queue push"));
  EXPECT_THAT(md, Not(HasSubstr("<span")));
  // The test itself finds English where there is some.
  EXPECT_THAT(testing::EnglishRuns("中文 the subject is faster 中文"), Not(IsEmpty()));
}

TEST_F(MarkdownReporterTest, TheEnglishReportHasNoChinese) {
  const std::string md = Report(*model_, "en");
  for (const char ch : md) {
    const auto byte = static_cast<unsigned char>(ch);
    ASSERT_FALSE(byte >= 0xE3 && byte <= 0xE9) << "a CJK character in the English report";
  }
  EXPECT_THAT(md, Not(HasSubstr("<span lang=")));
}

TEST_F(MarkdownReporterTest, PluginTextIsEscaped) {
  for (const char* language : {"en", "zh"}) {
    const std::string md = Report(*model_, language);
    EXPECT_THAT(md, Not(HasSubstr("<script>"))) << language;
    EXPECT_THAT(md, Not(HasSubstr("<b>"))) << language;
    EXPECT_THAT(md, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;\\|x")) << language;
    EXPECT_THAT(md, HasSubstr("\\`backticks\\`, \\*stars\\*")) << language;
    EXPECT_THAT(md, HasSubstr("Test CPU &lt;8 cores&gt;")) << language;
  }
}

TEST_F(MarkdownReporterTest, TheFirstPageShowsTheSelfCheckAndTheArchive) {
  const std::string md = Report(*model_, "en");
  const std::string first_page = md.substr(0, md.find("## "));
  EXPECT_THAT(first_page, HasSubstr("**Self-check: passed"));
  EXPECT_THAT(first_page, HasSubstr("`" + std::string(testing::kSampleArchivePath) + "`"));

  testing::SampleOptions broken;
  broken.break_isolation = true;
  const std::string failed = Report(testing::SampleModelJson(broken), "en");
  const std::string failed_page = failed.substr(0, failed.find("## "));
  EXPECT_THAT(failed_page, HasSubstr("**Self-check: NOT passed. Failed: process isolation"));
  const std::string zh = Report(testing::SampleModelJson(broken), "zh");
  EXPECT_THAT(zh.substr(0, zh.find("## ")), HasSubstr("**自检：未通过。未通过的检查：进程隔离"));
}

// "What to pick" is on the first page, before any verdict list, and every unit it names is a
// row of the report's per-unit table.
TEST_F(MarkdownReporterTest, WhatToPickComesFirstAndNamesUnitsOfTheTables) {
  for (const char* language : {"en", "zh"}) {
    const std::string md = Report(*model_, language);
    const size_t pick = md.find(language == std::string("en") ? "**What to pick**" : "**该选哪个**");
    const size_t contents = md.find("](#");
    ASSERT_NE(pick, std::string::npos) << language;
    EXPECT_LT(pick, contents) << "on the first page, before the contents";
    const std::string table = md.substr(pick, contents - pick);
    size_t named = 0;
    for (size_t at = table.find('`'); at != std::string::npos; at = table.find('`', at + 1)) {
      const size_t end = table.find('`', at + 1);
      ASSERT_NE(end, std::string::npos);
      std::string id = table.substr(at + 1, end - at - 1);
      at = end;
      std::string escaped;
      for (char c : id) escaped += c == '_' ? std::string("\\_") : std::string(1, c);
      EXPECT_THAT(md.substr(contents), HasSubstr("| " + escaped + " |")) << id;
      ++named;
    }
    EXPECT_GT(named, 0u) << language;
  }
}

TEST_F(MarkdownReporterTest, AbsoluteTimesAndRatiosSitInSeparateTables) {
  const std::string md = Report(*model_, "en");
  const size_t absolute = md.find("### Per-task end-to-end, absolute");
  const size_t ratio = md.find("### Multiple of the subject");
  ASSERT_NE(absolute, std::string::npos);
  ASSERT_NE(ratio, std::string::npos);
  const std::string absolute_part = md.substr(absolute, ratio - absolute);
  const std::string ratio_part = md.substr(ratio, md.find("### ", ratio + 4) - ratio);
  EXPECT_THAT(absolute_part, HasSubstr("valid only within this run"));
  EXPECT_THAT(absolute_part, HasSubstr("µs; p95 "));
  EXPECT_THAT(absolute_part, Not(HasSubstr("×")));
  EXPECT_THAT(ratio_part, HasSubstr("× · subject slower"));
  EXPECT_THAT(ratio_part, Not(HasSubstr("; p95")));
}

TEST_F(MarkdownReporterTest, EveryVerdictAndEveryFailureIsPublished) {
  const std::string md = Report(*model_, "en");
  EXPECT_THAT(md, HasSubstr("| fast | 1 | 40 µs | fast is 2.00× faster than the subject |"));
  EXPECT_THAT(md, HasSubstr("the subject is 2.00× faster than slow"));
  EXPECT_THAT(md, HasSubstr("1.02× | the factor's 95% interval, 0.88× to 1.08×, includes 1.00×"));
  EXPECT_THAT(md, HasSubstr("Band in this run: "));
  EXPECT_THAT(md, HasSubstr("crashed with signal SIGSEGV"));
  EXPECT_THAT(md, HasSubstr("rejected by the equivalence gate"));
  EXPECT_THAT(md, HasSubstr("its concurrency exceeds the 2 logical cores"));
  // Raw samples, exactly as archived: the subject's 100 µs body tier 40 at ±10%.
  EXPECT_THAT(md, HasSubstr("subj/c1/40us: 90000, 100000, 110000, 100000, 100000"));
}

TEST_F(MarkdownReporterTest, SemanticsAreRenderedAndTheirAbsenceIsSaid) {
  const std::string md = Report(*model_, "en");
  EXPECT_THAT(md, HasSubstr("Status: measured, at a body of 40 µs and concurrency 1."));
  EXPECT_THAT(md, HasSubstr("| priority | 1 | 100.0 µs | 130.0 µs | 30.0 µs |"));
  EXPECT_THAT(md, HasSubstr("not priced: it has no clean off state"));
  EXPECT_THAT(md, HasSubstr("Status: not recorded. This archive predates the native task line."));

  const std::string without = Report(Edited(*model_, "/semantics", true), "en");
  EXPECT_THAT(without, HasSubstr("Status: not measured in this archive."));
}

// The section of report.md titled `key`, up to the next section.
std::string Section(const std::string& md, const std::string& title) {
  const size_t at = md.find("\n## " + title + "\n");
  if (at == std::string::npos) return "";
  return md.substr(at, md.find("\n## ", at + 1) - at);
}

TEST_F(MarkdownReporterTest, TheCostOfCodeShowsCountsColdStartCallgrindAndCaveats) {
  const std::string md = Section(Report(*model_, "en"), Title("en", "section.cost.title"));
  ASSERT_THAT(md, Not(IsEmpty()));
  EXPECT_THAT(md, HasSubstr("Status: counted, at concurrency 1, 2."));
  EXPECT_THAT(md, HasSubstr("Kernel counters: only some are readable on this machine"));
  EXPECT_THAT(md, HasSubstr("| allocations / task | bytes / task | instructions / task | "
                            "cycles / task | context switches / task | CPU migrations / task |"));
  // The subject at c1: 2 blocks of 64 bytes, 1,843.4 instructions, 4,000 cycles, 0.4 switches
  // (5 tasks: 2 of them), migrations not permitted.
  EXPECT_THAT(md, HasSubstr("| subj (subject) | 1 | 5 | 2 | 128 B | 1,843 | 4,000 | 0.400 | "
                            "unavailable, note 1 |"));
  EXPECT_THAT(md, HasSubstr("| near | 2 | 10 | 5 | 320 B | 2,143 | 5,500 | 0.800 | "
                            "unavailable, note 1 |"));
  // One note per reason, with the core's sentence quoted: the unavailable counter, the failed
  // unit (the hostile adapter's at c2, all six counts).
  EXPECT_THAT(md, HasSubstr(R"(- Note 1: The kernel does not permit this counter for this process. )"
                            R"(The run says: perf\_event\_open(PERF\_COUNT\_SW\_CPU\_MIGRATIONS) )"
                            R"(failed: EACCES, perf\_event\_paranoid is 3)"));
  EXPECT_THAT(md, HasSubstr("| 2 | 10 | unavailable, note 2 | unavailable, note 2 | unavailable, "
                            "note 2 | unavailable, note 2 | unavailable, note 2 | unavailable, "
                            "note 2 |"));
  EXPECT_THAT(md, HasSubstr("- Note 2: The counting unit failed. The run says: the counting unit "
                            "timed out after 30 s"));
  // Cold start: absolute times and the allocations of setup plus the first task.
  EXPECT_THAT(md, HasSubstr("### Cold start, per adapter"));
  EXPECT_THAT(md, HasSubstr("| subj (subject) | 250.0 µs | 41.0 µs | 17 | 72.00 KiB |"));
  // Callgrind: exact counts, the failed unit's note, and why the times mean nothing.
  EXPECT_THAT(md, HasSubstr("(valgrind-3.19.0)"));
  // The second run: the subject's repeats exactly, fast's differs by 2.00%, slow's gave no
  // count (the section's first note), and the failed unit's row is its note throughout.
  EXPECT_THAT(md, HasSubstr("| subj (subject) | 1 | 0 µs | 5 | 1,234,567 | 6,172,835 | "
                            "6,172,835 | yes | 2,345,678 |"));
  EXPECT_THAT(md, HasSubstr("| fast | 1 | 0 µs | 5 | 1,235,567 | 6,177,835 | 6,301,356 | "
                            "no: 2.00% apart |"));
  // A difference under 0.01% keeps two significant digits rather than reading "0.00%".
  EXPECT_THAT(md, HasSubstr("| 6,187,835 | 6,188,082 | no: 0.0040% apart |"));
  EXPECT_THAT(md, HasSubstr("| slow | 1 | 0 µs | 5 | 1,236,567 | 6,182,835 | unavailable, note 1 | "
                            "unavailable, note 1 |"));
  EXPECT_THAT(md, HasSubstr("- Note 1: The unit's second run under callgrind gave no count"));
  EXPECT_THAT(md, HasSubstr("killed by SIGKILL"));
  EXPECT_THAT(md, HasSubstr("- Note 2: The counting unit failed. The run says: valgrind exited "
                            "with status 1"));
  EXPECT_THAT(md, HasSubstr("its times and the verdicts built on them are meaningless"));
  // The caveats: threads, the host's recording, the noop body, counts against time.
  EXPECT_THAT(md, HasSubstr("every thread the adapter created"));
  EXPECT_THAT(md, HasSubstr("The host's own recording around each task"));
  EXPECT_THAT(md, HasSubstr("The body is the `noop` workload"));
  EXPECT_THAT(md, HasSubstr("Counts are steadier than time on a shared machine"));
  // The hostile adapter's name is escaped here too.
  EXPECT_THAT(md, HasSubstr("| &lt;script&gt;alert(1)&lt;/script&gt;\\|x | 1 |"));

  const std::string zh = Section(Report(*model_, "zh"), Title("zh", "section.cost.title"));
  EXPECT_THAT(zh, HasSubstr("| 2 | 128 B | 1,843 | 4,000 | 0.400 | 不可用，见注 1 |"));
  EXPECT_THAT(zh, HasSubstr("- 注 1：内核不允许本进程读取这个计数器。运行记录："
                            "〔英文原文：perf\\_event\\_open"));
}

TEST_F(MarkdownReporterTest, ACostNotRunIsSaidInOneLineWithItsReason) {
  // The core's default: the archive holds no cost measurement.
  const std::string recorded = Report(testing::SampleModelJson(), "en");
  EXPECT_THAT(Section(recorded, Title("en", "section.cost.title")),
              HasSubstr("Status: not counted. The archive records no cost-of-code measurement"));
  // A model written before the section existed reads the same.
  const std::string older = Report(Edited(*model_, "/cost", true), "en");
  const std::string older_section = Section(older, Title("en", "section.cost.title"));
  EXPECT_THAT(older_section, HasSubstr("Status: not counted. The archive records no"));
  EXPECT_THAT(older_section, Not(HasSubstr("| allocations / task")));
  // A run that was asked not to count.
  rapidjson::Document d;
  d.Parse(model_->data(), model_->size());
  rapidjson::Pointer("/cost/status").Set(d, "not_run");
  rapidjson::Pointer("/cost/reason_code").Set(d, "not_requested");
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  d.Accept(w);
  const std::string asked = Section(Report(b.GetString(), "en"), Title("en", "section.cost.title"));
  EXPECT_THAT(asked,
              HasSubstr("Status: not counted. This run was asked not to count (`--no-cost`)"));
  EXPECT_THAT(asked, Not(HasSubstr("| allocations / task")));
  const std::string zh = Section(Report(b.GetString(), "zh"), Title("zh", "section.cost.title"));
  EXPECT_THAT(zh, HasSubstr("状态：未统计。本次运行被要求不统计"));
  EXPECT_THAT(testing::EnglishRuns(testing::WithoutModelText(zh, b.GetString())), IsEmpty());
}

TEST_F(MarkdownReporterTest, ACallgrindRunShowsItsInstructionCountsThoughNothingElseWasCounted) {
  // zoo-host run --instrument callgrind runs no counting units (status not_run, reason
  // callgrind_run): the instruction table is the section's whole point and must still show.
  rapidjson::Document d;
  d.Parse(model_->data(), model_->size());
  rapidjson::Pointer("/cost/status").Set(d, "not_run");
  rapidjson::Pointer("/cost/reason_code").Set(d, "callgrind_run");
  rapidjson::Pointer("/cost/rows").Set(d, rapidjson::Value(rapidjson::kArrayType));
  rapidjson::Pointer("/cost/cold_start").Set(d, rapidjson::Value(rapidjson::kArrayType));
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  d.Accept(w);
  const std::string en = Section(Report(b.GetString(), "en"), Title("en", "section.cost.title"));
  EXPECT_THAT(en, HasSubstr("Its exact instruction counts follow."));
  EXPECT_THAT(en, HasSubstr("Exact instructions per task, under callgrind"));
  EXPECT_THAT(en, Not(HasSubstr("| allocations / task")));
  const std::string zh = Section(Report(b.GetString(), "zh"), Title("zh", "section.cost.title"));
  EXPECT_THAT(zh, HasSubstr("其精确指令数见下"));
  EXPECT_THAT(testing::EnglishRuns(testing::WithoutModelText(zh, b.GetString())), IsEmpty());
}

TEST_F(MarkdownReporterTest, TheCoreSayingCallgrindTimesAreMeaninglessIsRendered) {
  // The cost core may carry this sentence as a model message (a conclusion, a self-check).
  rapidjson::Document d;
  d.Parse(model_->data(), model_->size());
  rapidjson::Pointer("/conclusions/0/message/code").Set(d, "cost.callgrind_times_meaningless");
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  d.Accept(w);
  const std::string conclusions =
      Section(Report(b.GetString(), "en"), Title("en", "section.conclusions.title"));
  EXPECT_THAT(conclusions, HasSubstr("This run ran under callgrind, which slows every task"));
  const std::string zh =
      Section(Report(b.GetString(), "zh"), Title("zh", "section.conclusions.title"));
  EXPECT_THAT(zh, HasSubstr("本次运行在指令模拟器下进行"));
}

// `model` with a measured layer line: a bare client, a layer twin of it, one at twice it.
std::string WithLayers(const std::string& model) {
  constexpr char kLayers[] = R"({"status": "measured", "reason_code": "", "subject": "zoo_scheduler",
    "zero_at": "thread_pool", "zero_reason": "pool", "tables": [{"concurrency": 1, "rows": [
    {"label": "thread_pool", "adapter": "thread_pool", "layer": "", "description": "", "bare": true,
     "gate_passed": true, "gate_reason": "", "measured": true, "processes": 5, "best_ns": 1000,
     "median_ns": 1100, "slowest_ns": 1500, "best_rel": 0, "median_rel": 0.1, "slowest_rel": 0.5,
     "below": "", "factor": 1, "low": 1, "high": 1, "verdict": ""},
    {"label": "zoo_scheduler/core", "adapter": "zoo_scheduler", "layer": "core", "description": "d",
     "bare": false, "gate_passed": true, "gate_reason": "", "measured": true, "processes": 5,
     "best_ns": 1000, "median_ns": 1100, "slowest_ns": 1400, "best_rel": 0, "median_rel": 0.1,
     "slowest_rel": 0.4, "below": "thread_pool", "factor": 1.0, "low": 0.98, "high": 1.02,
     "verdict": "indistinguishable"},
    {"label": "zoo_scheduler/public_api", "adapter": "zoo_scheduler", "layer": "public_api",
     "description": "d", "bare": false, "gate_passed": true, "gate_reason": "", "measured": true,
     "processes": 5, "best_ns": 2000, "median_ns": 2200, "slowest_ns": 2600, "best_rel": 1,
     "median_rel": 1.2, "slowest_rel": 1.6, "below": "zoo_scheduler/core", "factor": 2, "low": 1.9,
     "high": 2.1, "verdict": "slower"}]}],
    "cost": [{"label": "zoo_scheduler/public_api", "allocs_per_task": 0,
      "instructions_per_task": null, "callgrind_instructions_per_task": 812.5,
      "callgrind_repeat": "repeated", "cold_alloc_calls": 16, "first_task_ns": 1000000,
      "cold_callgrind_instructions": 52000},
     {"label": "thread_pool", "allocs_per_task": null, "instructions_per_task": null,
      "callgrind_instructions_per_task": 1342, "callgrind_repeat": "differs",
      "cold_alloc_calls": null, "first_task_ns": null, "cold_callgrind_instructions": 41000}]})";
  rapidjson::Document d;
  d.Parse(model.data(), model.size());
  rapidjson::Document layers(&d.GetAllocator());
  layers.Parse(kLayers);
  d.AddMember("layers", rapidjson::Value(layers, d.GetAllocator()), d.GetAllocator());
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  d.Accept(w);
  return b.GetString();
}

TEST_F(MarkdownReporterTest, TheLayerLineShowsItsChartTableAndCostInBothLanguages) {
  const std::string model = WithLayers(*model_);
  RenderResult r = module_->Render(model, "en", "md");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  const std::string en = Section(r.files["report.md"], Title("en", "section.layers.title"));
  EXPECT_THAT(en, HasSubstr("](figures/layers.svg)"));
  EXPECT_THAT(r.files["figures/layers.svg"], HasSubstr("<svg"));
  EXPECT_THAT(en, HasSubstr("indistinguishable from thread\\_pool"));
  EXPECT_THAT(en, HasSubstr("+100% over zoo\\_scheduler/core"));
  EXPECT_THAT(en, HasSubstr("812 (repeats exactly)"));
  // The cold start: callgrind's instructions beside the allocation counter's figures, or
  // alone where only a callgrind unit ran.
  EXPECT_THAT(en, HasSubstr("52,000 instructions, 16 allocations, first task"));
  EXPECT_THAT(en, HasSubstr("| 41,000 instructions |"));
  const std::string zh = Section(Report(model, "zh"), Title("zh", "section.layers.title"));
  EXPECT_THAT(zh, HasSubstr("无法区分"));
  EXPECT_THAT(zh, HasSubstr("figures/layers.svg"));
  // Without the layer line (the sample predates it) the section says so.
  EXPECT_THAT(Section(Report(*model_, "en"), Title("en", "section.layers.title")),
              HasSubstr("predates the layer line"));
}

// A layer whose best round is nearly free of the bare client's cost (-98%) pads the axis, but
// the axis stops at -100%: no round takes less than no time.
TEST_F(MarkdownReporterTest, TheLayerChartsAxisStopsAtMinusOneHundredPercent) {
  std::string model = WithLayers(*model_);
  const std::string core = "\"best_rel\":0,\"median_rel\":0.1,\"slowest_rel\":0.4";
  ASSERT_NE(model.find(core), std::string::npos) << "the fixture's core layer row changed";
  model.replace(model.find(core), core.size(),
                "\"best_rel\":-0.98,\"median_rel\":0.1,\"slowest_rel\":0.4");
  RenderResult r = module_->Render(model, "en", "md");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  const std::string& svg = r.files["figures/layers.svg"];
  EXPECT_THAT(svg, HasSubstr(">-100%<"));
  EXPECT_THAT(svg, Not(::testing::ContainsRegex(">-1[0-9][1-9]%<")));
}

TEST_F(MarkdownReporterTest, FiguresAreWrittenAndLinked) {
  RenderResult r = module_->Render(*model_, "en", "md");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  for (const auto& [path, bytes] : r.files) {
    if (path == "report.md") continue;
    EXPECT_EQ(path.rfind("figures/", 0), 0u) << path;
    EXPECT_THAT(r.files["report.md"], HasSubstr("](" + path + ")")) << path;
  }
}

TEST_F(MarkdownReporterTest, AModelWithoutAMessageFailsNamingIt) {
  RenderResult r = module_->Render(Edited(*model_, "/conclusions/0/message", true), "en", "md");
  EXPECT_EQ(r.status, ZOO_STATUS_FAILED_PRECONDITION);
  EXPECT_THAT(r.error, HasSubstr("the report model lacks conclusions[0].message"));
  EXPECT_THAT(r.files, Not(::testing::Contains(::testing::Key("report.md"))));

  r = module_->Render(Edited(*model_, "/conclusions/0/message/code", false), "zh", "md");
  EXPECT_NE(r.status, ZOO_STATUS_OK);
  EXPECT_EQ(r.error, "message 'msg.no_such_code' is missing from the 'zh' catalog");
}

TEST_F(MarkdownReporterTest, BadRequestsFailWithASentence) {
  RenderResult r = module_->Render(*model_, "fr", "md");
  EXPECT_EQ(r.status, ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(r.error, HasSubstr("'fr'"));
  EXPECT_TRUE(r.files.empty());

  r = module_->Render(*model_, "en", "html");
  EXPECT_EQ(r.status, ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(r.error, HasSubstr("'html'"));

  r = module_->Render("{\"schema\": \"zoo-host-report-model\", \"model_version\": 9}", "en", "md");
  EXPECT_EQ(r.status, ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(r.error, HasSubstr("version"));

  r = module_->RenderWithRequestSize(*model_, "en", "md", 8);
  EXPECT_EQ(r.status, ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(r.error, HasSubstr("update zoo-host"));

  // The next good render clears the error text.
  r = module_->Render(*model_, "en", "md");
  EXPECT_EQ(r.status, ZOO_STATUS_OK);
  EXPECT_EQ(r.error, "");
}


// The machine table's round trips: a row for a model whose environment has them, in both
// languages; none for one without them (every archive before them).
TEST_F(MarkdownReporterTest, TheMachineTableShowsTheRoundTripsWhereTheModelHasThem) {
  const std::string en_title = Title("en", "section.environment.title");
  EXPECT_THAT(Section(Report(*model_, "en"), en_title), Not(HasSubstr("round trips")));
  EXPECT_THAT(Section(Report(*model_, "zh"), Title("zh", "section.environment.title")),
              Not(HasSubstr("往返时间")));
  rapidjson::Document d;
  d.Parse(model_->data(), model_->size());
  const auto trip = [&](const char* name, double median_ns, unsigned exchanges) {
    const std::string at = std::string("/environment/round_trips/") + name;
    rapidjson::Pointer((at + "/method").c_str()).Set(d, "m");
    rapidjson::Pointer((at + "/median_ns").c_str()).Set(d, median_ns);
    rapidjson::Pointer((at + "/mean_ns").c_str()).Set(d, median_ns + 100);
    rapidjson::Pointer((at + "/exchanges").c_str()).Set(d, exchanges);
    rapidjson::Pointer((at + "/batch").c_str()).Set(d, 100u);
  };
  trip("handoff", 4120, 20000);
  trip("pipe", 9870, 20000);
  const auto json = [&] {
    rapidjson::StringBuffer b;
    rapidjson::Writer<rapidjson::StringBuffer> w(b);
    d.Accept(w);
    return std::string(b.GetString());
  };
  const std::string with = json();
  EXPECT_THAT(Section(Report(with, "en"), en_title),
              HasSubstr("| round trips | condition-variable hand-off between two threads 4.1 µs, "
                        "pipe between two processes 9.9 µs (medians of batches of 100; 20000 "
                        "exchanges each, at run start, outside every unit) |"));
  const std::string zh = Section(Report(with, "zh"), Title("zh", "section.environment.title"));
  EXPECT_THAT(zh, HasSubstr("| 往返时间 | 条件变量交接（同一进程的两个线程）4.1 µs，管道（两个进程）9.9 µs"));
  EXPECT_THAT(testing::EnglishRuns(testing::WithoutModelText(zh, with)), IsEmpty());
  // The time budget cut the pipe's short: each figure says its own count.
  trip("pipe", 9870, 1200);
  EXPECT_THAT(Section(Report(json(), "en"), en_title),
              HasSubstr("9.9 µs (1200 exchanges); medians of batches of 100"));
}

}  // namespace
}  // namespace zoo::report
