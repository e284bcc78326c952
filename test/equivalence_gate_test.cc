#include "core/equivalence_gate.h"

#include <string>

#include "core/gate_runner.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::zoo::testing::BuiltinPlugin;
using ::zoo::testing::HostBinary;
using ::zoo::testing::TestPlugin;

GateOptions SmallGate() {
  GateOptions options;
  options.concurrencies = {1, 4, 16};
  options.tasks_per_phase = 200;
  options.body_ns = 20'000;
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
    EXPECT_EQ(r.tasks_submitted, 600u) << name;
    EXPECT_EQ(r.tasks_completed, 600u) << name;
  }
}

TEST(EquivalenceGateTest, PassesACrossProcessAdapterThatUsesExecuteAndComplete) {
  GateReport r = GateInProcess(TestPlugin("fork_executor"));
  EXPECT_TRUE(r.passed) << r.reason;
  EXPECT_EQ(r.tasks_completed, 600u);
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
  EXPECT_THAT(steps, ::testing::ElementsAre(
                         "setup at concurrency 2", "submit at concurrency 2, round 0",
                         "drain at concurrency 2, round 0", "submit at concurrency 2, round 1",
                         "drain at concurrency 2, round 1", "teardown at concurrency 2"));
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
  EXPECT_EQ(v.report->tasks_completed, 600u);
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

TEST(GateRunnerTest, RejectsAFileTheLoaderRefusesWithTheLoadersReason) {
  GateVerdict v = RunGateInChild(HostBinary(), TestPlugin("wrong_abi_major"), ChildGate(60'000));
  EXPECT_FALSE(v.passed);
  EXPECT_THAT(v.reason, HasSubstr("plugin ABI 2.0"));
}

}  // namespace
}  // namespace zoo
