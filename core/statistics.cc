#include "core/statistics.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace zoo {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

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

}  // namespace zoo
