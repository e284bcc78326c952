#include "core/model/report_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/base/statistics.h"
#include "core/model/compare_basis.h"

namespace zoo {
namespace {

using UnitKey = std::tuple<std::string, uint32_t, uint32_t>;  // adapter, concurrency, tier

std::string CellId(const std::string& adapter, uint32_t concurrency, uint32_t tier_us) {
  return absl::StrFormat("%s/c%u/%uus", adapter, concurrency, tier_us);
}

std::string Pct(double fraction) { return absl::StrFormat("%.1f%%", fraction * 100); }
std::string Us(double ns) { return absl::StrFormat("%.1f us", ns / 1e3); }

// The cells compare timed units (and a callgrind run's units); semantics and cost units
// answer other questions.
bool InMainMatrix(const UnitView& v) {
  return v.semantics.empty() && v.instrument != "counters";
}

// The physical floor: `c` bodies on `cores` cores cannot take less than one body's time /
// min(c, cores) per task, whatever the adapter does. The bodies' own median self-time is the
// measure, not the tier: the same repetitions run faster or slower with the machine's moment,
// and that is drift (body_vs_target), not a broken unit. A unit below its floor (beyond
// kFloorTolerance) did not run its bodies as it recorded them: a failed self-check, never a
// result. Only within the logical cores: above them a body's self-time includes the time it
// waited in the run queue while other bodies ran, so it measures no work.
constexpr double kFloorTolerance = 0.10;
bool HasDurationBody(const UnitSpec& s) { return s.workload == "json" || s.workload == "sleep"; }
bool HasFloor(const UnitSpec& s, uint32_t cores) {
  return HasDurationBody(s) && s.instrument.empty() && s.concurrency <= cores;
}
double PhysicalFloorNs(const UnitSpec& s, const UnitStats& stats, uint32_t cores) {
  return stats.body_ns.median /
         static_cast<double>(std::min(std::max(s.concurrency, 1u), cores));
}
bool BelowFloor(const ArchivedUnit& u, uint32_t cores) {
  return u.result.ok && HasFloor(u.result.spec, cores) && u.stats.end_to_end_ns.n > 0 &&
         u.stats.body_ns.n > 0 &&
         u.stats.end_to_end_ns.median <
             PhysicalFloorNs(u.result.spec, u.stats, cores) * (1 - kFloorTolerance);
}

CountPerTask PerTask(const Count& c, uint64_t tasks) {
  CountPerTask out;
  out.available = c.available;
  out.total = c.total;
  out.per_task = c.available && tasks > 0
                     ? static_cast<double>(c.total) / static_cast<double>(tasks)
                     : 0;
  out.unavailable_code = c.unavailable_code;
  out.unavailable_reason = c.unavailable_reason;
  return out;
}

CountPerTask UnitFailed(const std::string& failure) {
  CountPerTask out;
  out.unavailable_code = "unit_failed";
  out.unavailable_reason = absl::StrCat("the unit failed: ", failure);
  return out;
}

CompareBasis BasisOf(uint32_t concurrency, uint32_t cores) {
  return BasisFor(concurrency, cores, cores);
}

UnitView ViewOf(const ArchivedUnit& u, uint32_t cores) {
  UnitView v;
  v.adapter = u.result.spec.adapter;
  v.tier_us = u.result.spec.tier_us;
  v.concurrency = u.result.spec.concurrency;
  v.ok = u.result.ok;
  v.failure = u.result.failure;
  v.semantics = u.result.spec.semantics;
  v.instrument = u.result.spec.instrument;
  v.process = u.result.spec.process;
  v.stats = u.stats;
  const uint64_t tasks = static_cast<uint64_t>(u.result.rounds.size()) * v.concurrency;
  v.on_calling_thread = u.result.bodies_on_calling_thread > 0 &&
                        static_cast<uint64_t>(u.result.bodies_on_calling_thread) == tasks;
  for (const RoundSample& r : u.result.rounds) {
    v.per_round_end_to_end_ns.push_back(static_cast<double>(r.wall_ns) /
                                        static_cast<double>(v.concurrency));
  }
  const CompareBasis basis = BasisOf(v.concurrency, cores);
  v.basis = CompareBasisName(basis);
  v.per_round_basis_ns = PerRoundCost(u.result, basis);
  v.basis_median_ns = v.per_round_basis_ns.empty() ? 0 : Median(v.per_round_basis_ns);
  v.repetitions = u.result.spec.repetitions > 0 ? u.result.spec.repetitions
                                                : u.result.calibration.repetitions;
  return v;
}

class Analysis {
 public:
  Analysis(const Archive& archive, const AnalysisOptions& options, ReportModel* model)
      : archive_(archive), options_(options), m_(*model) {}

  absl::Status Run() {
    CopyFacts();
    if (std::none_of(m_.units.begin(), m_.units.end(), [&](const UnitView& u) {
          return u.adapter == m_.subject && InMainMatrix(u);
        })) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the archive has no measured unit of its subject '", m_.subject, "'"));
    }
    CompareCells();
    ShareThresholds();
    Crossovers();
    Scaling();
    Attribution();
    Unfavourable();
    Conclusions();
    Semantics();
    Cost();
    SelfChecks();
    return absl::OkStatus();
  }

 private:
  const UnitView* Unit(const std::string& adapter, uint32_t c, uint32_t tier) const {
    auto it = by_key_.find({adapter, c, tier});
    return it == by_key_.end() ? nullptr : &m_.units[it->second];
  }
  const SideSamples& SamplesOf(const UnitView& pooled) const {
    return samples_[static_cast<size_t>(&pooled - m_.units.data())];
  }
  bool WithinCores(uint32_t c) const { return c <= cores_; }

