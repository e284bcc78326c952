// A scenario unit measures what its scenario says: a round trip of one task per round, a chain
// of 100 tasks each submitted from inside the one before, a burst from four producer threads,
// a pool of M workers; every task runs exactly once before drain returns (the unit fails
// otherwise), and its rounds keep no per-task stamps.
#include "core/measure/scenario_rounds.h"

#include <cstdlib>
#include <string>

#include "core/measure/unit_worker.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using zoo::testing::BuiltinPlugin;

UnitSpec ScenarioSpec(const std::string& adapter, Scenario s, uint32_t workers,
                      std::string options = "") {
  return UnitSpec{.adapter = adapter, .plugin_file = BuiltinPlugin(adapter).string(),
                  .tier_us = 0, .concurrency = ScenarioTasksPerRound(s), .warmup_rounds = 2,
                  .measured_rounds = 5, .workload = "noop", .semantics = "",
                  .semantics_value = 0, .kind = UnitKind::kScenario, .process = 0,
                  .repetitions = 0, .logical_cores = 2, .scenario = s, .workers = workers,
                  .options = std::move(options)};
}

void ExpectMeasured(const UnitSpec& spec) {
  const UnitResult r = MeasureUnit(spec, nullptr);
  ASSERT_TRUE(r.ok) << spec.adapter << " " << ScenarioName(spec.scenario) << ": " << r.failure;
  ASSERT_GE(r.rounds.size(), kScenarioMinRounds);
  ASSERT_LE(r.rounds.size(), 5u);
  for (const RoundSample& round : r.rounds) {
    EXPECT_GT(round.wall_ns, 0);
    EXPECT_TRUE(round.tasks.empty()) << "a scenario round keeps no stamps per task";
  }
}

TEST(ScenarioRoundsTest, EveryScenarioRunsOnAPoolThatDeclaresTheCapability) {
  for (const char* adapter : {"thread_pool", "zoo_scheduler"}) {
    ExpectMeasured(ScenarioSpec(adapter, Scenario::kRoundtrip, 1));
    ExpectMeasured(ScenarioSpec(adapter, Scenario::kContinuation, 1));
    ExpectMeasured(ScenarioSpec(adapter, Scenario::kBurstUnbounded, 2));
    ExpectMeasured(ScenarioSpec(adapter, Scenario::kWorkers, 4));
  }
  ExpectMeasured(ScenarioSpec("zoo_scheduler", Scenario::kBurstBounded, 2));
  ExpectMeasured(ScenarioSpec("zoo_scheduler", Scenario::kBurstUnbounded, 2, "capacity=0"));
}

// An adapter that takes 2 ms a task stops its rounds on the time budget, not the count.
TEST(ScenarioRoundsTest, ASlowAdapterStopsOnTheTimeBudget) {
  setenv("ZOO_TEST_TUNABLE_DELAY_US", "2000", 1);
  UnitSpec spec = ScenarioSpec("tunable_inline", Scenario::kWorkers, 1);
  spec.plugin_file = zoo::testing::TestPlugin("tunable_inline").string();
  spec.measured_rounds = 100;  // 100 x 64 x 2 ms = 12.8 s by count
  const UnitResult r = MeasureUnit(spec, nullptr);
  unsetenv("ZOO_TEST_TUNABLE_DELAY_US");
  ASSERT_TRUE(r.ok) << r.failure;
  EXPECT_EQ(r.rounds.size(), kScenarioMinRounds) << "each round (128 ms) is past half the budget";
}

TEST(ScenarioRoundsTest, ARoundTripNeedsNoCapability) {
  ExpectMeasured(ScenarioSpec("inline", Scenario::kRoundtrip, 1));
}

}  // namespace
}  // namespace zoo
