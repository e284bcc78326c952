// The scenario plan: which rows apply to which adapter (and why not), each row's pool size,
// tasks per round and options, every row in every process, interleaved, and one counted
// process per row; the --scenarios list and its mistakes.
#include "core/run/scenario_plan.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;

ScenarioAdapter Adapter(std::string name, bool any_thread, bool bounded, uint32_t minor = 1) {
  ScenarioAdapter a;
  a.descriptor.name = name;
  a.descriptor.abi_major = 1;
  a.descriptor.abi_minor = minor;
  a.descriptor.submit_any_thread = {.declared = any_thread, .bounded = bounded,
                                    .default_capacity = bounded ? 64u : 0u};
  a.plugin_file = name + ".so";
  return a;
}

std::vector<Scenario> All() {
  return std::vector<Scenario>(std::begin(kScenarios), std::end(kScenarios));
}

TEST(ScenarioPlanTest, RowsApplyByCapabilityAndSayWhyNot) {
  const std::vector<ScenarioAdapter> adapters = {
      Adapter("subject", true, true), Adapter("pool", true, false), Adapter("inline", false, false),
      Adapter("old", false, false, 0)};
  const ScenarioPlan plan = PlanScenarioUnits(All(), adapters, 2, 3);
  std::map<std::tuple<Scenario, std::string>, std::string> why;
  for (const ScenarioNotApplicable& n : plan.record.not_applicable) {
    why[{n.scenario, n.adapter}] = n.reason_code;
  }
  // A round trip needs nothing.
  EXPECT_EQ(why.count(std::make_tuple(Scenario::kRoundtrip, "old")), 0u);
  EXPECT_EQ((why[{Scenario::kContinuation, "inline"}]), "no_submit_any_thread");
  EXPECT_EQ((why[{Scenario::kBurstBounded, "pool"}]), "no_bounded_queue");
  EXPECT_EQ(why.count(std::make_tuple(Scenario::kBurstUnbounded, "pool")), 0u);
  EXPECT_EQ(why.count(std::make_tuple(Scenario::kContinuation, "subject")), 0u);
  // The workers scenario is the subject's alone.
  EXPECT_EQ(why.count(std::make_tuple(Scenario::kWorkers, "pool")), 0u);

  std::set<std::tuple<Scenario, std::string, uint32_t>> rows;
  for (const UnitSpec& s : plan.units) {
    if (s.kind == UnitKind::kScenario) rows.insert({s.scenario, s.adapter, s.workers});
    EXPECT_EQ(s.concurrency, ScenarioTasksPerRound(s.scenario)) << s.adapter;
    EXPECT_EQ(s.workload, "noop");
  }
  EXPECT_TRUE(rows.count({Scenario::kRoundtrip, "old", 1}));
  EXPECT_TRUE(rows.count({Scenario::kBurstBounded, "subject", 2}));
  EXPECT_FALSE(rows.count({Scenario::kBurstBounded, "pool", 2}));
  for (uint32_t m : {1u, 2u, 4u}) EXPECT_TRUE(rows.count({Scenario::kWorkers, "subject", m}));
  EXPECT_FALSE(rows.count({Scenario::kWorkers, "pool", 1}));
}

TEST(ScenarioPlanTest, EveryRowInEveryProcessInterleavedThenOneCountedProcess) {
  const std::vector<ScenarioAdapter> adapters = {Adapter("subject", true, true),
                                                 Adapter("pool", true, false)};
  const ScenarioPlan plan = PlanScenarioUnits({Scenario::kRoundtrip}, adapters, 2, 4);
  ASSERT_EQ(plan.units.size(), 2u * 4u + 2u);
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(plan.units[i].kind, UnitKind::kScenario);
    EXPECT_EQ(plan.units[i].process, i / 2);  // process p of every row before p + 1 of any
    EXPECT_EQ(plan.units[i].adapter, i % 2 == 0 ? "subject" : "pool");
  }
  EXPECT_EQ(plan.units[8].kind, UnitKind::kScenarioCounters);
  EXPECT_EQ(plan.units[9].kind, UnitKind::kScenarioCounters);
}

TEST(ScenarioPlanTest, UnboundedBurstSetsCapacityZeroOnlyWhereTheQueueCanBeBounded) {
  const ScenarioPlan plan = PlanScenarioUnits(
      {Scenario::kBurstUnbounded, Scenario::kBurstBounded},
      {Adapter("subject", true, true), Adapter("pool", true, false)}, 2, 1);
  for (const UnitSpec& s : plan.units) {
    if (s.scenario == Scenario::kBurstUnbounded) {
      EXPECT_EQ(s.options, s.adapter == "subject" ? "capacity=0" : "") << s.adapter;
    } else {
      EXPECT_EQ(s.options, "");  // bounded: the adapter's default capacity
    }
  }
}

TEST(ScenarioPlanTest, ListParsesAndNamesAnUnknownWord) {
  EXPECT_EQ(*ParseScenarioList("roundtrip"), std::vector<Scenario>{Scenario::kRoundtrip});
  EXPECT_EQ(*ParseScenarioList("burst,roundtrip,burst"),
            (std::vector<Scenario>{Scenario::kBurstBounded, Scenario::kBurstUnbounded,
                                   Scenario::kRoundtrip}));
  EXPECT_EQ(ParseScenarioList("all")->size(), std::size(kScenarios));
  EXPECT_TRUE(ParseScenarioList("none")->empty());
  const absl::StatusOr<std::vector<Scenario>> bad = ParseScenarioList("roundtrip,bursts");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("'bursts'"));
}

}  // namespace
}  // namespace zoo
