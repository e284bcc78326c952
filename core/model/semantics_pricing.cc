#include "core/model/semantics_pricing.h"

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/base/statistics.h"

namespace zoo {
namespace {

// The subject's pooled semantics view ("off" or an item's name) at (c, the record's tier).
const UnitView* SemanticsUnit(const ModelInput& in, const std::string& semantics, uint32_t c) {
  for (const UnitView& u : in.units) {
    if (u.adapter == in.measured_subject && u.semantics == semantics && u.concurrency == c &&
        u.tier_us == in.archive->semantics.tier_us) {
      return &u;
    }
  }
  return nullptr;
}

// The estimate and interval of on / off, as ns per task against the off median; the band.
void MeasurePrice(const ModelInput& in, const UnitView& off, const UnitView& on,
                  SemanticsCost* cost) {
  const SideSamples& off_samples = in.SamplesOf(off);
  const SideSamples& on_samples = in.SamplesOf(on);
  const std::vector<double> off_rounds = off_samples.Pooled(), on_rounds = on_samples.Pooled();
  cost->off_median_ns = Median(off_rounds);
  cost->on_median_ns = Median(on_rounds);
  const VerdictOptions& verdict = in.options.verdict;
  const Interval factor = LogRatioInterval(on_samples, off_samples, verdict, cost->on_unit);
  cost->cost_ns = (std::exp(factor.estimate) - 1) * cost->off_median_ns;
  cost->cost_low_ns = (std::exp(factor.low) - 1) * cost->off_median_ns;
  cost->cost_high_ns = (std::exp(factor.high) - 1) * cost->off_median_ns;
  cost->band = RelativeSpread(off_rounds) + RelativeSpread(on_rounds);
  if (!std::isfinite(cost->band)) cost->band = std::numeric_limits<double>::infinity();
  cost->band_ns = cost->band * cost->off_median_ns;
  const Direction d = Decide(factor.estimate, factor.low, factor.high, verdict.threshold);
  cost->verdict = d == Direction::kUp     ? "costs"
                  : d == Direction::kDown ? "saves"
                                          : "no_measurable_cost";
  cost->test = MannWhitneyTest(on_samples.ProcessMedians(), off_samples.ProcessMedians());
}

SemanticsCost Price(const ModelInput& in, const std::string& item, uint32_t c) {
  const UnitView* off = SemanticsUnit(in, "off", c);
  const UnitView* on = SemanticsUnit(in, item, c);
  SemanticsCost cost;
  cost.concurrency = c;
  // A missing unit is still named, as it would have been.
  UnitView probe;
  probe.adapter = in.measured_subject;
  probe.concurrency = c;
  probe.tier_us = in.archive->semantics.tier_us;
  probe.semantics = "off";
  cost.off_unit = off != nullptr ? off->id() : probe.id();
  probe.semantics = item;
  cost.on_unit = on != nullptr ? on->id() : probe.id();
  if (off == nullptr) cost.reason_code = "off_missing";
  else if (on == nullptr) cost.reason_code = "on_missing";
  else if (!off->ok) cost.reason_code = "off_failed";
  else if (!on->ok) cost.reason_code = "on_failed";
  if (!cost.reason_code.empty()) return cost;
  cost.measured = true;
  MeasurePrice(in, *off, *on, &cost);
  return cost;
}

}  // namespace

SemanticsDimension PriceSemantics(const ModelInput& in) {
  const SemanticsRecord& r = in.archive->semantics;
  SemanticsDimension d;
  d.status = r.status;
  d.reason_code = r.reason_code;
  d.reason = r.reason;
  d.tier_us = r.tier_us;
  d.concurrencies = r.concurrencies;
  for (const SemanticsItemRecord& item : r.items) {
    SemanticsItemView view{.record = item, .costs = {}};
    if (item.priced && r.status == "measured") {
      for (uint32_t c : r.concurrencies) view.costs.push_back(Price(in, item.item.name, c));
    }
    d.items.push_back(std::move(view));
  }
  return d;
}

}  // namespace zoo
