// The built-in reporters on a compare document (core/compare_model_json.h): compare.json byte
// for byte, compare.md and compare.html in both languages, and the refusals.
#include <regex>
#include <string>
#include <vector>

#include "core/archive/archive.h"
#include "core/measure/unit_stats.h"
#include "core/model/compare_model.h"
#include "core/model/compare_model_json.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/reporters/reporter_test_support.h"
#include "test/test_paths.h"

namespace zoo::report {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

ArchivedUnit MakeUnit(const std::string& adapter, uint32_t tier, double per_task_ns) {
  UnitResult u;
  u.ok = true;
  u.spec = {.adapter = adapter, .plugin_file = "/x/" + adapter + ".so", .tier_us = tier,
            .concurrency = 1, .warmup_rounds = 0, .measured_rounds = 5, .workload = "json",
            .semantics = "", .semantics_value = 0};
  u.calibration.target_ns = static_cast<int64_t>(tier) * 1000;
  const int64_t body = static_cast<int64_t>(tier) * 1000;
  for (double f : {0.97, 0.99, 1.0, 1.01, 1.03}) {
    const auto e2e = static_cast<int64_t>(per_task_ns * f);
    RoundSample r{.start_ns = 0, .wall_ns = e2e, .tasks = {}};
    r.tasks.push_back({.submit_call_ns = 0, .submit_return_ns = 1'000, .body_start_ns = 2'000,
                       .body_end_ns = 2'000 + body, .completed_ns = e2e, .executor_pid = 7});
    u.rounds.push_back(std::move(r));
  }
  return {.result = u, .stats = ComputeUnitStats(u, 2)};
}

Archive MakeArchive(const std::string& version, double subj_40, bool with_300) {
  Archive a;
  a.subject = "subj";
  a.subject_version = version;
  a.run.status = RunStatus::kComplete;
  a.run.started_utc = "2026-11-30T12:00:00Z";
  a.environment.logical_cores = 2;
  a.environment.hostname = "box";
  for (const char* name : {"subj", "base"}) {
    AdapterRecord r;
    r.descriptor.name = name;
    r.gate_passed = true;
    a.adapters.push_back(r);
  }
  a.units = {MakeUnit("subj", 40, subj_40), MakeUnit("base", 40, 60'000)};
  if (with_300) {
    a.units.push_back(MakeUnit("subj", 300, 350'000));
    a.units.push_back(MakeUnit("base", 300, 350'000));
  }
  return a;
}

// 1.0 -> 1.1: the subject twice as slow at 40 us, the 300 us tier measured in 1.0 only.
std::string SampleCompareJson() {
  absl::StatusOr<CompareModel> m =
      BuildCompareModel(MakeArchive("1.0", 50'000, true), "results/subj-1.0/a.json",
                        MakeArchive("1.1", 100'000, false), "results/subj-1.1/b.json");
  EXPECT_TRUE(m.ok()) << m.status();
  return m.ok() ? CompareModelToJson(*m) : std::string();
}

std::string WithoutStyle(std::string html) {
  return std::regex_replace(html, std::regex("<style>[^<]*</style>"), " ");
}

TEST(CompareRenderTest, TheJsonReporterWritesTheCompareDocumentByteForByte) {
  testing::ReporterModule module(::zoo::testing::BuiltinReporter("json"));
  ASSERT_NE(module.entry(), nullptr);
  EXPECT_STREQ(module.entry()->documents, "report,compare");
  const std::string doc = SampleCompareJson();
  for (const char* language : {"en", "zh"}) {
    testing::RenderResult r = module.Render(doc, language, "json");
    ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
    ASSERT_EQ(r.files.size(), 1u);
    EXPECT_EQ(r.files["compare.json"], doc);
  }
}

TEST(CompareRenderTest, MarkdownAndHtmlSayTheSameFactsInBothLanguages) {
  const std::string doc = SampleCompareJson();
  struct Case {
    std::string module;
    const char* format;
    const char* file;
  };
  for (const Case& c : {Case{::zoo::testing::BuiltinReporter("markdown"), "md", "compare.md"},
                        Case{::zoo::testing::BuiltinReporter("html"), "html", "compare.html"}}) {
    SCOPED_TRACE(c.file);
    testing::ReporterModule module(c.module);
    ASSERT_NE(module.entry(), nullptr);
    testing::RenderResult en = module.Render(doc, "en", c.format);
    testing::RenderResult zh = module.Render(doc, "zh", c.format);
    ASSERT_EQ(en.status, ZOO_STATUS_OK) << en.error;
    ASSERT_EQ(zh.status, ZOO_STATUS_OK) << zh.error;
    const std::string& e = en.files[c.file];
    const std::string& z = WithoutStyle(zh.files[c.file]);
    for (const std::string& text : {e, z}) {
      EXPECT_THAT(text, HasSubstr("+100.0%")) << "the regressed cell's change";
      EXPECT_THAT(text, HasSubstr("base/c1/40us"));
      EXPECT_THAT(text, HasSubstr("base/c1/300us")) << "the one-sided cell is listed";
    }
    EXPECT_THAT(e, HasSubstr("the subject got slower relative to the baseline by +100.0%"));
    EXPECT_THAT(z, HasSubstr("退步"));
    EXPECT_THAT(testing::EnglishRuns(z), IsEmpty());
    EXPECT_THAT(e, Not(HasSubstr("退步")));
    EXPECT_EQ(module.Render(doc, "en", c.format).files[c.file], e) << "deterministic";
  }
}

TEST(CompareRenderTest, AReporterWithoutCompareSupportOrAnUnknownVersionRefuses) {
  const std::string doc = SampleCompareJson();
  testing::ReporterModule csv(::zoo::testing::BuiltinReporter("csv"));
  ASSERT_NE(csv.entry(), nullptr);
  EXPECT_STREQ(csv.entry()->documents, "report");
  testing::RenderResult r = csv.Render(doc, "en", "csv");
  EXPECT_EQ(r.status, ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(r.error, "this reporter does not render compare documents");

  testing::ReporterModule md(::zoo::testing::BuiltinReporter("markdown"));
  std::string v4 = doc;
  v4.replace(v4.find("\"model_version\":3"), 17, "\"model_version\":4");
  testing::RenderResult bad = md.Render(v4, "en", "md");
  EXPECT_EQ(bad.status, ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(bad.error, HasSubstr("compare document is version 4"));
  EXPECT_TRUE(bad.files.empty());
}

}  // namespace
}  // namespace zoo::report
