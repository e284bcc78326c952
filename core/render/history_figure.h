// The timeline of one history group (core/model/history.h) as SVG: small multiples, one panel
// per (tier, concurrency), archives left to right; in each, one line per baseline (the
// subject / baseline factor on a log scale, 1x dashed) with its 95% band, and a red line at
// each step's first version. Plain text at fixed precision: the same group, the same bytes.
#pragma once

#include <string>

#include "core/model/history.h"

namespace zoo {

std::string HistoryFigureSvg(const HistoryGroup& group, const std::string& caption);

}  // namespace zoo
