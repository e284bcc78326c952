#include "core/model/verdict.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/base/fnv.h"
#include "core/base/statistics.h"

namespace zoo {
namespace {

// splitmix64: a small generator whose sequence is the same with every compiler and library,
// so that an archive renders to the same bytes everywhere.
class Generator {
 public:
  explicit Generator(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), REQUIRES: n > 0 (a remainder: its bias, n / 2^64, is far below
  // anything a percentile of 2000 draws can show).
  size_t Below(size_t n) { return static_cast<size_t>(Next() % n); }

 private:
  uint64_t state_;
};

// The median of `xs`, reordering it (the even case averages the two middle values).
double MedianInPlace(std::vector<double>& xs) {
  const size_t n = xs.size();
  const size_t mid = n / 2;
  std::nth_element(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(mid), xs.end());
  const double upper = xs[mid];
  if (n % 2 == 1) return upper;
  const double lower = *std::max_element(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(mid));
  return (lower + upper) / 2;
}

bool Usable(const SideSamples& s) {
  if (s.rounds.empty()) return false;
  for (const std::vector<double>& r : s.rounds) {
    if (r.empty()) return false;
    for (double x : r) {
      if (!(x > 0) || !std::isfinite(x)) return false;
    }
  }
  return true;
}

// One level-two draw: `out` gets as many rounds as process `p` has, drawn with replacement.
void DrawRounds(const std::vector<double>& process, Generator& draws, std::vector<double>& out) {
  for (size_t i = 0; i < process.size(); ++i) out.push_back(process[draws.Below(process.size())]);
}

}  // namespace

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kSubjectFaster: return "subject_faster";
    case Verdict::kSubjectSlower: return "subject_slower";
    case Verdict::kIndistinguishable: return "indistinguishable";
  }
  return "indistinguishable";
}

std::vector<double> SideSamples::Pooled() const {
  std::vector<double> out;
  for (const std::vector<double>& r : rounds) out.insert(out.end(), r.begin(), r.end());
  return out;
}

std::vector<double> SideSamples::ProcessMedians() const {
  std::vector<double> out;
  for (const std::vector<double>& r : rounds) out.push_back(Median(r));
  return out;
}

namespace {

// The mean of `medians` after cutting floor(n x trim) from each end (verdict.h), reordering it.
double TrimmedMean(std::vector<double>& medians, double trim) {
  std::sort(medians.begin(), medians.end());
  const size_t n = medians.size();
  size_t cut = static_cast<size_t>(std::floor(static_cast<double>(n) * trim + 1e-9));
  if (2 * cut >= n) cut = (n - 1) / 2;  // keep the middle one or two
  double sum = 0;
  for (size_t i = cut; i < n - cut; ++i) sum += medians[i];
  return sum / static_cast<double>(n - 2 * cut);
}

// A side's level (verdict.h): the trimmed mean of its processes' median rounds.
double Level(const SideSamples& s, double trim, std::vector<double>& scratch) {
  std::vector<double> medians;
  medians.reserve(s.rounds.size());
  for (const std::vector<double>& r : s.rounds) {
    scratch.assign(r.begin(), r.end());
    medians.push_back(MedianInPlace(scratch));
  }
  return TrimmedMean(medians, trim);
}

// The bootstrap draws of log(numerator level / denominator level) (the header's two levels,
// Level above); the estimate from every round goes to `*estimate`. REQUIRES: both sides
// Usable.
std::vector<double> Draws(const SideSamples& numerator, const SideSamples& denominator,
                          const VerdictOptions& options, std::string_view id, double* estimate) {
  std::vector<double> scratch;
  *estimate = std::log(Level(numerator, options.level_trim, scratch) /
                       Level(denominator, options.level_trim, scratch));

  const bool paired = numerator.process_ids == denominator.process_ids;
  const size_t na = numerator.rounds.size(), nb = denominator.rounds.size();
  Generator draws(options.seed ^ fnv::Text(id));
  std::vector<double> logs;
  logs.reserve(static_cast<size_t>(options.resamples));
  auto drawn_median = [&](const std::vector<double>& process) {
    scratch.clear();
    DrawRounds(process, draws, scratch);
    return MedianInPlace(scratch);
  };
  std::vector<double> a, b;  // one resample's process medians, per side
  for (int k = 0; k < options.resamples; ++k) {
    a.clear();
    b.clear();
    for (size_t i = 0; i < na; ++i) {
      const size_t p = draws.Below(na);
      a.push_back(drawn_median(numerator.rounds[p]));
      // Paired: the denominator's process drawn is the one that ran next to it.
      if (paired) b.push_back(drawn_median(denominator.rounds[p]));
    }
    if (!paired) {
      for (size_t i = 0; i < nb; ++i) b.push_back(drawn_median(denominator.rounds[draws.Below(nb)]));
    }
    logs.push_back(std::log(TrimmedMean(a, options.level_trim) /
                            TrimmedMean(b, options.level_trim)));
  }
  return logs;
}

Interval Percentiles(double estimate, const std::vector<double>& draws,
                     const VerdictOptions& options) {
  const double tail = (1 - options.confidence) / 2 * 100;
  return {estimate, Percentile(draws, tail), Percentile(draws, 100 - tail)};
}

}  // namespace

