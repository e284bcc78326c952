#include "core/model/model_input.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_format.h"
#include "core/model/unit_views.h"

namespace zoo {
namespace {

// The processes of one (adapter, kind, semantics item, concurrency, tier, scenario, workers,
// options) pool into one view, in the order they first appear in the archive.
void PoolUnits(const Archive& archive, ModelInput* in) {
  using GroupKey = std::tuple<std::string, UnitKind, std::string, uint32_t, uint32_t, Scenario,
                              uint32_t, std::string>;
  std::map<GroupKey, std::vector<size_t>> groups;
  std::vector<GroupKey> order;
  for (size_t i = 0; i < archive.units.size(); ++i) {
    const ArchivedUnit& u = archive.units[i];
    in->process_units.push_back(ProcessView(u, in->cores));
    const UnitSpec& spec = u.result.spec;
    GroupKey key{spec.adapter, spec.kind,     spec.semantics, spec.concurrency,
                 spec.tier_us, spec.scenario, spec.workers,   spec.options};
    if (!groups.count(key)) order.push_back(key);
    groups[key].push_back(i);
  }
  for (const GroupKey& key : order) {
    in->units.push_back(PoolProcesses(archive.units, in->process_units, groups[key], in->cores));
  }
  for (const UnitView& v : in->units) {
    in->samples.push_back(SamplesOf(v));
    in->end_to_end_samples.push_back(EndToEndSamplesOf(v));
  }
}

// The main matrix's coordinates, and its units by them.
void IndexMainMatrix(ModelInput* in) {
  std::set<uint32_t> tiers, concurrencies;
  for (size_t i = 0; i < in->units.size(); ++i) {
    const UnitView& v = in->units[i];
    if (v.kind == UnitKind::kAttribution) in->attribution_by_key[{v.adapter, v.concurrency, v.tier_us}] = i;
    if (v.kind == UnitKind::kFloor && v.ok) {
      in->harness_floor_ns = v.stats.end_to_end_ns.median;
      in->harness_floor_processes = static_cast<uint32_t>(v.pooled_processes.size());
    }
    if (!InMainMatrix(v)) continue;
    tiers.insert(v.tier_us);
    concurrencies.insert(v.concurrency);
    in->by_key[{v.adapter, v.concurrency, v.tier_us}] = i;
  }
  in->tiers_us.assign(tiers.begin(), tiers.end());
  in->concurrencies.assign(concurrencies.begin(), concurrencies.end());
}

// A timed unit that took no per-task stamps shows its cell's attribution unit's segments, so
// that every reader of a unit's submit, hand-off and return finds them where it always did.
void LendSegments(ModelInput* in) {
  for (UnitView& v : in->units) {
    if (!InMainMatrix(v) || v.stats.submit_ns.n > 0) continue;
    const UnitView* a = in->AttributionUnit(v.adapter, v.concurrency, v.tier_us);
    if (a == nullptr || !a->ok) continue;
    v.stats.submit_ns = a->stats.submit_ns;
    v.stats.handoff_ns = a->stats.handoff_ns;
    v.stats.return_ns = a->stats.return_ns;
    v.segments_from_attribution = true;
  }
}

void FindBaselines(ModelInput* in) {
  std::set<std::string> with_units;
  for (const UnitView& v : in->units) {
    if (InMainMatrix(v)) with_units.insert(v.adapter);
  }
  for (const AdapterRecord& a : in->adapters) {
    if (a.descriptor.name != in->subject && with_units.count(a.descriptor.name)) {
      in->baselines.push_back(a.descriptor.name);
    }
  }
  // Units of adapters the archive does not describe are still baselines.
  for (const std::string& name : with_units) {
    if (name != in->subject &&
        std::find(in->baselines.begin(), in->baselines.end(), name) == in->baselines.end()) {
      in->baselines.push_back(name);
    }
  }
}

}  // namespace

bool InMainMatrix(const UnitView& v) { return InMainMatrix(v.kind); }

std::string CellId(const std::string& adapter, uint32_t concurrency, uint32_t tier_us) {
  return absl::StrFormat("%s/c%u/%uus", adapter, concurrency, tier_us);
}

std::string Us(double ns) { return absl::StrFormat("%.1f us", ns / 1e3); }

const UnitView* ModelInput::Unit(const std::string& adapter, uint32_t concurrency,
                                 uint32_t tier_us) const {
  auto it = by_key.find({adapter, concurrency, tier_us});
  return it == by_key.end() ? nullptr : &units[it->second];
}

const UnitView* ModelInput::AttributionUnit(const std::string& adapter, uint32_t concurrency,
                                            uint32_t tier_us) const {
  auto it = attribution_by_key.find({adapter, concurrency, tier_us});
  return it == attribution_by_key.end() ? nullptr : &units[it->second];
}

const SideSamples& ModelInput::SamplesOf(const UnitView& pooled) const {
  return samples[static_cast<size_t>(&pooled - units.data())];
}

const SideSamples& ModelInput::EndToEndSamplesOf(const UnitView& pooled) const {
  return end_to_end_samples[static_cast<size_t>(&pooled - units.data())];
}

std::vector<std::string> ModelInput::SubjectAndBaselines() const {
  std::vector<std::string> names = {subject};
  names.insert(names.end(), baselines.begin(), baselines.end());
  return names;
}

ModelInput BuildModelInput(const Archive& archive, const AnalysisOptions& options) {
  ModelInput in;
  in.archive = &archive;
  in.options = options;
  in.cores = std::max(1u, archive.environment.logical_cores);
  in.measured_subject = archive.subject;
  in.subject = options.reference.empty() ? archive.subject : options.reference;
  for (const AdapterRecord& a : archive.adapters) {
    if (a.descriptor.name == in.subject) in.adapters.insert(in.adapters.begin(), a);
    else in.adapters.push_back(a);
  }
  PoolUnits(archive, &in);
  IndexMainMatrix(&in);
  LendSegments(&in);
  FindBaselines(&in);
  return in;
}

}  // namespace zoo