  void CopyFacts() {
    m_.subject = archive_.subject;
    m_.subject_version = archive_.subject_version;
    m_.run = archive_.run;
    m_.environment = archive_.environment;
    m_.noise = archive_.noise;
    m_.share_threshold = options_.share_threshold;
    m_.verdict_threshold = options_.verdict.threshold;
    m_.verdict_confidence = options_.verdict.confidence;
    m_.verdict_resamples = options_.verdict.resamples;
    m_.verdict_seed = options_.verdict.seed;
    cores_ = std::max(1u, archive_.environment.logical_cores);
    for (const AdapterRecord& a : archive_.adapters) {
      if (a.descriptor.name == m_.subject) m_.adapters.insert(m_.adapters.begin(), a);
      else m_.adapters.push_back(a);
    }
    // Every archived unit is one process; the processes of one (adapter, semantics,
    // instrument, concurrency, tier) pool into one view, in the order they first appear.
    using GroupKey = std::tuple<std::string, std::string, std::string, uint32_t, uint32_t>;
    std::map<GroupKey, std::vector<size_t>> groups;
    std::vector<GroupKey> order;
    for (size_t i = 0; i < archive_.units.size(); ++i) {
      const ArchivedUnit& u = archive_.units[i];
      m_.process_units.push_back(ViewOf(u, cores_));
      const UnitSpec& spec = u.result.spec;
      GroupKey key{spec.adapter, spec.semantics, spec.instrument, spec.concurrency, spec.tier_us};
      if (!groups.count(key)) order.push_back(key);
      groups[key].push_back(i);
    }
    for (const GroupKey& key : order) m_.units.push_back(Pool(groups[key]));
    for (const UnitView& v : m_.units) samples_.push_back(zoo::SamplesOf(v));
    std::set<uint32_t> tiers, concurrencies;
    for (size_t i = 0; i < m_.units.size(); ++i) {
      const UnitView& v = m_.units[i];
      if (!InMainMatrix(v)) continue;
      tiers.insert(v.tier_us);
      concurrencies.insert(v.concurrency);
      by_key_[{v.adapter, v.concurrency, v.tier_us}] = i;
    }
    m_.tiers_us.assign(tiers.begin(), tiers.end());
    m_.concurrencies.assign(concurrencies.begin(), concurrencies.end());
    std::set<std::string> with_units;
    for (const UnitView& v : m_.units) {
      if (InMainMatrix(v)) with_units.insert(v.adapter);
    }
    for (const AdapterRecord& a : m_.adapters) {
      if (a.descriptor.name != m_.subject && with_units.count(a.descriptor.name)) {
        baselines_.push_back(a.descriptor.name);
      }
    }
    // Units of adapters the archive does not describe are still baselines.
    for (const std::string& name : with_units) {
      if (name != m_.subject &&
          std::find(baselines_.begin(), baselines_.end(), name) == baselines_.end()) {
        baselines_.push_back(name);
      }
    }
  }

  // One view of the processes `members` (indices into the archive's units): the rounds of
  // every process that succeeded and is not below its physical floor, in ascending process
  // number.
  UnitView Pool(const std::vector<size_t>& members) const {
    std::vector<size_t> sorted = members;
    std::stable_sort(sorted.begin(), sorted.end(), [&](size_t a, size_t b) {
      return archive_.units[a].result.spec.process < archive_.units[b].result.spec.process;
    });
    ArchivedUnit merged;
    merged.result.spec = archive_.units[sorted.front()].result.spec;
    merged.result.spec.process = 0;
    std::vector<uint32_t> pooled, rounds;
    std::vector<std::string> left_out;
    std::string failure;
    bool on_calling_thread = true;
    for (size_t i : sorted) {
      const ArchivedUnit& u = archive_.units[i];
      const UnitView& process = m_.process_units[i];
      std::string why;
      if (!u.result.ok) {
        why = u.result.failure;
      } else if (BelowFloor(u, cores_)) {
        why = absl::StrFormat(
            "below its physical floor: %s per task where %u bodies of %s on %u cores need at "
            "least %s",
            Us(u.stats.end_to_end_ns.median), u.result.spec.concurrency,
            Us(u.stats.body_ns.median), cores_, Us(PhysicalFloorNs(u.result.spec, u.stats, cores_)));
      }
      if (!why.empty()) {
        left_out.push_back(absl::StrCat(process.id(), ": ", why));
        if (failure.empty()) failure = why;
        continue;
      }
      if (!merged.result.ok) merged.result.calibration = u.result.calibration;
      merged.result.ok = true;
      merged.result.rounds.insert(merged.result.rounds.end(), u.result.rounds.begin(),
                                  u.result.rounds.end());
      pooled.push_back(u.result.spec.process);
      rounds.push_back(static_cast<uint32_t>(u.result.rounds.size()));
      on_calling_thread &= process.on_calling_thread;
    }
    if (merged.result.ok) {
      merged.stats = ComputeUnitStats(merged.result, cores_);
    } else {
      merged.result.failure = failure;
      merged.stats = archive_.units[sorted.front()].stats;
    }
    UnitView v = ViewOf(merged, cores_);
    v.pooled_processes = std::move(pooled);
    v.rounds_per_process = std::move(rounds);
    v.left_out = std::move(left_out);
    v.on_calling_thread = merged.result.ok && on_calling_thread;
    return v;
  }

  void CompareCells() {
    m_.band_min = std::numeric_limits<double>::infinity();
    m_.band_max = 0;
    for (const std::string& baseline : baselines_) {
      for (uint32_t c : m_.concurrencies) {
        for (uint32_t tier : m_.tiers_us) {
          const UnitView* s = Unit(m_.subject, c, tier);
          const UnitView* b = Unit(baseline, c, tier);
          if (s == nullptr && b == nullptr) continue;
          UnmeasuredCell missing{.baseline = baseline, .concurrency = c, .tier_us = tier,
                                 .reason = "", .reason_code = "", .failure = ""};
          if (s == nullptr || b == nullptr) {
            missing.reason = absl::StrCat(s == nullptr ? "the subject" : baseline,
                                          " has no unit at these coordinates");
            missing.reason_code = s == nullptr ? "subject_missing" : "baseline_missing";
          } else if (!s->ok) {
            missing.reason = absl::StrCat("the subject's unit failed: ", s->failure);
            missing.reason_code = "subject_failed";
            missing.failure = s->failure;
          } else if (!b->ok) {
            missing.reason = absl::StrCat(baseline, "'s unit failed: ", b->failure);
            missing.reason_code = "baseline_failed";
            missing.failure = b->failure;
          }
          if (!missing.reason.empty()) {
            m_.unmeasured.push_back(std::move(missing));
            continue;
          }
          m_.cells.push_back(Compare(baseline, *s, *b));
          const size_t index = m_.cells.size() - 1;
          const Cell& cell = m_.cells.back();
          if (std::isfinite(cell.band)) {
            m_.band_min = std::min(m_.band_min, cell.band);
            m_.band_max = std::max(m_.band_max, cell.band);
          }
          if (cell.floor) {
            m_.floor_cells.push_back(index);
            continue;
          }
          switch (cell.verdict) {
            case Verdict::kSubjectFaster: m_.subject_faster.push_back(index); break;
            case Verdict::kSubjectSlower: m_.subject_slower.push_back(index); break;
            case Verdict::kIndistinguishable: m_.indistinguishable.push_back(index); break;
          }
        }
      }
    }
    if (m_.cells.empty()) m_.band_min = 0;
  }

