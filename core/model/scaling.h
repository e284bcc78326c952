// Scaling: each adapter's throughput across the measured concurrencies at one tier, and how
// it moves from one concurrency to the next (rises, flat, falls: 5% either way).
#pragma once

#include <vector>

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

// One row per (adapter, tier) with units at two concurrencies or more; subject first.
std::vector<ScalingRow> Scaling(const ModelInput& in);

}  // namespace zoo
