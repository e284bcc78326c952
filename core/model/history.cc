#include "core/model/history.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/archive/results_index.h"
#include "core/base/fnv.h"
#include "core/base/statistics.h"
#include "core/model/report_model.h"

namespace zoo {
namespace {

constexpr double kZ95 = 1.959964;

std::string NoiseObserved(const Archive& a, std::string_view code) {
  for (const NoiseCondition& c : a.noise.conditions) {
    if (c.code == code) return c.observed;
  }
  return "";
}

bool HeldIdle(const Archive& a) {
  for (const NoiseCondition& c : a.noise.conditions) {
    if (c.code == "idle") return c.message.code == "noise.idle.fine_held";
  }
  return false;
}

// One side of a split: its level (median log factor) and the spread its level is known to.
struct Side {
  double level = 0, sd = 0;
  size_t n = 0;
};

Side HistorySideOf(const std::vector<HistoryPoint>& p, size_t from, size_t to) {
  std::vector<double> x, hw;
  for (size_t i = from; i < to; ++i) {
    x.push_back(p[i].log_factor);
    hw.push_back((p[i].high - p[i].low) / 2);
  }
  Side s;
  s.n = x.size();
  s.level = Median(x);
  // A point's own bootstrap interval bounds how well one archive knows its level.
  const double floor = Median(hw) / kZ95;
  s.sd = std::max(x.size() >= 2 ? Stdev(x) : 0.0, std::isfinite(floor) ? floor : 0.0);
  return s;
}

void Segment(const HistorySeries& series, const std::vector<std::string>& versions,
             double threshold, size_t lo, size_t hi, std::vector<HistoryStep>& steps) {
  const std::vector<HistoryPoint>& p = series.points;
  const size_t n = p.size();
  size_t best = 0;
  double best_score = -1;
  for (size_t k = lo + 2; k < hi; ++k) {
    // Two archives on each side, except that the newest may start a step alone.
    if (hi - k < 2 && hi != n) continue;
    const Side l = HistorySideOf(p, lo, k), r = HistorySideOf(p, k, hi);
    const double score = std::fabs(r.level - l.level) *
                         std::sqrt(static_cast<double>(l.n * r.n) / static_cast<double>(l.n + r.n));
    if (score > best_score) best_score = score, best = k;
  }
  if (best == 0) return;
  const Side l = HistorySideOf(p, lo, best), r = HistorySideOf(p, best, hi);
  const double diff = r.level - l.level;
  const double w = kZ95 * std::sqrt(l.sd * l.sd / static_cast<double>(l.n) +
                                    r.sd * r.sd / static_cast<double>(r.n));
  if (!(std::fabs(diff) > threshold && std::fabs(diff) > w)) return;
  HistoryStep step;
  step.first_archive = p[best].archive;
  step.version = versions[best];
  step.factor = std::exp(diff);
  step.low = std::exp(diff - w);
  step.high = std::exp(diff + w);
  step.slowdown = diff > 0;
  step.confirmed = n - best >= 2;
  step.cells = {series.cell};
  steps.push_back(std::move(step));
  Segment(series, versions, threshold, lo, best, steps);
  Segment(series, versions, threshold, best, hi, steps);
}

// The archive's cells as points, keyed by cell id (the floor left out: not a competitor).
std::map<std::string, HistoryPoint> PointsOf(const ReportModel& m, size_t archive) {
  std::map<std::string, HistoryPoint> out;
  for (const Cell& c : m.cells) {
    // One reading per cell across every archive, the sharper one (cell_judgement.h): the
    // tier's body within the cores, end to end above them.
    const bool tier = c.tier_body_ratio > 0;
    const double ratio = tier ? c.tier_body_ratio : c.end_to_end_ratio;
    const double low = tier ? c.tier_body_factor_low : c.end_to_end_factor_low;
    const double high = tier ? c.tier_body_factor_high : c.end_to_end_factor_high;
    if (c.floor || !(ratio > 0) || !(low > 0) || !(high > 0)) continue;
    out[c.id()] = {archive, -std::log(ratio), std::log(low), std::log(high)};
  }
  return out;
}

// Each archive's points (empty for one left out, with the reason); `order` gets the first
// series archive's cell order.
std::vector<std::map<std::string, HistoryPoint>> LoadPoints(
    HistoryGroup& g, const std::vector<const LoadedArchive*>& loaded,
    const VerdictOptions& options, std::vector<std::string>& order) {
  std::vector<std::map<std::string, HistoryPoint>> points(loaded.size());
  for (size_t i = 0; i < loaded.size(); ++i) {
    const Archive& a = loaded[i]->archive;
    HistoryArchive& h = g.archives[i];
    if (a.run.status != RunStatus::kComplete) {
      h.in_series = false;
      h.left_out = absl::StrCat("the run did not complete (", RunStatusName(a.run.status), ")");
      continue;
    }
    AnalysisOptions analysis;
    analysis.verdict = options;
    absl::StatusOr<ReportModel> m = BuildReportModel(a, loaded[i]->path, analysis);
    if (!m.ok()) {
      h.in_series = false;
      h.left_out = std::string(m.status().message());
      continue;
    }
    points[i] = PointsOf(*m, i);
    if (order.empty()) {
      for (const Cell& c : m->cells) {
        if (points[i].count(c.id())) order.push_back(c.id());
      }
    }
  }
  return points;
}

// One series per cell every archive of `in` has (the others named in missing_cells), then
// the geometric mean over them.
void MakeSeries(HistoryGroup& g, std::vector<std::map<std::string, HistoryPoint>>& points,
                const std::vector<size_t>& in, const std::vector<std::string>& order) {
  std::set<std::string> all, shared(order.begin(), order.end());
  for (size_t i : in) {
    for (const auto& [id, p] : points[i]) all.insert(id);
    for (auto it = shared.begin(); it != shared.end();) {
      it = points[i].count(*it) ? std::next(it) : shared.erase(it);
    }
  }
  for (const std::string& id : all) {
    if (!shared.count(id)) g.missing_cells.push_back(id);
  }
  if (in.size() < 2) return;  // nothing to compare
  for (const std::string& id : order) {
    if (!shared.count(id)) continue;
    HistorySeries s{.cell = id, .points = {}};
    for (size_t i : in) s.points.push_back(points[i][id]);
    g.series.push_back(std::move(s));
  }
  if (g.series.empty()) return;
  HistorySeries geomean{.cell = "geomean", .points = {}};
  const double n = static_cast<double>(g.series.size());
  for (size_t k = 0; k < in.size(); ++k) {
    HistoryPoint mean{.archive = in[k], .log_factor = 0, .low = 0, .high = 0};
    for (const HistorySeries& s : g.series) {
      mean.log_factor += s.points[k].log_factor / n;
      mean.low += s.points[k].low / n;
      mean.high += s.points[k].high / n;
    }
    geomean.points.push_back(mean);
  }
  g.series.push_back(std::move(geomean));
}

// The steps of every series, merged by the archive that starts them and their direction: the
// size and interval of the geometric mean where it shows the step, else of the median-sized
// cell; newest first.
void MergeSteps(HistoryGroup& g, const std::vector<std::string>& versions,
                const std::vector<std::string>& order, double threshold) {
  std::map<std::pair<size_t, bool>, std::vector<HistoryStep>> by_start;
  for (const HistorySeries& s : g.series) {
    for (HistoryStep& st : FindSteps(s, versions, threshold)) {
      by_start[{st.first_archive, st.slowdown}].push_back(std::move(st));
    }
  }
  auto rank = [&order](const std::string& c) {
    return static_cast<size_t>(std::find(order.begin(), order.end(), c) - order.begin());
  };
  for (auto& [key, found] : by_start) {
    std::sort(found.begin(), found.end(),
              [](const HistoryStep& a, const HistoryStep& b) { return a.factor < b.factor; });
    HistoryStep step = found[found.size() / 2];
    for (const HistoryStep& f : found) {
      if (f.cells.front() == "geomean") step = f;
    }
    step.cells.clear();
    for (const HistoryStep& f : found) step.cells.push_back(f.cells.front());
    std::sort(step.cells.begin(), step.cells.end(),
              [&rank](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
    g.steps.push_back(std::move(step));
  }
  std::sort(g.steps.begin(), g.steps.end(), [](const HistoryStep& a, const HistoryStep& b) {
    return a.first_archive > b.first_archive;
  });
}

void BuildGroup(HistoryGroup& g, const std::vector<const LoadedArchive*>& loaded,
                const VerdictOptions& options) {
  std::vector<std::string> order;
  std::vector<std::map<std::string, HistoryPoint>> points = LoadPoints(g, loaded, options, order);
  std::vector<size_t> in;
  std::vector<std::string> versions;
  for (size_t i = 0; i < loaded.size(); ++i) {
    if (!g.archives[i].in_series) continue;
    in.push_back(i);
    versions.push_back(g.archives[i].version);
  }
  MakeSeries(g, points, in, order);
  MergeSteps(g, versions, order, std::log1p(options.threshold));
}

}  // namespace

MachineFingerprint FingerprintOf(const Archive& a) {
  const SystemInfo& e = a.environment;
  const std::string hypervisor = NoiseObserved(a, "hypervisor");
  const char* vm = !a.noise.recorded ? "hypervisor not recorded"
                   : hypervisor.empty() || hypervisor == "none" ? "no hypervisor"
                                                               : "hypervisor";
  const std::string description = absl::StrCat(
      e.cpu_model, " · ", e.logical_cores, " cores · ", e.machine, " · ", e.kernel, " · ", vm, " · ",
      e.build_type, e.sanitizers.empty() || e.sanitizers == "none" ? "" : "+" + e.sanitizers,
      " · ", HeldIdle(a) ? "idle held" : "idle not held");
  return {absl::StrFormat("%08x", static_cast<uint32_t>(fnv::Text(description))), description};
}

std::vector<HistoryStep> FindSteps(const HistorySeries& series,
                                   const std::vector<std::string>& versions, double threshold) {
  std::vector<HistoryStep> steps;
  Segment(series, versions, threshold, 0, series.points.size(), steps);
  std::sort(steps.begin(), steps.end(), [](const HistoryStep& a, const HistoryStep& b) {
    return a.first_archive < b.first_archive;
  });
  // A level lasts to the newest archive unless a later step goes back the other way.
  for (size_t i = 0; i < steps.size(); ++i) {
    steps[i].persists = true;
    for (size_t j = i + 1; j < steps.size(); ++j) {
      if (steps[j].slowdown != steps[i].slowdown) steps[i].persists = false;
    }
  }
  return steps;
}

HistoryModel BuildHistory(const std::vector<LoadedArchive>& archives,
                          const VerdictOptions& options) {
  std::map<std::pair<std::string, std::string>, std::vector<const LoadedArchive*>> groups;
  std::map<std::string, MachineFingerprint> machines;
  for (const LoadedArchive& l : archives) {
    const MachineFingerprint f = FingerprintOf(l.archive);
    machines[f.id] = f;
    groups[{f.id, l.archive.subject}].push_back(&l);
  }
  HistoryModel model;
  for (auto& [key, loaded] : groups) {
    std::stable_sort(loaded.begin(), loaded.end(), [](const LoadedArchive* a, const LoadedArchive* b) {
      const int v = CompareVersions(a->archive.subject_version, b->archive.subject_version);
      if (v != 0) return v < 0;
      return a->archive.run.started_utc < b->archive.run.started_utc;
    });
    HistoryGroup g;
    g.machine = machines[key.first];
    g.subject = key.second;
    for (const LoadedArchive* l : loaded) {
      g.archives.push_back({.path = l->path, .version = l->archive.subject_version,
                            .started_utc = l->archive.run.started_utc, .in_series = true,
                            .left_out = ""});
    }
    BuildGroup(g, loaded, options);
    model.groups.push_back(std::move(g));
  }
  return model;
}

}  // namespace zoo