  Cell Compare(const std::string& baseline, const UnitView& s, const UnitView& b) const {
    Cell cell;
    cell.baseline = baseline;
    cell.concurrency = s.concurrency;
    cell.tier_us = s.tier_us;
    cell.basis = s.basis;
    const SideSamples& ss = SamplesOf(s);
    const SideSamples& bs = SamplesOf(b);
    const std::vector<double> s_rounds = ss.Pooled(), b_rounds = bs.Pooled();
    cell.subject_median_ns = Median(s_rounds);
    cell.baseline_median_ns = Median(b_rounds);
    cell.subject_end_to_end_ns = s.stats.end_to_end_ns.median;
    cell.baseline_end_to_end_ns = b.stats.end_to_end_ns.median;
    cell.ratio = cell.baseline_median_ns / cell.subject_median_ns;
    cell.faster_factor = cell.ratio >= 1 ? cell.ratio : 1 / cell.ratio;
    cell.difference =
        std::fabs(cell.subject_median_ns - cell.baseline_median_ns) / cell.subject_median_ns;
    cell.band = RelativeSpread(s_rounds) + RelativeSpread(b_rounds);
    if (!std::isfinite(cell.band)) cell.band = std::numeric_limits<double>::infinity();

    const Judgement j = JudgeCell(ss, bs, options_.verdict, cell.id());
    // The ratio the report states is the verdict's own estimate (the sides' levels), so the
    // factor always lies in the interval printed beside it.
    if (std::isfinite(j.log_ratio)) {
      cell.ratio = std::exp(-j.log_ratio);
      cell.faster_factor = cell.ratio >= 1 ? cell.ratio : 1 / cell.ratio;
    }
    cell.verdict = j.verdict;
    cell.factor_low = std::exp(j.low);
    cell.factor_high = std::exp(j.high);
    cell.threshold = options_.verdict.threshold;
    cell.subject_processes = j.subject_processes;
    cell.baseline_processes = j.baseline_processes;
    cell.paired = j.paired;
    const std::string interval = absl::StrFormat("%.3fx-%.3fx", cell.factor_low, cell.factor_high);
    const std::string beyond = absl::StrFormat("%.2fx", 1 + cell.threshold);
    const std::string factor = absl::StrFormat("%.3fx", std::exp(j.log_ratio));
    if (!std::isfinite(j.low) || !std::isfinite(j.high)) {
      cell.text = "a side has no usable rounds - no winner";
    } else if (cell.verdict != Verdict::kIndistinguishable) {
      cell.text = absl::StrCat("the subject / baseline factor is ", factor, " (95% interval ",
                               interval, "), beyond ", beyond);
    } else if (j.low <= 0 && j.high >= 0) {
      cell.text = absl::StrCat("the subject / baseline factor is ", factor, " (95% interval ",
                               interval, ", which includes 1.000x) - no winner");
    } else {
      cell.text = absl::StrCat("the subject / baseline factor is ", factor, " (95% interval ",
                               interval, "), within ", beyond, " - no winner");
    }
    cell.test = MannWhitneyTest(ss.ProcessMedians(), bs.ProcessMedians());
    cell.floor = b.on_calling_thread && !s.on_calling_thread;
    cell.overhead_withheld = !s.stats.overhead_ns || !b.stats.overhead_ns;
    return cell;
  }

  void ShareThresholds() {
    for (uint32_t c : m_.concurrencies) {
      if (!WithinCores(c)) continue;
      ShareThreshold t{.concurrency = c, .tier_us = std::nullopt, .share_at_tier = 0,
                       .cells = {}, .text = "", .message = {}};
      std::optional<std::pair<uint32_t, double>> lowest;
      for (uint32_t tier : m_.tiers_us) {
        const UnitView* s = Unit(m_.subject, c, tier);
        if (s == nullptr || !s->ok || !s->stats.overhead_share) continue;
        const double share = *s->stats.overhead_share;
        t.cells.push_back(CellId(m_.subject, c, tier));
        if (!lowest || share < lowest->second) lowest = {tier, share};
        if (!t.tier_us && share < options_.share_threshold) {
          t.tier_us = tier;
          t.share_at_tier = share;
        }
      }
      const std::string threshold = FormatPercentArg(options_.share_threshold);
      if (t.cells.empty()) {
        t.message = {"share_threshold.no_figure", {{"concurrency", absl::StrCat(c)}}};
      } else if (t.tier_us) {
        t.message = {"share_threshold.found",
                     {{"concurrency", absl::StrCat(c)}, {"tier_us", absl::StrCat(*t.tier_us)},
                      {"threshold", threshold}, {"share", FormatPercentArg(t.share_at_tier)}}};
      } else {
        t.message = {"share_threshold.not_reached",
                     {{"concurrency", absl::StrCat(c)}, {"threshold", threshold},
                      {"lowest_share", FormatPercentArg(lowest->second)},
                      {"lowest_tier_us", absl::StrCat(lowest->first)}}};
      }
      if (t.cells.empty()) {
        t.text = absl::StrFormat("At concurrency %u the subject has no overhead figure at any "
                                 "tier, so no share threshold can be given.", c);
      } else if (t.tier_us) {
        t.text = absl::StrFormat(
            "At concurrency %u, from a body of %u us on, the subject's framework overhead is "
            "below %s of end-to-end (%s there); below that tier the overhead itself is the main "
            "price of choosing it.",
            c, *t.tier_us, Pct(options_.share_threshold), Pct(t.share_at_tier));
      } else {
        t.text = absl::StrFormat(
            "At concurrency %u no measured tier brings the subject's overhead share below %s "
            "(lowest: %s at %u us).",
            c, Pct(options_.share_threshold), Pct(lowest->second), lowest->first);
      }
      m_.share_thresholds.push_back(std::move(t));
    }
  }

