#include "core/statistics.h"

#include <cmath>
#include <limits>
#include <vector>

#include "gtest/gtest.h"

namespace zoo {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The values below are worked by hand (R-7: h = (n - 1) p / 100) and agree with NumPy's
// default np.percentile and with np.std(ddof=1).

TEST(StatisticsTest, FourValues) {
  const std::vector<double> xs = {1, 2, 3, 4};
  EXPECT_DOUBLE_EQ(Mean(xs), 2.5);
  EXPECT_DOUBLE_EQ(Median(xs), 2.5);
  EXPECT_DOUBLE_EQ(Percentile(xs, 25), 1.75);
  EXPECT_DOUBLE_EQ(Percentile(xs, 75), 3.25);
  EXPECT_DOUBLE_EQ(Iqr(xs), 1.5);
  EXPECT_DOUBLE_EQ(Stdev(xs), 1.2909944487358056);  // sqrt(5 / 3)
  EXPECT_DOUBLE_EQ(RelativeSpread(xs), 1.2909944487358056 / 2.5);
}

TEST(StatisticsTest, OddCountMedianIsTheMiddleValue) {
  const std::vector<double> xs = {3, 1, 2};
  EXPECT_DOUBLE_EQ(Median(xs), 2);
  EXPECT_DOUBLE_EQ(Stdev(xs), 1);
}

TEST(StatisticsTest, InterpolatesBetweenTwoValues) {
  const std::vector<double> xs = {10, 20};
  EXPECT_DOUBLE_EQ(Percentile(xs, 50), 15);
  EXPECT_DOUBLE_EQ(Percentile(xs, 90), 19);
  EXPECT_DOUBLE_EQ(Percentile(xs, 10), 11);
}

TEST(StatisticsTest, TailPercentilesOfOneToTen) {
  std::vector<double> xs;
  for (int i = 1; i <= 10; ++i) xs.push_back(i);
  EXPECT_DOUBLE_EQ(Percentile(xs, 95), 9.55);  // h = 8.55
  EXPECT_DOUBLE_EQ(Percentile(xs, 99), 9.91);  // h = 8.91
  EXPECT_DOUBLE_EQ(Median(xs), 5.5);
}

TEST(StatisticsTest, OneSample) {
  const std::vector<double> xs = {7};
  EXPECT_DOUBLE_EQ(Mean(xs), 7);
  EXPECT_DOUBLE_EQ(Median(xs), 7);
  EXPECT_DOUBLE_EQ(Stdev(xs), 0);
  EXPECT_DOUBLE_EQ(Percentile(xs, 0), 7);
  EXPECT_DOUBLE_EQ(Percentile(xs, 99), 7);
  EXPECT_DOUBLE_EQ(Percentile(xs, 100), 7);
  EXPECT_DOUBLE_EQ(Iqr(xs), 0);
  EXPECT_DOUBLE_EQ(RelativeSpread(xs), 0);

  const Summary s = Summarize(xs);
  EXPECT_EQ(s.n, 1u);
  EXPECT_DOUBLE_EQ(s.stdev, 0);
  EXPECT_DOUBLE_EQ(s.min, 7);
  EXPECT_DOUBLE_EQ(s.max, 7);
  EXPECT_DOUBLE_EQ(s.p99, 7);
}

TEST(StatisticsTest, EmptyInputIsNaNEverywhere) {
  const std::vector<double> xs;
  EXPECT_TRUE(std::isnan(Mean(xs)));
  EXPECT_TRUE(std::isnan(Median(xs)));
  EXPECT_TRUE(std::isnan(Stdev(xs)));
  EXPECT_TRUE(std::isnan(Percentile(xs, 50)));
  EXPECT_TRUE(std::isnan(Iqr(xs)));
  EXPECT_TRUE(std::isnan(RelativeSpread(xs)));

  const Summary s = Summarize(xs);
  EXPECT_EQ(s.n, 0u);
  for (double v : {s.median, s.mean, s.min, s.max, s.stdev, s.iqr, s.p50, s.p95, s.p99,
                   s.relative_spread}) {
    EXPECT_TRUE(std::isnan(v));
  }
}

TEST(StatisticsTest, UnsortedInputGivesTheSortedAnswerAndIsNotModified) {
  const std::vector<double> xs = {4, 1, 3, 2};
  EXPECT_DOUBLE_EQ(Median(xs), 2.5);
  EXPECT_DOUBLE_EQ(Percentile(xs, 25), 1.75);
  EXPECT_DOUBLE_EQ(Percentile(xs, 75), 3.25);
  EXPECT_DOUBLE_EQ(Iqr(xs), 1.5);
  EXPECT_DOUBLE_EQ(Stdev(xs), 1.2909944487358056);
  const Summary s = Summarize(xs);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 4);
  EXPECT_EQ(xs, (std::vector<double>{4, 1, 3, 2}));
}

