// The league: every adapter measured at one (tier, concurrency) ranked by its per-task cost,
// and the "what to pick" rows drawn from it. The same statistics as the cells (verdict.h): an
// adapter's level is the verdict's level of its processes on the cell's basis, and the
// "fastest within noise" group is every adapter whose factor to the best the verdict method
// cannot tell from 1 (its interval includes 1.00x, or the factor stays within the threshold).
// An adapter that ran the bodies on the calling thread there is the floor: listed, not ranked.
#pragma once

#include <vector>

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

// One per measured (tier, concurrency) with at least one adapter ranked; tiers ascending,
// then concurrencies ascending.
std::vector<Ranking> RankAdapters(const ModelInput& in);

// The smallest and the largest tier, each at the largest concurrency within the cores and the
// smallest above them, where ranked (report_model.h, PickRow).
std::vector<PickRow> PickRows(const ModelInput& in, const std::vector<Ranking>& rankings);

}  // namespace zoo
