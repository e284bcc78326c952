#include "core/measure/unit_stats.h"

#include <cmath>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;

// A unit whose rounds have the given walls; every task's body lasts `body_ns`, starts 1 us
// after its submit returned and completes 2 us after it ended.
UnitResult Unit(uint32_t concurrency, const std::vector<int64_t>& walls, int64_t body_ns,
                int64_t target_ns = 0) {
  UnitResult u;
  u.ok = true;
  u.spec.concurrency = concurrency;
  u.calibration.target_ns = target_ns;
  for (int64_t wall : walls) {
    RoundSample r{.start_ns = 0, .wall_ns = wall, .tasks = {}};
    for (uint32_t i = 0; i < concurrency; ++i) {
      r.tasks.push_back(TaskSample{.submit_call_ns = 0, .submit_return_ns = 500,
                                   .body_start_ns = 1500, .body_end_ns = 1500 + body_ns,
                                   .completed_ns = 3500 + body_ns, .executor_pid = 1});
    }
    u.rounds.push_back(std::move(r));
  }
  return u;
}

TEST(UnitStatsTest, EndToEndIsRoundWallOverConcurrency) {
  const UnitStats s = ComputeUnitStats(Unit(2, {20'000, 24'000, 22'000}, 8'000), 2);
  EXPECT_EQ(s.end_to_end_ns.n, 3u);
  EXPECT_DOUBLE_EQ(s.end_to_end_ns.median, 11'000);
  EXPECT_DOUBLE_EQ(s.round_wall_ns.median, 22'000);
  EXPECT_EQ(s.body_ns.n, 6u);
  EXPECT_DOUBLE_EQ(s.body_ns.median, 8'000);
  EXPECT_DOUBLE_EQ(s.throughput_per_s, 2 / 22e-6);
}

// CPU time is divided per task as end-to-end is (the round's over its concurrency), over the
// rounds that recorded it; a unit whose rounds recorded none has no figure, never a 0.
TEST(UnitStatsTest, CpuPerTaskIsRoundCpuOverConcurrencyWhereRecorded) {
  UnitResult u = Unit(2, {20'000, 24'000, 22'000, 30'000}, 8'000);
  const int64_t cpu[] = {6'000, 10'000, 8'000, -1};  // the last round did not record it
  for (size_t i = 0; i < u.rounds.size(); ++i) u.rounds[i].cpu_ns = cpu[i];
  const UnitStats s = ComputeUnitStats(u, 2);
  EXPECT_EQ(s.cpu_per_task_ns.n, 3u);
  EXPECT_DOUBLE_EQ(s.cpu_per_task_ns.median, 4'000);
  EXPECT_DOUBLE_EQ(s.cpu_per_task_ns.max, 5'000);
  EXPECT_DOUBLE_EQ(s.end_to_end_ns.median, 11'500) << "wall time is not touched";

  const UnitStats none = ComputeUnitStats(Unit(2, {20'000, 24'000}, 8'000), 2);
  EXPECT_EQ(none.cpu_per_task_ns.n, 0u);
  EXPECT_TRUE(std::isnan(none.cpu_per_task_ns.median));
}

TEST(UnitStatsTest, OverheadAndShareComeFromTheSameUnit) {
  const UnitStats s = ComputeUnitStats(Unit(1, {10'000, 10'000, 12'000}, 8'000), 2);
  ASSERT_TRUE(s.overhead_ns.has_value()) << s.overhead_withheld;
  EXPECT_DOUBLE_EQ(*s.overhead_ns, 2'000);
  EXPECT_DOUBLE_EQ(*s.overhead_share, 0.2);
  EXPECT_TRUE(s.overhead_withheld.empty());
}

TEST(UnitStatsTest, AttributionSegmentsPerTask) {
  const UnitStats s = ComputeUnitStats(Unit(1, {10'000}, 5'000), 2);
  EXPECT_DOUBLE_EQ(s.submit_ns.median, 500);
  EXPECT_DOUBLE_EQ(s.handoff_ns.median, 1'000);
  EXPECT_DOUBLE_EQ(s.return_ns.median, 2'000);
}

TEST(UnitStatsTest, OverheadIsWithheldAboveTheLogicalCores) {
  const UnitStats s = ComputeUnitStats(Unit(4, {40'000}, 8'000), 2);
  EXPECT_FALSE(s.overhead_ns.has_value());
  EXPECT_FALSE(s.overhead_share.has_value());
  EXPECT_THAT(s.overhead_withheld, HasSubstr("concurrency 4 exceeds the 2 logical cores"));
  EXPECT_GT(s.throughput_per_s, 0) << "throughput is still given";
}

TEST(UnitStatsTest, ANegativeOverheadIsWithheldNotPrinted) {
  const UnitStats s = ComputeUnitStats(Unit(1, {7'000}, 8'000), 2);
  EXPECT_FALSE(s.overhead_ns.has_value());
  EXPECT_THAT(s.overhead_withheld, HasSubstr("negative"));
}

// Archives keep only the sentence; readers ask OverheadWithheldReason of the figures. It must
// give the decision ComputeUnitStats made, whatever the sentence says.
TEST(UnitStatsTest, TheWithheldReasonIsReadFromTheFiguresNotTheSentence) {
  struct Case {
    UnitResult unit;
    OverheadWithheld reason;
    const char* name;
  };
  const Case cases[] = {
      {Unit(1, {10'000}, 8'000), OverheadWithheld::kNotWithheld, ""},
      {Unit(1, {}, 8'000), OverheadWithheld::kNoRounds, "no_rounds"},
      {Unit(4, {40'000}, 8'000), OverheadWithheld::kAboveCores, "above_cores"},
      // Above the cores wins over a negative figure, as in ComputeUnitStats.
      {Unit(4, {4'000}, 8'000), OverheadWithheld::kAboveCores, "above_cores"},
      {Unit(1, {7'000}, 8'000), OverheadWithheld::kNegative, "negative"},
  };
  for (const Case& c : cases) {
    UnitStats s = ComputeUnitStats(c.unit, 2);
    s.overhead_withheld = "a sentence nobody parses";
    EXPECT_EQ(OverheadWithheldReason(s, c.unit.spec.concurrency, 2), c.reason) << c.name;
    EXPECT_STREQ(OverheadWithheldName(c.reason), c.name);
    EXPECT_EQ(s.overhead_ns.has_value(), c.reason == OverheadWithheld::kNotWithheld) << c.name;
  }
}

TEST(UnitStatsTest, BodyDeviationAgainstTheTier) {
  const UnitStats s = ComputeUnitStats(Unit(1, {12'000}, 11'000, 10'000), 2);
  ASSERT_TRUE(s.body_deviation.has_value());
  EXPECT_NEAR(*s.body_deviation, 0.1, 1e-12);
  const UnitStats no_target = ComputeUnitStats(Unit(1, {12'000}, 11'000, 0), 2);
  EXPECT_FALSE(no_target.body_deviation.has_value()) << "noop has no target";
}

TEST(UnitStatsTest, AFailedUnitWithNoRoundsHasNoFigures) {
  UnitResult u;
  u.spec.concurrency = 1;
  const UnitStats s = ComputeUnitStats(u, 2);
  EXPECT_EQ(s.end_to_end_ns.n, 0u);
  EXPECT_TRUE(std::isnan(s.end_to_end_ns.median));
  EXPECT_FALSE(s.overhead_ns.has_value());
  EXPECT_EQ(s.throughput_per_s, 0);
}

}  // namespace
}  // namespace zoo