TEST(StatisticsTest, P0IsMinAndP100IsMax) {
  const std::vector<double> xs = {5, -3, 10, 2, 8, 2.5};
  EXPECT_DOUBLE_EQ(Percentile(xs, 0), -3);
  EXPECT_DOUBLE_EQ(Percentile(xs, 100), 10);
  const Summary s = Summarize(xs);
  EXPECT_DOUBLE_EQ(s.min, -3);
  EXPECT_DOUBLE_EQ(s.max, 10);
}

TEST(StatisticsTest, Ties) {
  const std::vector<double> xs = {2, 5, 2, 2};
  EXPECT_DOUBLE_EQ(Median(xs), 2);
  EXPECT_DOUBLE_EQ(Percentile(xs, 25), 2);
  EXPECT_DOUBLE_EQ(Percentile(xs, 75), 2.75);  // h = 2.25 between 2 and 5
  EXPECT_DOUBLE_EQ(Iqr(xs), 0.75);
  EXPECT_DOUBLE_EQ(Mean(xs), 2.75);
  EXPECT_DOUBLE_EQ(Stdev(xs), 1.5);  // sum of squares 6.75, / 3

  const std::vector<double> same = {3, 3, 3};
  EXPECT_DOUBLE_EQ(Stdev(same), 0);
  EXPECT_DOUBLE_EQ(Iqr(same), 0);
  EXPECT_DOUBLE_EQ(RelativeSpread(same), 0);
}

TEST(StatisticsTest, RelativeSpreadIsNaNWhenTheMedianIsZero) {
  EXPECT_TRUE(std::isnan(RelativeSpread({0})));
  EXPECT_TRUE(std::isnan(RelativeSpread({-1, 0, 1})));
  EXPECT_TRUE(std::isnan(Summarize({-1, 0, 1}).relative_spread));
}

TEST(StatisticsTest, StdevKeepsItsPrecisionFarFromZero) {
  // Nanosecond timestamps are large; a one-pass sum of squares would lose these digits.
  const std::vector<double> xs = {1e12 + 1, 1e12 + 2, 1e12 + 3, 1e12 + 4};
  EXPECT_NEAR(Stdev(xs), 1.2909944487358056, 1e-9);
}

TEST(StatisticsTest, PercentileOutsideZeroToHundredIsNaN) {
  const std::vector<double> xs = {1, 2, 3};
  EXPECT_TRUE(std::isnan(Percentile(xs, -1)));
  EXPECT_TRUE(std::isnan(Percentile(xs, 100.5)));
  EXPECT_TRUE(std::isnan(Percentile(xs, kNaN)));
}

TEST(StatisticsTest, ANaNSampleMakesEveryStatisticNaN) {
  const std::vector<double> xs = {1, kNaN, 3};
  EXPECT_TRUE(std::isnan(Mean(xs)));
  EXPECT_TRUE(std::isnan(Median(xs)));
  EXPECT_TRUE(std::isnan(Stdev(xs)));
  EXPECT_TRUE(std::isnan(Percentile(xs, 0)));
  EXPECT_TRUE(std::isnan(Iqr(xs)));
  EXPECT_TRUE(std::isnan(RelativeSpread(xs)));
  const Summary s = Summarize(xs);
  EXPECT_EQ(s.n, 3u);
  EXPECT_TRUE(std::isnan(s.median));
  EXPECT_TRUE(std::isnan(s.min));
  EXPECT_TRUE(std::isnan(s.max));
}

TEST(StatisticsTest, SummaryAgreesWithTheFreeFunctions) {
  const std::vector<double> xs = {12.5, 3, 7, 7, 40, 1, 9.25, 15, 2, 8, 11};
  const Summary s = Summarize(xs);
  EXPECT_EQ(s.n, xs.size());
  EXPECT_DOUBLE_EQ(s.median, Median(xs));
  EXPECT_DOUBLE_EQ(s.p50, s.median);
  EXPECT_DOUBLE_EQ(s.mean, Mean(xs));
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 40);
  EXPECT_DOUBLE_EQ(s.stdev, Stdev(xs));
  EXPECT_DOUBLE_EQ(s.iqr, Iqr(xs));
  EXPECT_DOUBLE_EQ(s.p95, Percentile(xs, 95));
  EXPECT_DOUBLE_EQ(s.p99, Percentile(xs, 99));
  EXPECT_DOUBLE_EQ(s.relative_spread, RelativeSpread(xs));
  // Hand-worked: sorted 1 2 3 7 7 8 9.25 11 12.5 15 40; h(95) = 9.5 -> 15 + 0.5 * 25.
  EXPECT_DOUBLE_EQ(s.median, 8);
  EXPECT_DOUBLE_EQ(s.p95, 27.5);
  EXPECT_DOUBLE_EQ(s.iqr, 11.75 - 5);  // h(75) = 7.5, h(25) = 2.5
}

}  // namespace
}  // namespace zoo
