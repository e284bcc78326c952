// How compare reads a round at the tier's body, and the between-process drift, on rounds
// whose right answers are worked out by hand.
#include "core/model/compare_basis.h"

#include <cmath>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

using ::testing::ElementsAre;

TaskSample Body(int64_t start, int64_t end) {
  return {.submit_call_ns = 0, .submit_return_ns = 0, .body_start_ns = start,
          .body_end_ns = end, .completed_ns = end, .executor_pid = 1};
}

UnitResult Unit(uint32_t concurrency, uint32_t tier_us, std::vector<RoundSample> rounds) {
  UnitResult u;
  u.ok = true;
  u.spec.adapter = "a";
  u.spec.concurrency = concurrency;
  u.spec.tier_us = tier_us;
  u.rounds = std::move(rounds);
  return u;
}

TEST(CompareBasisTest, TheUnionCountsOverlapsOnceAndGapsNotAtAll) {
  RoundSample r{.start_ns = 0, .wall_ns = 100, .tasks = {Body(10, 30), Body(20, 40), Body(50, 60),
                                                         Body(55, 58), Body(70, 70)}};
  EXPECT_EQ(BodyUnionNs(r), 30 + 10);  // [10, 40) and [50, 60); an empty body adds nothing
  EXPECT_EQ(BodyUnionNs(RoundSample{}), 0);
}

TEST(CompareBasisTest, AtConcurrencyOneItIsEndToEndMinusBodyPlusTier) {
  // 100 us wall, an 80 us body, tier 40: 20 us outside the body + 40.
  const UnitResult u = Unit(1, 40, {{.start_ns = 0, .wall_ns = 100'000,
                                     .tasks = {Body(10'000, 90'000)}}});
  EXPECT_THAT(PerRoundCost(u, CompareBasis::kTierBody), ElementsAre(60'000));
  EXPECT_THAT(PerRoundCost(u, CompareBasis::kEndToEnd), ElementsAre(100'000));
}

TEST(CompareBasisTest, TheRoundsTimeWithoutABodyIsKeptAndTheBodiesCountAsOneTier) {
  // Two 80 us bodies side by side in a 100 us round, tier 40: 20 + 40, per task 30.
  const UnitResult parallel = Unit(2, 40, {{.start_ns = 0, .wall_ns = 100'000,
                                            .tasks = {Body(10'000, 90'000),
                                                      Body(10'000, 90'000)}}});
  EXPECT_THAT(PerRoundCost(parallel, CompareBasis::kTierBody), ElementsAre(30'000));
  // Back to back in a 180 us round: the same 20 us without a body + 40, per task 30: the
  // basis reads what the adapter adds, not whether it ran the bodies side by side.
  const UnitResult serial = Unit(2, 40, {{.start_ns = 0, .wall_ns = 180'000,
                                          .tasks = {Body(10'000, 90'000),
                                                    Body(90'000, 170'000)}}});
  EXPECT_THAT(PerRoundCost(serial, CompareBasis::kTierBody), ElementsAre(30'000));
  // A gap of 30 us between them is the adapter's: 20 + 30 + 40, per task 45.
  const UnitResult gap = Unit(2, 40, {{.start_ns = 0, .wall_ns = 210'000,
                                       .tasks = {Body(10'000, 90'000),
                                                 Body(120'000, 200'000)}}});
  EXPECT_THAT(PerRoundCost(gap, CompareBasis::kTierBody), ElementsAre(45'000));
}

TEST(CompareBasisTest, ARoundWithoutBodyTimeIsReadEndToEnd) {
  const UnitResult u = Unit(1, 40, {{.start_ns = 0, .wall_ns = 5'000, .tasks = {Body(7, 7)}}});
  EXPECT_THAT(PerRoundCost(u, CompareBasis::kTierBody), ElementsAre(5'000));
}

TEST(CompareBasisTest, TheBasisIsTheTiersBodyOnlyWithinBothRunsCores) {
  EXPECT_EQ(BasisFor(2, 2, 4), CompareBasis::kTierBody);
  EXPECT_EQ(BasisFor(4, 2, 4), CompareBasis::kEndToEnd);
  EXPECT_EQ(BasisFor(4, 4, 2), CompareBasis::kEndToEnd);
}

TEST(CompareBasisTest, ACommonMoveIsNotDriftAndFewBaselinesGiveNone) {
  // Every baseline twice as slow: the second run was a slower moment, not a drift.
  const std::optional<DriftEstimate> common = EstimateDrift({1, 2, 3, 4}, {2, 4, 6, 8});
  ASSERT_TRUE(common.has_value());
  EXPECT_NEAR(common->drift, 0, 1e-12);
  EXPECT_NEAR(common->common_log_move, std::log(2.0), 1e-12);
  EXPECT_NEAR(common->OwnMove(5, 10), 0, 1e-12) << "moving with the others is no own move";
  EXPECT_NEAR(common->OwnMove(5, 20), 1, 1e-12) << "twice the common move: +100% of its own";
  EXPECT_NEAR(common->OwnMove(5, 5), 1, 1e-12) << "standing still while the others doubled";
  // Moves of x1, x e, x 1/e: log moves 0, 1, -1, MAD 1.
  const std::optional<DriftEstimate> d =
      EstimateDrift({1, 1, 1}, {1, std::exp(1.0), std::exp(-1.0)});
  ASSERT_TRUE(d.has_value());
  EXPECT_NEAR(d->drift, std::exp(1.4826) - 1, 1e-9);
  EXPECT_FALSE(EstimateDrift({1, 1}, {1, 2}).has_value());
  EXPECT_FALSE(EstimateDrift({1, 0, 1}, {1, 1, 1}).has_value()) << "a zero median is no move";
}

}  // namespace
}  // namespace zoo