  // Only a monotone row has a crossover (report_model.h); anything else is "mixed".
  void Crossovers() {
    for (const std::string& baseline : baselines_) {
      for (uint32_t c : m_.concurrencies) {
        if (!WithinCores(c)) continue;
        std::vector<const Cell*> row;
        for (const Cell& cell : m_.cells) {
          if (cell.baseline == baseline && cell.concurrency == c && !cell.floor) {
            row.push_back(&cell);
          }
        }
        if (row.empty()) continue;
        std::sort(row.begin(), row.end(),
                  [](const Cell* a, const Cell* b) { return a->tier_us < b->tier_us; });
        m_.crossovers.push_back(ReadCrossoverRow(baseline, c, row));
      }
    }
  }

  void Scaling() {
    std::vector<std::string> adapters = {m_.subject};
    adapters.insert(adapters.end(), baselines_.begin(), baselines_.end());
    for (const std::string& adapter : adapters) {
      for (uint32_t tier : m_.tiers_us) {
        ScalingRow row;
        row.adapter = adapter;
        row.tier_us = tier;
        for (uint32_t c : m_.concurrencies) {
          const UnitView* u = Unit(adapter, c, tier);
          if (u == nullptr) continue;
          row.concurrencies.push_back(c);
          row.throughput_per_s.push_back(u->ok ? u->stats.throughput_per_s
                                               : std::numeric_limits<double>::quiet_NaN());
        }
        if (row.concurrencies.size() < 2) continue;
        std::vector<std::string> steps;
        row.keeps_rising = true;
        for (size_t i = 1; i < row.concurrencies.size(); ++i) {
          const double prev = row.throughput_per_s[i - 1], next = row.throughput_per_s[i];
          std::string how = "unknown";
          if (std::isfinite(prev) && std::isfinite(next) && prev > 0) {
            how = next > prev * 1.05 ? "rises" : next < prev * 0.95 ? "falls" : "flat";
          }
          row.keeps_rising &= how == "rises";
          row.steps.push_back({row.concurrencies[i - 1], row.concurrencies[i], how});
          steps.push_back(absl::StrFormat("%s %u->%u", how, row.concurrencies[i - 1],
                                          row.concurrencies[i]));
        }
        row.text = absl::StrJoin(steps, ", ");
        m_.scaling.push_back(std::move(row));
      }
    }
  }

  void Attribution() {
    std::vector<uint32_t> tiers = options_.attribution_tiers_us;
    if (tiers.empty() && !m_.tiers_us.empty()) {
      tiers = {m_.tiers_us.front()};
      if (m_.tiers_us.back() != m_.tiers_us.front()) tiers.push_back(m_.tiers_us.back());
    }
    std::vector<uint32_t> concurrencies = options_.attribution_concurrencies;
    if (concurrencies.empty()) {
      std::vector<uint32_t> within;
      for (uint32_t c : m_.concurrencies) {
        if (WithinCores(c)) within.push_back(c);
      }
      if (!within.empty()) {
        concurrencies = {within.front()};
        if (within.back() != within.front()) concurrencies.push_back(within.back());
      }
    }
    for (uint32_t tier : tiers) {
      for (uint32_t c : concurrencies) {
        if (!WithinCores(c)) continue;  // beyond the cores it measures contention
        const UnitView* s = Unit(m_.subject, c, tier);
        if (s == nullptr || !s->ok) continue;
        AttributionSample sample{.tier_us = tier, .concurrency = c, .adapters = {}, .excess = {}};
        sample.adapters.push_back(Segments(*s));
        for (const std::string& baseline : baselines_) {
          const UnitView* b = Unit(baseline, c, tier);
          if (b == nullptr || !b->ok) continue;
          sample.adapters.push_back(Segments(*b));
          sample.excess.push_back(Excess(*s, *b, sample.adapters.front(), sample.adapters.back()));
        }
        m_.attribution.push_back(std::move(sample));
      }
    }
  }

  static SegmentMedians Segments(const UnitView& u) {
    SegmentMedians s;
    s.adapter = u.adapter;
    s.submit_ns = u.stats.submit_ns.median;
    s.handoff_ns = u.stats.handoff_ns.median;
    s.body_ns = u.stats.body_ns.median;
    s.return_ns = u.stats.return_ns.median;
    s.end_to_end_ns = u.stats.end_to_end_ns.median;
    // What no segment holds, so that the segments add up to the end-to-end.
    s.drain_ns = s.end_to_end_ns - s.submit_ns - s.handoff_ns - s.body_ns - s.return_ns;
    if (u.stats.submit_ns.n == 0 || u.stats.body_ns.n == 0) {
      s.measurable = false;
      s.not_measurable_reason = "the unit recorded no per-task timestamps";
      s.not_measurable_code = "no_timestamps";
    }
    return s;
  }

  AttributionExcess Excess(const UnitView& s, const UnitView& b, const SegmentMedians& ss,
                           const SegmentMedians& bs) const {
    AttributionExcess e;
    e.baseline = b.adapter;
    e.total_excess_ns = s.stats.end_to_end_ns.median - b.stats.end_to_end_ns.median;
    // The body is the host's: the same work on both sides, never where an excess lies.
    const std::pair<const char*, double> segments[] = {
        {"submit", ss.submit_ns - bs.submit_ns},
        {"handoff", ss.handoff_ns - bs.handoff_ns},
        {"return", ss.return_ns - bs.return_ns},
        {"drain", ss.drain_ns - bs.drain_ns},
    };
    const auto* largest = std::max_element(
        std::begin(segments), std::end(segments),
        [](const auto& a, const auto& b2) { return a.second < b2.second; });
    e.largest_segment = largest->first;
    e.largest_segment_excess_ns = largest->second;
    if (e.total_excess_ns > 0) {
      e.text = absl::StrFormat(
          "the subject takes %s more per task than %s; the largest part (%+.1f us) is in %s",
          Us(e.total_excess_ns), b.adapter, largest->second / 1e3, largest->first);
    } else {
      e.text = absl::StrFormat("the subject is not slower than %s here (%s per task)", b.adapter,
                               Us(e.total_excess_ns));
    }
    return e;
  }

