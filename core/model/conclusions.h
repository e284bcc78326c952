// What the report concludes from the analysis: the published unfavourable data (every cell
// the subject loses, by baseline) and the conclusions list (share thresholds, the best win or
// that there is none, every crossover where a baseline is faster somewhere).
#pragma once

#include <cstddef>
#include <vector>

#include "core/model/cells.h"
#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

// One group per baseline that beats the subject in at least one cell.
std::vector<UnfavourableGroup> Unfavourable(const ModelInput& in, const CellComparison& cells);

std::vector<Conclusion> Conclusions(const std::vector<ShareThreshold>& share_thresholds,
                                    const CellComparison& cells,
                                    const std::vector<Crossover>& crossovers);

// One plainly labelled statement per measured concurrency above the logical cores: there the
// cells are read end to end (run-queue waits included: throughput under load, not a per-task
// overhead), so they get their own line: the subject's verdicts against the baselines and its
// place in the league (ranking.h) across the tiers.
std::vector<Conclusion> AboveCoresConclusions(const ModelInput& in, const CellComparison& cells,
                                              const std::vector<Ranking>& rankings);

}  // namespace zoo
