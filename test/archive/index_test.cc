// `zoo-host index`: the archives of a results folder found (depth 2 only) and ordered by
// recorded version, each report rendered, a compare page per adjacent version pair, and every
// relative link of the site's HTML and Markdown pointing at a file that exists.
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/archive/archive.h"
#include "core/archive/results_index.h"
#include "core/measure/unit_stats.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "test/file_size_limit.h"
#include "test/temp_dir.h"
#include "test/zoo_host_cli.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::zoo::testing::CliRun;
using ::zoo::testing::ReadText;
using ::zoo::testing::TempDir;
using ::zoo::testing::ZooHost;

ArchivedUnit MakeUnit(const std::string& adapter, double per_task_ns) {
  UnitResult u;
  u.ok = true;
  u.spec = {.adapter = adapter, .plugin_file = "/x/" + adapter + ".so", .tier_us = 40,
            .concurrency = 1, .warmup_rounds = 0, .measured_rounds = 5, .workload = "json",
            .semantics = "", .semantics_value = 0};
  u.calibration.target_ns = 40'000;
  for (double f : {0.97, 0.99, 1.0, 1.01, 1.03}) {
    const auto e2e = static_cast<int64_t>(per_task_ns * f);
    RoundSample r{.start_ns = 0, .wall_ns = e2e, .tasks = {}};
    r.tasks.push_back({.submit_call_ns = 0, .submit_return_ns = 1'000, .body_start_ns = 2'000,
                       .body_end_ns = 42'000, .completed_ns = e2e, .executor_pid = 7});
    u.rounds.push_back(std::move(r));
  }
  return {.result = u, .stats = ComputeUnitStats(u, 2)};
}

// An archive of `subject` at `version` against one baseline, written where `run` would.
fs::path WriteSynthetic(const fs::path& results, const std::string& subject,
                        const std::string& version, const std::string& started,
                        double subject_ns) {
  Archive a;
  a.subject = subject;
  a.subject_version = version;
  a.run.status = RunStatus::kComplete;
  a.run.started_utc = started;
  a.run.finished_utc = started;
  a.environment.logical_cores = 2;
  a.environment.hostname = "box";
  for (const std::string& name : {subject, std::string("base")}) {
    AdapterRecord r;
    r.descriptor.name = name;
    r.gate_passed = true;
    a.adapters.push_back(r);
  }
  a.units = {MakeUnit(subject, subject_ns), MakeUnit("base", 60'000)};
  const fs::path path = ArchivePath(results, subject, version, started);
  EXPECT_TRUE(WriteArchive(a, path).ok()) << path;
  return path;
}

// Every href/src of the HTML files and every Markdown link target under `site` that is not
// an anchor or an absolute URL; each must name an existing file relative to its page.
std::vector<std::string> BrokenLinks(const fs::path& site, size_t* checked) {
  static const std::regex kHtml(R"re((?:href|src)="([^"]*)")re");
  static const std::regex kMarkdown(R"(\]\(([^)\s]*)\))");
  std::vector<std::string> broken;
  for (const auto& e : fs::recursive_directory_iterator(site)) {
    const std::string ext = e.path().extension().string();
    if (ext != ".html" && ext != ".md") continue;
    const std::string text = ReadText(e.path());
    const std::regex& re = ext == ".html" ? kHtml : kMarkdown;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re);
         it != std::sregex_iterator(); ++it) {
      std::string link = (*it)[1];
      if (link.empty() || link[0] == '#' || link.find("://") != std::string::npos ||
          link.rfind("mailto:", 0) == 0 || link.rfind("data:", 0) == 0) {
        continue;
      }
      link = link.substr(0, link.find('#'));
      link = std::regex_replace(link, std::regex("&amp;"), "&");
      ++*checked;
      if (!fs::is_regular_file(e.path().parent_path() / link)) {
        broken.push_back(e.path().lexically_relative(site).string() + " -> " + link);
      }
    }
  }
  return broken;
}

TEST(ResultsIndexTest, VersionsCompareByNumericParts) {
  EXPECT_LT(CompareVersions("1.9", "1.10"), 0);
  EXPECT_GT(CompareVersions("2.0", "1.99.7"), 0);
  EXPECT_EQ(CompareVersions("1.02", "1.2"), 0);
  EXPECT_LT(CompareVersions("1.0", "1.0.1"), 0);
  EXPECT_LT(CompareVersions("1.0-beta", "1.1"), 0);
  EXPECT_LT(CompareVersions("99999999999999999999", "100000000000000000000"), 0);
}

TEST(ResultsIndexTest, OnlyDepthTwoJsonFilesAreArchivesOrderedByVersionThenTime) {
  TempDir dir;
  const fs::path results = dir.path() / "results";
  WriteSynthetic(results, "subj", "1.10", "2026-11-30T10:00:00Z", 50'000);
  WriteSynthetic(results, "subj", "1.0", "2026-11-30T12:00:00Z", 50'000);
  WriteSynthetic(results, "subj", "1.9", "2026-11-30T09:00:00Z", 50'000);
  WriteSynthetic(results, "subj", "1.0", "2026-11-30T08:00:00Z", 50'000);
  const fs::path stray = results / "subj-1.0" / "20261130T080000Z" / "report-model.json";
  fs::create_directories(stray.parent_path());
  std::ofstream(stray) << "{}";
  std::ofstream(results / "notes.json") << "{}";
  std::ofstream(results / "subj-1.0" / "broken.json") << "{\"schema\": ";

  absl::StatusOr<ResultsScan> scan = ScanResults(results);
  ASSERT_TRUE(scan.ok()) << scan.status();
  std::vector<std::string> order;
  for (const IndexedArchive& a : scan->archives) order.push_back(a.subject_version + " " + a.stem);
  EXPECT_THAT(order, ElementsAre("1.0 20261130T080000Z", "1.0 20261130T120000Z",
                                 "1.9 20261130T090000Z", "1.10 20261130T100000Z"));
  ASSERT_EQ(scan->skipped.size(), 1u);
  EXPECT_THAT(scan->skipped[0], HasSubstr("broken.json"));
  // The latest archive of each version, paired with the next version's.
  const auto pairs = AdjacentVersionPairs(scan->archives);
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(scan->archives[pairs[0].first].stem, "20261130T120000Z");
  EXPECT_EQ(scan->archives[pairs[0].second].subject_version, "1.9");
  EXPECT_EQ(scan->archives[pairs[1].second].subject_version, "1.10");

  EXPECT_FALSE(ScanResults(dir.path() / "nowhere").ok());
}

TEST(IndexTest, TheSiteListsEveryArchiveComparesAdjacentVersionsAndEveryLinkResolves) {
  TempDir dir;
  const fs::path results = dir.path() / "results", site = dir.path() / "site";
  WriteSynthetic(results, "subj", "1.0", "2026-11-30T08:00:00Z", 50'000);
  WriteSynthetic(results, "subj", "1.0", "2026-11-30T12:00:00Z", 50'000);
  WriteSynthetic(results, "subj", "1.9", "2026-11-30T09:00:00Z", 100'000);
  WriteSynthetic(results, "subj", "1.10", "2026-11-30T10:00:00Z", 100'000);
  WriteSynthetic(results, "zeta", "2.0", "2026-11-30T10:00:00Z", 50'000);
  std::ofstream(results / "subj-1.9" / "broken.json") << "not json";

  const CliRun r = ZooHost({"index", results.string(), "--out", site.string()});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, AllOf(HasSubstr("5 archives, 2 compare pages, 1 files skipped"),
                              HasSubstr("skipped " + (results / "subj-1.9" / "broken.json").string())));

  const std::string index = ReadText(site / "index.html");
  // Grouped by subject, ordered by version: 1.0 (twice), 1.9, 1.10, then zeta.
  const size_t v10 = index.find("<td>1.0</td>"), v19 = index.find("<td>1.9</td>"),
               v110 = index.find("<td>1.10</td>"), zeta = index.find("<h2>zeta</h2>");
  ASSERT_NE(v10, std::string::npos);
  EXPECT_LT(v10, v19);
  EXPECT_LT(v19, v110);
  EXPECT_LT(v110, zeta);
  EXPECT_THAT(index, AllOf(HasSubstr("compare/subj-1.0.vs-subj-1.9/compare.html"),
                           HasSubstr("compare/subj-1.9.vs-subj-1.10/compare.html"),
                           Not(HasSubstr("vs-zeta")), Not(HasSubstr("broken"))));
  EXPECT_TRUE(fs::exists(site / "index.md"));

  // The compare of 1.0 -> 1.9 uses the latest 1.0 archive and sees the 2x slowdown.
  rapidjson::Document d;
  const std::string compare = ReadText(site / "compare/subj-1.0.vs-subj-1.9/compare.json");
  d.Parse(compare.c_str());
  ASSERT_TRUE(d.IsObject()) << compare;
  EXPECT_STREQ(d["old"]["started_utc"].GetString(), "2026-11-30T12:00:00Z");
  EXPECT_STREQ(d["cells"][0]["direction"].GetString(), "regressed");

  size_t checked = 0;
  EXPECT_THAT(BrokenLinks(site, &checked), ::testing::IsEmpty());
  // 5 archives x (2 report links + 1 archive link) + 2 x 2 compare links in index.html alone.
  EXPECT_GE(checked, 19u);
}

// Ctrl-C during the gate leaves an archive with no measured unit of its subject: it reads, but
// there is no report to make. index names it and builds the site from the rest.
TEST(IndexTest, AnArchiveThatCannotBeReportedIsSkippedAndTheSiteStillBuilt) {
  TempDir dir;
  const fs::path results = dir.path() / "results", site = dir.path() / "site";
  WriteSynthetic(results, "subj", "1.0", "2026-11-30T08:00:00Z", 50'000);
  const fs::path empty = WriteSynthetic(results, "subj", "1.1", "2026-11-30T09:00:00Z", 50'000);
  absl::StatusOr<Archive> a = ReadArchive(empty);
  ASSERT_TRUE(a.ok());
  a->units.clear();
  a->run.status = RunStatus::kInterrupted;
  ASSERT_TRUE(WriteArchive(*a, empty).ok());

  const CliRun r = ZooHost({"index", results.string(), "--out", site.string()});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, AllOf(HasSubstr("1 archives, 0 compare pages, 1 files skipped"),
                              HasSubstr("skipped " + empty.string()),
                              HasSubstr("no measured unit of its subject")));
  EXPECT_TRUE(fs::exists(site / "index.html"));
}

// A write the machine refuses (a full disk; here a file size limit, EFBIG): the cause, exit
// 1, and no half site, as the site is built beside SITE and moved there only when complete.
TEST(IndexTest, AWriteTheMachineRefusesExitsOneAndLeavesNoHalfSite) {
  TempDir dir;
  const fs::path results = dir.path() / "results", out = dir.path() / "out", site = out / "site";
  WriteSynthetic(results, "subj", "1.0", "2026-11-30T08:00:00Z", 50'000);
  fs::create_directories(out);
  CliRun r;
  {
    const zoo::testing::FileSizeLimit limit(4096);
    r = ZooHost({"index", results.string(), "--out", site.string()});
  }
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("cannot be written (File too large)"));
  EXPECT_FALSE(fs::exists(site)) << "no half site";
  EXPECT_TRUE(fs::is_empty(out)) << "no staging folder left beside it";
}

// index --lang zh: the index page's own words from the site's zh catalog (site_words.h), the
// reports and compare pages from the reporters' zh catalogs.
TEST(IndexTest, LangZhWritesAChineseIndexPage) {
  TempDir dir;
  const fs::path results = dir.path() / "results", site = dir.path() / "site";
  WriteSynthetic(results, "subj", "1.0", "2026-11-30T08:00:00Z", 50'000);
  WriteSynthetic(results, "subj", "1.1", "2026-11-30T09:00:00Z", 100'000);

  const CliRun r = ZooHost({"index", results.string(), "--out", site.string(), "--lang", "zh"});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string index = ReadText(site / "index.html");
  EXPECT_THAT(index,
              AllOf(HasSubstr("<html lang=\"zh\">"), HasSubstr("<h1>zoo-host 评测结果</h1>"),
                    HasSubstr("<th>版本</th><th>开始时间（UTC）</th><th>报告</th><th>留档</th>"),
                    HasSubstr("<h3>版本间对比</h3>"), HasSubstr("Noto Sans CJK SC")));
  // What a reader sees, less the markup, the links (file names) and the archives' own data
  // (the subject, the times): no Latin letter is left, so no English word of the page's own.
  std::string seen =
      std::regex_replace(index, std::regex("<style>[^<]*</style>|<title>[^<]*</title>"), "");
  seen = std::regex_replace(seen, std::regex("<a [^>]*>[^<]*</a>|<[^>]*>|&[a-z]+;"), " ");
  seen = std::regex_replace(
      seen, std::regex("zoo-host|UTC|subj|\\d{4}-\\d\\d-\\d\\dT[\\d:]+Z"), " ");
  EXPECT_FALSE(std::regex_search(seen, std::regex("[A-Za-z]"))) << seen;
  EXPECT_THAT(ReadText(site / "index.md"), AllOf(HasSubstr("# zoo-host 评测结果\n"),
                                                  HasSubstr("| 版本 | 开始时间（UTC）"),
                                                  HasSubstr("### 版本间对比")));
  EXPECT_THAT(ReadText(site / "reports/subj-1.0/20261130T080000Z/report.md"), HasSubstr("自检"));

  const CliRun fr = ZooHost({"index", results.string(), "--out", (dir.path() / "fr").string(),
                             "--lang", "fr"});
  EXPECT_EQ(fr.exit_code, 2);
  EXPECT_THAT(fr.output, HasSubstr("--lang fr: the index site is written in en or zh"));
  EXPECT_FALSE(fs::exists(dir.path() / "fr"));
}

TEST(IndexTest, AMissingResultsFolderOrNoOutIsAUsageError) {
  TempDir dir;
  const CliRun missing =
      ZooHost({"index", (dir.path() / "nowhere").string(), "--out", (dir.path() / "s").string()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.output, HasSubstr("nowhere"));
  EXPECT_EQ(ZooHost({"index", dir.path().string()}).exit_code, 2);
}

}  // namespace
}  // namespace zoo