  void Unfavourable() {
    for (const std::string& baseline : baselines_) {
      UnfavourableGroup g;
      g.baseline = baseline;
      for (size_t index : m_.subject_slower) {
        const Cell& cell = m_.cells[index];
        if (cell.baseline != baseline) continue;
        ++g.cells_lost;
        g.cells.push_back(cell.id());
        const double factor = cell.subject_median_ns / cell.baseline_median_ns;
        if (factor > g.worst_factor) {
          g.worst_factor = factor;
          g.worst_cell = cell.id();
        }
      }
      if (g.cells_lost > 0) m_.unfavourable.push_back(std::move(g));
    }
  }

  void Conclusions() {
    for (const ShareThreshold& t : m_.share_thresholds) {
      m_.conclusions.push_back(
          {.kind = "share_threshold", .text = t.text, .cells = t.cells, .message = t.message});
    }
    const Cell* best = nullptr;
    for (size_t index : m_.subject_faster) {
      const Cell& cell = m_.cells[index];
      if (best == nullptr || cell.ratio > best->ratio) best = &cell;
    }
    if (best != nullptr) {
      m_.conclusions.push_back(
          {.kind = "best_win",
           .text = absl::StrFormat("The subject's best win: %.2fx faster than %s at concurrency "
                                   "%u, %u us (%s).",
                                   best->ratio, best->baseline, best->concurrency, best->tier_us,
                                   best->text),
           .cells = {best->id()},
           .message = {"best_win",
                       {{"factor", absl::StrFormat("%.2f×", best->ratio)},
                        {"baseline", best->baseline},
                        {"concurrency", absl::StrCat(best->concurrency)},
                        {"tier_us", absl::StrCat(best->tier_us)},
                        // The subject / baseline factor's interval, read from the subject's side.
                        {"low", absl::StrFormat("%.2f×", 1 / best->factor_high)},
                        {"high", absl::StrFormat("%.2f×", 1 / best->factor_low)},
                        {"threshold", absl::StrFormat("%.2f×", 1 + best->threshold)}}}});
    } else {
      m_.conclusions.push_back(
          {.kind = "no_win",
           .text = "The subject is faster than no baseline in any measured cell beyond the "
                   "verdict's threshold.",
           .cells = {},
           .message = {"no_win", {}}});
    }
    for (const Crossover& x : m_.crossovers) {
      if (x.kind == CrossoverKind::kNeverFaster) continue;
      m_.conclusions.push_back({.kind = CrossoverKindName(x.kind),
                                .text = x.text,
                                .cells = x.cells,
                                .message = x.message});
    }
  }

  void Semantics() {
    const SemanticsRecord& r = archive_.semantics;
    SemanticsDimension& d = m_.semantics;
    d.status = r.status;
    d.reason_code = r.reason_code;
    d.reason = r.reason;
    d.tier_us = r.tier_us;
    d.concurrencies = r.concurrencies;
    auto find = [&](const std::string& semantics, uint32_t c) -> const UnitView* {
      for (const UnitView& u : m_.units) {
        if (u.adapter == m_.subject && u.semantics == semantics && u.concurrency == c &&
            u.tier_us == r.tier_us) {
          return &u;
        }
      }
      return nullptr;
    };
    for (const SemanticsItemRecord& item : r.items) {
      SemanticsItemView view{.record = item, .costs = {}};
      if (item.priced && r.status == "measured") {
        for (uint32_t c : r.concurrencies) view.costs.push_back(Price(find("off", c),
                                                                      find(item.item.name, c), c,
                                                                      item.item.name));
      }
      d.items.push_back(std::move(view));
    }
  }

  // The cost of code, from the counters units (and a callgrind run's units).
  void Cost() {
    CostOfCode& c = m_.cost;
    const CostRecord& r = archive_.cost;
    c.status = r.status;
    c.reason_code = r.reason_code;
    c.workload = r.workload;
    c.tier_us = r.tier_us;
    c.concurrencies = r.concurrencies;
    std::vector<std::string> order;
    for (const AdapterRecord& a : m_.adapters) order.push_back(a.descriptor.name);
    for (const ArchivedUnit& u : archive_.units) {
      if (std::find(order.begin(), order.end(), u.result.spec.adapter) == order.end()) {
        order.push_back(u.result.spec.adapter);
      }
    }
    auto sorted_units = [&](const std::string& instrument) {
      std::vector<std::pair<const ArchivedUnit*, const UnitView*>> out;
      for (const std::string& adapter : order) {
        for (size_t i = 0; i < archive_.units.size(); ++i) {
          const UnitSpec& s = archive_.units[i].result.spec;
          if (s.adapter == adapter && s.instrument == instrument) {
            out.emplace_back(&archive_.units[i], &m_.process_units[i]);
          }
        }
      }
      std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        return std::tie(a.second->tier_us, a.second->concurrency) <
               std::tie(b.second->tier_us, b.second->concurrency);
      });
      std::stable_sort(out.begin(), out.end(), [&](const auto& a, const auto& b) {
        auto rank = [&](const std::string& name) {
          return std::find(order.begin(), order.end(), name) - order.begin();
        };
        return rank(a.second->adapter) < rank(b.second->adapter);
      });
      return out;
    };
    size_t counters_available = 0, counters_total = 0;
    const Count* first_refused = nullptr;
    for (const auto& [unit, view] : sorted_units("counters")) {
      const UnitResult& u = unit->result;
      CostRow row;
      row.adapter = view->adapter;
      row.concurrency = view->concurrency;
      row.unit = view->id();
      row.ok = u.ok && u.counts.has_value();
      row.failure = u.ok && !u.counts ? "the unit recorded no counts" : u.failure;
      row.tasks = u.counts ? u.counts->tasks : 0;
      if (row.ok) {
        const UnitCounts& n = *u.counts;
        row.alloc_calls = PerTask(n.alloc_calls, n.tasks);
        row.alloc_bytes = PerTask(n.alloc_bytes, n.tasks);
        row.instructions = PerTask(n.instructions, n.tasks);
        row.cycles = PerTask(n.cycles, n.tasks);
        row.context_switches = PerTask(n.context_switches, n.tasks);
        row.cpu_migrations = PerTask(n.cpu_migrations, n.tasks);
        for (const Count* k : {&n.instructions, &n.cycles, &n.context_switches,
                               &n.cpu_migrations}) {
          ++counters_total;
          if (k->available) {
            ++counters_available;
          } else if (first_refused == nullptr) {
            first_refused = k;
          }
        }
      } else {
        row.alloc_calls = row.alloc_bytes = row.instructions = row.cycles =
            row.context_switches = row.cpu_migrations = UnitFailed(row.failure);
      }
      if (view->concurrency == 1) {
        ColdStart cold;
        cold.adapter = row.adapter;
        cold.unit = row.unit;
        cold.ok = row.ok && u.counts->cold_start;
        cold.failure = row.ok && !u.counts->cold_start ? "the unit took no cold start"
                                                        : row.failure;
        if (cold.ok) {
          cold.setup_ns = static_cast<double>(u.setup_ns);
          cold.first_task_ns = static_cast<double>(u.counts->first_task_ns);
          cold.alloc_calls = PerTask(u.counts->cold_alloc_calls, 1);
          cold.alloc_bytes = PerTask(u.counts->cold_alloc_bytes, 1);
        } else {
          cold.alloc_calls = cold.alloc_bytes = UnitFailed(cold.failure);
        }
        c.cold_start.push_back(std::move(cold));
      }
      c.rows.push_back(std::move(row));
    }
    if (counters_total == 0) {
      c.counters_status = "unavailable";
      c.counters_reason_code = "not_counted";
      c.counters_reason = "no counters unit was measured";
    } else if (counters_available == counters_total) {
      c.counters_status = "available";
    } else {
      c.counters_status = counters_available == 0 ? "unavailable" : "partial";
      c.counters_reason_code = first_refused->unavailable_code;
      c.counters_reason = first_refused->unavailable_reason;
    }

