#include "core/model/report_model_json_layers.h"

namespace zoo {
namespace {

void WriteRangeRow(json::Writer& w, const LayerRangeRow& r) {
  w.StartObject();
  json::String(w, "label", r.label);
  json::String(w, "adapter", r.adapter);
  json::String(w, "layer", r.layer);
  json::String(w, "description", r.description);
  json::Bool(w, "bare", r.bare);
  json::Bool(w, "gate_passed", r.gate_passed);
  json::String(w, "gate_reason", r.gate_reason);
  json::Bool(w, "measured", r.measured);
  json::Uint(w, "processes", r.processes);
  json::Double(w, "best_ns", r.best_ns);
  json::Double(w, "median_ns", r.median_ns);
  json::Double(w, "slowest_ns", r.slowest_ns);
  json::Double(w, "best_rel", r.best_rel);
  json::Double(w, "median_rel", r.median_rel);
  json::Double(w, "slowest_rel", r.slowest_rel);
  json::String(w, "below", r.below);
  json::Double(w, "factor", r.factor);
  json::Double(w, "low", r.low);
  json::Double(w, "high", r.high);
  json::String(w, "verdict", r.verdict);
  w.EndObject();
}

void WriteLayerTable(json::Writer& w, const LayerTable& t) {
  w.StartObject();
  json::Uint(w, "concurrency", t.concurrency);
  json::List(w, "rows", t.rows, WriteRangeRow);
  w.EndObject();
}

void WriteLayerCostRow(json::Writer& w, const LayerCostRow& r) {
  w.StartObject();
  json::String(w, "label", r.label);
  json::Double(w, "allocs_per_task", r.allocs_per_task);
  json::Double(w, "instructions_per_task", r.instructions_per_task);
  json::Double(w, "callgrind_instructions_per_task", r.callgrind_instructions_per_task);
  json::String(w, "callgrind_repeat", r.callgrind_repeat);
  json::Double(w, "cold_alloc_calls", r.cold_alloc_calls);
  json::Double(w, "first_task_ns", r.first_task_ns);
  json::Double(w, "cold_callgrind_instructions", r.cold_callgrind_instructions);
  w.EndObject();
}

}  // namespace

void WriteModelLayers(json::Writer& w, const LayerSection& section) {
  if (section.reason_code == "not_recorded") return;
  w.Key("layers");
  w.StartObject();
  json::String(w, "status", section.status);
  json::String(w, "reason_code", section.reason_code);
  json::String(w, "subject", section.subject);
  json::String(w, "zero_at", section.zero_at);
  json::String(w, "zero_reason", section.zero_reason);
  json::List(w, "tables", section.tables, WriteLayerTable);
  json::List(w, "cost", section.cost, WriteLayerCostRow);
  w.EndObject();
}

}  // namespace zoo
