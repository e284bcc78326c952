#include "core/run/subject_lines.h"

#include <utility>

#include "core/run/layer_line.h"
#include "core/run/native_line_plan.h"

namespace zoo {
namespace {

// The layer line's input (layer_plan.h): the subject and the bare clients that passed the gate.
LayerPlanInput LayerInputOf(const RunOptions& options,
                            const std::vector<const CatalogEntry*>& passed, uint32_t cores) {
  LayerPlanInput in{.subject = {*passed.front()->descriptor, passed.front()->candidate.file},
                    .bare = {},
                    .cores = cores,
                    .processes = options.quick ? kQuickLayerProcesses : kLayerProcesses,
                    .warmup_rounds = options.matrix.warmup_rounds,
                    .measured_rounds = options.matrix.measured_rounds,
                    .callgrind = options.instrument != RunInstrument::kNone};
  for (const CatalogEntry* e : passed) {
    for (const char* bare : kBareClients) {
      if (e->descriptor->name == bare) in.bare.push_back({*e->descriptor, e->candidate.file});
    }
  }
  return in;
}

}  // namespace

void PlanSubjectLines(const RunOptions& options, const std::vector<const CatalogEntry*>& passed,
                      uint32_t cores, Archive& archive,
                      const std::function<void(std::string_view)>& note,
                      std::vector<UnitSpec>& specs) {
  if (options.native_line && options.instrument == RunInstrument::kNone) {
    NativeLinePlan native = GateAndPlanNativeLine(options.zoo_host, *passed.front()->descriptor,
                                                  passed.front()->candidate.file, options.quick,
                                                  cores, note);
    archive.native_line = std::move(native.record);
    specs.insert(specs.end(), native.units.begin(), native.units.end());
  } else {
    archive.native_line.status = "not_run";  // --no-native-line, or a callgrind run
  }
  if (!options.layer_line) {
    archive.layers.subject = passed.front()->descriptor->name;
    archive.layers.status = "not_run";
    archive.layers.reason_code = "not_requested";  // --no-layers
    note("layers: not run (--no-layers)");
    return;
  }
  const std::vector<UnitSpec> layers =
      PlanLayerLine(options.zoo_host, LayerInputOf(options, passed, cores), &archive.layers, note);
  specs.insert(specs.end(), layers.begin(), layers.end());
}

}  // namespace zoo
