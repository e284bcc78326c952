// zoo-host run as a user runs it: refusals before anything runs, failure containment, the
// setup delay that must not show, Ctrl-C, and an archive whose numbers recompute.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <thread>

#include "absl/strings/match.h"
#include "core/archive/archive.h"
#include "core/archive/noise_conditions.h"
#include "core/base/build_config.h"
#include "core/model/report_model.h"
#include "core/run/run_plan.h"
#include "core/worker/child_process.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"
#include "test/zoo_host_cli.h"

extern char** environ;

namespace zoo {
namespace {

namespace fs = std::filesystem;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::zoo::testing::CliRun;
using ::zoo::testing::HostBinary;
using ::zoo::testing::ZooHost;
using ::zoo::testing::TempDir;
using ::zoo::testing::TestPlugin;

// The one archive under `results` (results/<subject>-<version>/<time>.json; the report folder
// beside it holds JSON of its own), or an empty path.
fs::path OnlyArchive(const fs::path& results) {
  std::vector<fs::path> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(results, ec);
       !ec && it != fs::recursive_directory_iterator(); ++it) {
    if (it.depth() == 1 && it->path().extension() == ".json") found.push_back(it->path());
  }
  return found.size() == 1 ? found[0] : fs::path();
}

const ArchivedUnit* FindUnit(const Archive& a, const std::string& adapter, uint32_t concurrency) {
  for (const ArchivedUnit& u : a.units) {
    if (u.result.spec.adapter == adapter && u.result.spec.concurrency == concurrency) return &u;
  }
  return nullptr;
}

TEST(RunTest, AMalformedMatrixIsRefusedBeforeAnythingRuns) {
  TempDir dir;
  const fs::path matrix = dir.Write("matrix.json", R"({"tiers_us": [40, 0]})");
  const fs::path results = dir.path() / "results";
  CliRun r = ZooHost({"run", "--matrix", matrix.string(), "--results", results.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.output, AllOf(HasSubstr(matrix.string()), HasSubstr("field 'tiers_us'")));
  EXPECT_FALSE(fs::exists(results)) << "nothing may run, nothing may be written";

  CliRun subject = ZooHost({"run", "--subject", "no_such", "--results", results.string()});
  EXPECT_EQ(subject.exit_code, 2);
  EXPECT_THAT(subject.output, HasSubstr("unknown subject 'no_such'"));
  CliRun adapter =
      ZooHost({"run", "--adapters", "inline,nope", "--results", results.string()});
  EXPECT_EQ(adapter.exit_code, 2);
  EXPECT_THAT(adapter.output, HasSubstr("unknown adapter 'nope'"));
  CliRun flag = ZooHost({"run", "--tiers", "40,-1", "--results", results.string()});
  EXPECT_EQ(flag.exit_code, 2);
  EXPECT_THAT(flag.output, HasSubstr("--tiers: '-1' is not a positive whole number"));
  EXPECT_FALSE(fs::exists(results));
}

// What would stop the run after the measuring (no reporter of the language, a report or
// results folder that cannot be written) stops it before the gate, with one sentence.
TEST(RunTest, WhatWouldStopTheReportIsRefusedBeforeTheGate) {
  TempDir dir;
  const fs::path results = dir.path() / "results";
  const fs::path file = dir.Write("a-file", "x");
  auto run = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"run", "--subject", "inline", "--adapters", "inline",
                                     "--concurrency", "1", "--tiers", "50", "--results",
                                     results.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return ZooHost(args);
  };
  CliRun lang = run({"--lang", "xx"});
  EXPECT_EQ(lang.exit_code, 2) << lang.output;
  EXPECT_THAT(lang.output, HasSubstr("zoo-host run: --lang xx: reporter '"));
  CliRun report = run({"--report", (file / "sub").string()});
  EXPECT_EQ(report.exit_code, 2) << report.output;
  EXPECT_THAT(report.output, HasSubstr("zoo-host run: --report " + (file / "sub").string() +
                                       ": cannot be created: " + file.string() +
                                       " is not a folder"));
  for (const CliRun& r : {lang, report}) {
    EXPECT_THAT(r.output, ::testing::Not(HasSubstr("gate:"))) << "refused before the gate";
  }
  EXPECT_FALSE(fs::exists(results)) << "nothing may run, nothing may be written";

  // The results folder: under a file, and in /proc, where nothing can be made even by root
  // (permission bits would not tell: the tests run as root).
  for (const fs::path& bad : {file / "sub", fs::path("/proc/zoo-host-results")}) {
    CliRun r = ZooHost({"run", "--subject", "inline", "--adapters", "inline", "--concurrency",
                        "1", "--tiers", "50", "--results", bad.string()});
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_THAT(r.output, HasSubstr("zoo-host run: --results " + bad.string() +
                                    ": cannot be created"));
    EXPECT_THAT(r.output, ::testing::Not(HasSubstr("gate:")));
  }
}

// A full disk mid-run (here a file size limit put on the running zoo-host, which gives EFBIG
// as a full disk gives ENOSPC): the sentence gives the cause, the exit code is 1 (not a usage
// error), and the archive keeps the units saved before, marked failed.
TEST(RunTest, AWriteRefusedMidRunMarksTheArchiveFailedAndExitsOne) {
  TempDir dir;
  const fs::path results = dir.path() / "results";
  const fs::path output = dir.path() / "output.txt";
  std::vector<std::string> args = {HostBinary().string(), "run", "--adapters",
                                   "inline,thread_pool", "--subject", "inline",
                                   "--concurrency", "1", "--tiers", "100000,200000",
                                   "--warmup", "0", "--rounds", "3", "--workload", "sleep",
                                   "--no-cost", "--no-report", "--results", results.string()};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);

