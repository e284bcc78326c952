#include "core/model/compare_model.h"

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
#include "core/base/statistics.h"

namespace zoo {
namespace {

using Key = std::tuple<std::string, uint32_t, uint32_t>;  // baseline, concurrency, tier

std::string ChangeArg(double fraction) {
  return std::isfinite(fraction) ? absl::StrFormat("%+.1f%%", fraction * 100) : "n/a";
}
std::string RatioArg(double ratio) {
  return std::isfinite(ratio) ? absl::StrFormat("%.3f", ratio) : "n/a";
}
std::string PArg(double p) {
  if (!std::isfinite(p)) return "n/a";
  return p < 0.0001 ? "< 0.0001" : absl::StrFormat("%.4f", p);
}
std::string PointsArg(double pp) { return absl::StrFormat("%+.1f", pp); }
std::string CoordinatesArg(uint32_t concurrency, uint32_t tier_us) {
  return absl::StrFormat("c%u/%uus", concurrency, tier_us);
}

// The subject's main-matrix unit at these coordinates, if it measured.
const UnitView* SubjectUnit(const ReportModel& m, uint32_t concurrency, uint32_t tier_us) {
  for (const UnitView& u : m.units) {
    if (u.adapter == m.subject && u.semantics.empty() && u.concurrency == concurrency &&
        u.tier_us == tier_us && u.ok) {
      return &u;
    }
  }
  return nullptr;
}

// The measured units of `adapter` at these coordinates in the main matrix (no semantics
// item, not a counting unit), in process order: one for a baseline, the subject's one per
// process (Matrix::subject_processes).
std::vector<const UnitResult*> MeasuredUnits(const Archive& a, const std::string& adapter,
                                             uint32_t concurrency, uint32_t tier_us) {
  std::vector<const UnitResult*> out;
  for (const ArchivedUnit& u : a.units) {
    const UnitSpec& s = u.result.spec;
    if (u.result.ok && s.adapter == adapter && InMainMatrix(s.kind) &&
        s.concurrency == concurrency && s.tier_us == tier_us) {
      out.push_back(&u.result);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const UnitResult* x, const UnitResult* y) {
    return x->spec.process < y->spec.process;
  });
  return out;
}

// A baseline's unit (its first process).
const UnitResult* MeasuredUnit(const Archive& a, const std::string& adapter, uint32_t concurrency,
                               uint32_t tier_us) {
  const std::vector<const UnitResult*> units = MeasuredUnits(a, adapter, concurrency, tier_us);
  return units.empty() ? nullptr : units.front();
}

// One run's reading of a cell: both sides' pooled views split into processes (the basis is
// the view's own), the ratio, and the subject's per-process medians divided by the baseline's
// median (what the test compares across runs).
struct CellReading {
  SideSamples subject, baseline;
  uint32_t subject_processes = 0;
  double ratio = kNaN;
  double baseline_median = kNaN;
  double within_band = kNaN;
  std::vector<double> normalised;
};

CellReading ReadCell(const ReportModel& m, const Cell& cell) {
  CellReading r;
  const UnitView* s = PooledUnit(m, m.subject, cell.concurrency, cell.tier_us);
  const UnitView* b = PooledUnit(m, cell.baseline, cell.concurrency, cell.tier_us);
  if (s == nullptr || b == nullptr || !s->ok || !b->ok) return r;
  r.subject = SamplesOf(*s);
  r.baseline = SamplesOf(*b);
  r.subject_processes = static_cast<uint32_t>(r.subject.rounds.size());
  const std::vector<double> sp = r.subject.Pooled(), bp = r.baseline.Pooled();
  const double s_median = Median(sp), b_median = Median(bp);
  if (!(s_median > 0 && b_median > 0)) return r;
  r.ratio = cell.ratio;  // the verdict's own estimate (verdict.h: the sides' levels)
  r.baseline_median = b_median;
  r.within_band = RelativeSpread(sp) + RelativeSpread(bp);
  for (double x : r.subject.ProcessMedians()) r.normalised.push_back(x / b_median);
  return r;
}

// The between-process drift at one coordinate, from every baseline measured there in both runs.
CoordinateDrift DriftAt(const Archive& old_a, const Archive& new_a, uint32_t concurrency,
                        uint32_t tier_us, CompareBasis basis) {
  CoordinateDrift d;
  d.concurrency = concurrency;
  d.tier_us = tier_us;
  d.basis = basis;
  std::vector<double> old_medians, new_medians;
  for (const ArchivedUnit& u : old_a.units) {
    const std::string& adapter = u.result.spec.adapter;
    if (adapter == old_a.subject) continue;
    const UnitResult* o = MeasuredUnit(old_a, adapter, concurrency, tier_us);
    if (o != &u.result) continue;  // not this coordinate's unit (or a duplicate)
    const UnitResult* n = MeasuredUnit(new_a, adapter, concurrency, tier_us);
    if (n == nullptr) continue;
    old_medians.push_back(Median(PerRoundCost(*o, basis)));
    new_medians.push_back(Median(PerRoundCost(*n, basis)));
  }
  d.baselines = static_cast<uint32_t>(old_medians.size());
  d.estimate = EstimateDrift(old_medians, new_medians);
  d.message = {.code = d.estimate ? "compare.drift.estimated" : "compare.drift.not_estimable",
               .args = {{"coordinates", CoordinatesArg(concurrency, tier_us)},
                        {"baselines", absl::StrCat(d.baselines)},
                        {"minimum", absl::StrCat(kMinDriftBaselines)}}};
  if (d.estimate) d.message.args.emplace_back("drift", FormatPercentArg(d.estimate->drift));
  return d;
}

CompareSide SideOf(const ReportModel& m) {
  return {.archive_path = m.archive_path,
          .subject_version = m.subject_version,
          .started_utc = m.run.started_utc,
          .finished_utc = m.run.finished_utc,
          .hostname = m.environment.hostname,
          .cpu_model = m.environment.cpu_model,
          .kernel = m.environment.kernel,
          .logical_cores = m.environment.logical_cores,
          .zoo_host_version = m.environment.zoo_host_version};
}

bool SameMachine(const SystemInfo& a, const SystemInfo& b) {
  return !a.hostname.empty() && a.hostname == b.hostname && a.cpu_model == b.cpu_model &&
         a.logical_cores == b.logical_cores && a.kernel == b.kernel;
}

// Whether the run held the CPUs out of deep idle states (cpu_idle_hold.h). An archive from
// before the hold has no "idle" condition, and such runs never held it.
bool HeldIdleStates(const NoiseRecord& noise) {
  for (const NoiseCondition& c : noise.conditions) {
    if (c.code == "idle") return c.message.code == "noise.idle.fine_held";
  }
  return false;
}

CellChange ChangeOf(const ReportModel& old_m, const Cell& o, const ReportModel& new_m,
                    const Cell& n, const CoordinateDrift& drift, bool same_machine,
                    const VerdictOptions& verdict) {
  CellChange c;
  c.baseline = o.baseline;
  c.concurrency = o.concurrency;
  c.tier_us = o.tier_us;
  c.basis = drift.basis;
  const CellReading old_reading = ReadCell(old_m, o);
  const CellReading new_reading = ReadCell(new_m, n);
  c.old_ratio = old_reading.ratio;
  c.new_ratio = new_reading.ratio;
  c.old_subject_processes = old_reading.subject_processes;
  c.new_subject_processes = new_reading.subject_processes;
  c.old_end_to_end_ratio = o.baseline_end_to_end_ns / o.subject_end_to_end_ns;
  c.new_end_to_end_ratio = n.baseline_end_to_end_ns / n.subject_end_to_end_ns;
  c.within_band = old_reading.within_band + new_reading.within_band;
  c.baseline_own_move =
      drift.estimate
          ? drift.estimate->OwnMove(old_reading.baseline_median, new_reading.baseline_median)
          : kNaN;
  // The subject / baseline factor's change, log(new) - log(old): > 0 the subject got slower.
  const Interval change =
      LogRatioChangeInterval(old_reading.subject, old_reading.baseline, new_reading.subject,
                             new_reading.baseline, verdict, c.id());
  c.change = std::expm1(change.estimate);
  c.change_low = std::expm1(change.low);
  c.change_high = std::expm1(change.high);
  c.magnitude = std::fabs(c.change);
  c.noise_band = std::max(std::expm1(change.high - change.estimate),
                          -std::expm1(change.low - change.estimate));
  c.test = MannWhitneyTest(new_reading.normalised, old_reading.normalised);
  // NaN bounds compare false: never beyond noise on missing figures.
  c.beyond_noise = Decide(change.estimate, change.low, change.high, verdict.threshold) !=
                   Direction::kNone;
  c.direction = !c.beyond_noise  ? ChangeDirection::kWithinNoise
                : c.change > 0   ? ChangeDirection::kRegressed
                                 : ChangeDirection::kImproved;
  if (same_machine) {
    c.old_subject_median_ns = o.subject_median_ns;
    c.new_subject_median_ns = n.subject_median_ns;
    c.absolute = {.code = "compare.absolute",
                  .args = {{"cell", c.id()},
                           {"old", FormatDurationArg(o.subject_median_ns)},
                           {"new", FormatDurationArg(n.subject_median_ns)}}};
  }
  c.message = {.code = absl::StrCat("compare.cell.", ChangeDirectionName(c.direction)),
               .args = {{"cell", c.id()},
                        {"old_ratio", RatioArg(c.old_ratio)},
                        {"new_ratio", RatioArg(c.new_ratio)},
                        {"end_to_end", absl::StrCat(RatioArg(c.old_end_to_end_ratio), " → ",
                                                    RatioArg(c.new_end_to_end_ratio))},
                        {"change", ChangeArg(c.change)},
                        {"low", ChangeArg(c.change_low)},
                        {"high", ChangeArg(c.change_high)},
                        {"noise", FormatPercentArg(c.noise_band)},
                        {"p", PArg(c.test.p_value)}}};
  return c;
}

GeomeanChange Geomean(const std::vector<CellChange>& cells, const std::string& baseline) {
  GeomeanChange g;
  g.baseline = baseline;
  double log_sum = 0;
  for (const CellChange& c : cells) {
    if (!baseline.empty() && c.baseline != baseline) continue;
    if (!(c.old_ratio > 0 && c.new_ratio > 0) || !std::isfinite(c.change)) continue;
    log_sum += std::log1p(c.change);
    ++g.cells;
  }
  g.change = g.cells > 0 ? std::exp(log_sum / g.cells) - 1 : kNaN;
  std::vector<double> bands;
  for (const CellChange& c : cells) {
    if (!baseline.empty() && c.baseline != baseline) continue;
    if (c.old_ratio > 0 && c.new_ratio > 0) bands.push_back(c.noise_band);
  }
  if (!bands.empty()) {
    std::sort(bands.begin(), bands.end());
    const size_t mid = bands.size() / 2;
    g.noise_band = bands.size() % 2 == 1 ? bands[mid] : (bands[mid - 1] + bands[mid]) / 2;
  }
  g.beyond_noise = std::isfinite(g.change) && std::abs(g.change) > g.noise_band;
  g.message = {.code = baseline.empty() ? "compare.geomean.all" : "compare.geomean.baseline",
               .args = {{"change", ChangeArg(g.change)},
                         {"cells", absl::StrCat(g.cells)},
                         {"noise", FormatPercentArg(g.noise_band)}}};
  if (!baseline.empty()) g.message.args.emplace_back("baseline", baseline);
  return g;
}

// Values present on one side only, in that side's order.
template <typename T, typename Fn>
void ListOneSided(const std::vector<T>& old_values, const std::vector<T>& new_values,
                  const std::string& kind, Fn to_string, std::vector<OneSided>* out) {
  auto add = [&](const std::vector<T>& mine, const std::vector<T>& theirs,
                 const std::string& side) {
    const std::set<T> other(theirs.begin(), theirs.end());
    for (const T& v : mine) {
      if (other.count(v) != 0) continue;
      const std::string value = to_string(v);
      out->push_back({.kind = kind,
                      .value = value,
                      .side = side,
                      .message = {.code = absl::StrCat("compare.only.", kind, ".", side),
                                  .args = {{"value", value}}}});
    }
  };
  add(old_values, new_values, "old");
  add(new_values, old_values, "new");
}

std::vector<std::string> MeasuredAdapters(const ReportModel& m) {
  std::vector<std::string> out;
  for (const UnitView& u : m.units) {
    if (!u.semantics.empty()) continue;
    bool seen = false;
    for (const std::string& a : out) seen = seen || a == u.adapter;
    if (!seen) out.push_back(u.adapter);
  }
  return out;
}

std::vector<Key> CellKeys(const ReportModel& m) {
  std::vector<Key> out;
  for (const Cell& c : m.cells) out.emplace_back(c.baseline, c.concurrency, c.tier_us);
  return out;
}

}  // namespace

const char* ChangeDirectionName(ChangeDirection d) {
  switch (d) {
    case ChangeDirection::kRegressed: return "regressed";
    case ChangeDirection::kImproved: return "improved";
    case ChangeDirection::kWithinNoise: return "within_noise";
  }
  return "within_noise";
}

std::string CellChange::id() const {
  return absl::StrFormat("%s/c%u/%uus", baseline, concurrency, tier_us);
}

namespace {

// The subject's overhead share at one shared coordinate, before and after.
ShareChange ShareChangeAt(const ReportModel& old_m, const ReportModel& new_m,
                          uint32_t concurrency, uint32_t tier_us) {
  ShareChange s;
  s.concurrency = concurrency;
  s.tier_us = tier_us;
  const UnitView* o = SubjectUnit(old_m, concurrency, tier_us);
  const UnitView* n = SubjectUnit(new_m, concurrency, tier_us);
  if (o != nullptr) s.old_share = o->stats.overhead_share;
  if (n != nullptr) s.new_share = n->stats.overhead_share;
  if (s.old_share && s.new_share) {
    s.change_pp = (*s.new_share - *s.old_share) * 100;
    s.message = {.code = "compare.share.changed",
                 .args = {{"coordinates", CoordinatesArg(concurrency, tier_us)},
                          {"old", FormatPercentArg(*s.old_share)},
                          {"new", FormatPercentArg(*s.new_share)},
                          {"change", PointsArg(*s.change_pp)}}};
  } else {
    s.message = {.code = "compare.share.no_figure",
                 .args = {{"coordinates", CoordinatesArg(concurrency, tier_us)}}};
  }
  return s;
}

// The adapters, tiers, concurrencies and cells only one side has, then the summary line.
void ListOnlyInOne(const ReportModel& old_m, const ReportModel& new_m, CompareModel& m) {
  ListOneSided(MeasuredAdapters(old_m), MeasuredAdapters(new_m), "adapter",
               [](const std::string& s) { return s; }, &m.only_in_one);
  ListOneSided(old_m.tiers_us, new_m.tiers_us, "tier",
               [](uint32_t t) { return absl::StrCat(t); }, &m.only_in_one);
  ListOneSided(old_m.concurrencies, new_m.concurrencies, "concurrency",
               [](uint32_t c) { return absl::StrCat(c); }, &m.only_in_one);
  ListOneSided(CellKeys(old_m), CellKeys(new_m), "cell",
               [](const Key& k) {
                 return absl::StrFormat("%s/c%u/%uus", std::get<0>(k), std::get<1>(k),
                                        std::get<2>(k));
               },
               &m.only_in_one);
  uint32_t only_old = 0, only_new = 0;
  for (const OneSided& o : m.only_in_one) {
    if (o.kind != "cell") continue;
    (o.side == "old" ? only_old : only_new) += 1;
  }
  m.summary = {.code = "compare.summary",
               .args = {{"shared", absl::StrCat(m.cells.size())},
                        {"regressed", absl::StrCat(m.regressed)},
                        {"improved", absl::StrCat(m.improved)},
                        {"within_noise", absl::StrCat(m.within_noise)},
                        {"only_old", absl::StrCat(only_old)},
                        {"only_new", absl::StrCat(only_new)}}};
}

}  // namespace

absl::StatusOr<CompareModel> BuildCompareModel(const Archive& old_archive, std::string old_path,
                                               const Archive& new_archive, std::string new_path,
                                               const AnalysisOptions& options) {
  // With a reference named, each archive is read with it as the subject (AnalysisOptions).
  if (options.reference.empty() && old_archive.subject != new_archive.subject) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the two archives measure different subjects ('", old_archive.subject, "' in ",
        old_path, ", '", new_archive.subject, "' in ", new_path,
        "): compare needs two archives of the same subject"));
  }
  absl::StatusOr<ReportModel> old_m = BuildReportModel(old_archive, old_path, options);
  if (!old_m.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(old_path, ": ", old_m.status().message()));
  }
  absl::StatusOr<ReportModel> new_m = BuildReportModel(new_archive, new_path, options);
  if (!new_m.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(new_path, ": ", new_m.status().message()));
  }

  CompareModel m;
  m.subject = old_m->subject;
  m.old_side = SideOf(*old_m);
  m.new_side = SideOf(*new_m);
  m.same_machine = SameMachine(old_m->environment, new_m->environment);
  const char* machine = m.same_machine ? "compare.machine.same" : "compare.machine.different";
  // One machine at two wake-up costs: its absolute times do not compare either.
  if (m.same_machine && HeldIdleStates(old_m->noise) != HeldIdleStates(new_m->noise)) {
    m.same_machine = false;
    machine = "compare.machine.idle_differs";
  }
  m.machine = {.code = machine,
               .args = {{"old_host", m.old_side.hostname}, {"new_host", m.new_side.hostname}}};

  std::map<Key, const Cell*> new_cells;
  for (const Cell& c : new_m->cells) new_cells[{c.baseline, c.concurrency, c.tier_us}] = &c;
  std::set<std::pair<uint32_t, uint32_t>> shared_coordinates;
  for (const Cell& o : old_m->cells) {
    if (new_cells.count({o.baseline, o.concurrency, o.tier_us}) != 0) {
      shared_coordinates.insert({o.concurrency, o.tier_us});
    }
  }
  std::map<std::pair<uint32_t, uint32_t>, size_t> drift_at;
  for (const auto& [concurrency, tier_us] : shared_coordinates) {
    drift_at[{concurrency, tier_us}] = m.drift.size();
    m.drift.push_back(DriftAt(old_archive, new_archive, concurrency, tier_us,
                              BasisFor(concurrency, old_m->environment.logical_cores,
                                       new_m->environment.logical_cores)));
  }
  for (const Cell& o : old_m->cells) {
    const auto it = new_cells.find({o.baseline, o.concurrency, o.tier_us});
    if (it == new_cells.end()) continue;
    m.cells.push_back(ChangeOf(*old_m, o, *new_m, *it->second,
                               m.drift[drift_at.at({o.concurrency, o.tier_us})],
                               m.same_machine, options.verdict));
    switch (m.cells.back().direction) {
      case ChangeDirection::kRegressed: ++m.regressed; break;
      case ChangeDirection::kImproved: ++m.improved; break;
      case ChangeDirection::kWithinNoise: ++m.within_noise; break;
    }
  }

  for (const auto& [concurrency, tier_us] : shared_coordinates) {
    m.shares.push_back(ShareChangeAt(*old_m, *new_m, concurrency, tier_us));
  }

  m.geomean = Geomean(m.cells, "");
  std::vector<std::string> baselines;
  for (const CellChange& c : m.cells) {
    bool seen = false;
    for (const std::string& b : baselines) seen = seen || b == c.baseline;
    if (!seen) baselines.push_back(c.baseline);
  }
  for (const std::string& b : baselines) m.geomean_per_baseline.push_back(Geomean(m.cells, b));

  ListOnlyInOne(*old_m, *new_m, m);
  return m;
}

RegressionGateVerdict EvaluateRegressionGate(const CompareModel& model, double percent) {
  RegressionGateVerdict v;
  const double limit = percent / 100;
  for (const CellChange& c : model.cells) {
    if (c.direction == ChangeDirection::kRegressed && c.change > limit) v.cells.push_back(c.id());
  }
  v.geomean_failed = model.geomean.change > limit && model.geomean.beyond_noise;
  v.failed = !v.cells.empty() || v.geomean_failed;
  return v;
}

}  // namespace zoo
