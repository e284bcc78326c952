#include "core/measure/equivalence_gate.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "core/base/sysinfo.h"
#include "core/worker/gate_cache.h"
#include "core/worker/gate_runner.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::zoo::testing::BuiltinPlugin;
using ::zoo::testing::HostBinary;
using ::zoo::testing::TestPlugin;

// ThreadSanitizer starts one runtime thread of its own after the process's first thread; the
// gate sees it appear during the first instance and counts it as a kept (process-wide) thread.
#if defined(__SANITIZE_THREAD__)
constexpr uint32_t kRuntimeThreads = 1;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
constexpr uint32_t kRuntimeThreads = 1;
#else
constexpr uint32_t kRuntimeThreads = 0;
#endif
#else
constexpr uint32_t kRuntimeThreads = 0;
#endif

GateOptions SmallGate() {
  GateOptions options;
  options.concurrencies = {1, 4, 16};
  options.tasks_per_phase = 200;
  options.large_batch = 0;  // the repeat runs concurrency 16 once more, batches up to 16
  options.body_ns = 20'000;
  options.logical_cores = std::max(1u, LogicalCores());
  return options;
}

GateReport GateInProcess(const std::filesystem::path& file) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(file);
  EXPECT_TRUE(loaded.ok()) << loaded.status();
  if (!loaded.ok()) return {};
  return RunGate(*loaded, SmallGate());
}

// In-process: adapters whose defects do not take the process down.

TEST(EquivalenceGateTest, PassesEveryBuiltinAdapter) {
  for (const std::string name : {"inline", "bare_thread", "thread_pool"}) {
    GateReport r = GateInProcess(BuiltinPlugin(name));
    EXPECT_TRUE(r.passed) << name << ": " << r.reason;
    EXPECT_EQ(r.tasks_submitted, 800u) << name;
    EXPECT_EQ(r.tasks_completed, 800u) << name;
    EXPECT_EQ(r.repeated_concurrency, 16u) << name;
    EXPECT_LE(r.threads_kept, kRuntimeThreads) << name;
  }
}

TEST(EquivalenceGateTest, PassesACrossProcessAdapterThatUsesExecuteAndComplete) {
  GateReport r = GateInProcess(TestPlugin("fork_executor"));
  EXPECT_TRUE(r.passed) << r.reason;
  EXPECT_EQ(r.tasks_completed, 800u);
}

TEST(EquivalenceGateTest, RejectsAnAdapterThatDropsATask) {
  GateReport r = GateInProcess(TestPlugin("drops_task"));
  EXPECT_FALSE(r.passed);
  EXPECT_THAT(r.reason, AllOf(HasSubstr("dropped 1 of 200 tasks at concurrency 1"),
                              HasSubstr("task 2 was submitted but never ran")));
}

TEST(EquivalenceGateTest, RejectsAnAdapterThatRunsATaskTwice) {
  GateReport r = GateInProcess(TestPlugin("runs_twice"));
  EXPECT_FALSE(r.passed);
  EXPECT_THAT(r.reason, AllOf(HasSubstr("more than once"), HasSubstr("task 2 ran 2 times")));
}

TEST(EquivalenceGateTest, RejectsADrainThatReturnsBeforeTheTasksFinished) {
  GateReport r = GateInProcess(TestPlugin("drains_early"));
  EXPECT_FALSE(r.passed);
  EXPECT_THAT(r.reason, HasSubstr("drain() returned before every task had finished"));
}

TEST(EquivalenceGateTest, RejectsAFailingSetupWithTheAdaptersOwnText) {
  GateReport r = GateInProcess(TestPlugin("setup_fails"));
  EXPECT_FALSE(r.passed);
  EXPECT_THAT(r.reason, AllOf(HasSubstr("setup() failed with status -2 at concurrency 1"),
                              HasSubstr("refuses every configuration on purpose")));
}

TEST(EquivalenceGateTest, ReportsEveryStepBeforeItIsTaken) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(BuiltinPlugin("inline"));
  ASSERT_TRUE(loaded.ok());
  GateOptions options = SmallGate();
  options.concurrencies = {2};
  options.tasks_per_phase = 4;
  std::vector<std::string> steps;
  options.on_step = [&](std::string_view s) { steps.emplace_back(s); };
  ASSERT_TRUE(RunGate(*loaded, options).passed);
  // The first round is the fullest; later batch sizes are drawn, so only the frame is fixed.
  ASSERT_GE(steps.size(), 8u);
  EXPECT_THAT(std::vector<std::string>(steps.begin(), steps.begin() + 3),
              ::testing::ElementsAre("setup at concurrency 2", "submit at concurrency 2, round 0",
                                     "drain at concurrency 2, round 0"));
  EXPECT_THAT(steps, ::testing::Contains("teardown at concurrency 2"));
  EXPECT_THAT(steps, ::testing::Contains("setup at concurrency 2 again"));
  EXPECT_EQ(steps.back(), "teardown at concurrency 2 again");
  for (size_t i = 0; i < steps.size(); ++i) {
    if (steps[i].rfind("submit", 0) == 0) {
      ASSERT_LT(i + 1, steps.size());
      EXPECT_EQ(steps[i + 1], "drain" + steps[i].substr(6)) << "every submit has its drain";
    }
  }
}

