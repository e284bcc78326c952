// The run's plan: every cell in every process, processes spread over the run, adapters
// interleaved and rotated, every unit of a tier running the calibrated body.
#include "core/run/run_plan.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

RunCalibration Calibrated() {
  RunCalibration c;
  c.status = "json";
  c.tiers = {{.tier_us = 40, .repetitions = 31, .processes = {}},
             {.tier_us = 300, .repetitions = 230, .processes = {}}};
  return c;
}

// Exactly 3 processes per cell (no budget), 10 warm-up rounds at most.
Matrix Small() {
  Matrix m;
  m.tiers_us = {40, 300};
  m.concurrencies = {1, 2};
  m.processes = 3;
  m.cell_budget_s = 0;
  return m;
}

const std::vector<PlannedAdapter> kAdapters = {{"subject", "s.so"}, {"a", "a.so"}, {"b", "b.so"}};

TEST(RunPlanTest, EveryCellOfEveryAdapterInEveryProcessOnce) {
  const std::vector<UnitSpec> plan =
      PlanMatrixUnits(Small(), kAdapters, 2, Calibrated(), UnitKind::kTimed);
  ASSERT_EQ(plan.size(), 2u * 2u * 3u * 3u);
  std::set<std::tuple<std::string, uint32_t, uint32_t, uint32_t>> seen;
  for (const UnitSpec& s : plan) {
    EXPECT_TRUE(seen.insert({s.adapter, s.tier_us, s.concurrency, s.process}).second);
    EXPECT_EQ(s.repetitions, s.tier_us == 40 ? 31u : 230u) << "the run's calibrated count";
    EXPECT_EQ(s.warmup_rounds, 10u) << "10 rounds of 40 or 300 us fit the warm-up budget";
    EXPECT_EQ(s.measured_rounds, 8u);
  }
}

TEST(RunPlanTest, ProcessesFollowEachOtherAndAdaptersRotate) {
  const std::vector<UnitSpec> plan =
      PlanMatrixUnits(Small(), kAdapters, 2, Calibrated(), UnitKind::kTimed);
  for (size_t i = 1; i < plan.size(); ++i) {
    EXPECT_LE(plan[i - 1].process, plan[i].process) << "process p of every cell before p + 1";
  }
  // The adapters of one cell run back to back; who goes first changes from cell to cell.
  std::map<std::string, int> first;
  for (size_t i = 0; i < plan.size(); i += kAdapters.size()) {
    for (size_t k = 1; k < kAdapters.size(); ++k) {
      EXPECT_EQ(plan[i + k].tier_us, plan[i].tier_us);
      EXPECT_EQ(plan[i + k].concurrency, plan[i].concurrency);
    }
    ++first[plan[i].adapter];
  }
  EXPECT_EQ(first.size(), kAdapters.size()) << "every adapter leads some cell";
}

TEST(RunPlanTest, ACallgrindRunUsesOneProcess) {
  const std::vector<UnitSpec> plan =
      PlanMatrixUnits(Small(), kAdapters, 2, Calibrated(), UnitKind::kCallgrind);
  EXPECT_EQ(plan.size(), 2u * 2u * 3u);
  for (const UnitSpec& s : plan) EXPECT_EQ(s.kind, UnitKind::kCallgrind);
}

// One attribution unit per cell and adapter, spread among the timed units: never two in a row
// while timed units remain, and the timed units keep their order.
TEST(RunPlanTest, AttributionUnitsSpreadEvenlyAmongTheTimedUnits) {
  const std::vector<UnitSpec> timed =
      PlanMatrixUnits(Small(), kAdapters, 2, Calibrated(), UnitKind::kTimed);
  const std::vector<UnitSpec> attribution =
      PlanMatrixUnits(Small(), kAdapters, 2, Calibrated(), UnitKind::kAttribution);
  ASSERT_EQ(attribution.size(), 2u * 2u * 3u);
  const std::vector<UnitSpec> plan = InterleaveUnits(timed, attribution);
  ASSERT_EQ(plan.size(), timed.size() + attribution.size());
  size_t next_timed = 0, since_last = 0;
  std::vector<size_t> gaps;
  for (const UnitSpec& s : plan) {
    if (s.kind == UnitKind::kAttribution) {
      gaps.push_back(since_last);
      since_last = 0;
      continue;
    }
    ++since_last;
    ASSERT_LT(next_timed, timed.size());
    EXPECT_EQ(s.adapter, timed[next_timed].adapter);
    EXPECT_EQ(s.process, timed[next_timed].process);
    ++next_timed;
  }
  // 36 timed units and 12 attribution units: one after every 3 timed units.
  EXPECT_THAT(gaps, ::testing::Each(3u));
  EXPECT_EQ(InterleaveUnits(timed, {}).size(), timed.size());
}

