#include "core/base/statistics.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <utility>

namespace zoo {
namespace {

bool HasNaN(const std::vector<double>& xs) {
  return std::any_of(xs.begin(), xs.end(), [](double x) { return std::isnan(x); });
}

// A sorted copy, or an empty vector when a NaN makes every order statistic meaningless
// (std::sort needs a strict weak order, which NaN breaks). Callers check `HasNaN` first.
std::vector<double> SortedCopy(const std::vector<double>& xs) {
  std::vector<double> sorted(xs);
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

// R-7 / NumPy "linear": h = (n - 1) p / 100, interpolated between the order statistics at
// floor(h) and ceil(h). REQUIRES: `sorted` is non-empty and ascending, p in [0, 100].
double SortedPercentile(const std::vector<double>& sorted, double p) {
  assert(!sorted.empty());
  assert(p >= 0 && p <= 100);
  const double h = static_cast<double>(sorted.size() - 1) * p / 100.0;
  const size_t lo = static_cast<size_t>(std::floor(h));
  const size_t hi = std::min(static_cast<size_t>(std::ceil(h)), sorted.size() - 1);
  const double frac = h - static_cast<double>(lo);
  // Exact order statistic: return it as is, so that no 0 * inf sneaks in.
  if (lo == hi || frac == 0) return sorted[lo];
  return sorted[lo] + frac * (sorted[hi] - sorted[lo]);
}

// REQUIRES: xs non-empty.
double MeanOf(const std::vector<double>& xs) {
  double sum = 0;
  for (double x : xs) sum += x;
  return sum / static_cast<double>(xs.size());
}

// Two-pass sample standard deviation around a known mean. REQUIRES: xs non-empty.
double StdevAround(const std::vector<double>& xs, double mean) {
  if (xs.size() == 1) return 0;
  double sum_sq = 0;
  for (double x : xs) sum_sq += (x - mean) * (x - mean);
  return std::sqrt(sum_sq / static_cast<double>(xs.size() - 1));
}

double SpreadOf(double stdev, double median) {
  if (median == 0) return kNaN;
  return stdev / median;
}

bool ValidPercent(double p) { return p >= 0 && p <= 100; }  // false for NaN too

// The pieces of the Mann-Whitney statistic that need the pooled order: the rank sum of
// sample `a` (ranks from 1, ties given their average rank) and the tie term sum(t^3 - t)
// over the groups of t equal values. One sort of the pooled sample: O(n log n).
// REQUIRES: no NaN in `a` or `b` (the sort needs a strict weak order).
struct PooledRanks {
  double rank_sum_a = 0;
  double tie_term = 0;
  size_t groups = 0;  // distinct values; 1 when every value is tied
};

PooledRanks RankPooled(const std::vector<double>& a, const std::vector<double>& b) {
  // (value, true when it came from `a`).
  std::vector<std::pair<double, bool>> pooled;
  pooled.reserve(a.size() + b.size());
  for (double x : a) pooled.emplace_back(x, true);
  for (double x : b) pooled.emplace_back(x, false);
  std::sort(pooled.begin(), pooled.end(),
            [](const auto& l, const auto& r) { return l.first < r.first; });

  PooledRanks out;
  for (size_t lo = 0; lo < pooled.size();) {
    size_t hi = lo + 1;  // [lo, hi) is one group of equal values
    while (hi < pooled.size() && pooled[hi].first == pooled[lo].first) ++hi;
    // 1-based ranks lo + 1 .. hi share their average.
    const double average_rank = (static_cast<double>(lo + 1) + static_cast<double>(hi)) / 2;
    const double t = static_cast<double>(hi - lo);
    for (size_t i = lo; i < hi; ++i) {
      if (pooled[i].second) out.rank_sum_a += average_rank;
    }
    out.tie_term += t * t * t - t;
    ++out.groups;
    lo = hi;
  }
  return out;
}

}  // namespace

double Mean(const std::vector<double>& xs) {
  if (xs.empty()) return kNaN;
  return MeanOf(xs);
}

double Median(const std::vector<double>& xs) { return Percentile(xs, 50); }

double Stdev(const std::vector<double>& xs) {
  if (xs.empty() || HasNaN(xs)) return kNaN;
  return StdevAround(xs, MeanOf(xs));
}

double Percentile(const std::vector<double>& xs, double p) {
  if (xs.empty() || !ValidPercent(p) || HasNaN(xs)) return kNaN;
  return SortedPercentile(SortedCopy(xs), p);
}

double Iqr(const std::vector<double>& xs) {
  if (xs.empty() || HasNaN(xs)) return kNaN;
  const std::vector<double> sorted = SortedCopy(xs);
  return SortedPercentile(sorted, 75) - SortedPercentile(sorted, 25);
}

double RelativeSpread(const std::vector<double>& xs) {
  if (xs.empty() || HasNaN(xs)) return kNaN;
  return SpreadOf(Stdev(xs), Median(xs));
}

Summary Summarize(const std::vector<double>& xs) {
  Summary s;
  s.n = xs.size();
  if (xs.empty() || HasNaN(xs)) {
    s.median = s.mean = s.min = s.max = s.stdev = s.iqr = kNaN;
    s.p50 = s.p95 = s.p99 = kNaN;
    s.relative_spread = kNaN;
    return s;
  }
  const std::vector<double> sorted = SortedCopy(xs);
  s.min = sorted.front();
  s.max = sorted.back();
  s.median = SortedPercentile(sorted, 50);
  s.p50 = s.median;
  s.p95 = SortedPercentile(sorted, 95);
  s.p99 = SortedPercentile(sorted, 99);
  s.iqr = SortedPercentile(sorted, 75) - SortedPercentile(sorted, 25);
  s.mean = MeanOf(xs);
  s.stdev = StdevAround(xs, s.mean);
  s.relative_spread = SpreadOf(s.stdev, s.median);
  return s;
}

// U from the rank sum: U_a = R_a - n1 (n1 + 1) / 2 counts the pairs with a_i > b_j plus half
// the ties, without visiting the n1 * n2 pairs. Under H0, U has mean n1 n2 / 2 and (ties
// corrected) variance n1 n2 / 12 * ((n + 1) - sum(t^3 - t) / (n (n - 1))). The continuity
// correction moves |U - mean| 0.5 toward the mean and stops at it, so U at (or half a unit
// from) the mean gives z = 0 and p = 1. z is positive when `a` tends to be the larger.
// A NaN sample has no rank: u, z and p are all NaN then, like every other statistic here.
MannWhitney MannWhitneyTest(const std::vector<double>& a, const std::vector<double>& b) {
  MannWhitney r;
  if (HasNaN(a) || HasNaN(b)) {
    r.u = r.z = r.p_value = kNaN;
    return r;
  }
  if (a.empty() || b.empty()) {
    r.u = 0;  // no pairs at all
    r.z = r.p_value = kNaN;
    return r;
  }
  const double n1 = static_cast<double>(a.size());
  const double n2 = static_cast<double>(b.size());
  const double n = n1 + n2;  // >= 2 here
  const PooledRanks ranks = RankPooled(a, b);
  r.u = ranks.rank_sum_a - n1 * (n1 + 1) / 2;

  const double mean = n1 * n2 / 2;
  const double variance = n1 * n2 / 12 * ((n + 1) - ranks.tie_term / (n * (n - 1)));
  // The variance is 0 exactly when every value is tied; test that directly, since for a
  // large n the rounded tie term could leave a tiny positive variance and a wild z.
  if (ranks.groups == 1 || !(variance > 0)) {
    r.z = r.p_value = kNaN;
    return r;
  }
  const double deviation = r.u - mean;
  const double corrected = std::max(std::abs(deviation) - 0.5, 0.0);
  r.z = std::copysign(corrected, deviation) / std::sqrt(variance);
  r.p_value = std::erfc(std::abs(r.z) / std::sqrt(2.0));
  return r;
}

}  // namespace zoo
