#include "core/run/layer_line.h"

#include <chrono>

#include "absl/strings/str_cat.h"
#include "core/worker/gate_runner.h"

namespace zoo {

std::vector<UnitSpec> PlanLayerLine(const std::filesystem::path& zoo_host, const LayerPlanInput& in,
                                    LayerRecord* record,
                                    const std::function<void(std::string_view)>& note) {
  *record = PlanLayerRows(in);
  if (record->status != "measured") {
    note(record->reason_code == "no_layers"
             ? absl::StrCat("layers: not applicable: ", record->subject, " ",
                            in.subject.descriptor.version, " does not offer zoo.layers/1")
             : absl::StrCat("layers: ", record->status, ": ", record->reason_code));
    return {};
  }
  GateRunOptions gate;
  gate.timeout = std::chrono::seconds(60);
  gate.gate.logical_cores = in.cores;
  for (LayerRow& row : record->rows) {
    if (row.bare) continue;
    gate.gate.setup_options = row.Options();
    const GateVerdict verdict = RunGateInChild(zoo_host, in.subject.plugin_file, gate);
    row.gate_passed = verdict.passed;
    row.gate_reason = verdict.reason;
    note(absl::StrCat("layers: gate ", verdict.passed ? "PASS     " : "REJECTED ", row.Label(),
                      verdict.passed ? "" : absl::StrCat(": ", verdict.reason)));
  }
  std::vector<UnitSpec> units = PlanLayerUnits(*record, in);
  note(absl::StrCat(
      "layers: ", record->rows.size(), " rows of ", record->subject, ", ", units.size(),
      " units (noop, ", in.callgrind ? "callgrind" : "timed",
      in.callgrind ? ")"
                   : absl::StrCat(", ", record->processes, " processes per row and concurrency)")));
  return units;
}

}  // namespace zoo
