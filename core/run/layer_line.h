// The layer line of one run (zoo.layers/1): plans its rows (layer_plan.h),
// gates each layer of the subject with its "layer=NAME" option in a child, as
// every adapter is gated, and returns the units of the rows that passed. The
// record lands in the archive, "not applicable" with its reason when the
// subject declares no layers.
#pragma once

#include <filesystem>
#include <functional>
#include <string_view>
#include <vector>

#include "core/archive/layer_record.h"
#include "core/measure/unit.h"
#include "core/run/layer_plan.h"

namespace zoo {

std::vector<UnitSpec> PlanLayerLine(const std::filesystem::path& zoo_host, const LayerPlanInput& in,
                                    LayerRecord* record,
                                    const std::function<void(std::string_view)>& note);

}  // namespace zoo
