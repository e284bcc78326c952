// The cost-of-code units of a run: which adapters and concurrencies are counted, or why none.
#pragma once

#include <cstdint>
#include <vector>

#include "core/archive/cost_record.h"
#include "core/measure/unit.h"
#include "core/run/run_orchestrator.h"
#include "core/worker/plugin_catalog.h"

namespace zoo {

// The cost-of-code units: every gated adapter, subject first, at every matrix concurrency
// within the cores, with the noop body, so that what they count is the dispatch path's own.
void PlanCostUnits(const RunOptions& options, const std::vector<const CatalogEntry*>& passed,
                   uint32_t cores, CostRecord* record, std::vector<UnitSpec>* specs);

}  // namespace zoo
