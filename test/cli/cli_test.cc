// The zoo-host CLI as a user runs it: exit codes, one-sentence errors, list and validate.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/archive/archive.h"
#include "core/base/build_config.h"
#include "core/worker/child_process.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"
#include "test/zoo_host_cli.h"

namespace zoo {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;
using ::zoo::testing::CliRun;
using ::zoo::testing::ZooHost;
using ::zoo::testing::TestPlugin;
using ::zoo::testing::TestPluginDir;

// The line of `output` that starts with `prefix`, or "".
std::string LineStartingWith(const std::string& output, const std::string& prefix) {
  size_t at = output.find(prefix);
  if (at == std::string::npos) return "";
  return output.substr(at, output.find('\n', at) - at);
}

std::string FileText(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// render --subject: the same archive read with another measured adapter as the reference,
// byte-identical on a second render in both languages, beside the run's own report (never over
// it), and one sentence with exit 2 for an adapter the archive did not measure.
TEST(CliTest, RenderWithAnotherSubjectIsStableAndNeverOverwritesTheRunsReport) {
  zoo::testing::TempDir dir;
  const std::filesystem::path archive = dir.path() / "20261202T020501Z.json";
  std::filesystem::copy_file(zoo::testing::FuzzCorpusDir() / "archive" / "trimmed-20261202T020501Z.json",
                             archive);
  for (const char* lang : {"en", "zh"}) {
    std::string first;
    for (int i = 0; i < 2; ++i) {
      const std::filesystem::path out = dir.path() / (std::string(lang) + std::to_string(i));
      const CliRun r = ZooHost({"render", archive.string(), "--subject", "asio_pool", "--lang", lang,
                                "--format", "md,json", "--out", out.string()});
      ASSERT_EQ(r.exit_code, 0) << r.output;
      const std::string md = FileText(out / "report.md") + FileText(out / "report-model.json");
      if (i == 0) first = md;
      EXPECT_EQ(md, first) << lang << ": a second render gives the same bytes";
    }
    EXPECT_EQ(first.rfind("# asio\\_pool", 0), 0u) << lang << ": the reference's report";
    EXPECT_THAT(first, HasSubstr("\"measured_subject\":\"zoo_scheduler\""));
  }
  const CliRun beside = ZooHost({"render", archive.string(), "--subject", "asio_pool", "--format", "md"});
  ASSERT_EQ(beside.exit_code, 0) << beside.output;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "20261202T020501Z.asio_pool" / "report.md"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "20261202T020501Z"));
  const CliRun unknown = ZooHost({"render", archive.string(), "--subject", "nosuch"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.output, HasSubstr("--subject nosuch: the archive measured no adapter of that name"));
}

TEST(CliTest, VersionAndHelpExitZero) {
  CliRun v = ZooHost({"--version"});
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_THAT(v.output, HasSubstr("zoo-host 0."));
  EXPECT_THAT(v.output, HasSubstr("adapter C ABI 1.1"));
  CliRun h = ZooHost({"--help"});
  EXPECT_EQ(h.exit_code, 0);
  EXPECT_THAT(h.output, AllOf(HasSubstr("list"), HasSubstr("validate"), HasSubstr("Exit codes")));
  for (const char* command : {"list", "validate"}) {
    CliRun c = ZooHost({command, "--help"});
    EXPECT_EQ(c.exit_code, 0) << command;
    EXPECT_THAT(c.output, HasSubstr("--plugin")) << command;
  }
}

// `zoo-host --plugin PATH... [run options]`, with no command, is `run` with those plugins
// added: what a third party types first. `zoo-host` alone is the short help, not a run.
TEST(CliTest, PluginFirstIsARunWithThosePlugins) {
  CliRun none = ZooHost({});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_THAT(none.output, AllOf(HasSubstr("zoo-host --plugin PATH..."),
                                 HasSubstr("zoo-host --help"), Not(HasSubstr("Exit codes"))));
  CliRun help = ZooHost({"--plugin=" + TestPluginDir().string(), "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_THAT(help.output, HasSubstr("Usage: zoo-host run"));
  CliRun missing = ZooHost({"--plugin", "/no/such/dir", "--quick"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.output, HasSubstr("--plugin /no/such/dir: no such file or folder"));

  zoo::testing::TempDir dir;
  const std::filesystem::path results = dir.path() / "results";
  CliRun r = ZooHost({"--plugin", TestPlugin("tunable_inline").string(), "--subject",
                      "tunable_inline", "--adapters", "tunable_inline,inline", "--tiers", "40",
                      "--concurrency", "1", "--warmup", "0", "--rounds", "3", "--workload", "noop",
                      "--no-cost", "--scenarios", "none", "--processes", "1", "--cell-budget",
                      "0", "--no-report", "--results", results.string()});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::vector<std::filesystem::path> archives;
  for (const auto& e : std::filesystem::recursive_directory_iterator(results)) {
    if (e.path().extension() == ".json") archives.push_back(e.path());
  }
  ASSERT_EQ(archives.size(), 1u);
  absl::StatusOr<Archive> a = ReadArchive(archives[0]);
  ASSERT_TRUE(a.ok()) << a.status();
  std::set<std::string> measured;  // each with its attribution unit; inline with the floor too
  for (const auto& u : a->units) measured.insert(u.result.spec.adapter);
  EXPECT_THAT(measured, ::testing::UnorderedElementsAre("tunable_inline", "inline"));
}

TEST(CliTest, UsageMistakesExitTwoWithOneSentence) {
  CliRun none = ZooHost({});
  EXPECT_EQ(none.exit_code, 2);
  CliRun unknown = ZooHost({"frobnicate"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.output, HasSubstr("unknown command 'frobnicate'"));
  CliRun flag = ZooHost({"list", "--no-such-flag"});
  EXPECT_EQ(flag.exit_code, 2);
  EXPECT_THAT(flag.output, HasSubstr("zoo-host list:"));
  CliRun missing = ZooHost({"list", "--plugin", "/no/such/dir"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.output, HasSubstr("--plugin /no/such/dir: no such file or folder"));
  CliRun bad_concurrency = ZooHost({"validate", "--concurrency", "1,x"});
  EXPECT_EQ(bad_concurrency.exit_code, 2);
  EXPECT_THAT(bad_concurrency.output, HasSubstr("--concurrency: 'x' is not a whole number"));
  CliRun no_such_name = ZooHost({"validate", "no_such_adapter"});
  EXPECT_EQ(no_such_name.exit_code, 2);
  EXPECT_THAT(no_such_name.output, HasSubstr("no adapter named 'no_such_adapter'"));
  // A negative count reads as a huge unsigned one; bounds refuse it as the flag's mistake,
  // never as a plugin's rejection, and a timeout that would overflow the deadline too.
  for (const char* tasks : {"-1", "1000000000"}) {
    CliRun huge = ZooHost({"validate", "--tasks", tasks});
    EXPECT_EQ(huge.exit_code, 2) << tasks;
    EXPECT_THAT(huge.output, HasSubstr("--tasks must be from 1 to 10000000")) << tasks;
  }
  // The SDK promises adapters max_batch <= 1048576; the gate never asks for more.
  CliRun big_batch = ZooHost({"validate", "--large-batch", "1048577"});
  EXPECT_EQ(big_batch.exit_code, 2);
  EXPECT_THAT(big_batch.output, HasSubstr("--large-batch must be from 0 to 1048576"));
  for (const char* timeout : {"inf", "1e308", "0.001"}) {
    CliRun bad = ZooHost({"validate", "--timeout", timeout});
    EXPECT_EQ(bad.exit_code, 2) << timeout;
    EXPECT_THAT(bad.output, HasSubstr("--timeout must be from 0.1 to 86400 seconds")) << timeout;
  }
  for (const char* warmup : {"-1", "4294967295"}) {
    CliRun wrap = ZooHost({"run", "--warmup", warmup, "--no-report"});
    EXPECT_EQ(wrap.exit_code, 2) << warmup;
    EXPECT_THAT(wrap.output, HasSubstr("warmup_rounds")) << warmup;
  }
  CliRun overflow = ZooHost({"run", "--unit-timeout", "1e308", "--no-report"});
  EXPECT_EQ(overflow.exit_code, 2);
  EXPECT_THAT(overflow.output, HasSubstr("from 0.1 to 86400 seconds"));
}

// An empty string is not a value: it would act as the default (--format, --lang) or as the
// current folder (--out, --results). Refused by every command with the flag named.
TEST(CliTest, EmptyValuesAreRefusedWithTheFlagNamed) {
  const std::vector<std::vector<std::string>> cases = {
      {"render", "a.json", "--out", ""},     {"render", "a.json", "--format", ""},
      {"render", "a.json", "--lang", ""},    {"render", "a.json", "--reporter", ""},
      {"run", "--results", ""},              {"run", "--report", ""},
      {"run", "--lang", ""},                 {"run", "--matrix", ""},
      {"run", "--adapters", ""},             {"run", "--subject", ""},
      {"run", "--concurrency", ""},          {"list", "--plugin", ""},
      {"compare", "a.json", "b.json", "--out", ""},
      {"index", "results", "--out", ""},
  };
  for (const std::vector<std::string>& args : cases) {
    CliRun r = ZooHost(args);
    const std::string flag = args[args.size() - 2];
    EXPECT_EQ(r.exit_code, 2) << flag << ": " << r.output;
    EXPECT_THAT(r.output, HasSubstr("zoo-host " + args[0] + ": " + flag +
                                    " is an empty string; give a value, or leave the flag out"))
        << r.output;
  }
  CliRun archive = ZooHost({"render", ""});
  EXPECT_EQ(archive.exit_code, 2);
  EXPECT_THAT(archive.output, HasSubstr("zoo-host render: the archive is an empty string"));
}

// A list flag refuses an entry given twice, as a matrix file's list does.
TEST(CliTest, AListFlagWithAnEntryTwiceIsRefusedAsInAMatrixFile) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"run", "--concurrency", "1,4,1"}, "--concurrency: lists 1 twice"},
      {{"run", "--tiers", "40,40"}, "--tiers: lists 40 twice"},
      {{"run", "--adapters", "inline,thread_pool,inline"}, "--adapters: lists inline twice"},
      {{"run", "--adapters", "inline,,thread_pool"}, "--adapters: an empty entry"},
      {{"render", "a.json", "--format", "md,html,md"}, "--format: lists md twice"},
      {{"compare", "a.json", "b.json", "--format", "json, json"}, "--format: lists json twice"},
  };
  for (const auto& [args, sentence] : cases) {
    CliRun r = ZooHost(args);
    EXPECT_EQ(r.exit_code, 2) << sentence << ": " << r.output;
    EXPECT_THAT(r.output, HasSubstr("zoo-host " + args[0] + ": " + sentence)) << r.output;
  }
}

// A symbolic link loop is named as one (ELOOP), wherever a path is read, not "no such file".
TEST(CliTest, ASymbolicLinkLoopIsNamedAsOne) {
  zoo::testing::TempDir dir;
  const std::filesystem::path loop = dir.path() / "loop.json";
  std::filesystem::create_symlink(dir.path() / "other.json", loop);
  std::filesystem::create_symlink(loop, dir.path() / "other.json");
  const std::vector<std::vector<std::string>> cases = {
      {"render", loop.string()},
      {"analyze", loop.string()},
      {"compare", loop.string(), loop.string()},
      {"run", "--matrix", loop.string()},
      {"list", "--plugin", loop.string()},
      {"index", loop.string(), "--out", (dir.path() / "site").string()},
  };
  for (const std::vector<std::string>& args : cases) {
    CliRun r = ZooHost(args);
    EXPECT_EQ(r.exit_code, 2) << args[0] << ": " << r.output;
    EXPECT_THAT(r.output, HasSubstr("Too many levels of symbolic links")) << r.output;
    EXPECT_THAT(r.output, Not(HasSubstr("no such"))) << r.output;
  }
}

// A plugin someone else could replace is not loaded unless --allow-untrusted-plugins says so.
TEST(CliTest, APluginOthersCanWriteIsRefusedUnlessAllowed) {
  zoo::testing::TempDir dir;
  const std::filesystem::path folder = dir.path() / "plugins";
  std::filesystem::create_directories(folder);
  const std::filesystem::path copy = folder / TestPlugin("fork_executor").filename();
  std::filesystem::copy_file(TestPlugin("fork_executor"), copy);
  std::filesystem::permissions(folder, std::filesystem::perms::all);  // 0777
  CliRun refused = ZooHost({"list", "--plugin", folder.string()});
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_THAT(refused.output,
              HasSubstr(copy.string() + ": not loaded: its folder " + folder.string() +
                        " is writable by others; anyone on this machine could replace what is "
                        "measured"));
  CliRun allowed = ZooHost({"list", "--plugin", folder.string(), "--allow-untrusted-plugins"});
  EXPECT_EQ(allowed.exit_code, 0) << allowed.output;
  EXPECT_THAT(LineStartingWith(allowed.output, "fork_executor "), HasSubstr(" ok "))
      << allowed.output;
}

// A --plugin adapter named as a built-in one (a developer's build of an installed adapter):
// list, validate and run all say "skipped" with one sentence that names both files and the
// one used, and exit as if the shadowed file were not there.
TEST(CliTest, ADuplicateNameIsSkippedWithTheSameSentenceAndExitCodeByListValidateAndRun) {
  const std::string dup = TestPlugin("duplicate_name").string();
  const std::string sentence = ": duplicate adapter name 'inline': " + dup +
                               " (--plugin) is used and this file (built-in) is ignored";
  CliRun list = ZooHost({"list", "--plugin", dup});
  EXPECT_EQ(list.exit_code, 0) << list.output;
  EXPECT_THAT(list.output, HasSubstr("skipped: "));
  EXPECT_THAT(LineStartingWith(list.output, "    skipped: "), HasSubstr(sentence))
      << list.output;

  CliRun validate =
      ZooHost({"validate", "--plugin", dup, "--tasks", "200", "--concurrency", "1"});
  EXPECT_EQ(validate.exit_code, 0) << validate.output;
  EXPECT_THAT(LineStartingWith(validate.output, "SKIPPED   inline: "), HasSubstr(sentence))
      << validate.output;
  EXPECT_THAT(validate.output, HasSubstr("PASS      inline: ")) << "the --plugin one is judged";

  zoo::testing::TempDir dir;
  CliRun run = ZooHost({"run", "--plugin", dup, "--subject", "inline", "--adapters", "inline",
                        "--concurrency", "1", "--tiers", "50", "--warmup", "0", "--rounds", "2",
                        "--workload", "sleep", "--no-cost", "--scenarios", "none", "--processes",
                        "1", "--cell-budget", "0", "--no-report", "--results",
                        dir.path().string()});
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(LineStartingWith(run.output, "skipped: "), HasSubstr(sentence)) << run.output;
}

TEST(CliTest, ListShowsTheThreeBuiltinsAsOk) {
  CliRun r = ZooHost({"list"});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  for (const char* name : {"inline", "bare_thread", "thread_pool"}) {
    EXPECT_THAT(LineStartingWith(r.output, std::string(name) + " "), HasSubstr(" ok "))
        << r.output;
  }
}

TEST(CliTest, ListJsonCarriesEveryFileAndItsStatus) {
  CliRun r = ZooHost({"list", "--json", "--plugin", TestPluginDir().string()});
  EXPECT_EQ(r.exit_code, 1) << "broken test plugins make list exit 1";
  rapidjson::Document doc;
  doc.Parse(r.output.c_str());
  ASSERT_FALSE(doc.HasParseError()) << r.output;
  const rapidjson::Value& adapters = doc["adapters"];
  ASSERT_TRUE(adapters.IsArray());
  std::map<std::string, std::string> status_of_file;
  for (const auto& a : adapters.GetArray()) {
    status_of_file[std::filesystem::path(a["file"].GetString()).filename().string()] =
        a["status"].GetString();
  }
  EXPECT_EQ(status_of_file["libfork_executor_adapter.so"], "ok");
  EXPECT_EQ(status_of_file["libwrong_abi_major_adapter.so"], "error");
  EXPECT_EQ(status_of_file["libnot_a_library_adapter.so"], "error");
  // The test plugin named "inline" comes first in the search, so the built-in one is the
  // duplicate; the other built-ins are unaffected.
  EXPECT_EQ(status_of_file["libduplicate_name_adapter.so"], "ok");
  EXPECT_EQ(status_of_file["libinline_adapter.so"], "skipped");
  EXPECT_EQ(status_of_file["libthread_pool_adapter.so"], "ok");
}

// --lang: each plugin's description in that language under its row (zoo.text/1), English
// marked [en] where a plugin gives none; --json gives the texts in it, saying which they are in.
TEST(CliTest, ListLangShowsEachPluginsTextInThatLanguage) {
  CliRun zh = ZooHost({"list", "--lang", "zh"});
  EXPECT_EQ(zh.exit_code, 0) << zh.output;
  EXPECT_THAT(zh.output, HasSubstr("\n    线程数等于并发度的固定线程池"));
  EXPECT_THAT(zh.output, HasSubstr("\n    report.md：完整报告"));
  EXPECT_THAT(zh.output, Not(HasSubstr("[en]")));  // every built-in gives Chinese
  CliRun ja = ZooHost({"list", "--lang", "ja"});
  EXPECT_THAT(ja.output, HasSubstr("\n    [en] A fixed pool of `concurrency` threads"));
  EXPECT_THAT(ZooHost({"list"}).output, Not(HasSubstr("线程池")));

  CliRun json = ZooHost({"list", "--json", "--lang", "zh"});
  rapidjson::Document doc;
  doc.Parse(json.output.c_str());
  ASSERT_FALSE(doc.HasParseError()) << json.output;
  for (const auto& a : doc["adapters"].GetArray()) {
    if (std::string(a["name"].GetString()) != "thread_pool") continue;
    EXPECT_THAT(a["caliber_notes"].GetString(), HasSubstr("工作线程在 setup() 中启动"));
    EXPECT_STREQ(a["caliber_notes_language"].GetString(), "zh");
    EXPECT_TRUE(a["text"]["zh"].HasMember("drive_level"));
  }

  CliRun bad = ZooHost({"list", "--lang", "zh_CN"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.output, HasSubstr("--lang 'zh_CN' is not a language tag"));
}

// With 600 s a gate rather than 60: this test is about correctness, and bare_thread's gate (a
// thread per task) ran past 60 s in the ASan build on a busy machine.
TEST(CliTest, ValidatePassesTheBuiltinsAndExitsZero) {
  CliRun r = ZooHost({"validate", "--timeout", "600"}, 900);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  for (const char* name : {"inline", "bare_thread", "thread_pool"}) {
    EXPECT_THAT(r.output, HasSubstr(std::string("PASS      ") + name + ":"));
  }
  EXPECT_THAT(r.output, Not(HasSubstr("REJECTED")));
}

// A PASS says what the adapter used: the threads its tasks ran on per instance, and the
// allocations inside its calls (allocating_inline makes 3 per submit() while a batch fits the
// room it reserves for `concurrency` tasks, hence no large batches; a sanitizer build has no
// allocation counter and says so).
TEST(CliTest, ValidateSaysThreadsAndAllocationsPerTask) {
  CliRun r = ZooHost({"validate", "--plugin", TestPlugin("allocating_inline").string(),
                      "--tasks", "200", "--large-batch", "0", "inline", "thread_pool",
                      "allocating_inline"});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const bool counted = std::string(ZOO_BUILD_SANITIZE) == "none";
  const std::string inline_line = LineStartingWith(r.output, "PASS      inline:");
  EXPECT_THAT(inline_line, HasSubstr("tasks ran on 1, 1, 1, 1 thread(s) per instance"));
  const std::string allocating = LineStartingWith(r.output, "PASS      allocating_inline:");
  if (counted) {
    EXPECT_THAT(inline_line, HasSubstr("0.00 allocations per task"));
    EXPECT_THAT(allocating, HasSubstr("3.00 allocations per task"));
  } else {
    EXPECT_THAT(allocating, HasSubstr("allocations not counted"));
  }
  EXPECT_THAT(LineStartingWith(r.output, "PASS      thread_pool:"), HasSubstr("per instance"));
}

TEST(CliTest, ValidateRejectsEveryBrokenTestPluginWithItsOwnReason) {
  CliRun r = ZooHost({"validate", "--plugin", TestPluginDir().string(), "--timeout", "5", "--tasks",
                   "100"});
  EXPECT_EQ(r.exit_code, 1) << r.output;
  const std::map<std::string, std::string> expected = {
      {"drops_task", "was submitted but never ran"},
      {"runs_twice", "ran 2 times"},
      {"drains_early", "drain() returned before every task had finished"},
      {"crashes_in_submit", "crashed with signal SIGSEGV"},
      {"hangs_in_drain", "during drain at concurrency"},
      {"hangs_in_teardown", "during teardown at concurrency"},
      {"setup_fails", "refuses every configuration on purpose"},
      {"libwrong_abi_major_adapter.so", "plugin ABI 2.0, this host serves ABI 1.x"},
      {"libbad_magic_adapter.so", "wrong magic number"},
      {"libstruct_too_small_adapter.so", "too small"},
      {"libmissing_function_adapter.so", "required function 'drain' is missing"},
      {"libno_entry_symbol_adapter.so", "no entry symbol"},
      {"libnot_a_library_adapter.so", "not a shared library"},
      {"libmissing_dependency_adapter.so", "libzoo_vanished_dependency.so.1"},
  };
  for (const auto& [who, reason] : expected) {
    const std::string line = LineStartingWith(r.output, "REJECTED  " + (who.find(".so") != std::string::npos ? TestPluginDir().string() + "/" + who : who));
    EXPECT_THAT(line, HasSubstr(reason)) << who << " in:\n" << r.output;
  }
  EXPECT_THAT(LineStartingWith(r.output, "PASS      fork_executor:"), HasSubstr("exactly once"));
  EXPECT_THAT(LineStartingWith(r.output, "PASS      bare_thread:"), HasSubstr("exactly once"));
}

TEST(CliTest, ValidateByNameJudgesOnlyThatAdapter) {
  CliRun r = ZooHost({"validate", "--plugin", TestPlugin("drops_task").string(), "drops_task",
                   "--json"});
  EXPECT_EQ(r.exit_code, 1);
  rapidjson::Document doc;
  doc.Parse(r.output.c_str());
  ASSERT_FALSE(doc.HasParseError()) << r.output;
  ASSERT_EQ(doc["results"].Size(), 1u);
  EXPECT_STREQ(doc["results"][0]["verdict"].GetString(), "REJECTED");
  EXPECT_THAT(doc["results"][0]["reason"].GetString(), HasSubstr("never ran"));
}

}  // namespace
}  // namespace zoo
