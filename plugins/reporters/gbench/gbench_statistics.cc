// Google Benchmark's aggregates over repetitions (gbench_statistics.h).
#include "plugins/reporters/gbench/gbench_statistics.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace zoo::report {

double GbenchMean(const std::vector<double>& xs) {
  assert(!xs.empty());
  return std::accumulate(xs.begin(), xs.end(), 0.0) / static_cast<double>(xs.size());
}

double GbenchMedian(const std::vector<double>& xs) {
  assert(!xs.empty());
  std::vector<double> sorted = xs;
  std::sort(sorted.begin(), sorted.end());
  const size_t mid = sorted.size() / 2;
  return sorted.size() % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

double GbenchStdDev(const std::vector<double>& xs) {
  assert(xs.size() >= 2);
  const double mean = GbenchMean(xs);
  double squares = 0;
  for (double x : xs) squares += (x - mean) * (x - mean);
  return std::sqrt(squares / static_cast<double>(xs.size() - 1));
}

double GbenchCv(const std::vector<double>& xs) {
  const double mean = GbenchMean(xs);
  return mean == 0 ? 0 : GbenchStdDev(xs) / mean;
}

}  // namespace zoo::report
