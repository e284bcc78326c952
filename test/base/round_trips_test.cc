// The machine's hand-off and pipe round trips: each measurement returns positive figures with
// the count and batch it was asked for (timing itself is never asserted), stops early at its
// budget, and the run's line names both.
#include "core/base/round_trips.h"

#include <optional>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// Small, so that the suite stays fast on a loaded machine; a generous budget.
constexpr RoundTripPlan kSmall = {.exchanges = 400, .batch = 20, .warmup = 20,
                                  .budget_ns = 60'000'000'000};

void ExpectMeasured(const RoundTrip& t, const char* method) {
  EXPECT_EQ(t.method, method);
  EXPECT_EQ(t.exchanges, 400u);
  EXPECT_EQ(t.batch, 20u);
  EXPECT_GT(t.median_ns, 0);
  EXPECT_GT(t.mean_ns, 0);
}

TEST(RoundTripsTest, TheHandOffRoundTripGivesPositiveFiguresAndItsCount) {
  absl::StatusOr<RoundTrip> t = MeasureHandoffRoundTrip(kSmall);
  ASSERT_TRUE(t.ok()) << t.status();
  ExpectMeasured(*t, kHandoffRoundTripMethod);
}

TEST(RoundTripsTest, ThePipeRoundTripGivesPositiveFiguresAndItsCount) {
  absl::StatusOr<RoundTrip> t = MeasurePipeRoundTrip(kSmall);
  ASSERT_TRUE(t.ok()) << t.status();
  ExpectMeasured(*t, kPipeRoundTripMethod);
}

TEST(RoundTripsTest, AnExhaustedBudgetStopsAfterTheFirstBatchAndSaysHowMany) {
  RoundTripPlan plan = kSmall;
  plan.budget_ns = 0;
  absl::StatusOr<RoundTrips> t = MeasureRoundTrips(plan);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->handoff.exchanges, 20u);
  EXPECT_EQ(t->pipe.exchanges, 20u);
  EXPECT_GT(t->pipe.median_ns, 0);
  // One batch: its median and the mean are the same number.
  EXPECT_DOUBLE_EQ(t->handoff.median_ns, t->handoff.mean_ns);
}

TEST(RoundTripsTest, APlanOfNoWholeBatchIsRefused) {
  RoundTripPlan plan = kSmall;
  plan.batch = 0;
  EXPECT_EQ(MeasureHandoffRoundTrip(plan).status().code(), absl::StatusCode::kInvalidArgument);
  plan.batch = 500;  // more than the 400 exchanges
  EXPECT_EQ(MeasurePipeRoundTrip(plan).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(RoundTripsTest, TheLineNamesBothFiguresAndTheirCounts) {
  RoundTrips t;
  t.handoff = {.method = kHandoffRoundTripMethod, .median_ns = 4120, .mean_ns = 4500,
               .exchanges = 20000, .batch = 100};
  t.pipe = {.method = kPipeRoundTripMethod, .median_ns = 9870, .mean_ns = 9900,
            .exchanges = 20000, .batch = 100};
  EXPECT_EQ(RoundTripsLine(t),
            "condition-variable hand-off 4.1 µs, pipe 9.9 µs (medians of batches of 100; "
            "20000 exchanges each)");
  t.pipe.exchanges = 1200;
  EXPECT_THAT(RoundTripsLine(t), HasSubstr("20000 and 1200 exchanges)"));
}

TEST(RoundTripsTest, TheRunMeasuresBothWithTheDefaultPlan) {
  std::optional<RoundTrips> trips;
  const std::string line = MeasureRunRoundTrips(trips);
  EXPECT_THAT(line, StartsWith("round trips: condition-variable hand-off "));
  ASSERT_TRUE(trips.has_value());
  EXPECT_GT(trips->handoff.exchanges, 0u);
  EXPECT_EQ(trips->handoff.exchanges % 100, 0u);
  EXPECT_GT(trips->pipe.median_ns, 0);
}

}  // namespace
}  // namespace zoo
