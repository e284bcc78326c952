#include "core/model/compare_basis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "core/base/statistics.h"

namespace zoo {

// A median absolute deviation of a normal sample times this is its standard deviation.
constexpr double kMadToStdev = 1.4826;

const char* CompareBasisName(CompareBasis b) {
  return b == CompareBasis::kTierBody ? "tier_body" : "end_to_end";
}

CompareBasis BasisFor(uint32_t concurrency, uint32_t old_logical_cores,
                      uint32_t new_logical_cores) {
  return concurrency <= old_logical_cores && concurrency <= new_logical_cores
             ? CompareBasis::kTierBody
             : CompareBasis::kEndToEnd;
}

int64_t BodyUnionNs(const RoundSample& round) {
  std::vector<std::pair<int64_t, int64_t>> spans;
  spans.reserve(round.tasks.size());
  for (const TaskSample& t : round.tasks) {
    if (t.body_end_ns > t.body_start_ns) spans.emplace_back(t.body_start_ns, t.body_end_ns);
  }
  std::sort(spans.begin(), spans.end());
  int64_t total = 0;
  for (size_t i = 0; i < spans.size();) {
    int64_t start = spans[i].first, end = spans[i].second;
    for (++i; i < spans.size() && spans[i].first <= end; ++i) end = std::max(end, spans[i].second);
    total += end - start;
  }
  return total;
}

std::vector<double> PerRoundCost(const UnitResult& unit, CompareBasis basis) {
  // A round's tasks: the concurrency, times the batch of a unit that stamps no body.
  const double concurrency =
      static_cast<double>(std::max<uint32_t>(unit.spec.concurrency, 1)) * unit.batch;
  const double tier_ns = static_cast<double>(unit.spec.tier_us) * 1000;
  std::vector<double> out;
  out.reserve(unit.rounds.size());
  for (const RoundSample& r : unit.rounds) {
    const double wall = static_cast<double>(r.wall_ns);
    double body_sum = 0;
    for (const TaskSample& t : r.tasks) body_sum += static_cast<double>(t.body_end_ns - t.body_start_ns);
    const double mean_body = r.tasks.empty() ? 0 : body_sum / static_cast<double>(r.tasks.size());
    if (basis == CompareBasis::kEndToEnd || !(mean_body > 0)) {
      out.push_back(wall / concurrency);
      continue;
    }
    const double covered = static_cast<double>(BodyUnionNs(r));
    out.push_back((wall - covered + tier_ns) / concurrency);
  }
  return out;
}

double DriftEstimate::OwnMove(double old_median, double new_median) const {
  if (!(old_median > 0 && new_median > 0)) return std::numeric_limits<double>::quiet_NaN();
  return std::exp(std::fabs(std::log(new_median / old_median) - common_log_move)) - 1;
}

std::optional<DriftEstimate> EstimateDrift(const std::vector<double>& old_medians,
                                           const std::vector<double>& new_medians) {
  std::vector<double> moves;
  for (size_t i = 0; i < old_medians.size() && i < new_medians.size(); ++i) {
    if (old_medians[i] > 0 && new_medians[i] > 0) {
      moves.push_back(std::log(new_medians[i] / old_medians[i]));
    }
  }
  if (moves.size() < kMinDriftBaselines) return std::nullopt;
  DriftEstimate e;
  e.common_log_move = Median(moves);
  std::vector<double> deviations;
  for (double m : moves) deviations.push_back(std::fabs(m - e.common_log_move));
  e.drift = std::exp(kMadToStdev * Median(deviations)) - 1;
  return e;
}

}  // namespace zoo
