// zoo.submit_any_thread/1 is proven, not trusted: adapters that declare it and break one of
// its rules (a task submitted from a worker lost, a drain that does not wait for chained
// tasks, a bounded queue that drops instead of pushing back) are rejected with that rule;
// the built-in pools that declare it pass. And a plugin built against the ABI 1.0 header
// still loads, passes and is measured under the 1.1 host, scenarios included.
#include "core/measure/submit_any_thread_gate.h"

#include <filesystem>
#include <string>

#include "core/archive/archive.h"
#include "core/base/sysinfo.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"
#include "test/zoo_host_cli.h"

namespace zoo {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::zoo::testing::BuiltinPlugin;
using ::zoo::testing::CliRun;
using ::zoo::testing::ZooHost;
using ::zoo::testing::TestPlugin;
using ::zoo::testing::TempDir;

// Batches of at most 4: below the broken bounded queue's capacity of 8, so the ordinary
// instances pass and only the capability's own check can catch it.
GateOptions SmallGate() {
  GateOptions options;
  options.concurrencies = {1, 4};
  options.tasks_per_phase = 200;
  options.large_batch = 0;
  options.body_ns = 5'000;
  options.logical_cores = std::max(1u, LogicalCores());
  return options;
}

GateReport Gate(const std::filesystem::path& file) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(file);
  EXPECT_TRUE(loaded.ok()) << loaded.status();
  if (!loaded.ok()) return {};
  return RunGate(*loaded, SmallGate());
}

TEST(SubmitAnyThreadGateTest, RejectsALostTaskSubmittedFromAWorker) {
  const GateReport r = Gate(TestPlugin("loses_worker_submit"));
  EXPECT_FALSE(r.passed);
  EXPECT_THAT(r.reason, AllOf(HasSubstr("zoo.submit_any_thread/1 is declared but broken"),
                              HasSubstr("each submitted from inside the one before"),
                              HasSubstr("was submitted but never ran")));
}

// ThreadSanitizer builds: this plugin's defect is a data race by construction (drain returns,
// the host tears the adapter down, and a worker still submits the chain's next link), which
// TSan reports and stops on, as it should; the gcc and ASan builds check the gate's sentence.
#if defined(__SANITIZE_THREAD__)
constexpr bool kThreadSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
constexpr bool kThreadSanitizer = true;
#else
constexpr bool kThreadSanitizer = false;
#endif
#else
constexpr bool kThreadSanitizer = false;
#endif

TEST(SubmitAnyThreadGateTest, RejectsADrainThatReturnsBeforeAChainedTaskRan) {
  if (kThreadSanitizer) GTEST_SKIP() << "the plugin's defect is a data race TSan stops on";
  const GateReport r = Gate(TestPlugin("drains_before_chain"));
  EXPECT_FALSE(r.passed);
  EXPECT_THAT(r.reason, AllOf(HasSubstr("zoo.submit_any_thread/1 is declared but broken"),
                              HasSubstr("drain() returned before every task had finished"),
                              HasSubstr("chains of 100 tasks")));
}

TEST(SubmitAnyThreadGateTest, RejectsABoundedQueueThatDropsInsteadOfPushingBack) {
  const GateReport r = Gate(TestPlugin("bounded_loses"));
  EXPECT_FALSE(r.passed);
  // Its default capacity is 8 too, so the producers overfill it before the bounded phase.
  EXPECT_THAT(r.reason, AllOf(HasSubstr("zoo.submit_any_thread/1 is declared but broken"),
                              HasSubstr("4 producer threads x 250 tasks"), HasSubstr("dropped")));
}

TEST(SubmitAnyThreadGateTest, PassesTheBuiltinPoolsThatDeclareIt) {
  for (const char* name : {"thread_pool", "zoo_scheduler"}) {
    const GateReport r = Gate(BuiltinPlugin(name));
    EXPECT_TRUE(r.passed) << name << ": " << r.reason;
    EXPECT_TRUE(r.submit_any_thread_checked) << name;
  }
  const GateReport inline_report = Gate(BuiltinPlugin("inline"));
  EXPECT_TRUE(inline_report.passed) << inline_report.reason;
  EXPECT_FALSE(inline_report.submit_any_thread_checked) << "inline does not declare it";
}

TEST(SubmitAnyThreadGateTest, AnAbi10PluginLoadsAndIsMeasuredUnderThe11Host) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(TestPlugin("abi_1_0"));
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->descriptor().abi_minor, 0u);
  EXPECT_FALSE(loaded->descriptor().submit_any_thread.declared);
  TempDir dir;
  const std::string name = loaded->descriptor().name;
  CliRun r = ZooHost({"run", "--plugin", TestPlugin("abi_1_0").string(), "--subject", name,
                      "--adapters", name + ",inline", "--concurrency", "1,2", "--tiers", "40",
                      "--warmup", "1", "--rounds", "3", "--processes", "2", "--cell-budget",
                      "0", "--no-cost", "--no-report", "--scenarios", "roundtrip,workers",
                      "--results", dir.path().string()});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::filesystem::path archive;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir.path())) {
    if (e.path().extension() == ".json") archive = e.path();
  }
  absl::StatusOr<Archive> a = ReadArchive(archive);
  ASSERT_TRUE(a.ok()) << a.status();
  size_t matrix = 0, roundtrip = 0;
  for (const ArchivedUnit& u : a->units) {
    EXPECT_TRUE(u.result.ok) << u.result.failure;
    if (u.result.spec.adapter != name) continue;
    if (u.result.spec.kind == UnitKind::kTimed) ++matrix;
    if (u.result.spec.scenario == Scenario::kRoundtrip) ++roundtrip;
  }
  EXPECT_EQ(matrix, 2u * 2u);  // both concurrencies, two processes each
  EXPECT_GT(roundtrip, 0u);
  // The workers scenario needs zoo_config.workers, which a 1.0 plugin cannot read.
  ASSERT_EQ(a->scenarios.not_applicable.size(), 1u);
  EXPECT_EQ(a->scenarios.not_applicable[0].scenario, Scenario::kWorkers);
  EXPECT_EQ(a->scenarios.not_applicable[0].reason_code, "abi_1_0");
}

}  // namespace
}  // namespace zoo