    if (archive_.run.instrument == "callgrind") {
      c.callgrind_status = "measured";
      c.callgrind_version = archive_.run.instrument_version;
      c.messages.push_back({"cost.callgrind_times_meaningless",
                            {{"tool", c.callgrind_version.empty() ? std::string("valgrind")
                                                                  : c.callgrind_version}}});
      for (const auto& [unit, view] : sorted_units("callgrind")) {
        const UnitResult& u = unit->result;
        CallgrindRow row;
        row.adapter = view->adapter;
        row.concurrency = view->concurrency;
        row.tier_us = view->tier_us;
        row.unit = view->id();
        const Count* ir = u.counts ? &u.counts->callgrind_instructions : nullptr;
        row.ok = u.ok && ir != nullptr && ir->available;
        row.failure = !u.ok ? u.failure
                      : ir == nullptr ? std::string("the unit recorded no counts")
                      : ir->available ? std::string()
                                      : ir->unavailable_reason;
        row.tasks = u.counts ? u.counts->tasks : 0;
        if (row.ok) {
          row.instructions = ir->total;
          row.instructions_per_task =
              row.tasks > 0 ? static_cast<double>(ir->total) / static_cast<double>(row.tasks) : 0;
          const Count& again = u.counts->callgrind_repeat;
          row.repeat_available = again.available;
          row.repeat_unavailable_reason = again.available ? "" : again.unavailable_reason;
          if (again.available) {
            row.repeat_instructions = again.total;
            row.repeats_exactly = again.total == ir->total;
            const double first = static_cast<double>(ir->total);
            row.repeat_difference =
                first > 0 ? std::fabs(static_cast<double>(again.total) - first) / first : 0;
          }
        }
        c.callgrind.push_back(std::move(row));
      }
    }
  }

  SemanticsCost Price(const UnitView* off, const UnitView* on, uint32_t c,
                      const std::string& item) const {
    SemanticsCost cost;
    cost.concurrency = c;
    UnitView probe;
    probe.adapter = m_.subject;
    probe.concurrency = c;
    probe.tier_us = archive_.semantics.tier_us;
    probe.semantics = "off";
    cost.off_unit = off != nullptr ? off->id() : probe.id();
    probe.semantics = item;
    cost.on_unit = on != nullptr ? on->id() : probe.id();
    if (off == nullptr) cost.reason_code = "off_missing";
    else if (on == nullptr) cost.reason_code = "on_missing";
    else if (!off->ok) cost.reason_code = "off_failed";
    else if (!on->ok) cost.reason_code = "on_failed";
    if (!cost.reason_code.empty()) return cost;
    cost.measured = true;
    const SideSamples& off_samples = SamplesOf(*off);
    const SideSamples& on_samples = SamplesOf(*on);
    const std::vector<double> off_rounds = off_samples.Pooled(), on_rounds = on_samples.Pooled();
    cost.off_median_ns = Median(off_rounds);
    cost.on_median_ns = Median(on_rounds);
    const Interval factor =
        LogRatioInterval(on_samples, off_samples, options_.verdict, cost.on_unit);
    cost.cost_ns = (std::exp(factor.estimate) - 1) * cost.off_median_ns;
    cost.cost_low_ns = (std::exp(factor.low) - 1) * cost.off_median_ns;
    cost.cost_high_ns = (std::exp(factor.high) - 1) * cost.off_median_ns;
    cost.band = RelativeSpread(off_rounds) + RelativeSpread(on_rounds);
    if (!std::isfinite(cost.band)) cost.band = std::numeric_limits<double>::infinity();
    cost.band_ns = cost.band * cost.off_median_ns;
    const Direction d =
        Decide(factor.estimate, factor.low, factor.high, options_.verdict.threshold);
    cost.verdict = d == Direction::kUp     ? "costs"
                   : d == Direction::kDown ? "saves"
                                           : "no_measurable_cost";
    cost.test = MannWhitneyTest(on_samples.ProcessMedians(), off_samples.ProcessMedians());
    return cost;
  }

  // Same work in every unit (design 3.10): one repetition count per tier of a json body.
  SelfCheck SameWork() const {
    std::map<uint32_t, std::set<uint64_t>> counts;
    for (const ArchivedUnit& u : archive_.units) {
      const UnitSpec& spec = u.result.spec;
      if (!u.result.ok || spec.workload != "json" || !spec.instrument.empty()) continue;
      counts[spec.tier_us].insert(spec.repetitions > 0 ? spec.repetitions
                                                       : u.result.calibration.repetitions);
    }
    if (counts.empty()) {
      return {.name = "same_work", .passed = true,
              .detail = "not applicable: no unit ran a json body",
              .message = {"self_check.same_work.not_applicable", {}}};
    }
    bool same = true;
    std::vector<std::string> tiers;
    for (const auto& [tier, reps] : counts) {
      same &= reps.size() == 1;
      tiers.push_back(reps.size() == 1
                          ? absl::StrFormat("%u us: %u", tier, *reps.begin())
                          : absl::StrFormat("%u us: %u-%u (%u counts)", tier, *reps.begin(),
                                            *reps.rbegin(), reps.size()));
    }
    const std::string list = absl::StrJoin(tiers, "; ");
    return {.name = "same_work", .passed = same,
            .detail = absl::StrCat(same ? "every unit of a tier ran the same body: "
                                        : "units of one tier ran different bodies: ",
                                   "repetitions per tier ", list),
            .message = {absl::StrCat("self_check.same_work.", same ? "passed" : "failed"),
                        {{"tiers", list}}}};
  }

  // No process below its physical floor (its rounds are left out of every cell).
  SelfCheck PhysicalFloor() const {
    size_t checked = 0;
    std::vector<std::string> below;
    for (size_t i = 0; i < archive_.units.size(); ++i) {
      const ArchivedUnit& u = archive_.units[i];
      if (!u.result.ok || !HasFloor(u.result.spec, cores_)) continue;
      ++checked;
      if (BelowFloor(u, cores_)) {
        below.push_back(absl::StrCat(m_.process_units[i].id(), " (",
                                     FormatDurationArg(u.stats.end_to_end_ns.median), " < ",
                                     FormatDurationArg(
                                         PhysicalFloorNs(u.result.spec, u.stats, cores_)),
                                     ")"));
      }
    }
    if (checked == 0) {
      return {.name = "physical_floor", .passed = true,
              .detail = "not applicable: no unit within the logical cores has a body with a "
                        "duration",
              .message = {"self_check.physical_floor.not_applicable", {}}};
    }
    if (below.empty()) {
      return {.name = "physical_floor", .passed = true,
              .detail = absl::StrFormat("%u processes: none below body / min(concurrency, %u "
                                        "cores) per task",
                                        checked, cores_),
              .message = {"self_check.physical_floor.passed",
                          {{"checked", absl::StrCat(checked)},
                           {"cores", absl::StrCat(cores_)}}}};
    }
    return {.name = "physical_floor", .passed = false,
            .detail = absl::StrCat(below.size(), " of ", checked,
                                   " processes below their physical floor, left out of every "
                                   "cell: ", absl::StrJoin(below, ", ")),
            .message = {"self_check.physical_floor.failed",
                        {{"below", absl::StrCat(below.size())},
                         {"checked", absl::StrCat(checked)},
                         {"units", absl::StrJoin(below, ", ")}}}};
  }

  void SelfChecks() {
    SelfCheckSummary& s = m_.self_checks;
    s.checks = archive_.self_checks;
    if (archive_.run.status != "complete") {
      s.checks.push_back({.name = "run_complete", .passed = false,
                          .detail = absl::StrFormat("the run is %s: %u of %u units recorded",
                                                    archive_.run.status, archive_.units.size(),
                                                    archive_.run.units_planned),
                          .message = {absl::StrCat("self_check.run_complete.", archive_.run.status),
                                      {{"recorded", absl::StrCat(archive_.units.size())},
                                       {"planned", absl::StrCat(archive_.run.units_planned)}}}});
    }
    // The subject's overhead should be roughly constant across tiers: a framework's cost per
    // task does not depend on what the body does. A large swing points at measurement noise.
    std::vector<std::string> ranges, range_args;
    bool constant = true;
    for (uint32_t c : m_.concurrencies) {
      if (!WithinCores(c)) continue;
      std::vector<double> overheads;
      for (uint32_t tier : m_.tiers_us) {
        const UnitView* u = Unit(m_.subject, c, tier);
        if (u != nullptr && u->ok && u->stats.overhead_ns) overheads.push_back(*u->stats.overhead_ns);
      }
      if (overheads.size() < 2) continue;
      const auto [lo, hi] = std::minmax_element(overheads.begin(), overheads.end());
      const double factor = *lo > 0 ? *hi / *lo : std::numeric_limits<double>::infinity();
      constant &= factor <= options_.overhead_constancy_factor;
      ranges.push_back(absl::StrFormat("concurrency %u: %s to %s (%.1fx)", c, Us(*lo), Us(*hi),
                                       factor));
      range_args.push_back(absl::StrFormat("c%u: %s – %s (%.1f×)", c, FormatDurationArg(*lo),
                                           FormatDurationArg(*hi), factor));
    }
    s.checks.push_back(
        {.name = "overhead_constancy",
         .passed = constant,
         .detail = ranges.empty()
                       ? std::string("not applicable: fewer than two tiers with an overhead figure")
                       : absl::StrCat("the subject's overhead across tiers, limit ",
                                      absl::StrFormat("%.1fx", options_.overhead_constancy_factor),
                                      ": ", absl::StrJoin(ranges, "; ")),
         .message = ranges.empty()
                        ? Message{"self_check.overhead_constancy.not_applicable", {}}
                        : Message{absl::StrCat("self_check.overhead_constancy.",
                                               constant ? "passed" : "failed"),
                                  {{"limit", absl::StrFormat("%.1f×",
                                                             options_.overhead_constancy_factor)},
                                   {"ranges", absl::StrJoin(range_args, "; ")}}}});
    s.checks.push_back(SameWork());
    s.checks.push_back(PhysicalFloor());
    for (const UnitView& u : m_.units) {
      if (u.ok && !u.stats.overhead_ns) {
        s.withheld_units.push_back(absl::StrCat(u.id(), ": ",
                                                u.stats.overhead_withheld));
        const std::string& why = u.stats.overhead_withheld;
        s.withheld.push_back(
            {.unit = u.id(),
             .reason_code = why.rfind("concurrency ", 0) == 0 ? "above_cores"
                            : why.rfind("negative", 0) == 0   ? "negative"
                                                              : "no_rounds",
             .overhead_ns = std::numeric_limits<double>::quiet_NaN()});
        if (s.withheld.back().reason_code == "negative") {
          s.withheld.back().overhead_ns =
              u.stats.end_to_end_ns.median - u.stats.body_ns.median;
        }
      }
    }
    s.passed = std::all_of(s.checks.begin(), s.checks.end(),
                           [](const SelfCheck& c) { return c.passed; });
  }

  const Archive& archive_;
  const AnalysisOptions& options_;
  ReportModel& m_;
  uint32_t cores_ = 1;
  std::vector<std::string> baselines_;
  std::map<UnitKey, size_t> by_key_;  // main-matrix pooled views, indices into m_.units
  std::vector<SideSamples> samples_;  // per pooled view (same index): its processes' samples
};

}  // namespace

