#include "core/model/ranking.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"

namespace zoo {
namespace {

struct Candidate {
  std::string adapter;
  const UnitView* unit = nullptr;
  double level = 0;  // end to end: what a user of the adapter waits for (cell_judgement.h)
};

Ranking RankAt(const ModelInput& in, uint32_t tier, uint32_t c) {
  Ranking r{.tier_us = tier, .concurrency = c, .basis = CompareBasisName(CompareBasis::kEndToEnd),
            .entries = {}, .floor = {}};
  std::vector<Candidate> candidates;
  for (const std::string& adapter : in.SubjectAndBaselines()) {
    const UnitView* u = in.Unit(adapter, c, tier);
    if (u == nullptr || !u->ok) continue;
    if (u->on_calling_thread) {
      r.floor.push_back(adapter);
      continue;
    }
    const double level = SideLevel(in.EndToEndSamplesOf(*u), in.options.verdict.level_trim);
    if (!std::isfinite(level)) continue;
    candidates.push_back({adapter, u, level});
  }
  // Stable: equal levels keep the report's adapter order (the subject first).
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.level < b.level; });
  const bool tier_body = in.WithinCores(c);
  for (size_t i = 0; i < candidates.size(); ++i) {
    const Candidate& x = candidates[i];
    RankEntry e{.adapter = x.adapter, .rank = static_cast<uint32_t>(i + 1), .level_ns = x.level,
                .factor_to_best = 1, .factor_low = 1, .factor_high = 1, .best_group = true,
                .cell = CellId(x.adapter, c, tier)};
    if (i > 0) {
      // Judged against the best as a cell is (cell_judgement.h), so the group never holds
      // an adapter that a cell's verdict would separate, nor leaves out one it would not.
      const UnitView& best = *candidates[0].unit;
      const CellJudgement j = JudgeBothReadings(
          in.EndToEndSamplesOf(*x.unit), in.EndToEndSamplesOf(best),
          tier_body ? &in.SamplesOf(*x.unit) : nullptr, tier_body ? &in.SamplesOf(best) : nullptr,
          std::log(x.unit->stats.end_to_end_ns.median / best.stats.end_to_end_ns.median),
          c > 1, in.options.verdict, absl::StrCat("rank/", e.cell));
      e.factor_to_best = x.level / candidates[0].level;
      e.factor_low = std::exp(j.end_to_end.low);
      e.factor_high = std::exp(j.end_to_end.high);
      e.best_group = j.verdict == Verdict::kIndistinguishable;
    }
    r.entries.push_back(std::move(e));
  }
  return r;
}

const Ranking* Find(const std::vector<Ranking>& rankings, uint32_t tier, uint32_t c) {
  for (const Ranking& r : rankings) {
    if (r.tier_us == tier && r.concurrency == c) return &r;
  }
  return nullptr;
}

PickRow PickOf(const ModelInput& in, const Ranking& r) {
  PickRow row{.tier_us = r.tier_us, .concurrency = r.concurrency,
              .within_cores = in.WithinCores(r.concurrency), .group = {}, .group_cells = {},
              .subject_rank = 0, .ranked = static_cast<uint32_t>(r.entries.size()),
              .subject_factor = 0, .subject_in_group = false};
  for (const RankEntry& e : r.entries) {
    if (!e.best_group) continue;
    row.group.push_back(e.adapter);
    row.group_cells.push_back(e.cell);
  }
  if (const RankEntry* s = r.Find(in.subject)) {
    row.subject_rank = s->rank;
    row.subject_factor = s->factor_to_best;
    row.subject_in_group = s->best_group;
  }
  return row;
}

}  // namespace

const RankEntry* Ranking::Find(const std::string& adapter) const {
  for (const RankEntry& e : entries) {
    if (e.adapter == adapter) return &e;
  }
  return nullptr;
}

std::vector<Ranking> RankAdapters(const ModelInput& in) {
  std::vector<Ranking> rankings;
  for (uint32_t tier : in.tiers_us) {
    for (uint32_t c : in.concurrencies) {
      Ranking r = RankAt(in, tier, c);
      if (!r.entries.empty()) rankings.push_back(std::move(r));
    }
  }
  return rankings;
}

std::vector<PickRow> PickRows(const ModelInput& in, const std::vector<Ranking>& rankings) {
  if (in.tiers_us.empty()) return {};
  std::optional<uint32_t> within, above;
  for (uint32_t c : in.concurrencies) {
    if (in.WithinCores(c)) within = c;
    if (!in.WithinCores(c) && !above) above = c;
  }
  std::vector<uint32_t> tiers = {in.tiers_us.front()};
  if (in.tiers_us.back() != in.tiers_us.front()) tiers.push_back(in.tiers_us.back());
  std::vector<PickRow> rows;
  for (uint32_t tier : tiers) {
    for (std::optional<uint32_t> c : {within, above}) {
      if (!c) continue;
      if (const Ranking* r = Find(rankings, tier, *c)) rows.push_back(PickOf(in, *r));
    }
  }
  return rows;
}

}  // namespace zoo
