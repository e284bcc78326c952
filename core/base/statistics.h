// Descriptive statistics over samples, as free functions. Small-n rules are written down:
// an empty input gives NaN for every statistic (never a made-up zero); one sample has a
// stdev of 0. A NaN sample makes every statistic NaN (it has no place in an order), and so
// does a percentile asked outside [0, 100]. Percentiles interpolate linearly between order
// statistics (the R-7 / NumPy "linear" definition: h = (n - 1) p / 100, between the
// floor(h)-th and ceil(h)-th smallest), so p0 is the min, p100 the max and p50 the median.
// Inputs are never modified: functions that need an order sort a copy.
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

namespace zoo {

// What a statistic without a value is (never a made-up zero).
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double Mean(const std::vector<double>& xs);
double Median(const std::vector<double>& xs);
// Sample standard deviation (n - 1 in the denominator); 0 for one sample.
double Stdev(const std::vector<double>& xs);
// `p` in [0, 100]; NaN outside it.
double Percentile(const std::vector<double>& xs, double p);
// p75 - p25.
double Iqr(const std::vector<double>& xs);
// stdev / median: the unit's jitter as a fraction. NaN when the median is 0 or n is 0.
double RelativeSpread(const std::vector<double>& xs);

// Everything the archive and the reports print about one series of samples.
struct Summary {
  size_t n = 0;
  double median = 0, mean = 0, min = 0, max = 0, stdev = 0, iqr = 0;
  double p50 = 0, p95 = 0, p99 = 0;
  double relative_spread = 0;
};

// Every field above, from one sorted copy; NaN in each (and n = 0) for an empty input, NaN
// in each (n = the input's size) when a sample is NaN.
Summary Summarize(const std::vector<double>& xs);

// The Mann-Whitney U test of two independent samples (distribution-free): U of `a` (the
// number of pairs (a_i, b_j) with a_i > b_j, ties counting one half), the z score of the
// normal approximation with the tie correction and a continuity correction of 0.5, and the
// two-sided p-value. NaN z and p when either sample is empty or every value is tied; a NaN
// sample makes u, z and p all NaN.
struct MannWhitney {
  double u = 0;
  double z = 0;
  double p_value = 1;
};
MannWhitney MannWhitneyTest(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace zoo
