// The model JSON's "scenarios" member (report_model.h, ScenarioSection), written only when
// the archive asked for scenarios, so the models of older archives read as before:
//   "scenarios": {"tables": [{"scenario", "tasks_per_round", "rows": [{adapter, workers, unit,
//                  ok, failure, processes, level_ns, spread_ns, tasks_per_s, factor, low, high,
//                  verdict, allocs_per_task, bytes_per_task}], "not_applicable": [{adapter,
//                  reason_code}]}],
//                 "tuning": [{"code", "symptom": message, "evidence": message,
//                             "action": message}]}
#pragma once

#include "core/base/json_util.h"
#include "core/model/report_model.h"

namespace zoo {

void WriteModelScenarios(json::Writer& w, const ScenarioSection& section);

// A scenario unit view's "scenario" and "workers"; nothing for any other unit.
void WriteScenarioCoordinates(json::Writer& w, const UnitView& u);

}  // namespace zoo
