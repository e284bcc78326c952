#include "core/model/unit_views.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/statistics.h"
#include "core/model/compare_basis.h"
#include "core/model/model_input.h"
#include "core/model/physical_floor.h"

namespace zoo {
namespace {

// Why a process is left out of its pooled view; "" when it is pooled.
std::string WhyLeftOut(const ArchivedUnit& u, uint32_t cores) {
  if (!u.result.ok) return u.result.failure;
  if (!BelowFloor(u, cores)) return "";
  return absl::StrFormat(
      "below its physical floor: %s per task where %u bodies of %s on %u cores need at least %s",
      Us(u.stats.end_to_end_ns.median), u.result.spec.concurrency, Us(u.stats.body_ns.median),
      cores, Us(PhysicalFloorNs(u.result.spec, u.stats, cores)));
}

}  // namespace

UnitView ProcessView(const ArchivedUnit& u, uint32_t cores) {
  UnitView v;
  v.adapter = u.result.spec.adapter;
  v.tier_us = u.result.spec.tier_us;
  v.concurrency = u.result.spec.concurrency;
  v.ok = u.result.ok;
  v.failure = u.result.failure;
  v.kind = u.result.spec.kind;
  v.semantics = u.result.spec.semantics;
  v.scenario = u.result.spec.scenario;
  v.workers = u.result.spec.workers;
  v.options = u.result.spec.options;
  v.process = u.result.spec.process;
  v.stats = u.stats;
  const uint64_t tasks = static_cast<uint64_t>(u.result.rounds.size()) * v.concurrency;
  v.on_calling_thread = u.result.bodies_on_calling_thread > 0 &&
                        static_cast<uint64_t>(u.result.bodies_on_calling_thread) == tasks;
  for (const RoundSample& r : u.result.rounds) {
    v.per_round_end_to_end_ns.push_back(static_cast<double>(r.wall_ns) /
                                        (static_cast<double>(v.concurrency) * u.result.batch));
  }
  const CompareBasis basis = BasisFor(v.concurrency, cores, cores);
  v.basis = CompareBasisName(basis);
  v.per_round_basis_ns = PerRoundCost(u.result, basis);
  v.basis_median_ns = v.per_round_basis_ns.empty() ? 0 : Median(v.per_round_basis_ns);
  v.repetitions = u.result.spec.repetitions > 0 ? u.result.spec.repetitions
                                                : u.result.calibration.repetitions;
  if (u.result.threads_created >= 0 && !u.result.rounds.empty()) {
    // Per submit-and-drain cycle: a batched round holds `batch` of them.
    v.threads_created_per_round =
        static_cast<double>(u.result.threads_created) /
        (static_cast<double>(u.result.rounds.size()) * u.result.batch);
  }
  v.threads_left = u.result.threads_left;
  v.processes_left = u.result.processes_left;
  return v;
}

UnitView PoolProcesses(const std::vector<ArchivedUnit>& units,
                       const std::vector<UnitView>& process_views,
                       const std::vector<size_t>& members, uint32_t cores) {
  std::vector<size_t> sorted = members;
  std::stable_sort(sorted.begin(), sorted.end(), [&](size_t a, size_t b) {
    return units[a].result.spec.process < units[b].result.spec.process;
  });
  ArchivedUnit merged;
  merged.result.spec = units[sorted.front()].result.spec;
  merged.result.spec.process = 0;
  // One cell's processes took the same stamps and batch (a pure function of kind and body).
  merged.result.stamps = units[sorted.front()].result.stamps;
  merged.result.batch = units[sorted.front()].result.batch;
  std::vector<uint32_t> pooled, rounds;
  std::vector<std::string> left_out;
  std::string failure;
  bool on_calling_thread = true;
  // Summed over the pooled processes (unknown if any did not record it); the most left alive.
  int64_t threads_created = 0;
  for (size_t i : sorted) {
    const ArchivedUnit& u = units[i];
    if (const std::string why = WhyLeftOut(u, cores); !why.empty()) {
      left_out.push_back(absl::StrCat(process_views[i].id(), ": ", why));
      if (failure.empty()) failure = why;
      continue;
    }
    if (!merged.result.ok) merged.result.calibration = u.result.calibration;
    merged.result.ok = true;
    merged.result.rounds.insert(merged.result.rounds.end(), u.result.rounds.begin(),
                                u.result.rounds.end());
    pooled.push_back(u.result.spec.process);
    rounds.push_back(static_cast<uint32_t>(u.result.rounds.size()));
    on_calling_thread &= process_views[i].on_calling_thread;
    threads_created = u.result.threads_created < 0 || threads_created < 0
                          ? -1
                          : threads_created + u.result.threads_created;
    merged.result.threads_left = std::max(merged.result.threads_left, u.result.threads_left);
    merged.result.processes_left =
        std::max(merged.result.processes_left, u.result.processes_left);
  }
  merged.result.threads_created = threads_created;
  if (merged.result.ok) {
    merged.stats = ComputeUnitStats(merged.result, cores);
  } else {
    merged.result.failure = failure;
    merged.stats = units[sorted.front()].stats;
  }
  UnitView v = ProcessView(merged, cores);
  v.pooled_processes = std::move(pooled);
  v.rounds_per_process = std::move(rounds);
  v.left_out = std::move(left_out);
  v.on_calling_thread = merged.result.ok && on_calling_thread;
  return v;
}

std::string UnitView::id() const {
  std::string name = semantics.empty() ? adapter : absl::StrCat(adapter, "[", semantics, "]");
  if (IsScenario(kind)) {
    absl::StrAppend(&name, "{", ScenarioName(scenario), ",w", workers,
                    kind == UnitKind::kScenarioCounters ? ",counters" : "", "}");
  } else if (kind == UnitKind::kCounters || kind == UnitKind::kCallgrind) {
    absl::StrAppend(&name, "{", InstrumentName(kind), "}");
  } else if (kind == UnitKind::kNative) {
    absl::StrAppend(&name, "{native,", options, "}");  // "zoo_scheduler{native,form=typed}"
  } else if (IsLayer(kind)) {  // "zoo_scheduler{layer,layer=ready_queue,counters}"
    absl::StrAppend(&name, "{layer", options.empty() ? "" : ",", options,
                    *InstrumentName(kind) != '\0' ? "," : "", InstrumentName(kind), "}");
  } else if (*PurposeName(kind) != '\0') {  // "inline{attribution}", apart from its timed unit
    absl::StrAppend(&name, "{", PurposeName(kind), "}");
  }
  if (process > 0) absl::StrAppend(&name, "#", process + 1);
  // A native unit's tier is the modbus_rtu frame's length in bytes, not microseconds.
  if (kind == UnitKind::kNative) return absl::StrCat(name, "/c", concurrency, "/", tier_us, "B");
  return CellId(name, concurrency, tier_us);
}

namespace {

// `per_round` (one value per pooled round) split back into the view's processes.
SideSamples SplitByProcess(const UnitView& pooled, const std::vector<double>& per_round) {
  SideSamples s;
  size_t next = 0;
  for (size_t p = 0; p < pooled.pooled_processes.size() && p < pooled.rounds_per_process.size();
       ++p) {
    const size_t n = pooled.rounds_per_process[p];
    if (next + n > per_round.size()) break;
    s.process_ids.push_back(pooled.pooled_processes[p]);
    s.rounds.emplace_back(per_round.begin() + static_cast<std::ptrdiff_t>(next),
                          per_round.begin() + static_cast<std::ptrdiff_t>(next + n));
    next += n;
  }
  return s;
}

}  // namespace

SideSamples SamplesOf(const UnitView& pooled) {
  return SplitByProcess(pooled, pooled.per_round_basis_ns);
}

SideSamples EndToEndSamplesOf(const UnitView& pooled) {
  return SplitByProcess(pooled, pooled.per_round_end_to_end_ns);
}

const UnitView* PooledUnit(const ReportModel& model, const std::string& adapter,
                           uint32_t concurrency, uint32_t tier_us) {
  for (const UnitView& u : model.units) {
    if (u.adapter == adapter && InMainMatrix(u) && u.concurrency == concurrency &&
        u.tier_us == tier_us) {
      return &u;
    }
  }
  return nullptr;
}

}  // namespace zoo
