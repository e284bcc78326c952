#include "core/run/cost_plan.h"

#include <algorithm>

namespace zoo {

void PlanCostUnits(const RunOptions& options, const std::vector<const CatalogEntry*>& passed,
                   uint32_t cores, CostRecord* record, std::vector<UnitSpec>* specs) {
  const Matrix& m = options.matrix;
  if (options.instrument != RunInstrument::kNone) {
    *record = CostRecord{.status = "not_run", .reason_code = "callgrind_run", .workload = "noop",
                         .tier_us = 0, .concurrencies = {}};
    return;
  }
  if (!options.cost) {
    *record = CostRecord{.status = "not_run", .reason_code = "not_requested", .workload = "noop",
                         .tier_us = 0, .concurrencies = {}};
    return;
  }
  *record = CostRecord{.status = "measured", .reason_code = "", .workload = "noop", .tier_us = 0,
                       .concurrencies = {}};
  for (uint32_t c : m.concurrencies) {
    if (c <= cores) record->concurrencies.push_back(c);
  }
  std::sort(record->concurrencies.begin(), record->concurrencies.end());
  record->concurrencies.erase(
      std::unique(record->concurrencies.begin(), record->concurrencies.end()),
      record->concurrencies.end());
  for (const CatalogEntry* e : passed) {
    for (uint32_t c : record->concurrencies) {
      specs->push_back(UnitSpec{.adapter = e->descriptor->name,
                                .plugin_file = e->candidate.file.string(),
                                .tier_us = 0,
                                .concurrency = c,
                                .warmup_rounds = m.warmup_rounds,
                                .measured_rounds = m.measured_rounds,
                                .workload = "noop",
                                .semantics = "",
                                .semantics_value = 0,
                                .kind = UnitKind::kCounters});
    }
  }
}

}  // namespace zoo