  fs::path archive;
  // Up to 120 s: the gate comes first, and a sanitizer build on a busy machine is slow at it
  // (bare_thread's, a thread per task, ran past its 60 s there; it is left out of these runs).
  for (int i = 0; i < 2400 && archive.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const fs::path path = OnlyArchive(results);
    if (path.empty()) continue;
    absl::StatusOr<Archive> partial = ReadArchive(path);
    if (partial.ok() && !partial->units.empty()) archive = path;
  }
  if (archive.empty()) kill(pid, SIGKILL);
  ASSERT_FALSE(archive.empty()) << "no unit finished in 120 s";
  // From now on no file of the run may grow past the archive's present size.
  const rlim_t size = static_cast<rlim_t>(fs::file_size(archive));
  const rlimit limit{.rlim_cur = size, .rlim_max = size};
  ASSERT_EQ(prlimit(pid, RLIMIT_FSIZE, &limit, nullptr), 0);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  const std::string said = zoo::testing::ReadText(output);
  ASSERT_TRUE(WIFEXITED(status)) << said;
  EXPECT_EQ(WEXITSTATUS(status), 1) << said;
  EXPECT_THAT(said, HasSubstr("zoo-host run: " + archive.string() +
                              ": cannot be written (File too large); the archive keeps what "
                              "was saved before, marked failed"));

  absl::StatusOr<Archive> a = ReadArchive(archive);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->run.status, RunStatus::kFailed);
  EXPECT_GE(a->units.size(), 1u);
  for (const auto& e : fs::directory_iterator(archive.parent_path())) {
    EXPECT_EQ(e.path(), archive) << "no temporary file is left";
  }
}

TEST(RunTest, AGatePassIsReusedForTheSameFileAndBuildUnlessAskedNot) {
  TempDir dir;
  const fs::path cache_home = dir.path() / "cache";
  const char* before = std::getenv("XDG_CACHE_HOME");
  const std::string saved = before != nullptr ? before : "";
  setenv("XDG_CACHE_HOME", cache_home.c_str(), 1);  // the children inherit it
  const std::vector<std::string> args = {
      "run", "--subject", "inline", "--adapters", "inline", "--concurrency", "1",
      "--tiers", "50", "--warmup", "1", "--rounds", "2", "--workload", "sleep", "--no-cost",
      "--scenarios", "none", "--processes", "2", "--cell-budget", "0", "--no-report", "--results",
      (dir.path() / "results").string()};
  const CliRun first = ZooHost(args);
  const CliRun second = ZooHost(args);
  std::vector<std::string> fresh_args = args;
  fresh_args.push_back("--no-gate-cache");
  const CliRun fresh = ZooHost(fresh_args);
  if (before != nullptr) {
    setenv("XDG_CACHE_HOME", saved.c_str(), 1);
  } else {
    unsetenv("XDG_CACHE_HOME");
  }
  const std::string reused = "gate: PASS     inline (an earlier PASS of this file";
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_THAT(first.output, HasSubstr("gate: PASS     inline"));
  EXPECT_THAT(first.output, ::testing::Not(HasSubstr(reused)));
  EXPECT_EQ(std::distance(fs::directory_iterator(cache_home / "zoo-host" / "gate"),
                          fs::directory_iterator()),
            1);
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_THAT(second.output, HasSubstr(reused));
  ASSERT_EQ(fresh.exit_code, 0) << fresh.output;
  EXPECT_THAT(fresh.output, HasSubstr("gate: PASS     inline"));
  EXPECT_THAT(fresh.output, ::testing::Not(HasSubstr(reused)));
}

