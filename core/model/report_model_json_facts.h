// The report model's own layout of the facts it restates from the archive: the run, the
// environment, the noise conditions, the adapters, a unit's statistics and a semantics item.
// Written here, not by the archive's writers, so the reporters' contract (report_model_json.h)
// changes only with kReportModelVersion, never because the archive's schema moved. Today the
// two layouts happen to be the same, member for member.
#pragma once

#include <vector>

#include "core/archive/archive.h"
#include "core/base/json_util.h"
#include "core/measure/semantics_probe.h"
#include "core/measure/unit_stats.h"

namespace zoo {

void WriteModelRun(json::Writer& w, const RunRecord& run);                // "run": {...}
void WriteModelEnvironment(json::Writer& w, const SystemInfo& e);         // "environment"
void WriteModelNoise(json::Writer& w, const NoiseRecord& noise);          // "noise"
// One self-check: {name, passed, detail, message}.
void WriteModelSelfCheck(json::Writer& w, const SelfCheck& c);
void WriteModelAdapters(json::Writer& w, const std::vector<AdapterRecord>& adapters);
void WriteModelUnitStats(json::Writer& w, const UnitStats& stats);        // "stats"
void WriteModelSemanticsItem(json::Writer& w, const SemanticsItem& item);  // a bare object
void WriteModelTimeoutCheck(json::Writer& w, const TimeoutCheck& check);   // a bare object

}  // namespace zoo