TEST(RunPlanTest, TheHarnessFloorIsInlineWithTheNoopBodyAtConcurrencyOne) {
  const std::vector<UnitSpec> floor = PlanFloorUnits({"inline", "inline.so"}, 3, 2);
  ASSERT_EQ(floor.size(), 3u);
  for (uint32_t p = 0; p < 3; ++p) {
    EXPECT_EQ(floor[p].kind, UnitKind::kFloor);
    EXPECT_EQ(floor[p].workload, "noop");
    EXPECT_EQ(floor[p].concurrency, 1u);
    EXPECT_EQ(floor[p].process, p);
    EXPECT_EQ(floor[p].measured_rounds, kFloorRounds);
    EXPECT_EQ(StampsFor(floor[p].kind, floor[p].workload), Stamps::kRound);
  }
}

TEST(RunPlanTest, WithoutACalibrationUnitsCalibrateThemselves) {
  const std::vector<UnitSpec> plan =
      PlanMatrixUnits(Small(), kAdapters, 2, RunCalibration{}, UnitKind::kTimed);
  for (const UnitSpec& s : plan) EXPECT_EQ(s.repetitions, 0u);
}

TEST(RunPlanTest, SemanticsUnitsInterleaveOffAndEachItem) {
  const std::vector<UnitSpec> plan = PlanSemanticsUnits(
      Small(), kAdapters[0], 40, {1, 2}, {{"priority", 1}, {"retry", 3}}, 2, Calibrated());
  ASSERT_EQ(plan.size(), 3u * 2u * 3u);
  std::map<std::string, int> variants;
  for (const UnitSpec& s : plan) {
    ++variants[s.semantics];
    EXPECT_EQ(s.tier_us, 40u);
    EXPECT_EQ(s.repetitions, 31u);
    if (s.semantics == "retry") {
      EXPECT_EQ(s.semantics_value, 3);
    }
  }
  EXPECT_THAT(variants, ::testing::ElementsAre(::testing::Pair("off", 6),
                                               ::testing::Pair("priority", 6),
                                               ::testing::Pair("retry", 6)));
}

TEST(RunPlanTest, CheapCellsGetMoreProcessesWithinTheBudgetAndBigOnesTheMinimum) {
  Matrix m = DefaultMatrix();  // 3 processes at least, 6 s a cell, 8 rounds
  // 12 adapters: 0.5 s each; a 40 us process costs about kProcessStartS.
  const uint32_t cheap = ProcessesFor(m, 40, 1, 2, 12);
  EXPECT_EQ(cheap, static_cast<uint32_t>(0.5 / (kProcessStartS + 18 * 40e-6)));
  EXPECT_GT(ProcessesFor(m, 40, 1, 2, 3), cheap) << "fewer adapters, more processes each";
  EXPECT_EQ(ProcessesFor(m, 40, 1, 2, 1), kMaxProcessesPerCell) << "capped";
  EXPECT_EQ(ProcessesFor(m, 10000, 64, 2, 12), 3u) << "one 64 x 10 ms round is 320 ms";
  const uint32_t mid = ProcessesFor(m, 2700, 1, 2, 12);
  EXPECT_GT(mid, 3u);
  EXPECT_LT(mid, cheap);
  m.cell_budget_s = 0;
  EXPECT_EQ(ProcessesFor(m, 40, 1, 2, 12), 3u) << "no budget: exactly the minimum";
}

TEST(RunPlanTest, WarmUpStopsAtItsTimeBudgetButRunsAtLeastOneRound) {
  const Matrix m = DefaultMatrix();  // up to 10 warm-up rounds
  EXPECT_EQ(WarmupRoundsFor(m, 40, 1, 2), 10u);
  EXPECT_EQ(WarmupRoundsFor(m, 10000, 1, 2), 2u) << "two 10 ms rounds reach 20 ms";
  EXPECT_EQ(WarmupRoundsFor(m, 10000, 64, 2), 1u) << "a 320 ms round still warms up once";
  EXPECT_DOUBLE_EQ(EstimatedRoundS(10000, 64, 2), 0.32);
  Matrix none = m;
  none.warmup_rounds = 0;
  EXPECT_EQ(WarmupRoundsFor(none, 40, 1, 2), 0u);
}

TEST(RunPlanTest, ProcessesOfUnequalCellsStillComeInOrder) {
  Matrix m = DefaultMatrix();
  m.tiers_us = {40, 10000};
  m.concurrencies = {1, 64};
  const std::vector<UnitSpec> plan =
      PlanMatrixUnits(m, kAdapters, 2, Calibrated(), UnitKind::kTimed);
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> per_cell;
  for (size_t i = 0; i < plan.size(); ++i) {
    if (i > 0) {
      EXPECT_LE(plan[i - 1].process, plan[i].process);
    }
    ++per_cell[std::make_pair(plan[i].tier_us, plan[i].concurrency)];
  }
  EXPECT_EQ(per_cell[std::make_pair(40u, 1u)], ProcessesFor(m, 40, 1, 2, 3) * 3);
  EXPECT_EQ(per_cell[std::make_pair(10000u, 64u)], 3u * 3);
}

}  // namespace
}  // namespace zoo
