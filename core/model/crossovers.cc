#include "core/model/crossovers.h"

#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace zoo {
namespace {

// The English sentence for a row already classified.
std::string CrossoverText(const Crossover& x, const std::vector<std::string>& faster_tiers) {
  const uint32_t c = x.concurrency;
  const std::string& baseline = x.baseline;
  switch (x.kind) {
    case CrossoverKind::kNeverFaster:
      return absl::StrFormat(
          "At concurrency %u, %s is never faster than the subject within the measured tiers.", c,
          baseline);
    case CrossoverKind::kAlwaysFaster:
      return absl::StrFormat(
          "At concurrency %u, within the measured tiers %s is always faster than the subject - "
          "these cells are published as unfavourable data.",
          c, baseline);
    case CrossoverKind::kCrossover:
      return absl::StrFormat(
          "At concurrency %u, %s is faster than the subject up to %u us; from %u us on it is "
          "not.",
          c, baseline, x.last_faster_tier_us, x.tier_us);
    case CrossoverKind::kFasterAtTop:
      return absl::StrFormat(
          "At concurrency %u, %s is faster than the subject from %u us on, and at no smaller "
          "tier.",
          c, baseline, x.tier_us);
    case CrossoverKind::kMixed:
      break;
  }
  return absl::StrFormat(
      "At concurrency %u, %s is faster than the subject at %s us and at no other tier: not one "
      "run of tiers from either end, so mixed, no crossover.",
      c, baseline, absl::StrJoin(faster_tiers, ", "));
}

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
  if (x.faster_tiers_us.empty()) {
    x.kind = CrossoverKind::kNeverFaster;
  } else if (x.faster_tiers_us.size() == row.size()) {
    x.kind = CrossoverKind::kAlwaysFaster;
  } else if (switches.size() == 1 && faster.front()) {
    x.kind = CrossoverKind::kCrossover;
    x.last_faster_tier_us = row[switches[0] - 1]->tier_us;
    x.tier_us = row[switches[0]]->tier_us;
  } else if (switches.size() == 1) {
    x.kind = CrossoverKind::kFasterAtTop;
    x.tier_us = row[switches[0]]->tier_us;
  } else {
    x.kind = CrossoverKind::kMixed;
  }
  std::vector<std::string> faster_tiers;
  for (uint32_t t : x.faster_tiers_us) faster_tiers.push_back(absl::StrCat(t));
  x.text = CrossoverText(x, faster_tiers);
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

// Only a monotone row has a crossover (report_model.h); anything else is "mixed".
std::vector<Crossover> Crossovers(const ModelInput& in, const std::vector<Cell>& cells) {
  std::vector<Crossover> out;
  for (const std::string& baseline : in.baselines) {
    for (uint32_t c : in.concurrencies) {
      if (!in.WithinCores(c)) continue;
      std::vector<const Cell*> row;
      for (const Cell& cell : cells) {
        if (cell.baseline == baseline && cell.concurrency == c && !cell.floor) row.push_back(&cell);
      }
      if (row.empty()) continue;
      std::sort(row.begin(), row.end(),
                [](const Cell* a, const Cell* b) { return a->tier_us < b->tier_us; });
      out.push_back(ReadCrossoverRow(baseline, c, row));
    }
  }
  return out;
}

}  // namespace zoo
