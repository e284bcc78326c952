// How the reports see units: one archived process as it ran (a process view), and the
// processes of one (adapter, kind, semantics item, concurrency, tier) pooled into one view,
// their rounds together on the cell's basis (report_model.h, "unit view").
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/archive/archive.h"
#include "core/model/report_model.h"

namespace zoo {

// One archived process, its rounds read on the basis of its concurrency (compare_basis.h).
UnitView ProcessView(const ArchivedUnit& unit, uint32_t cores);

// One view of the processes `members` (indices into `units`; `process_views` are their
// ProcessView, same index): the rounds of every process that succeeded and is not below its
// physical floor, in ascending process number. The others are listed in `left_out` with why.
// REQUIRES: `members` is not empty.
UnitView PoolProcesses(const std::vector<ArchivedUnit>& units,
                       const std::vector<UnitView>& process_views,
                       const std::vector<size_t>& members, uint32_t cores);

}  // namespace zoo