TEST(RunTest, ACrashOrHangInOneUnitCostsOnlyThatUnit) {
  TempDir dir;
  CliRun r = ZooHost({"run", "--plugin", TestPlugin("unit_saboteur").string(), "--subject",
                         "inline", "--adapters", "inline,unit_saboteur", "--concurrency",
                         "1,3,5,7", "--tiers", "50", "--warmup", "1", "--rounds", "3",
                         "--workload", "sleep", "--unit-timeout", "3", "--no-cost",
                         "--scenarios", "none", "--processes", "2", "--cell-budget", "0",
                         "--results",
                         dir.path().string()});
  EXPECT_EQ(r.exit_code, 1) << r.output;
  absl::StatusOr<Archive> a = ReadArchive(OnlyArchive(dir.path()));
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->run.status, RunStatus::kComplete);
  // The failed cells' second processes are not run: a hang would cost its timeout again. Each
  // cell's attribution unit is a first process of its own (and fails with the saboteur's
  // cell), and inline measures the harness floor in 3 more.
  EXPECT_EQ(a->run.units_planned, 13u + 8u + 3u);
  EXPECT_EQ(a->run.units_failed, 3u + 3u);
  EXPECT_EQ(a->units.size(), 13u + 8u + 3u);
  EXPECT_THAT(r.output, HasSubstr("3 later processes of cells that had failed were not run"));
  for (uint32_t c : {1u, 3u, 5u, 7u}) {
    const ArchivedUnit* u = FindUnit(*a, "inline", c);
    ASSERT_NE(u, nullptr);
    EXPECT_TRUE(u->result.ok) << "inline at concurrency " << c << ": " << u->result.failure;
  }
  const ArchivedUnit* fine = FindUnit(*a, "unit_saboteur", 1);
  ASSERT_NE(fine, nullptr);
  EXPECT_TRUE(fine->result.ok) << fine->result.failure;
  EXPECT_THAT(FindUnit(*a, "unit_saboteur", 3)->result.failure,
              AllOf(HasSubstr("crashed with signal SIGSEGV"), HasSubstr("during setup")));
  EXPECT_THAT(FindUnit(*a, "unit_saboteur", 5)->result.failure,
              AllOf(HasSubstr("hung"), HasSubstr("during setup")));
  EXPECT_THAT(FindUnit(*a, "unit_saboteur", 7)->result.failure,
              HasSubstr("no workers at concurrency 7"));
}

TEST(RunTest, ADelayInjectedIntoSetupDoesNotMoveTheMeasuredTimes) {
  TempDir dir;
  CliRun r = ZooHost({"run", "--plugin", TestPlugin("slow_setup").string(), "--subject",
                         "slow_setup", "--adapters", "slow_setup,inline", "--concurrency", "1",
                         "--tiers", "1000", "--warmup", "1", "--rounds", "5", "--workload",
                         "sleep", "--scenarios", "none", "--no-cost", "--processes", "2",
                         "--cell-budget", "0", "--no-report", "--results", dir.path().string()});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  absl::StatusOr<Archive> a = ReadArchive(OnlyArchive(dir.path()));
  ASSERT_TRUE(a.ok()) << a.status();
  const ArchivedUnit* slow = FindUnit(*a, "slow_setup", 1);
  ASSERT_NE(slow, nullptr);
  ASSERT_TRUE(slow->result.ok) << slow->result.failure;
  EXPECT_GE(slow->result.setup_ns, 300'000'000) << "the delay happened, in setup";
  // 300 ms against 1 ms bodies: if any of it leaked into a round, that round would show it.
  for (const RoundSample& round : slow->result.rounds) EXPECT_LT(round.wall_ns, 150'000'000);
  EXPECT_LT(slow->stats.round_wall_ns.max, 150'000'000);
}

