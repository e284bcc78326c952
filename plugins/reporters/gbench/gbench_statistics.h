// The aggregates Google Benchmark writes after the repetitions of one benchmark ("mean",
// "median", "stddev", "cv"), with the definitions of its src/statistics.cc, so that a
// gbench.json of zoo-host reads like one Google Benchmark wrote. They are statistics of the
// repetitions written beside them in the same file (the format defines them so), not new
// measurements: every repetition's value is copied from the report model.
#pragma once

#include <vector>

namespace zoo::report {

struct GbenchAggregate {
  const char* name;  // "mean": the entry's aggregate_name, and its name's suffix ("_mean")
  const char* unit;  // aggregate_unit: "time", or "percentage" for cv (a fraction, not x100)
  // REQUIRES: xs has at least two values (Google Benchmark writes no aggregate of one run).
  double (*compute)(const std::vector<double>& xs);
};

double GbenchMean(const std::vector<double>& xs);
double GbenchMedian(const std::vector<double>& xs);
// The sample standard deviation (n - 1 in the denominator), as Google Benchmark's.
double GbenchStdDev(const std::vector<double>& xs);
// stddev / mean; 0 when the mean is 0.
double GbenchCv(const std::vector<double>& xs);

inline constexpr GbenchAggregate kGbenchAggregates[] = {
    {"mean", "time", GbenchMean},
    {"median", "time", GbenchMedian},
    {"stddev", "time", GbenchStdDev},
    {"cv", "percentage", GbenchCv},
};

}  // namespace zoo::report
