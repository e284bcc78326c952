#include "core/run/run_plan.h"

#include <algorithm>
#include <cmath>

namespace zoo {
namespace {

UnitSpec Spec(const Matrix& m, const PlannedAdapter& a, uint32_t tier, uint32_t c,
              uint32_t process, uint32_t cores, const RunCalibration& calibration) {
  return UnitSpec{.adapter = a.name,
                  .plugin_file = a.plugin_file,
                  .tier_us = tier,
                  .concurrency = c,
                  .warmup_rounds = WarmupRoundsFor(m, tier, c, cores),
                  .measured_rounds = m.measured_rounds,
                  .workload = m.workload,
                  .semantics = "",
                  .semantics_value = 0,
                  .kind = UnitKind::kTimed,
                  .process = process,
                  .repetitions = calibration.RepetitionsFor(tier)};
}

// `n` items starting at `first` (mod n).
std::vector<size_t> Rotated(size_t n, size_t first) {
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = (first + i) % n;
  return order;
}

struct CellPlan {
  uint32_t tier_us = 0;
  uint32_t concurrency = 0;
  uint32_t processes = 0;
};

}  // namespace

double EstimatedRoundS(uint32_t tier_us, uint32_t concurrency, uint32_t cores) {
  const uint32_t waves = (std::max(concurrency, 1u) + std::max(cores, 1u) - 1) / std::max(cores, 1u);
  return static_cast<double>(tier_us) * 1e-6 * waves;
}

uint32_t WarmupRoundsFor(const Matrix& m, uint32_t tier_us, uint32_t concurrency,
                         uint32_t cores) {
  if (m.warmup_rounds == 0) return 0;
  const double round = EstimatedRoundS(tier_us, concurrency, cores);
  if (!(round > 0)) return m.warmup_rounds;
  const double fit = std::ceil(kWarmupBudgetS / round);
  return std::max(1u, std::min(m.warmup_rounds, static_cast<uint32_t>(std::min(fit, 1e6))));
}

uint32_t ProcessesFor(const Matrix& m, uint32_t tier_us, uint32_t concurrency, uint32_t cores,
                      size_t adapters) {
  if (!(m.cell_budget_s > 0) || adapters == 0) return m.processes;
  const double process =
      kProcessStartS + (WarmupRoundsFor(m, tier_us, concurrency, cores) + m.measured_rounds) *
                           EstimatedRoundS(tier_us, concurrency, cores);
  const double fit = std::floor(m.cell_budget_s / static_cast<double>(adapters) / process);
  const uint32_t most = std::max(m.processes, kMaxProcessesPerCell);
  return std::clamp(static_cast<uint32_t>(std::min(fit, 1e6)), m.processes, most);
}

std::vector<UnitSpec> PlanMatrixUnits(const Matrix& m, const std::vector<PlannedAdapter>& adapters,
                                      uint32_t cores, const RunCalibration& calibration,
                                      UnitKind kind) {
  std::vector<UnitSpec> specs;
  if (adapters.empty()) return specs;
  std::vector<CellPlan> cells;
  uint32_t most = 0;
  for (uint32_t tier : m.tiers_us) {
    for (uint32_t c : m.concurrencies) {
      const uint32_t n =
          kind == UnitKind::kTimed ? ProcessesFor(m, tier, c, cores, adapters.size()) : 1;
      cells.push_back({tier, c, n});
      most = std::max(most, n);
    }
  }
  for (uint32_t p = 0; p < most; ++p) {
    for (size_t cell = 0; cell < cells.size(); ++cell) {
      if (p >= cells[cell].processes) continue;
      for (size_t i : Rotated(adapters.size(), (cell + p) % adapters.size())) {
        UnitSpec spec = Spec(m, adapters[i], cells[cell].tier_us, cells[cell].concurrency, p,
                             cores, calibration);
        spec.kind = kind;
        specs.push_back(std::move(spec));
      }
    }
  }
  return specs;
}

std::vector<UnitSpec> PlanSemanticsUnits(const Matrix& m, const PlannedAdapter& subject,
                                         uint32_t tier_us,
                                         const std::vector<uint32_t>& concurrencies,
                                         const std::vector<PlannedSemanticsItem>& items,
                                         uint32_t cores, const RunCalibration& calibration) {
  std::vector<UnitSpec> specs;
  // Index 0 is "every item off"; 1.. the items.
  const size_t variants = items.size() + 1;
  uint32_t most = 0;
  for (uint32_t c : concurrencies) {
    most = std::max(most, ProcessesFor(m, tier_us, c, cores, variants));
  }
  for (uint32_t p = 0; p < most; ++p) {
    for (size_t cell = 0; cell < concurrencies.size(); ++cell) {
      const uint32_t c = concurrencies[cell];
      if (p >= ProcessesFor(m, tier_us, c, cores, variants)) continue;
      for (size_t v : Rotated(variants, (cell + p) % variants)) {
        UnitSpec spec = Spec(m, subject, tier_us, c, p, cores, calibration);
        spec.kind = UnitKind::kSemantics;
        spec.semantics = v == 0 ? "off" : items[v - 1].name;
        spec.semantics_value = v == 0 ? 0 : items[v - 1].value;
        specs.push_back(std::move(spec));
      }
    }
  }
  return specs;
}

std::vector<UnitSpec> InterleaveUnits(std::vector<UnitSpec> timed,
                                      const std::vector<UnitSpec>& attribution) {
  if (attribution.empty()) return timed;
  std::vector<UnitSpec> out;
  out.reserve(timed.size() + attribution.size());
  const double step = static_cast<double>(timed.size()) / static_cast<double>(attribution.size());
  size_t next = 0;
  for (size_t j = 0; j < attribution.size(); ++j) {
    const auto until = static_cast<size_t>(std::llround(step * static_cast<double>(j + 1)));
    for (; next < until && next < timed.size(); ++next) out.push_back(std::move(timed[next]));
    out.push_back(attribution[j]);
  }
  for (; next < timed.size(); ++next) out.push_back(std::move(timed[next]));
  return out;
}

std::vector<UnitSpec> PlanFloorUnits(const PlannedAdapter& inline_adapter, uint32_t processes,
                                     uint32_t cores) {
  std::vector<UnitSpec> specs;
  for (uint32_t p = 0; p < processes; ++p) {
    specs.push_back(UnitSpec{.adapter = inline_adapter.name,
                             .plugin_file = inline_adapter.plugin_file,
                             .tier_us = 0,
                             .concurrency = 1,
                             .warmup_rounds = kFloorWarmupRounds,
                             .measured_rounds = kFloorRounds,
                             .workload = "noop",
                             .semantics = "",
                             .semantics_value = 0,
                             .kind = UnitKind::kFloor,
                             .process = p,
                             .repetitions = 0,
                             .logical_cores = cores});
  }
  return specs;
}

}  // namespace zoo
