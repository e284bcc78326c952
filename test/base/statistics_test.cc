#include "core/base/statistics.h"

#include <cmath>
#include <limits>
#include <vector>

#include "gtest/gtest.h"

namespace zoo {
namespace {

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

// Mann-Whitney U. The reference values were computed independently of the code under test:
// U by visiting every pair, z and p from the stated formula with Python's math.erfc.

TEST(MannWhitneyTest, CompletelySeparatedSmallSamples) {
  // No a_i exceeds any b_j: U = 0. mean 4.5, variance 9 / 12 * 7 = 5.25, |U - mean| - 0.5 = 4.
  const MannWhitney below = MannWhitneyTest({1, 2, 3}, {4, 5, 6});
  EXPECT_DOUBLE_EQ(below.u, 0);
  EXPECT_NEAR(below.z, -4 / std::sqrt(5.25), 1e-12);
  EXPECT_NEAR(below.p_value, 0.0808555983700523, 1e-12);

  // Every a_i exceeds every b_j: U = n1 n2 = 9, the same |z| with the other sign.
  const MannWhitney above = MannWhitneyTest({4, 5, 6}, {1, 2, 3});
  EXPECT_DOUBLE_EQ(above.u, 9);
  EXPECT_NEAR(above.z, 4 / std::sqrt(5.25), 1e-12);
  EXPECT_NEAR(above.p_value, below.p_value, 1e-15);
}

TEST(MannWhitneyTest, IdenticalSamplesSitAtTheMean) {
  // Each value is a tie pair: U = 16 halves = 8 = n1 n2 / 2, z = 0, p = 1.
  const MannWhitney r = MannWhitneyTest({1, 2, 3, 4}, {4, 3, 2, 1});
  EXPECT_DOUBLE_EQ(r.u, 8);
  EXPECT_DOUBLE_EQ(r.z, 0);
  EXPECT_DOUBLE_EQ(r.p_value, 1);
}

TEST(MannWhitneyTest, ScipyDocumentationExample) {
  // scipy.stats.mannwhitneyu's documented example (Conover's males/females ages): U1 = 17
  // and, with method="asymptotic", pvalue 0.11134688653314041. By hand: n1 = 5, n2 = 4,
  // mean 10, variance 20 / 12 * 10 = 16.67, z = (17 - 10 - 0.5) / 4.0825 = 1.5922.
  const std::vector<double> males = {19, 22, 16, 29, 24};
  const std::vector<double> females = {20, 11, 17, 12};
  const MannWhitney r = MannWhitneyTest(males, females);
  EXPECT_DOUBLE_EQ(r.u, 17);
  EXPECT_NEAR(r.z, 6.5 / std::sqrt(200.0 / 12), 1e-12);
  EXPECT_NEAR(r.z, 1.5921683328090657, 1e-12);
  EXPECT_NEAR(r.p_value, 0.11134688653314041, 1e-12);
}

TEST(MannWhitneyTest, TiesTakeAverageRanksAndShrinkTheVariance) {
  // Pooled, sorted: 1 | 2 2 | 3 3 3 3 | 4 4 | 5 with average ranks 1, 2.5, 5.5, 8.5, 10.
  // R_a = 1 + 2 * 2.5 + 3 * 5.5 = 22.5, U = 22.5 - 6 * 7 / 2 = 1.5: the three (3, 3) ties.
  // Tie term 6 + 60 + 6 = 72; variance 24 / 12 * (11 - 72 / 90) = 20.4 (21.33 untied).
  // z = -(12 - 1.5 - 0.5) / sqrt(20.4).
  const std::vector<double> a = {3, 1, 2, 3, 2, 3};
  const std::vector<double> b = {4, 3, 5, 4};
  const MannWhitney r = MannWhitneyTest(a, b);
  EXPECT_DOUBLE_EQ(r.u, 1.5);
  EXPECT_NEAR(r.z, -10 / std::sqrt(20.4), 1e-12);
  EXPECT_NEAR(r.z, -2.214037213850238, 1e-12);
  EXPECT_NEAR(r.p_value, 0.026826219079541535, 1e-12);
  // The inputs are not reordered.
  EXPECT_EQ(a, (std::vector<double>{3, 1, 2, 3, 2, 3}));
}

TEST(MannWhitneyTest, EmptySampleOrAllTiedGivesNaN) {
  const MannWhitney no_a = MannWhitneyTest({}, {1, 2, 3});
  EXPECT_DOUBLE_EQ(no_a.u, 0);
  EXPECT_TRUE(std::isnan(no_a.z));
  EXPECT_TRUE(std::isnan(no_a.p_value));
  const MannWhitney no_b = MannWhitneyTest({1, 2, 3}, {});
  EXPECT_TRUE(std::isnan(no_b.z));
  EXPECT_TRUE(std::isnan(no_b.p_value));
  const MannWhitney neither = MannWhitneyTest({}, {});
  EXPECT_TRUE(std::isnan(neither.z));
  EXPECT_TRUE(std::isnan(neither.p_value));

  // Every value tied: the tie-corrected variance is 0. U is still defined: all halves.
  const MannWhitney tied = MannWhitneyTest({7, 7, 7}, {7, 7});
  EXPECT_DOUBLE_EQ(tied.u, 3);
  EXPECT_TRUE(std::isnan(tied.z));
  EXPECT_TRUE(std::isnan(tied.p_value));
  const MannWhitney one_each = MannWhitneyTest({2}, {2});
  EXPECT_TRUE(std::isnan(one_each.p_value));
}

TEST(MannWhitneyTest, ANaNSampleMakesEverythingNaN) {
  const MannWhitney r = MannWhitneyTest({1, kNaN, 3}, {4, 5});
  EXPECT_TRUE(std::isnan(r.u));
  EXPECT_TRUE(std::isnan(r.z));
  EXPECT_TRUE(std::isnan(r.p_value));
  EXPECT_TRUE(std::isnan(MannWhitneyTest({1, 2}, {kNaN}).p_value));
}

TEST(MannWhitneyTest, SwappingTheSamplesMirrorsUAndZ) {
  const std::vector<double> a = {12.5, 3, 7, 7, 40, 1, 9.25};
  const std::vector<double> b = {15, 2, 8, 11, 7, 3, 3, 100};
  const MannWhitney ab = MannWhitneyTest(a, b);
  const MannWhitney ba = MannWhitneyTest(b, a);
  EXPECT_DOUBLE_EQ(ab.u + ba.u, static_cast<double>(a.size() * b.size()));
  EXPECT_DOUBLE_EQ(ab.z, -ba.z);
  EXPECT_DOUBLE_EQ(ab.p_value, ba.p_value);

  // And U agrees with counting every pair.
  double pairs = 0;
  for (double x : a) {
    for (double y : b) pairs += x > y ? 1.0 : (x == y ? 0.5 : 0.0);
  }
  EXPECT_DOUBLE_EQ(ab.u, pairs);
}

TEST(MannWhitneyTest, ClearlySeparatedSamplesOfThirtyAreSignificant) {
  // Timings-like: a around 100, b around 130, no overlap. U = 0, mean 450, variance
  // 900 / 12 * 61 = 4575, z = -449.5 / 67.64 = -6.65, p ~ 3e-11.
  std::vector<double> a, b;
  for (int i = 0; i < 30; ++i) {
    a.push_back(100 + 0.5 * i);
    b.push_back(130 + 0.5 * i);
  }
  const MannWhitney r = MannWhitneyTest(a, b);
  EXPECT_DOUBLE_EQ(r.u, 0);
  EXPECT_LT(r.z, 0);
  EXPECT_LT(r.p_value, 1e-6);
  EXPECT_GT(r.p_value, 0);
  EXPECT_LT(MannWhitneyTest(b, a).p_value, 1e-6);
}

TEST(MannWhitneyTest, OverlappingSamplesAreNotSignificant) {
  // Interleaved 0..59: a takes the even values, b the odd ones. U = 435 of 900, p ~ 0.8.
  std::vector<double> a, b;
  for (int i = 0; i < 30; ++i) {
    a.push_back(2 * i);
    b.push_back(2 * i + 1);
  }
  const MannWhitney r = MannWhitneyTest(a, b);
  EXPECT_DOUBLE_EQ(r.u, 435);
  EXPECT_GT(r.p_value, 0.5);
}

}  // namespace
}  // namespace zoo
