#include "core/model/attribution.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>

#include "absl/strings/str_format.h"
#include "core/model/model_input.h"

namespace zoo {
namespace {

// The first and the last of `xs` (one when they are the same, none when `xs` is empty).
std::vector<uint32_t> Ends(const std::vector<uint32_t>& xs) {
  if (xs.empty()) return {};
  if (xs.back() == xs.front()) return {xs.front()};
  return {xs.front(), xs.back()};
}

SegmentMedians Segments(const UnitView& u) {
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
                         const SegmentMedians& bs) {
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
  const auto* largest =
      std::max_element(std::begin(segments), std::end(segments),
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

// The segments of a cell's adapter: from its attribution unit, whose end-to-end they add up
// to; from the timed unit itself in archives before attribution units.
SegmentMedians CellSegments(const ModelInput& in, const UnitView& u) {
  const UnitView* a = in.AttributionUnit(u.adapter, u.concurrency, u.tier_us);
  SegmentMedians s = Segments(a != nullptr && a->ok ? *a : u);
  s.from_attribution_units = a != nullptr && a->ok;
  return s;
}

AttributionSample Sample(const ModelInput& in, const UnitView& s) {
  AttributionSample sample{.tier_us = s.tier_us, .concurrency = s.concurrency, .adapters = {},
                           .excess = {}};
  sample.adapters.push_back(CellSegments(in, s));
  for (const std::string& baseline : in.baselines) {
    const UnitView* b = in.Unit(baseline, s.concurrency, s.tier_us);
    if (b == nullptr || !b->ok) continue;
    sample.adapters.push_back(CellSegments(in, *b));
    sample.excess.push_back(Excess(s, *b, sample.adapters.front(), sample.adapters.back()));
  }
  return sample;
}

}  // namespace

std::vector<AttributionSample> Attribution(const ModelInput& in) {
  std::vector<uint32_t> tiers = in.options.attribution_tiers_us;
  if (tiers.empty()) tiers = Ends(in.tiers_us);
  std::vector<uint32_t> concurrencies = in.options.attribution_concurrencies;
  if (concurrencies.empty()) {
    std::vector<uint32_t> within;
    for (uint32_t c : in.concurrencies) {
      if (in.WithinCores(c)) within.push_back(c);
    }
    concurrencies = Ends(within);
  }
  std::vector<AttributionSample> out;
  for (uint32_t tier : tiers) {
    for (uint32_t c : concurrencies) {
      if (!in.WithinCores(c)) continue;  // beyond the cores it measures contention
      const UnitView* s = in.Unit(in.subject, c, tier);
      if (s == nullptr || !s->ok) continue;
      out.push_back(Sample(in, *s));
    }
  }
  return out;
}

}  // namespace zoo
