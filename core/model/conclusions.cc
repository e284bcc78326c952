#include "core/model/conclusions.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace zoo {
namespace {

Conclusion BestWin(const Cell& best) {
  return {.kind = "best_win",
          .text = absl::StrFormat("The subject's best win: %.2fx faster than %s at concurrency "
                                  "%u, %u us (%s).",
                                  best.ratio, best.baseline, best.concurrency, best.tier_us,
                                  best.text),
          .cells = {best.id()},
          .message = {"best_win",
                      {{"factor", absl::StrFormat("%.2f×", best.ratio)},
                       {"baseline", best.baseline},
                       {"concurrency", absl::StrCat(best.concurrency)},
                       {"tier_us", absl::StrCat(best.tier_us)},
                       // The subject / baseline factor's interval, read from the subject's side.
                       {"low", absl::StrFormat("%.2f×", 1 / best.factor_high)},
                       {"high", absl::StrFormat("%.2f×", 1 / best.factor_low)},
                       {"threshold", absl::StrFormat("%.2f×", 1 + best.threshold)}}}};
}

}  // namespace

std::vector<UnfavourableGroup> Unfavourable(const ModelInput& in, const CellComparison& cells) {
  std::vector<UnfavourableGroup> out;
  for (const std::string& baseline : in.baselines) {
    UnfavourableGroup g;
    g.baseline = baseline;
    for (size_t index : cells.subject_slower) {
      const Cell& cell = cells.cells[index];
      if (cell.baseline != baseline) continue;
      ++g.cells_lost;
      g.cells.push_back(cell.id());
      const double factor = cell.subject_median_ns / cell.baseline_median_ns;
      if (factor > g.worst_factor) {
        g.worst_factor = factor;
        g.worst_cell = cell.id();
      }
    }
    if (g.cells_lost > 0) out.push_back(std::move(g));
  }
  return out;
}

std::vector<Conclusion> Conclusions(const std::vector<ShareThreshold>& share_thresholds,
                                    const CellComparison& cells,
                                    const std::vector<Crossover>& crossovers) {
  std::vector<Conclusion> out;
  for (const ShareThreshold& t : share_thresholds) {
    out.push_back(
        {.kind = "share_threshold", .text = t.text, .cells = t.cells, .message = t.message});
  }
  const Cell* best = nullptr;
  for (size_t index : cells.subject_faster) {
    const Cell& cell = cells.cells[index];
    if (best == nullptr || cell.ratio > best->ratio) best = &cell;
  }
  if (best != nullptr) {
    out.push_back(BestWin(*best));
  } else {
    out.push_back({.kind = "no_win",
                   .text = "The subject is faster than no baseline in any measured cell beyond "
                           "the verdict's threshold.",
                   .cells = {},
                   .message = {"no_win", {}}});
  }
  for (const Crossover& x : crossovers) {
    if (x.kind == CrossoverKind::kNeverFaster) continue;
    out.push_back(
        {.kind = CrossoverKindName(x.kind), .text = x.text, .cells = x.cells, .message = x.message});
  }
  return out;
}

}  // namespace zoo
