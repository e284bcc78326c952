#include "core/model/machine_noise.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "absl/strings/str_format.h"
#include "core/base/statistics.h"
#include "core/model/model_input.h"

namespace zoo {
namespace {

// At least this many processes before a side's levels are read for two groups.
constexpr size_t kMinProcessesForLevels = 6;
constexpr double kMinLevelGap = 0.10;        // the groups at least 10% apart
constexpr double kMinSeparation = 4.0;       // and by 4 within-group standard deviations
constexpr size_t kSlowestListed = 3;
constexpr size_t kWidestListed = 5;

BodySpeed ReadBodySpeed(const ModelInput& in) {
  BodySpeed b;
  std::vector<std::pair<double, std::string>> speeds;
  const std::vector<ArchivedUnit>& units = in.archive->units;
  for (size_t i = 0; i < units.size() && i < in.process_units.size(); ++i) {
    const ArchivedUnit& u = units[i];
    const UnitView& v = in.process_units[i];
    // A body of a known duration (json, sleep), in a timed unit of the main matrix, where no
    // body waits in a run queue.
    if (!u.result.ok || v.kind != UnitKind::kTimed || !InMainMatrix(v) ||
        !in.WithinCores(v.concurrency) || u.result.calibration.target_ns <= 0 ||
        u.stats.body_ns.n == 0) {
      continue;
    }
    const double speed =
        u.stats.body_ns.median / static_cast<double>(u.result.calibration.target_ns);
    if (std::isfinite(speed)) speeds.emplace_back(speed, v.id());
  }
  b.processes = static_cast<uint32_t>(speeds.size());
  if (speeds.empty()) return b;
  std::vector<double> values;
  for (const auto& [speed, id] : speeds) {
    values.push_back(speed);
    b.slow += speed > 1 + kBodySpeedTolerance;
    b.fast += speed < 1 - kBodySpeedTolerance;
  }
  b.p5 = Percentile(values, 5);
  b.median = Median(values);
  b.p95 = Percentile(values, 95);
  std::stable_sort(speeds.begin(), speeds.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  for (size_t i = 0; i < speeds.size() && i < kSlowestListed; ++i) {
    b.slowest.push_back(absl::StrFormat("%s (%.2fx)", speeds[i].second, speeds[i].first));
  }
  return b;
}

Bimodality ReadBimodality(const ModelInput& in) {
  Bimodality b;
  std::vector<std::pair<double, TwoLevelSide>> found;
  for (const UnitView& v : in.units) {
    if (!v.ok || !InMainMatrix(v) || v.kind != UnitKind::kTimed) continue;
    const std::vector<double> medians = in.EndToEndSamplesOf(v).ProcessMedians();
    if (medians.size() < kMinProcessesForLevels) continue;
    ++b.sides;
    const TwoLevels t = SplitLevels(medians);
    if (!t.two_level) continue;
    ++b.two_level;
    found.push_back({t.high / t.low, TwoLevelSide{.unit = v.id(), .low_ns = t.low,
                                                  .high_ns = t.high, .low_processes = t.low_count,
                                                  .high_processes = t.high_count}});
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  for (size_t i = 0; i < found.size() && i < kWidestListed; ++i) {
    b.widest.push_back(std::move(found[i].second));
  }
  return b;
}

}  // namespace

TwoLevels SplitLevels(std::vector<double> medians) {
  TwoLevels best;
  std::vector<double> logs;
  for (double m : medians) {
    if (m > 0 && std::isfinite(m)) logs.push_back(std::log(m));
  }
  const size_t n = logs.size();
  if (n < kMinProcessesForLevels) return best;
  std::sort(logs.begin(), logs.end());
  const size_t least = (n + 4) / 5;  // a fifth, rounded up, on each side
  double best_separation = 0;
  for (size_t k = least; k + least <= n; ++k) {
    const std::vector<double> lo(logs.begin(), logs.begin() + static_cast<std::ptrdiff_t>(k));
    const std::vector<double> hi(logs.begin() + static_cast<std::ptrdiff_t>(k), logs.end());
    const double mean_lo = Mean(lo), mean_hi = Mean(hi);
    double within = 0;
    for (double x : lo) within += (x - mean_lo) * (x - mean_lo);
    for (double x : hi) within += (x - mean_hi) * (x - mean_hi);
    const double sd = std::sqrt(within / static_cast<double>(n - 2));
    const double gap = mean_hi - mean_lo;
    const double separation = sd > 0 ? gap / sd : std::numeric_limits<double>::infinity();
    if (gap < std::log1p(kMinLevelGap) || separation < kMinSeparation) continue;
    if (separation > best_separation) {
      best_separation = separation;
      best = {.two_level = true, .low = std::exp(mean_lo), .high = std::exp(mean_hi),
              .low_count = static_cast<uint32_t>(k), .high_count = static_cast<uint32_t>(n - k)};
    }
  }
  return best;
}

MachineNoise ReadMachineNoise(const ModelInput& in) {
  return {.body_speed = ReadBodySpeed(in), .bimodality = ReadBimodality(in)};
}

}  // namespace zoo
