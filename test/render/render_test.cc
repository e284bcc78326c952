// `zoo-host render` and the report `zoo-host run` writes, as a user runs them: every default
// format, byte-identical on a second render, a third-party reporter found with --plugin, and
// a user's mistake or a broken reporter answered with one sentence and exit code 2.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/archive/archive.h"
#include "core/plugin/reporter_loader.h"
#include "core/render/report_render.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/file_size_limit.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"
#include "test/zoo_host_cli.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;
using ::zoo::testing::CliRun;
using ::zoo::testing::ZooHost;
using ::zoo::testing::TestReporterDir;

std::string Slurp(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every regular file under `dir`, relative, sorted.
std::set<std::string> FilesUnder(const fs::path& dir) {
  std::set<std::string> out;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) out.insert(e.path().lexically_relative(dir).generic_string());
  }
  return out;
}

fs::path ReporterPlugin(const std::string& stem) {
  return TestReporterDir() / ("lib" + stem + "_reporter.so");
}

// The run of the tests below: the subject (zoo_scheduler) and inline, tiny: one process a cell,
// without the subject's own lines and the scenarios (481 units with them, 273 with only the
// default processes, which the sanitizer builds took minutes over; 14 so); the report still
// says why each is missing.
std::vector<std::string> TinyRun(const fs::path& results) {
  return {"run", "--adapters", "inline", "--tiers", "40", "--concurrency", "1", "--warmup", "0",
          "--rounds", "3", "--workload", "noop", "--scenarios", "none", "--no-native-line",
          "--no-layers", "--processes", "1", "--cell-budget", "0", "--results", results.string()};
}

// One small real run, shared by the tests, with the machine's Chromium (the suites' environment
// names none), so that it prints report.pdf.
class RenderTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::make_unique<zoo::testing::TempDir>();
    run_ = ZooHost(TinyRun(dir_->path() / "results"), 240, {"ZOO_HOST_CHROMIUM=chromium"});
    const CliRun& run = run_;
    ASSERT_EQ(run.exit_code, 0) << run.output;
    // results/<subject>-<version>/<time>.json (its report folder beside it holds JSON too).
    for (const fs::directory_entry& run_dir : fs::directory_iterator(dir_->path() / "results")) {
      for (const fs::directory_entry& e : fs::directory_iterator(run_dir.path())) {
        if (e.is_regular_file() && e.path().extension() == ".json") archive_ = e.path();
      }
    }
    ASSERT_FALSE(archive_.empty()) << run.output;
  }
  static void TearDownTestSuite() { dir_.reset(); }
  static std::unique_ptr<zoo::testing::TempDir> dir_;
  static fs::path archive_;
  static CliRun run_;
};
std::unique_ptr<zoo::testing::TempDir> RenderTest::dir_;
fs::path RenderTest::archive_;
CliRun RenderTest::run_;

TEST_F(RenderTest, RunWritesItsReportBesideTheArchive) {
  fs::path report = archive_;
  report.replace_extension();
  const std::set<std::string> files = FilesUnder(report);
  for (const char* f :
       {"report.md", "report.html", "cells.csv", "cost.csv", "report-model.json"}) {
    EXPECT_TRUE(files.count(f)) << f;
  }
  // The deck printed by Chromium (render_pdf_test.py checks its pages and text).
  EXPECT_TRUE(files.count("report.pdf")) << run_.output;
  EXPECT_THAT(run_.output, HasSubstr("  report.pdf\n"));
  EXPECT_EQ(Slurp(report / "report.pdf").rfind("%PDF-", 0), 0u);
  EXPECT_TRUE(std::any_of(files.begin(), files.end(), [](const std::string& f) {
    return f.rfind("figures/", 0) == 0 && f.size() > 12 && f.substr(f.size() - 4) == ".svg";
  }));
  // No temporary file is left behind.
  for (const std::string& f : files) EXPECT_EQ(f.find(".tmp-"), std::string::npos) << f;
  // --no-layers: the run says so, and so does the report's layer section.
  EXPECT_THAT(run_.output, HasSubstr("layers: not run (--no-layers)"));
  EXPECT_THAT(Slurp(report / "report.md"),
              HasSubstr("Status: not measured. This run was asked not to measure it "
                        "(`--no-layers`)."));
}

// Without Chromium a run still measures and reports: one line says that report.pdf was not
// written and why, and the exit code is the run's.
TEST_F(RenderTest, ARunWithoutChromiumSaysSoInOneLine) {
  const fs::path results = dir_->path() / "no-chromium";
  const CliRun run =
      ZooHost(TinyRun(results), 240, {"ZOO_HOST_CHROMIUM=/nonexistent/chromium"});
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("report.pdf not written: ZOO_HOST_CHROMIUM names "
                                    "'/nonexistent/chromium', which is not an executable file"));
  std::set<std::string> all;
  for (const std::string& f : FilesUnder(results)) all.insert(fs::path(f).filename().string());
  EXPECT_TRUE(all.count("report.html"));
  EXPECT_FALSE(all.count("report.pdf"));
}