Interval LogRatioInterval(const SideSamples& numerator, const SideSamples& denominator,
                          const VerdictOptions& options, std::string_view id) {
  if (!Usable(numerator) || !Usable(denominator) || options.resamples < 1) {
    return {kNaN, kNaN, kNaN};
  }
  double estimate = 0;
  const std::vector<double> draws = Draws(numerator, denominator, options, id, &estimate);
  return Percentiles(estimate, draws, options);
}

Interval LogRatioChangeInterval(const SideSamples& old_numerator,
                                const SideSamples& old_denominator,
                                const SideSamples& new_numerator,
                                const SideSamples& new_denominator,
                                const VerdictOptions& options, std::string_view id) {
  if (!Usable(old_numerator) || !Usable(old_denominator) || !Usable(new_numerator) ||
      !Usable(new_denominator) || options.resamples < 1) {
    return {kNaN, kNaN, kNaN};
  }
  double old_estimate = 0, new_estimate = 0;
  const std::vector<double> old_draws = Draws(old_numerator, old_denominator, options,
                                              std::string(id) + "/old", &old_estimate);
  std::vector<double> change = Draws(new_numerator, new_denominator, options,
                                     std::string(id) + "/new", &new_estimate);
  for (size_t i = 0; i < change.size(); ++i) change[i] -= old_draws[i];
  return Percentiles(new_estimate - old_estimate, change, options);
}

double SideLevel(const SideSamples& side, double trim) {
  if (!Usable(side)) return kNaN;
  std::vector<double> scratch;
  return Level(side, trim, scratch);
}

Direction Decide(double estimate, double low, double high, double threshold) {
  const double beyond = std::log1p(threshold);
  // NaN compares false throughout: no direction on missing figures.
  if (low > 0 && estimate > beyond) return Direction::kUp;
  if (high < 0 && estimate < -beyond) return Direction::kDown;
  return Direction::kNone;
}

Judgement JudgeCell(const SideSamples& subject, const SideSamples& baseline,
                    const VerdictOptions& options, std::string_view cell_id) {
  Judgement j;
  j.paired = subject.process_ids == baseline.process_ids;
  j.subject_processes = static_cast<uint32_t>(subject.rounds.size());
  j.baseline_processes = static_cast<uint32_t>(baseline.rounds.size());
  const Interval i = LogRatioInterval(subject, baseline, options, cell_id);
  j.log_ratio = i.estimate;
  j.low = i.low;
  j.high = i.high;
  switch (Decide(i.estimate, i.low, i.high, options.threshold)) {
    case Direction::kUp: j.verdict = Verdict::kSubjectSlower; break;
    case Direction::kDown: j.verdict = Verdict::kSubjectFaster; break;
    case Direction::kNone: break;
  }
  return j;
}

}  // namespace zoo
