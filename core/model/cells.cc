#include "core/model/cells.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/statistics.h"

namespace zoo {
namespace {

// Why the cell at these coordinates cannot be compared; nullopt when it can.
std::optional<UnmeasuredCell> Unmeasured(const std::string& baseline, uint32_t c, uint32_t tier,
                                         const UnitView* s, const UnitView* b) {
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
  if (missing.reason.empty()) return std::nullopt;
  return missing;
}

// The cell's sentence: the factor, its interval, and what decided the verdict.
std::string VerdictText(const Cell& cell, const CellJudgement& j) {
  const Judgement& shown = j.Shown();
  const std::string interval = absl::StrFormat("%.3fx-%.3fx", cell.factor_low, cell.factor_high);
  const std::string beyond = absl::StrFormat("%.2fx", 1 + cell.threshold);
  const std::string factor = absl::StrFormat("%.3fx", std::exp(shown.log_ratio));
  const std::string reading =
      absl::StrCat("the subject / baseline factor ",
                   j.shown == CompareBasis::kTierBody ? "at the tier's body" : "end to end", " is ");
  if (!std::isfinite(shown.low) || !std::isfinite(shown.high)) {
    return "a side has no usable rounds - no winner";
  }
  const std::string e2e = absl::StrFormat(
      "end to end %.3fx (95%% interval %.3fx-%.3fx), medians %.3fx", 1 / cell.end_to_end_ratio,
      cell.end_to_end_factor_low, cell.end_to_end_factor_high,
      cell.subject_end_to_end_ns / cell.baseline_end_to_end_ns);
  switch (j.agreement) {
    case Agreement::kEndToEndAgainst:
      return absl::StrCat(reading, factor, " (95% interval ", interval, "), beyond ", beyond,
                          ", but ", e2e, " points the other way - no winner: the readings "
                          "disagree");
    case Agreement::kMediansAgainst:
      return absl::StrCat(reading, factor, " (95% interval ", interval, "), beyond ", beyond,
                          ", but the pooled end-to-end medians point the other way - no "
                          "winner: the readings disagree");
    case Agreement::kAgree:
    case Agreement::kTierBodyOpposite:
      break;
  }
  if (cell.verdict != Verdict::kIndistinguishable) {
    std::string text = absl::StrCat(reading, factor, " (95% interval ", interval, "), beyond ",
                                    beyond);
    if (j.agreement == Agreement::kTierBodyOpposite) {
      absl::StrAppend(&text, "; at the tier's body it reads the other way (",
                      absl::StrFormat("%.3fx", 1 / cell.tier_body_ratio),
                      "): the difference is in how the bodies ran");
    }
    return text;
  }
  if (shown.low <= 0 && shown.high >= 0) {
    return absl::StrCat(reading, factor, " (95% interval ", interval,
                        ", which includes 1.000x) - no winner");
  }
  return absl::StrCat(reading, factor, " (95% interval ", interval, "), within ", beyond,
                      " - no winner");
}

// Files the newest cell under its verdict (or the floor), and widens the band range.
void Classify(CellComparison* out) {
  const size_t index = out->cells.size() - 1;
  const Cell& cell = out->cells.back();
  if (std::isfinite(cell.band)) {
    out->band_min = std::min(out->band_min, cell.band);
    out->band_max = std::max(out->band_max, cell.band);
  }
  if (cell.floor) {
    out->floor_cells.push_back(index);
    return;
  }
  switch (cell.verdict) {
    case Verdict::kSubjectFaster: out->subject_faster.push_back(index); break;
    case Verdict::kSubjectSlower: out->subject_slower.push_back(index); break;
    case Verdict::kIndistinguishable: out->indistinguishable.push_back(index); break;
  }
}

// One cell: the subject's pooled view `s` against the baseline's `b` at the same coordinates.
// REQUIRES: both are ok and elements of in.units.
Cell CompareCell(const ModelInput& in, const std::string& baseline, const UnitView& s,
                 const UnitView& b) {
  Cell cell;
  cell.baseline = baseline;
  cell.concurrency = s.concurrency;
  cell.tier_us = s.tier_us;
  const SideSamples& ss = in.SamplesOf(s);
  const SideSamples& bs = in.SamplesOf(b);
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

  const bool tier = in.WithinCores(s.concurrency);
  const CellJudgement j = JudgeBothReadings(
      in.EndToEndSamplesOf(s), in.EndToEndSamplesOf(b), tier ? &ss : nullptr,
      tier ? &bs : nullptr, std::log(cell.subject_end_to_end_ns / cell.baseline_end_to_end_ns),
      s.concurrency > 1, in.options.verdict, cell.id());
  // The ratio the report states is the shown reading's own estimate (the sides' levels), so
  // the factor always lies in the interval printed beside it.
  const Judgement& shown = j.Shown();
  cell.basis = CompareBasisName(j.shown);
  if (std::isfinite(shown.log_ratio)) {
    cell.ratio = std::exp(-shown.log_ratio);
    cell.faster_factor = cell.ratio >= 1 ? cell.ratio : 1 / cell.ratio;
  }
  cell.verdict = j.verdict;
  cell.decided_by = j.decided_by ? CompareBasisName(*j.decided_by) : "";
  cell.agreement = j.agreement;
  cell.factor_low = std::exp(shown.low);
  cell.factor_high = std::exp(shown.high);
  cell.end_to_end_ratio = std::exp(-j.end_to_end.log_ratio);
  cell.end_to_end_factor_low = std::exp(j.end_to_end.low);
  cell.end_to_end_factor_high = std::exp(j.end_to_end.high);
  cell.tier_body_ratio = j.tier_body ? std::exp(-j.tier_body->log_ratio) : kNaN;
  cell.tier_body_factor_low = j.tier_body ? std::exp(j.tier_body->low) : kNaN;
  cell.tier_body_factor_high = j.tier_body ? std::exp(j.tier_body->high) : kNaN;
  cell.detectable = j.detectable;
  if (j.shown == CompareBasis::kEndToEnd && tier) {  // the medians of the reading shown
    cell.subject_median_ns = Median(in.EndToEndSamplesOf(s).Pooled());
    cell.baseline_median_ns = Median(in.EndToEndSamplesOf(b).Pooled());
    cell.difference =
        std::fabs(cell.subject_median_ns - cell.baseline_median_ns) / cell.subject_median_ns;
  }
  cell.threshold = in.options.verdict.threshold;
  cell.subject_processes = shown.subject_processes;
  cell.baseline_processes = shown.baseline_processes;
  cell.paired = shown.paired;
  cell.text = VerdictText(cell, j);
  cell.test = MannWhitneyTest(ss.ProcessMedians(), bs.ProcessMedians());
  cell.floor = b.on_calling_thread && !s.on_calling_thread;
  cell.overhead_withheld = !s.stats.overhead_ns || !b.stats.overhead_ns;
  return cell;
}

std::vector<DetectableRow> DetectableRows(const std::vector<Cell>& cells) {
  std::map<std::pair<uint32_t, uint32_t>, std::vector<double>> by_coordinate;
  for (const Cell& c : cells) {
    if (!c.floor && std::isfinite(c.detectable)) {
      by_coordinate[{c.concurrency, c.tier_us}].push_back(c.detectable);
    }
  }
  std::vector<DetectableRow> rows;
  for (const auto& [at, values] : by_coordinate) {
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    rows.push_back({.concurrency = at.first, .tier_us = at.second, .median = Median(values),
                    .min = *lo, .max = *hi, .cells = static_cast<uint32_t>(values.size())});
  }
  return rows;
}

}  // namespace

CellComparison CompareCells(const ModelInput& in) {
  CellComparison out;
  out.band_min = std::numeric_limits<double>::infinity();
  for (const std::string& baseline : in.baselines) {
    for (uint32_t c : in.concurrencies) {
      for (uint32_t tier : in.tiers_us) {
        const UnitView* s = in.Unit(in.subject, c, tier);
        const UnitView* b = in.Unit(baseline, c, tier);
        if (s == nullptr && b == nullptr) continue;
        if (std::optional<UnmeasuredCell> missing = Unmeasured(baseline, c, tier, s, b)) {
          out.unmeasured.push_back(std::move(*missing));
          continue;
        }
        out.cells.push_back(CompareCell(in, baseline, *s, *b));
        Classify(&out);
      }
    }
  }
  if (out.cells.empty()) out.band_min = 0;
  out.detectable = DetectableRows(out.cells);
  return out;
}

std::string Cell::id() const { return CellId(baseline, concurrency, tier_us); }

}  // namespace zoo
