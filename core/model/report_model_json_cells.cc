#include "core/model/report_model_json_cells.h"

#include "core/model/report_model.h"

namespace zoo {
namespace {

void WriteTwoLevelSide(json::Writer& w, const TwoLevelSide& t) {
  w.StartObject();
  json::String(w, "unit", t.unit);
  json::Double(w, "low_ns", t.low_ns);
  json::Double(w, "high_ns", t.high_ns);
  json::Uint(w, "low_processes", t.low_processes);
  json::Uint(w, "high_processes", t.high_processes);
  w.EndObject();
}

}  // namespace

void WriteModelMannWhitney(json::Writer& w, const MannWhitney& test) {
  w.Key("test");
  w.StartObject();
  json::Double(w, "u", test.u);
  json::Double(w, "z", test.z);
  json::Double(w, "p_value", test.p_value);
  w.EndObject();
}

void WriteModelMachineNoise(json::Writer& w, const MachineNoise& n) {
  w.Key("machine_noise");
  w.StartObject();
  w.Key("body_speed");
  w.StartObject();
  json::Uint(w, "processes", n.body_speed.processes);
  json::Double(w, "p5", n.body_speed.p5);
  json::Double(w, "median", n.body_speed.median);
  json::Double(w, "p95", n.body_speed.p95);
  json::Uint(w, "slow", n.body_speed.slow);
  json::Uint(w, "fast", n.body_speed.fast);
  json::Double(w, "tolerance", kBodySpeedTolerance);
  json::StringList(w, "slowest", n.body_speed.slowest);
  w.EndObject();
  w.Key("bimodality");
  w.StartObject();
  json::Uint(w, "sides", n.bimodality.sides);
  json::Uint(w, "two_level", n.bimodality.two_level);
  json::List(w, "widest", n.bimodality.widest, WriteTwoLevelSide);
  w.EndObject();
  w.EndObject();
}

void WriteModelDetectable(json::Writer& w, const DetectableRow& r) {
  w.StartObject();
  json::Uint(w, "concurrency", r.concurrency);
  json::Uint(w, "tier_us", r.tier_us);
  json::Double(w, "median", r.median);
  json::Double(w, "min", r.min);
  json::Double(w, "max", r.max);
  json::Uint(w, "cells", r.cells);
  w.EndObject();
}

void WriteModelCell(json::Writer& w, const Cell& c) {
  w.StartObject();
  json::String(w, "id", c.id());
  json::String(w, "baseline", c.baseline);
  json::Uint(w, "concurrency", c.concurrency);
  json::Uint(w, "tier_us", c.tier_us);
  json::String(w, "basis", c.basis);
  json::Double(w, "subject_median_ns", c.subject_median_ns);
  json::Double(w, "baseline_median_ns", c.baseline_median_ns);
  json::Double(w, "subject_end_to_end_ns", c.subject_end_to_end_ns);
  json::Double(w, "baseline_end_to_end_ns", c.baseline_end_to_end_ns);
  json::Double(w, "ratio", c.ratio);
  json::Double(w, "faster_factor", c.faster_factor);
  json::Double(w, "factor_low", c.factor_low);
  json::Double(w, "factor_high", c.factor_high);
  json::String(w, "decided_by", c.decided_by);
  json::String(w, "agreement", AgreementName(c.agreement));
  json::Double(w, "end_to_end_ratio", c.end_to_end_ratio);
  json::Double(w, "end_to_end_factor_low", c.end_to_end_factor_low);
  json::Double(w, "end_to_end_factor_high", c.end_to_end_factor_high);
  json::Double(w, "tier_body_ratio", c.tier_body_ratio);
  json::Double(w, "tier_body_factor_low", c.tier_body_factor_low);
  json::Double(w, "tier_body_factor_high", c.tier_body_factor_high);
  json::Double(w, "detectable", c.detectable);
  json::Double(w, "threshold", c.threshold);
  json::Uint(w, "subject_processes", c.subject_processes);
  json::Uint(w, "baseline_processes", c.baseline_processes);
  json::Bool(w, "paired", c.paired);
  json::Double(w, "difference", c.difference);
  json::Double(w, "band", c.band);
  json::String(w, "verdict", VerdictName(c.verdict));
  json::Bool(w, "floor", c.floor);
  WriteModelMannWhitney(w, c.test);
  json::Bool(w, "overhead_withheld", c.overhead_withheld);
  json::String(w, "text", c.text);
  w.EndObject();
}

void WriteModelUnmeasured(json::Writer& w, const UnmeasuredCell& c) {
  w.StartObject();
  json::String(w, "baseline", c.baseline);
  json::Uint(w, "concurrency", c.concurrency);
  json::Uint(w, "tier_us", c.tier_us);
  json::String(w, "reason", c.reason);
  json::String(w, "reason_code", c.reason_code);
  json::String(w, "failure", c.failure);
  w.EndObject();
}

}  // namespace zoo