TEST(EquivalenceGateTest, VariesTheBatchAndFillsTheLargestOnce) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(BuiltinPlugin("inline"));
  ASSERT_TRUE(loaded.ok());
  GateOptions options = SmallGate();
  options.concurrencies = {4};
  options.large_batch = 64;
  options.tasks_per_phase = 400;
  std::vector<std::string> steps;
  options.on_step = [&](std::string_view s) { steps.emplace_back(s); };
  const GateReport r = RunGate(*loaded, options);
  ASSERT_TRUE(r.passed) << r.reason;
  EXPECT_EQ(r.large_batch, 64u);
  EXPECT_EQ(r.tasks_submitted, 800u);
  // Rounds per instance: 100 at a fixed batch of 4, fewer when batches vary from 1 to 4 (and
  // more than 400 / 64 in the repeat, whose batches vary up to 64).
  const auto rounds = [&](const std::string& where) {
    return std::count_if(steps.begin(), steps.end(), [&](const std::string& s) {
      return s.rfind("drain at " + where + ", round", 0) == 0;
    });
  };
  EXPECT_GT(rounds("concurrency 4"), 100);
  EXPECT_LT(rounds("concurrency 4"), 400);
  EXPECT_GT(rounds("concurrency 4 again, with batches up to 64"), 7);
}

// In a child process: defects that crash or hang are contained and attributed.

GateRunOptions ChildGate(int timeout_ms) {
  GateRunOptions options;
  options.gate = SmallGate();
  options.timeout = std::chrono::milliseconds(timeout_ms);
  return options;
}

TEST(GateRunnerTest, PassesABuiltinAdapterInAChild) {
  GateVerdict v = RunGateInChild(HostBinary(), BuiltinPlugin("thread_pool"), ChildGate(60'000));
  EXPECT_TRUE(v.passed) << v.reason;
  ASSERT_TRUE(v.report.has_value());
  EXPECT_EQ(v.report->tasks_completed, 800u);
}

// The child tells setup() the cores the parent counted, not a count of its own.
TEST(GateRunnerTest, SetupIsToldTheParentsCoreCount) {
  GateRunOptions options = ChildGate(60'000);
  options.gate.logical_cores = 37;
  GateVerdict v = RunGateInChild(HostBinary(), TestPlugin("setup_fails"), options);
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason, HasSubstr("(told 37 logical cores)"));
}

TEST(GateRunnerTest, RejectsACrashWithTheSignalAndTheCall) {
  GateVerdict v =
      RunGateInChild(HostBinary(), TestPlugin("crashes_in_submit"), ChildGate(60'000));
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason, AllOf(HasSubstr("crashed with signal SIGSEGV"),
                              HasSubstr("during submit at concurrency 1, round 2")));
}

TEST(GateRunnerTest, RejectsAHangInDrainWithTheTimeoutAndTheCall) {
  GateVerdict v = RunGateInChild(HostBinary(), TestPlugin("hangs_in_drain"), ChildGate(1'500));
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason, AllOf(MatchesRegex("hung: no result after [0-9.]+ s, killed.*"),
                              HasSubstr("during drain at concurrency 1, round 0")));
}

TEST(GateRunnerTest, RejectsATeardownThatNeverReturns) {
  GateVerdict v =
      RunGateInChild(HostBinary(), TestPlugin("hangs_in_teardown"), ChildGate(3'000));
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason, AllOf(HasSubstr("hung"), HasSubstr("during teardown at concurrency 1")));
}

// At its defaults (40,000 tasks, varying batches, a repeat with batches up to 4,096, the leak
// check), the gate catches faults too rare for a few hundred tasks and what teardown leaves.

GateVerdict DefaultGate(const std::string& plugin) {
  GateRunOptions options;  // the defaults `run` and `validate` use
  return RunGateInChild(HostBinary(), TestPlugin(plugin), options);
}

TEST(GateDefaultsTest, RejectsAPoolThatDropsOneTaskIn997) {
  GateVerdict v = DefaultGate("rare_drop");
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason, AllOf(HasSubstr("dropped 10 of 10000 tasks at concurrency 1"),
                              HasSubstr("task 996 was submitted but never ran")));
}

TEST(GateDefaultsTest, RejectsAPoolThatCompletesOneTaskIn500AfterDrainReturned) {
  GateVerdict v = DefaultGate("late_completion");
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason, AllOf(HasSubstr("drain() returned before every task had finished"),
                              HasSubstr("20 of 10000 tasks completed after drain() returned"),
                              HasSubstr("task 499")));
}

TEST(GateDefaultsTest, RejectsAPoolThatRunsTask777Twice) {
  GateVerdict v = DefaultGate("runs_one_twice");
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason, AllOf(HasSubstr("ran 1 of 10000 tasks more than once"),
                              HasSubstr("task 776 ran 2 times")));
}

TEST(GateDefaultsTest, RejectsAPoolThatLeavesAThreadRunningAfterTeardown) {
  GateVerdict v = DefaultGate("leaves_thread");
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason,
              AllOf(MatchesRegex("left 1 thread \\(tid [0-9]+ .*"),
                    HasSubstr("running after teardown() returned at concurrency 16 again"),
                    HasSubstr("threads that every instance adds are a leak")));
}

TEST(GateDefaultsTest, RejectsAPoolThatLeavesAProcessAndKillsIt) {
  GateVerdict v = DefaultGate("leaves_process");
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason, AllOf(MatchesRegex("left .*1 process \\(pid [0-9]+ .*"),
                              HasSubstr("after teardown() returned at concurrency 1")));
  // The orphan was reparented to the gate's child (a subreaper), killed and reaped: the pid
  // the reason names is gone.
  const size_t at = v.reason.find("pid ") + 4;
  const std::string pid = v.reason.substr(at, v.reason.find(' ', at) - at);
  EXPECT_FALSE(std::filesystem::exists("/proc/" + pid)) << "pid " << pid << " is still there";
}