// The same pool built at -O0 and at -O2: the report's first section warns about the -O0 one
// only (and about both in a sanitizer build, whose plugins all carry its runtime), and the
// adapters table says each one's level.
TEST(RunTest, APluginBuiltWithoutOptimisationIsNamedOnTheFirstPage) {
  TempDir dir;
  CliRun r = ZooHost({"run", "--plugin", TestPlugin("thread_pool_o0").string(), "--plugin",
                      TestPlugin("thread_pool_o2").string(), "--subject", "thread_pool_o2",
                      "--adapters", "thread_pool_o2,thread_pool_o0", "--concurrency", "1",
                      "--tiers", "40", "--warmup", "0", "--rounds", "3", "--scenarios", "none",
                      "--no-cost", "--processes", "1", "--cell-budget", "0", "--results",
                      dir.path().string()});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const fs::path archive = OnlyArchive(dir.path());
  absl::StatusOr<Archive> a = ReadArchive(archive);
  ASSERT_TRUE(a.ok()) << a.status();
  for (const AdapterRecord& rec : a->adapters) {
    ASSERT_TRUE(rec.build.has_value()) << rec.descriptor.name;
    EXPECT_EQ(rec.build->optimization, rec.descriptor.name == "thread_pool_o0" ? "-O0" : "-O2");
  }
  std::ifstream in(archive.parent_path() / archive.stem() / "report.md");
  std::string line, warning, o0_row, o2_row;
  bool noise_section = true;  // the warning belongs before the first numbered section
  while (std::getline(in, line)) {
    if (absl::StartsWith(line, "## ")) noise_section = false;
    if (absl::StrContains(line, "Built without optimisation")) {
      EXPECT_TRUE(noise_section) << line;
      warning = line;
    }
    // Markdown escapes the underscores of names.
    if (absl::StartsWith(line, "| ") && absl::StrContains(line, "libthread\\_pool\\_o0")) {
      o0_row = line;
    }
    if (absl::StartsWith(line, "| ") && absl::StrContains(line, "libthread\\_pool\\_o2")) {
      o2_row = line;
    }
  }
  const bool sanitized = std::string(ZOO_BUILD_SANITIZE) != "none";
  EXPECT_THAT(warning, HasSubstr(sanitized ? "(2)" : "(1)"));
  EXPECT_THAT(warning, HasSubstr("o0 (-O0"));  // a sanitizer build adds its sanitizers
  EXPECT_EQ(absl::StrContains(warning, "o2 (-O2"), sanitized) << warning;
  EXPECT_THAT(o0_row, HasSubstr("-O0"));
  EXPECT_THAT(o2_row, HasSubstr("-O2"));
}

