#include "core/model/report_model_json_scenarios.h"

#include "core/base/message.h"

namespace zoo {
namespace {

void WriteRow(json::Writer& w, const ScenarioRow& r) {
  w.StartObject();
  json::String(w, "adapter", r.adapter);
  json::Uint(w, "workers", r.workers);
  json::String(w, "unit", r.unit);
  json::Bool(w, "ok", r.ok);
  json::String(w, "failure", r.failure);
  json::Uint(w, "processes", r.processes);
  json::Bool(w, "floor", r.floor);
  json::Double(w, "level_ns", r.level_ns);
  json::Double(w, "spread_ns", r.spread_ns);
  json::Double(w, "tasks_per_s", r.tasks_per_s);
  json::Double(w, "factor", r.factor);
  json::Double(w, "low", r.low);
  json::Double(w, "high", r.high);
  json::String(w, "verdict", r.verdict);
  json::Double(w, "allocs_per_task", r.allocs_per_task);
  json::Double(w, "bytes_per_task", r.bytes_per_task);
  w.EndObject();
}

void WriteScenarioTable(json::Writer& w, const ScenarioTable& t) {
  w.StartObject();
  json::String(w, "scenario", ScenarioName(t.scenario));
  json::Uint(w, "tasks_per_round", t.tasks_per_round);
  json::List(w, "rows", t.rows, WriteRow);
  json::ObjectList(w, "not_applicable", t.not_applicable,
                   [](json::Writer& out, const ScenarioNotApplicable& n) {
                     json::String(out, "adapter", n.adapter);
                     json::String(out, "reason_code", n.reason_code);
                   });
  w.EndObject();
}

void WriteTuning(json::Writer& w, const TuningRow& t) {
  w.StartObject();
  json::String(w, "code", t.code);
  WriteMessage(w, "symptom", t.symptom);
  WriteMessage(w, "evidence", t.evidence);
  WriteMessage(w, "action", t.action);
  w.EndObject();
}

}  // namespace

void WriteScenarioCoordinates(json::Writer& w, const UnitView& u) {
  if (u.scenario == Scenario::kNone) return;
  json::String(w, "scenario", ScenarioName(u.scenario));
  json::Uint(w, "workers", u.workers);
}

void WriteModelScenarios(json::Writer& w, const ScenarioSection& section) {
  if (!section.measured) return;
  w.Key("scenarios");
  w.StartObject();
  json::List(w, "tables", section.tables, WriteScenarioTable);
  json::List(w, "tuning", section.tuning, WriteTuning);
  w.EndObject();
}

}  // namespace zoo