TEST(GateDefaultsTest, PassesARuntimePoolThatIsStartedOnceAndReused) {
  // As libuv's threadpool: started by the first instance, never stopped, reused by the rest.
  GateVerdict v = DefaultGate("keeps_runtime_thread");
  EXPECT_TRUE(v.passed) << v.reason;
  ASSERT_TRUE(v.report.has_value());
  EXPECT_GE(v.report->threads_kept, 1u);
  EXPECT_LE(v.report->threads_kept, 1u + kRuntimeThreads);
}

TEST(GateDefaultsTest, PassesAnInlineAdapterBuiltAgainstTheAbi10Header) {
  GateVerdict v = DefaultGate("abi_1_0");
  EXPECT_TRUE(v.passed) << v.reason;
}

TEST(GateDefaultsTest, PassesACorrectCrossProcessAdapterAtItsDefaults) {
  GateVerdict v = DefaultGate("fork_executor");
  EXPECT_TRUE(v.passed) << v.reason;
  ASSERT_TRUE(v.report.has_value());
  EXPECT_EQ(v.report->tasks_completed, 40'000u);
  EXPECT_EQ(v.report->large_batch, 4096u);
  EXPECT_LE(v.report->threads_kept, kRuntimeThreads);
}

TEST(GateRunnerTest, RejectsAFileTheLoaderRefusesWithTheLoadersReason) {
  GateVerdict v = RunGateInChild(HostBinary(), TestPlugin("wrong_abi_major"), ChildGate(60'000));
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason, HasSubstr("plugin ABI 2.0"));
}

// The PASS cache `run` uses: keyed by the plugin's bytes, the host's binaries and the options.

TEST(GateCacheTest, KeepsOnlyAPassAndOnlyForTheSameFileBuildAndOptions) {
  ::zoo::testing::TempDir dir;
  const GateOptions options;
  const GateCache cache = GateCache::Open(dir.path(), HostBinary(), options);
  ASSERT_TRUE(cache.enabled());
  EXPECT_FALSE(cache.FindPass("aaaa").has_value());

  GateReport rejected;
  rejected.reason = "dropped 1 of 10000 tasks";
  ASSERT_TRUE(cache.StorePass("aaaa", rejected).ok());
  EXPECT_FALSE(cache.FindPass("aaaa").has_value()) << "a rejection is never kept";

  GateReport passed;
  passed.passed = true;
  passed.tasks_submitted = passed.tasks_completed = 40'000;
  passed.concurrencies = {1, 4, 16};
  ASSERT_TRUE(cache.StorePass("aaaa", passed).ok());
  const std::optional<GateReport> found = cache.FindPass("aaaa");
  ASSERT_TRUE(found.has_value());
  EXPECT_TRUE(found->passed);
  EXPECT_EQ(found->tasks_completed, 40'000u);

  EXPECT_FALSE(cache.FindPass("bbbb").has_value()) << "another plugin file";
  GateOptions fewer = options;
  fewer.tasks_per_phase = 400;
  EXPECT_FALSE(GateCache::Open(dir.path(), HostBinary(), fewer).FindPass("aaaa").has_value())
      << "other gate options";
  EXPECT_FALSE(
      GateCache::Open(dir.path(), BuiltinPlugin("inline"), options).FindPass("aaaa").has_value())
      << "another host binary";

  // A damaged entry is a miss, not an error.
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    std::ofstream(entry.path()) << "{\"passed\": tru";
  }
  EXPECT_FALSE(cache.FindPass("aaaa").has_value());
}

TEST(GateCacheTest, WithoutAFolderFindsAndKeepsNothing) {
  const GateCache cache = GateCache::Open("", HostBinary(), GateOptions{});
  EXPECT_FALSE(cache.enabled());
  GateReport passed;
  passed.passed = true;
  EXPECT_TRUE(cache.StorePass("aaaa", passed).ok());
  EXPECT_FALSE(cache.FindPass("aaaa").has_value());
}

}  // namespace
}  // namespace zoo