// A pool whose drain() joins its threads creates new ones every round; the built-in pool
// keeps its own. Each unit records the executor threads created in its measured rounds, and
// the cost table shows them per round.
TEST(RunTest, ThreadsCreatedEveryRoundAreCountedPerUnitAndShownInTheCostTable) {
  TempDir dir;
  CliRun r = ZooHost({"run", "--plugin", TestPlugin("restarts_threads").string(), "--subject",
                      "thread_pool", "--adapters", "thread_pool,restarts_threads",
                      "--concurrency", "2", "--tiers", "40", "--warmup", "1", "--rounds", "5",
                      "--scenarios", "none", "--processes", "1", "--cell-budget", "0",
                      "--results", dir.path().string()});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const fs::path archive = OnlyArchive(dir.path());
  absl::StatusOr<Archive> a = ReadArchive(archive);
  ASSERT_TRUE(a.ok()) << a.status();
  int checked = 0;
  for (const ArchivedUnit& u : a->units) {
    ASSERT_TRUE(u.result.ok) << u.result.failure;
    const UnitSpec& spec = u.result.spec;
    EXPECT_EQ(u.result.threads_left, 0) << spec.adapter;
    if (spec.adapter == "thread_pool") {
      EXPECT_EQ(u.result.threads_created, 0);
    } else {
      // Every drain's executors are new threads: at least one a drain, at most two (a noop
      // round holds kRoundBatch drains).
      EXPECT_GE(u.result.threads_created, spec.measured_rounds * u.result.batch);
      EXPECT_LE(u.result.threads_created, 2 * spec.measured_rounds * u.result.batch);
    }
    ++checked;
  }
  EXPECT_GE(checked, 4);  // a timed and a counting unit of each
  std::ifstream in(archive.parent_path() / archive.stem() / "report.md");
  const std::string md((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_THAT(md, HasSubstr("threads created / round"));
  // The churning pool's cell says it in the latency table (one cell: concurrency 2, 40 us);
  // the built-in pool's cell beside it does not.
  size_t notes = 0;
  const std::string note = " executor thread(s) per round";
  for (size_t at = md.find(note); at != std::string::npos; at = md.find(note, at + 1)) ++notes;
  EXPECT_EQ(notes, 1u) << md;
}

TEST(RunTest, TheArchiveCarriesTheRunAndEveryNumberRecomputes) {
  TempDir dir;
  // --cell-budget 0: exactly the 5 processes of --quick, no more where they are cheap.
  CliRun r = ZooHost({"run", "--quick", "--subject", "thread_pool", "--adapters",
                         "thread_pool,inline", "--cell-budget", "0", "--results",
                         dir.path().string(), "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const fs::path path = OnlyArchive(dir.path());
  EXPECT_THAT(path.string(), HasSubstr("/thread_pool-1.0.0/"));
  absl::StatusOr<Archive> a = ReadArchive(path);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->run.status, RunStatus::kComplete);
  EXPECT_TRUE(a->run.quick);
  EXPECT_THAT(a->run.command, HasSubstr("zoo-host run --quick"));
  // Every cell of both adapters in 5 processes (process 0 of every cell first), then one cost
  // unit (noop) per adapter and concurrency within the cores.
  const size_t cost_units = std::count_if(a->units.begin(), a->units.end(), [](const auto& u) {
    return u.result.spec.kind == UnitKind::kCounters;
  });
  EXPECT_EQ(a->run.matrix.processes, 5u);
  // --quick measures the round trip of every adapter last: in 5 processes each, then once
  // with the allocation counter.
  const size_t scenario_units = std::count_if(a->units.begin(), a->units.end(),
                                              [](const auto& u) {
                                                return IsScenario(u.result.spec.kind);
                                              });
  EXPECT_EQ(scenario_units, 2u * 5u + 2u);
  EXPECT_EQ(a->scenarios.requested, std::vector<Scenario>{Scenario::kRoundtrip});
  EXPECT_THAT(r.output, HasSubstr("inline, scenario roundtrip, 1 worker(s): ok"));
  // The timed units, one attribution unit per cell among them, then inline's 5 floor units.
  const auto count = [&](UnitKind kind) {
    return std::count_if(a->units.begin(), a->units.end(),
                         [&](const auto& u) { return u.result.spec.kind == kind; });
  };
  EXPECT_EQ(count(UnitKind::kTimed), 2 * 3 * 2 * 5);
  EXPECT_EQ(count(UnitKind::kAttribution), 2 * 3 * 2);
  EXPECT_EQ(count(UnitKind::kFloor), 5);
  const size_t matrix_units = a->units.size() - cost_units - scenario_units;
  EXPECT_EQ(matrix_units, 2u * 3u * 2u * 5u + 2u * 3u * 2u + 5u);
  std::vector<uint32_t> timed_processes;
  for (const ArchivedUnit& u : a->units) {
    if (u.result.spec.kind == UnitKind::kTimed) timed_processes.push_back(u.result.spec.process);
  }
  EXPECT_TRUE(std::is_sorted(timed_processes.begin(), timed_processes.end()));
  // The run calibrated each tier once; every unit of a tier ran that count.
  EXPECT_EQ(a->run.calibration.status, "json");
  ASSERT_EQ(a->run.calibration.tiers.size(), 3u);
  for (const ArchivedUnit& u : a->units) {
    const UnitKind kind = u.result.spec.kind;
    if (Instrumented(kind) || IsScenario(kind) || kind == UnitKind::kFloor) continue;
    EXPECT_EQ(u.result.spec.repetitions,
              a->run.calibration.RepetitionsFor(u.result.spec.tier_us));
    EXPECT_EQ(u.result.calibration.repetitions, u.result.spec.repetitions);
    EXPECT_EQ(u.result.calibration.ns_per_repetition, 0) << "the unit calibrated nothing";
    EXPECT_EQ(u.result.bodies_on_calling_thread,
              u.result.spec.adapter == "inline" ? 10 * static_cast<int64_t>(
                                                          u.result.spec.concurrency)
                                                : 0)
        << "inline runs every body on the calling thread, thread_pool none";
  }
  absl::StatusOr<ReportModel> model = BuildReportModel(*a, path.string());
  ASSERT_TRUE(model.ok()) << model.status();
  EXPECT_EQ(model->cells.size(), 3u * 2u) << "one cell per baseline coordinate, not per process";
  for (const Cell& cell : model->cells) {
    EXPECT_EQ(cell.subject_processes, 5u);
    EXPECT_EQ(cell.baseline_processes, 5u);
    EXPECT_TRUE(cell.paired);
    EXPECT_TRUE(cell.floor) << "inline is the floor: " << cell.id();
  }
  EXPECT_EQ(model->floor_cells.size(), 6u);
  EXPECT_TRUE(model->subject_faster.empty() && model->subject_slower.empty())
      << "the floor is counted in no verdict list";
  bool named = false;
  for (const UnitView& u : model->process_units) named = named || u.id() == "thread_pool#3/c2/2700us";
  EXPECT_TRUE(named) << "each process is listed under its own id";
  EXPECT_EQ(cost_units, 2u * a->cost.concurrencies.size());
  EXPECT_EQ(a->adapters.size(), 2u);
  for (const AdapterRecord& ad : a->adapters) {
    EXPECT_TRUE(ad.gate_passed);
    EXPECT_EQ(ad.sha256.size(), 64u);
    EXPECT_FALSE(ad.descriptor.caliber_notes.empty());
  }
  EXPECT_GE(a->environment.logical_cores, 1u);
  EXPECT_FALSE(a->environment.kernel.empty());
  std::set<int32_t> pids;
  for (const ArchivedUnit& u : a->units) {
    ASSERT_TRUE(u.result.ok) << u.result.failure;
    // A round trip's round is one no-op task: its rounds are many and its body uncalibrated.
    const bool scenario = IsScenario(u.result.spec.kind);
    const bool floor = u.result.spec.kind == UnitKind::kFloor;
    if (scenario) {  // up to 500, fewer when a quarter second has passed (scenario.h)
      EXPECT_GE(u.result.rounds.size(), kScenarioMinRounds);
      EXPECT_LE(u.result.rounds.size(), 500u);
    } else {
      EXPECT_EQ(u.result.rounds.size(), floor ? kFloorRounds : 10u);
    }
    if (!Instrumented(u.result.spec.kind) && !scenario && !floor) {
      EXPECT_GT(u.result.calibration.repetitions, 0u) << "json bodies are calibrated";
    }
    EXPECT_NE(u.result.pid, getpid());
    pids.insert(u.result.pid);
    const UnitStats again = ComputeUnitStats(u.result, a->environment.logical_cores);
    EXPECT_EQ(again.end_to_end_ns.median, u.stats.end_to_end_ns.median);
    if (u.result.stamps != Stamps::kRound) {  // a unit that stamps no body has none: NaN
      EXPECT_EQ(again.body_ns.p95, u.stats.body_ns.p95);
    }
    EXPECT_EQ(again.overhead_share, u.stats.overhead_share);
    // A timed unit read its process's CPU clock around every round; a counting unit did not
    // (its counts would hold the clock's own work), nor a scenario unit (no stamps per task).
    const bool timed = !Instrumented(u.result.spec.kind) && !IsScenario(u.result.spec.kind);
    // Only an attribution unit keeps every per-task stamp; a timed unit keeps its bodies'.
    if (u.result.spec.kind == UnitKind::kAttribution) {
      EXPECT_EQ(u.result.stamps, Stamps::kTask);
    } else if (u.result.spec.kind == UnitKind::kTimed) {
      EXPECT_EQ(u.result.stamps, Stamps::kBody);
    }
    // The run chose its clock once; every unit was timed by it, and says how far it drifted.
    EXPECT_EQ(u.result.spec.clock, a->run.clock.decision.kind);
    ASSERT_TRUE(u.result.clock.has_value());
    EXPECT_EQ(u.result.clock->kind, a->run.clock.decision.kind);
    for (const RoundSample& round : u.result.rounds) {
      if (timed) {
        EXPECT_GE(round.cpu_ns, 0) << u.result.spec.adapter << " c" << u.result.spec.concurrency;
      } else {
        EXPECT_EQ(round.cpu_ns, -1) << u.result.spec.adapter << " c" << u.result.spec.concurrency;
      }
    }
    EXPECT_EQ(u.stats.cpu_per_task_ns.n, timed ? u.result.rounds.size() : 0u);
    if (timed) {
      EXPECT_EQ(again.cpu_per_task_ns.median, u.stats.cpu_per_task_ns.median);
    }
  }
  // The machine's caches, clock and load are this machine's, read at the start.
  EXPECT_EQ(a->environment.caches.size(), ReadCpuCaches().size());
  EXPECT_EQ(a->environment.mhz_per_cpu > 0, ReadCpuMhz() > 0);
  EXPECT_EQ(a->environment.load_avg.size(), ReadLoadAverages().size());
  EXPECT_EQ(pids.size(), a->units.size()) << "every unit in its own process";
  ASSERT_FALSE(a->self_checks.empty());
  EXPECT_EQ(a->self_checks[0].name, "process_isolation");
  EXPECT_TRUE(a->self_checks[0].passed) << a->self_checks[0].detail;
  // --json keeps stdout machine-readable: it starts with the JSON object.
  EXPECT_THAT(r.output, HasSubstr("\"archive\""));
}

// The timed region's clock: the archive says which one timed every unit. A machine whose CPU
// does not report an invariant TSC (stood in for by ZOO_TEST_CPU_FLAGS) runs on
// CLOCK_MONOTONIC and says why; --clock monotonic asks for it by name; --clock tsc there is a
// usage mistake.
TEST(RunTest, TheArchiveSaysWhichClockTimedTheUnitsAndFallsBackWithoutAnInvariantTsc) {
  const std::vector<std::string> small = {
      "run", "--subject", "inline", "--adapters", "inline", "--concurrency", "1", "--tiers", "40",
      "--warmup", "0", "--rounds", "3", "--workload", "noop", "--no-cost", "--scenarios", "none",
      "--processes", "1", "--cell-budget", "0", "--no-report"};
  auto run = [&](std::vector<std::string> extra, const fs::path& results) {
    std::vector<std::string> args = small;
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {"--results", results.string()});
    return ZooHost(args);
  };
  auto every_unit_on = [](const Archive& a, ClockKind kind) {
    for (const ArchivedUnit& u : a.units) {
      EXPECT_EQ(u.result.spec.clock, kind);
      ASSERT_TRUE(u.result.clock.has_value());
      EXPECT_EQ(u.result.clock->kind, kind);
    }
  };
  TempDir dir;
  // The clock source stands in too: a virtual machine may boot on kvm-clock, which is the
  // first reason given, and this test is about the CPU's flags.
  setenv("ZOO_TEST_CPU_FLAGS", "fpu tsc rdtscp", 1);
  setenv("ZOO_TEST_CLOCKSOURCE", "tsc", 1);
  const CliRun fallback = run({}, dir.path() / "fallback");
  const CliRun refused = run({"--clock", "tsc"}, dir.path() / "refused");
  unsetenv("ZOO_TEST_CPU_FLAGS");
  unsetenv("ZOO_TEST_CLOCKSOURCE");
  ASSERT_EQ(fallback.exit_code, 0) << fallback.output;
  EXPECT_THAT(fallback.output, HasSubstr("clock: CLOCK_MONOTONIC, not the TSC: the CPU does not "
                                         "report constant_tsc"));
  absl::StatusOr<Archive> a = ReadArchive(OnlyArchive(dir.path() / "fallback"));
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->run.clock.asked, "auto");
  EXPECT_EQ(a->run.clock.decision.kind, ClockKind::kMonotonic);
  EXPECT_THAT(a->run.clock.decision.fallback_reason, HasSubstr("constant_tsc"));
  every_unit_on(*a, ClockKind::kMonotonic);
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_THAT(refused.output, HasSubstr("--clock tsc: the CPU does not report constant_tsc"));

  const CliRun named = run({"--clock", "monotonic"}, dir.path() / "named");
  ASSERT_EQ(named.exit_code, 0) << named.output;
  a = ReadArchive(OnlyArchive(dir.path() / "named"));
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->run.clock.asked, "monotonic");
  EXPECT_EQ(a->run.clock.decision.fallback_reason, "");
  every_unit_on(*a, ClockKind::kMonotonic);

  const CliRun bad = run({"--clock", "rdtsc"}, dir.path() / "bad");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.output, HasSubstr("--clock rdtsc: must be auto, tsc or monotonic"));
  if (TscUnusableReasonHere("/").empty()) {  // this machine's own TSC: the default takes it
    const CliRun tsc = run({}, dir.path() / "tsc");
    ASSERT_EQ(tsc.exit_code, 0) << tsc.output;
    a = ReadArchive(OnlyArchive(dir.path() / "tsc"));
    ASSERT_TRUE(a.ok()) << a.status();
    EXPECT_EQ(a->run.clock.decision.kind, ClockKind::kTsc);
    every_unit_on(*a, ClockKind::kTsc);
    const SelfCheck* drift = nullptr;
    for (const SelfCheck& c : a->self_checks) drift = c.name == "clock_drift" ? &c : drift;
    ASSERT_NE(drift, nullptr);
    EXPECT_TRUE(drift->passed) << drift->detail;
  }
}

