#include "core/model/cell_judgement.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/base/absl_view.h"

namespace zoo {
namespace {

// A winner's direction: +1 the subject costs more, -1 less, 0 none.
int Sign(Verdict v) {
  switch (v) {
    case Verdict::kSubjectSlower: return 1;
    case Verdict::kSubjectFaster: return -1;
    case Verdict::kIndistinguishable: return 0;
  }
  return 0;
}

// Whether the end-to-end figures point against a winner of direction `sign`: the pooled
// medians by more than the threshold, or (`whole_interval`) the end-to-end interval entirely.
bool EndToEndAgainst(int sign, double pooled_log_ratio, const Judgement& end_to_end,
                     double threshold, bool whole_interval) {
  const double beyond = std::log1p(threshold);
  if (sign * pooled_log_ratio < -beyond) return true;
  if (!whole_interval) return false;
  return sign > 0 ? end_to_end.high < 0 : end_to_end.low > 0;
}

double HalfWidth(const Judgement& j) {
  return std::isfinite(j.low) && std::isfinite(j.high) ? (j.high - j.low) / 2
                                                       : std::numeric_limits<double>::infinity();
}

}  // namespace

const char* AgreementName(Agreement a) {
  switch (a) {
    case Agreement::kAgree: return "agree";
    case Agreement::kTierBodyOpposite: return "tier_body_opposite";
    case Agreement::kEndToEndAgainst: return "end_to_end_against";
    case Agreement::kMediansAgainst: return "medians_against";
  }
  return "agree";
}

const Judgement& CellJudgement::Shown() const {
  return shown == CompareBasis::kTierBody && tier_body ? *tier_body : end_to_end;
}

CellJudgement JudgeBothReadings(const SideSamples& subject_end_to_end,
                                const SideSamples& baseline_end_to_end,
                                const SideSamples* subject_tier, const SideSamples* baseline_tier,
                                double pooled_log_ratio, bool side_by_side,
                                const VerdictOptions& options, std::string_view id) {
  CellJudgement c;
  c.end_to_end = JudgeCell(subject_end_to_end, baseline_end_to_end, options,
                           absl::StrCat(Sv(id), "/end_to_end"));
  if (subject_tier != nullptr && baseline_tier != nullptr) {
    // The tier-body reading keeps the seed of the cell's id alone, as before rule 16, so its
    // intervals render as they always did.
    c.tier_body = JudgeCell(*subject_tier, *baseline_tier, options, id);
  }
  c.shown = c.tier_body ? CompareBasis::kTierBody : CompareBasis::kEndToEnd;
  // Without a tier-body reading (above the cores) the end-to-end one decides at any
  // concurrency.
  const int e2e = side_by_side || !c.tier_body ? Sign(c.end_to_end.verdict) : 0;
  const int tier = c.tier_body ? Sign(c.tier_body->verdict) : 0;
  if (e2e != 0) {
    c.shown = CompareBasis::kEndToEnd;
    if (EndToEndAgainst(e2e, pooled_log_ratio, c.end_to_end, options.threshold, false)) {
      c.agreement = Agreement::kMediansAgainst;
    } else {
      c.verdict = c.end_to_end.verdict;
      c.decided_by = CompareBasis::kEndToEnd;
      if (tier == -e2e) c.agreement = Agreement::kTierBodyOpposite;
    }
  } else if (tier != 0) {
    if (EndToEndAgainst(tier, pooled_log_ratio, c.end_to_end, options.threshold, true)) {
      c.agreement = Agreement::kEndToEndAgainst;
    } else {
      c.verdict = c.tier_body->verdict;
      c.decided_by = CompareBasis::kTierBody;
    }
  }
  double half = HalfWidth(c.end_to_end);
  if (c.tier_body) half = std::min(half, HalfWidth(*c.tier_body));
  c.detectable = std::exp(std::max(std::log1p(options.threshold), half)) - 1;
  return c;
}

}  // namespace zoo
