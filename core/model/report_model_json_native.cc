#include "core/model/report_model_json_native.h"

#include "absl/strings/str_format.h"

namespace zoo {

void WriteModelNativeLine(json::Writer& w, const NativeLineSection& s) {
  const NativeLineRecord& r = s.record;
  if (r.status.empty()) return;
  w.Key("native_line");
  w.StartObject();
  // What the line measures first, then whether it was measured (the reader's order).
  json::String(w, "task", r.task);
  json::UintList(w, "frame_bytes", r.frame_bytes);
  json::UintList(w, "concurrencies", r.concurrencies);
  json::String(w, "status", r.status);
  json::String(w, "reason", r.reason);
  // A string: the reader needs the exact 64 bits, and JSON numbers are doubles to many.
  json::String(w, "seed", absl::StrFormat("%#x", r.seed));
  json::Uint(w, "warmup_rounds", r.warmup_rounds);
  json::Uint(w, "measured_rounds", r.measured_rounds);
  json::Uint(w, "processes_per_cell", s.processes_per_cell);
  w.Key("forms");
  w.StartArray();
  for (const NativeLineForm& f : r.forms) {
    w.StartObject();
    json::String(w, "name", f.name);
    json::String(w, "description", f.description);
    json::Bool(w, "passed", f.passed);
    json::String(w, "reason", f.reason);
    w.EndObject();
  }
  w.EndArray();
  w.Key("cells");
  w.StartArray();
  for (const NativeLineCell& c : s.cells) {
    w.StartObject();
    json::String(w, "form", c.form);
    json::Uint(w, "frame_bytes", c.frame_bytes);
    json::Uint(w, "concurrency", c.concurrency);
    json::Bool(w, "ok", c.ok);
    json::String(w, "failure", c.failure);
    json::String(w, "unit", c.unit);
    json::Double(w, "ns_per_task", c.ns_per_task);
    json::Double(w, "ratio_to_first", c.ratio_to_first);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

}  // namespace zoo