TEST_F(RenderTest, RenderingTwiceGivesTheSameBytes) {
  const fs::path a = dir_->path() / "a", b = dir_->path() / "b";
  for (const fs::path& out : {a, b}) {
    const CliRun r = ZooHost({"render", archive_.string(), "--out", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
  const std::set<std::string> files = FilesUnder(a);
  EXPECT_EQ(files, FilesUnder(b));
  EXPECT_GE(files.size(), 5u);
  for (const std::string& f : files) EXPECT_EQ(Slurp(a / f), Slurp(b / f)) << f;
  // The model handed to reporters names the archive without a path of this machine: here,
  // outside any repository and outside the current folder, by its file name alone.
  const std::string model = Slurp(a / "report-model.json");
  EXPECT_THAT(model, HasSubstr("\"archive_path\":\"" + archive_.filename().string() + "\""));
  EXPECT_THAT(Slurp(a / "report.md"), Not(HasSubstr(archive_.string())));
}

TEST_F(RenderTest, ChineseIsAskedForWithLang) {
  const fs::path out = dir_->path() / "zh";
  const CliRun r = ZooHost({"render", archive_.string(), "--out", out.string(), "--lang", "zh",
                            "--format", "md"});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(FilesUnder(out).count("report.html"), 0u);  // only what was asked for
  EXPECT_THAT(Slurp(out / "report.md"), HasSubstr("自检"));
}

TEST_F(RenderTest, AThirdPartyReporterIsFoundWithPlugin) {
  const fs::path out = dir_->path() / "tsv";
  const CliRun r = ZooHost({"render", archive_.string(), "--out", out.string(), "--plugin",
                            ReporterPlugin("verdicts").string(), "--reporter", "verdicts"});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string tsv = Slurp(out / "verdicts.tsv");
  EXPECT_THAT(tsv, HasSubstr("cell\tverdict\tratio\n"));
  EXPECT_THAT(tsv, HasSubstr("inline/c1/40us\t"));
  // It is also picked by its format, and `list` shows it among the reporters.
  const CliRun by_format = ZooHost({"render", archive_.string(), "--out", out.string(),
                                    "--plugin", ReporterPlugin("verdicts").string(), "--format",
                                    "tsv"});
  EXPECT_EQ(by_format.exit_code, 0) << by_format.output;
  const CliRun list = ZooHost({"list", "--plugin", ReporterPlugin("verdicts").string()});
  EXPECT_THAT(list.output, HasSubstr("verdicts"));
  EXPECT_THAT(list.output, HasSubstr("markdown"));
}

TEST_F(RenderTest, MistakesAreOneSentenceAndExitTwo) {
  const CliRun missing = ZooHost({"render", (dir_->path() / "nope.json").string()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.output, HasSubstr("nope.json"));

  const fs::path corrupt = dir_->path() / "corrupt.json";
  std::ofstream(corrupt) << "{\"schema\": \"zoo-host-archive\", ";
  const CliRun c = ZooHost({"render", corrupt.string(), "--out", (dir_->path() / "c").string()});
  EXPECT_EQ(c.exit_code, 2);
  EXPECT_THAT(c.output, HasSubstr("corrupt.json"));

  const fs::path foreign = dir_->path() / "foreign.json";
  std::ofstream(foreign) << "{\"context\": {}, \"benchmarks\": []}";
  const CliRun f = ZooHost({"render", foreign.string(), "--out", (dir_->path() / "f").string()});
  EXPECT_EQ(f.exit_code, 2);
  EXPECT_THAT(f.output, HasSubstr("not a zoo-host archive"));

  const CliRun format = ZooHost({"render", archive_.string(), "--format", "docx"});
  EXPECT_EQ(format.exit_code, 2);
  EXPECT_THAT(format.output, HasSubstr("--format docx: no usable reporter writes it"));
  // The suites' environment names no Chromium (ZOO_HOST_CHROMIUM=none).
  const CliRun pdf = ZooHost({"render", archive_.string(), "--out",
                              (dir_->path() / "no-pdf").string(), "--format", "md,pdf"});
  EXPECT_EQ(pdf.exit_code, 2);
  EXPECT_THAT(pdf.output, HasSubstr("--format pdf: no Chromium to print the deck with"));
  EXPECT_FALSE(fs::exists(dir_->path() / "no-pdf")) << "nothing written";
  const CliRun lang = ZooHost({"render", archive_.string(), "--lang", "fr", "--format", "md"});
  EXPECT_EQ(lang.exit_code, 2);
  EXPECT_THAT(lang.output, HasSubstr("--lang fr"));
  const CliRun reporter = ZooHost({"render", archive_.string(), "--reporter", "nope"});
  EXPECT_EQ(reporter.exit_code, 2);
  EXPECT_THAT(reporter.output, HasSubstr("--reporter nope: no usable reporter has that name"));
}

TEST_F(RenderTest, ABrokenReporterIsContainedAndNamed) {
  const fs::path out = dir_->path() / "broken";
  const CliRun crash = ZooHost({"render", archive_.string(), "--out", out.string(), "--plugin",
                                ReporterPlugin("crashing").string(), "--reporter", "crashing"});
  EXPECT_EQ(crash.exit_code, 2);
  EXPECT_THAT(crash.output, HasSubstr("reporter 'crashing'"));
  EXPECT_THAT(crash.output, HasSubstr("SIGSEGV"));

  const CliRun escape = ZooHost({"render", archive_.string(), "--out", out.string(), "--plugin",
                                 ReporterPlugin("escaping").string(), "--reporter", "escaping"});
  EXPECT_EQ(escape.exit_code, 2);
  EXPECT_THAT(escape.output, HasSubstr("refused to write '../escaped.txt'"));
  EXPECT_FALSE(fs::exists(dir_->path() / "escaped.txt"));

  // A reporter with a wrong entry is listed with the reason; the others still render.
  const CliRun magic = ZooHost({"render", archive_.string(), "--out", out.string(), "--plugin",
                                ReporterPlugin("wrong_magic").string(), "--format", "csv"});
  EXPECT_EQ(magic.exit_code, 0) << magic.output;
  EXPECT_THAT(magic.output, HasSubstr("wrong magic number"));
  EXPECT_TRUE(fs::exists(out / "cells.csv"));
}

// A write the machine refuses (a full disk; here a file size limit, EFBIG) gives the cause
// and exit 1, not 2 (the user did nothing wrong), and leaves no half report folder: it is
// rendered beside its place and moved there only when complete.
TEST_F(RenderTest, AWriteTheMachineRefusesExitsOneAndLeavesNoHalfFolder) {
  const fs::path parent = dir_->path() / "full";
  fs::create_directories(parent);
  const fs::path out = parent / "report";
  CliRun r;
  {
    const zoo::testing::FileSizeLimit limit(4096);
    r = ZooHost({"render", archive_.string(), "--out", out.string()});
  }
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("cannot be written (File too large)"));
  EXPECT_FALSE(fs::exists(out)) << "no half folder";
  EXPECT_TRUE(fs::is_empty(parent)) << "no staging folder left beside it";
}

// A reporter whose file the machine refuses did nothing wrong: its failure is the machine's
// (kUnavailable, so exit 1), with the system's reason, and marked so for the parent process.
TEST_F(RenderTest, AReporterWhoseWriteTheMachineRefusesFailsAsTheMachine) {
  absl::StatusOr<LoadedReporter> markdown =
      LoadReporter(zoo::testing::BuiltinReporter("markdown"));
  ASSERT_TRUE(markdown.ok()) << markdown.status();
  const CliRun model = ZooHost({"analyze", "--json", archive_.string()});
  ASSERT_EQ(model.exit_code, 0) << model.output;
  std::vector<std::string> written;
  absl::Status s;
  {
    const zoo::testing::FileSizeLimit limit(1024);
    s = RenderWithReporter(*markdown, model.output, dir_->path() / "md-full", "en", "md",
                           &written);
  }
  EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable) << s;
  EXPECT_THAT(s.message(), HasSubstr("reporter 'markdown' could not write its files: "));
  EXPECT_THAT(s.message(), HasSubstr("cannot be written (File too large)"));
  EXPECT_THAT(RenderResultToJson(s, written), HasSubstr("\"io_failure\":true"));
  EXPECT_THAT(RenderResultToJson(absl::FailedPreconditionError("x"), written),
              Not(HasSubstr("io_failure")));
}

// Re-rendering into a folder replaces the report's files and keeps everything else in it.
TEST_F(RenderTest, RenderingIntoAFolderOfOtherFilesKeepsThem) {
  const fs::path out = dir_->path() / "mine";
  fs::create_directories(out);
  std::ofstream(out / "notes.txt") << "mine";
  std::ofstream(out / "report.md") << "stale";
  const CliRun r = ZooHost({"render", archive_.string(), "--out", out.string(), "--format", "md"});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(Slurp(out / "notes.txt"), "mine");
  EXPECT_NE(Slurp(out / "report.md"), "stale");
  for (const fs::directory_entry& e : fs::directory_iterator(out)) {
    EXPECT_NE(e.path().filename().string().front(), '.') << e.path() << " left behind";
  }
}

// A 10 MB string in an archive made render take 28 s and write 371 MB: it is refused at once.
TEST_F(RenderTest, AnArchiveWithAStringPastTheLimitIsRefused) {
  absl::StatusOr<Archive> a = ReadArchive(archive_);
  ASSERT_TRUE(a.ok()) << a.status();
  a->run.command = std::string(size_t{10} << 20, 'c');
  const fs::path huge = dir_->path() / "huge.json";
  ASSERT_TRUE(WriteArchive(*a, huge).ok());
  const fs::path out = dir_->path() / "huge";
  const CliRun r = ZooHost({"render", huge.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr(huge.string() + ": a string at run.command is 10485760 bytes; "
                                  "the limit is 262144"));
  EXPECT_FALSE(fs::exists(out));
}

}  // namespace
}  // namespace zoo
