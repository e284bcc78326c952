#include "core/model/conclusions.h"

#include <algorithm>
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

std::vector<Conclusion> AboveCoresConclusions(const ModelInput& in, const CellComparison& cells,
                                              const std::vector<Ranking>& rankings) {
  std::vector<Conclusion> out;
  for (uint32_t c : in.concurrencies) {
    if (in.WithinCores(c)) continue;
    uint32_t faster = 0, slower = 0, none = 0;
    std::vector<std::string> ids;
    for (const Cell& cell : cells.cells) {
      if (cell.concurrency != c || cell.floor) continue;
      ids.push_back(cell.id());
      switch (cell.verdict) {
        case Verdict::kSubjectFaster: ++faster; break;
        case Verdict::kSubjectSlower: ++slower; break;
        case Verdict::kIndistinguishable: ++none; break;
      }
    }
    if (ids.empty()) continue;
    uint32_t best_rank = 0, worst_rank = 0, ranked = 0;
    for (const Ranking& r : rankings) {
      if (r.concurrency != c) continue;
      const RankEntry* e = r.Find(in.subject);
      if (e == nullptr) continue;
      best_rank = best_rank == 0 ? e->rank : std::min(best_rank, e->rank);
      worst_rank = std::max(worst_rank, e->rank);
      ranked = std::max(ranked, static_cast<uint32_t>(r.entries.size()));
    }
    out.push_back(
        {.kind = "above_cores",
         .text = absl::StrFormat(
             "Above the %u logical cores, at concurrency %u (read end to end, run-queue waits "
             "included: throughput under load, not a per-task overhead): the subject is faster "
             "in %u, slower in %u and not told apart in %u of %u cells; its rank among %u "
             "adapters runs from %u to %u across the tiers.",
             in.cores, c, faster, slower, none, ids.size(), ranked, best_rank, worst_rank),
         .cells = ids,
         .message = {"above_cores",
                     {{"cores", absl::StrCat(in.cores)},
                      {"concurrency", absl::StrCat(c)},
                      {"faster", absl::StrCat(faster)},
                      {"slower", absl::StrCat(slower)},
                      {"none", absl::StrCat(none)},
                      {"total", absl::StrCat(ids.size())},
                      {"ranked", absl::StrCat(ranked)},
                      {"best_rank", absl::StrCat(best_rank)},
                      {"worst_rank", absl::StrCat(worst_rank)}}}});
  }
  return out;
}

}  // namespace zoo