TEST(RunTest, NoiseConditionsAreRecordedAndTheWarningsPrintedWithoutStoppingTheRun) {
  TempDir dir;
  CliRun r = ZooHost({"run", "--quick", "--subject", "thread_pool", "--adapters", "thread_pool",
                      "--tiers", "40", "--concurrency", "1", "--processes", "1", "--cell-budget",
                      "0", "--results", dir.path().string(), "--no-report"});
  EXPECT_EQ(r.exit_code, 0) << r.output;
  absl::StatusOr<Archive> a = ReadArchive(OnlyArchive(dir.path()));
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->run.status, RunStatus::kComplete);
  ASSERT_TRUE(a->noise.recorded);
  ASSERT_EQ(a->noise.conditions.size(), std::size(kNoiseCodes));
  // One process per cell is too few for a verdict, however many rounds: always a warning.
  const NoiseCondition& samples = a->noise.conditions.back();
  EXPECT_EQ(samples.code, "samples");
  EXPECT_TRUE(samples.warning());
  EXPECT_EQ(samples.observed, "1 x 10");
  // Every warning, and only those, is one stderr line.
  size_t warnings = 0;
  for (const NoiseCondition& c : a->noise.conditions) {
    if (!c.warning()) continue;
    ++warnings;
    EXPECT_THAT(r.output, HasSubstr("noise warning: " + c.detail));
  }
  size_t lines = 0;
  for (size_t at = r.output.find("noise warning: "); at != std::string::npos;
       at = r.output.find("noise warning: ", at + 1)) {
    ++lines;
  }
  EXPECT_EQ(lines, warnings);
}