Crossover ReadCrossoverRow(const std::string& baseline, uint32_t c,
                           const std::vector<const Cell*>& row) {
  Crossover x;
  x.baseline = baseline;
  x.concurrency = c;
  std::vector<bool> faster;
  for (const Cell* cell : row) {
    x.cells.push_back(cell->id());
    faster.push_back(cell->verdict == Verdict::kSubjectSlower);
    if (faster.back()) x.faster_tiers_us.push_back(cell->tier_us);
  }
  // Where the row switches between "baseline faster" and "not".
  std::vector<size_t> switches;
  for (size_t i = 1; i < faster.size(); ++i) {
    if (faster[i] != faster[i - 1]) switches.push_back(i);
  }
  std::vector<std::string> faster_tiers;
  for (uint32_t t : x.faster_tiers_us) faster_tiers.push_back(absl::StrCat(t));
  if (x.faster_tiers_us.empty()) {
    x.kind = CrossoverKind::kNeverFaster;
    x.text = absl::StrFormat(
        "At concurrency %u, %s is never faster than the subject within the measured tiers.",
        c, baseline);
  } else if (x.faster_tiers_us.size() == row.size()) {
    x.kind = CrossoverKind::kAlwaysFaster;
    x.text = absl::StrFormat(
        "At concurrency %u, within the measured tiers %s is always faster than the subject - "
        "these cells are published as unfavourable data.",
        c, baseline);
  } else if (switches.size() == 1 && faster.front()) {
    x.kind = CrossoverKind::kCrossover;
    x.last_faster_tier_us = row[switches[0] - 1]->tier_us;
    x.tier_us = row[switches[0]]->tier_us;
    x.text = absl::StrFormat(
        "At concurrency %u, %s is faster than the subject up to %u us; from %u us on it is "
        "not.",
        c, baseline, x.last_faster_tier_us, x.tier_us);
  } else if (switches.size() == 1) {
    x.kind = CrossoverKind::kFasterAtTop;
    x.tier_us = row[switches[0]]->tier_us;
    x.text = absl::StrFormat(
        "At concurrency %u, %s is faster than the subject from %u us on, and at no smaller "
        "tier.",
        c, baseline, x.tier_us);
  } else {
    x.kind = CrossoverKind::kMixed;
    x.text = absl::StrFormat(
        "At concurrency %u, %s is faster than the subject at %s us and at no other tier: not "
        "one run of tiers from either end, so mixed, no crossover.",
        c, baseline, absl::StrJoin(faster_tiers, ", "));
  }
  x.message = {absl::StrCat("crossover.", CrossoverKindName(x.kind)),
               {{"concurrency", absl::StrCat(c)},
                {"baseline", baseline},
                {"tier_us", absl::StrCat(x.tier_us)},
                {"last_faster_tier_us", absl::StrCat(x.last_faster_tier_us)},
                {"faster_tiers_us", absl::StrJoin(faster_tiers, ", ")}}};
  return x;
}

