// layers.svg: the layer line (core/model/layer_section.h) as range bars, one panel per
// concurrency, one bar per row lowest first: from the row's best round to its slowest, a dot at
// the best round (hollow where the row is indistinguishable from the row below), a tick at the
// median; the axis is relative to the zero bare client's best round.
#pragma once

#include <optional>

#include "plugins/reporters/common/figure_svg.h"
#include "plugins/reporters/common/figures.h"
#include "plugins/reporters/common/model_document.h"

namespace zoo::report::figure {

// nullopt when the model has no measured layer line.
std::optional<Figure> Layers(const ModelDocument& model, Texts& t);

}  // namespace zoo::report::figure