TEST(RunTest, CtrlCLeavesAValidArchiveOfTheUnitsThatFinished) {
  TempDir dir;
  std::vector<std::string> args = {HostBinary().string(), "run", "--adapters",
                                   "inline,thread_pool", "--subject", "inline",
                                   "--concurrency", "1", "--tiers", "100000,200000",
                                   "--warmup", "0", "--rounds", "3", "--workload", "sleep",
                                   "--results", dir.path().string()};
  std::vector<char*> argv;
  for (std::string& s : args) argv.push_back(s.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);

  // Wait until at least one unit is in the archive, then press Ctrl-C.
  bool one_unit = false;
  // Up to 120 s: the gate comes first, and a sanitizer build on a busy machine is slow at it.
  for (int i = 0; i < 2400 && !one_unit; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const fs::path path = OnlyArchive(dir.path());
    if (path.empty()) continue;
    absl::StatusOr<Archive> partial = ReadArchive(path);
    one_unit = partial.ok() && !partial->units.empty();
  }
  ASSERT_TRUE(one_unit) << "no unit finished in 120 s";
  kill(pid, SIGINT);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);

  absl::StatusOr<Archive> a = ReadArchive(OnlyArchive(dir.path()));
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->run.status, RunStatus::kInterrupted);
  EXPECT_GE(a->units.size(), 1u);
  EXPECT_LT(a->units.size(), a->run.units_planned);
  for (const ArchivedUnit& u : a->units) EXPECT_TRUE(u.result.ok) << u.result.failure;
  EXPECT_FALSE(a->run.finished_utc.empty());
}

}  // namespace
}  // namespace zoo
