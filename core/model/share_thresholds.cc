#include "core/model/share_thresholds.h"

#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace zoo {
namespace {

std::string Pct(double fraction) { return absl::StrFormat("%.1f%%", fraction * 100); }

// The statement, as data and in English. `lowest` is the (tier, share) with the lowest share.
void Describe(const std::optional<std::pair<uint32_t, double>>& lowest, double threshold,
              ShareThreshold* t) {
  const uint32_t c = t->concurrency;
  const std::string limit = FormatPercentArg(threshold);
  if (t->cells.empty()) {
    t->message = {"share_threshold.no_figure", {{"concurrency", absl::StrCat(c)}}};
    t->text = absl::StrFormat("At concurrency %u the subject has no overhead figure at any "
                              "tier, so no share threshold can be given.", c);
  } else if (t->tier_us) {
    t->message = {"share_threshold.found",
                  {{"concurrency", absl::StrCat(c)}, {"tier_us", absl::StrCat(*t->tier_us)},
                   {"threshold", limit}, {"share", FormatPercentArg(t->share_at_tier)}}};
    t->text = absl::StrFormat(
        "At concurrency %u, from a body of %u us on, the subject's framework overhead is below "
        "%s of end-to-end (%s there); below that tier the overhead itself is the main price of "
        "choosing it.",
        c, *t->tier_us, Pct(threshold), Pct(t->share_at_tier));
  } else {
    t->message = {"share_threshold.not_reached",
                  {{"concurrency", absl::StrCat(c)}, {"threshold", limit},
                   {"lowest_share", FormatPercentArg(lowest->second)},
                   {"lowest_tier_us", absl::StrCat(lowest->first)}}};
    t->text = absl::StrFormat(
        "At concurrency %u no measured tier brings the subject's overhead share below %s "
        "(lowest: %s at %u us).",
        c, Pct(threshold), Pct(lowest->second), lowest->first);
  }
}

}  // namespace

std::vector<ShareThreshold> ShareThresholds(const ModelInput& in) {
  std::vector<ShareThreshold> out;
  const double threshold = in.options.share_threshold;
  for (uint32_t c : in.concurrencies) {
    if (!in.WithinCores(c)) continue;
    ShareThreshold t{.concurrency = c, .tier_us = std::nullopt, .share_at_tier = 0,
                     .cells = {}, .text = "", .message = {}};
    std::optional<std::pair<uint32_t, double>> lowest;
    for (uint32_t tier : in.tiers_us) {
      const UnitView* s = in.Unit(in.subject, c, tier);
      if (s == nullptr || !s->ok || !s->stats.overhead_share) continue;
      const double share = *s->stats.overhead_share;
      t.cells.push_back(CellId(in.subject, c, tier));
      if (!lowest || share < lowest->second) lowest = {tier, share};
      if (!t.tier_us && share < threshold) {
        t.tier_us = tier;
        t.share_at_tier = share;
      }
    }
    Describe(lowest, threshold, &t);
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace zoo