const char* CrossoverKindName(CrossoverKind k) {
  switch (k) {
    case CrossoverKind::kNeverFaster: return "never_faster";
    case CrossoverKind::kAlwaysFaster: return "always_faster";
    case CrossoverKind::kCrossover: return "crossover";
    case CrossoverKind::kFasterAtTop: return "faster_at_top";
    case CrossoverKind::kMixed: return "mixed";
  }
  return "?";
}

std::string Cell::id() const { return CellId(baseline, concurrency, tier_us); }

SideSamples SamplesOf(const UnitView& pooled) {
  SideSamples s;
  size_t next = 0;
  for (size_t p = 0; p < pooled.pooled_processes.size() && p < pooled.rounds_per_process.size();
       ++p) {
    const size_t n = pooled.rounds_per_process[p];
    if (next + n > pooled.per_round_basis_ns.size()) break;
    s.process_ids.push_back(pooled.pooled_processes[p]);
    s.rounds.emplace_back(pooled.per_round_basis_ns.begin() + static_cast<std::ptrdiff_t>(next),
                          pooled.per_round_basis_ns.begin() +
                              static_cast<std::ptrdiff_t>(next + n));
    next += n;
  }
  return s;
}

const UnitView* PooledUnit(const ReportModel& model, const std::string& adapter,
                           uint32_t concurrency, uint32_t tier_us) {
  for (const UnitView& u : model.units) {
    if (u.adapter == adapter && u.semantics.empty() && u.instrument != "counters" &&
        u.concurrency == concurrency && u.tier_us == tier_us) {
      return &u;
    }
  }
  return nullptr;
}

std::string UnitView::id() const {
  std::string name = semantics.empty() ? adapter : absl::StrCat(adapter, "[", semantics, "]");
  if (!instrument.empty()) absl::StrAppend(&name, "{", instrument, "}");
  if (process > 0) absl::StrAppend(&name, "#", process + 1);
  return CellId(name, concurrency, tier_us);
}

absl::StatusOr<ReportModel> BuildReportModel(const Archive& archive, std::string archive_path,
                                             const AnalysisOptions& options) {
  ReportModel model;
  model.archive_path = std::move(archive_path);
  Analysis analysis(archive, options, &model);
  if (absl::Status s = analysis.Run(); !s.ok()) return s;
  return model;
}

}  // namespace zoo
