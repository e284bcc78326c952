// The subject's own lines, measured on their own after the matrix, the cost units and the
// scenarios: the native task line (zoo.native/1, native_line_plan.h) and the layer line
// (zoo.layers/1, layer_line.h). Each gates what it measures in a child, records itself in the
// archive (or why it is not measured) and hands back its units.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "core/archive/archive.h"
#include "core/measure/unit.h"
#include "core/run/run_orchestrator.h"
#include "core/worker/plugin_catalog.h"

namespace zoo {

// Appends both lines' units to `specs`; `passed` are the adapters that passed the gate, the
// subject first. The native line is not run under callgrind (its times would be the
// simulator's) nor with --no-native-line.
void PlanSubjectLines(const RunOptions& options, const std::vector<const CatalogEntry*>& passed,
                      uint32_t cores, Archive& archive,
                      const std::function<void(std::string_view)>& note,
                      std::vector<UnitSpec>& specs);

}  // namespace zoo
