// league.svg: the model's league (core/model/ranking.h) as one heat map. A row per measured
// adapter, a column per (tier, concurrency), tiers left to right with their concurrencies
// under them; each cell's colour and text is the adapter's level as a multiple of the fastest
// there, the fastest starred, the "fastest within noise" framed, the floor grey.
#pragma once

#include <optional>

#include "plugins/reporters/common/figure_svg.h"
#include "plugins/reporters/common/figures.h"
#include "plugins/reporters/common/model_document.h"

namespace zoo::report::figure {

// nullopt when the model has no league (written before it).
std::optional<Figure> League(const ModelDocument& model, Texts& t);

}  // namespace zoo::report::figure
