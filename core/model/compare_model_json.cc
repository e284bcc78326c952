#include "core/model/compare_model_json.h"

#include <optional>

#include "core/base/json_util.h"

namespace zoo {
namespace {

void OptionalDouble(json::Writer& w, const char* key, const std::optional<double>& v) {
  if (v) {
    json::Double(w, key, *v);
  } else {
    w.Key(key);
    w.Null();
  }
}

void WriteSide(json::Writer& w, const char* key, const CompareSide& s) {
  w.Key(key);
  w.StartObject();
  json::String(w, "archive_path", s.archive_path);
  json::String(w, "subject_version", s.subject_version);
  json::String(w, "started_utc", s.started_utc);
  json::String(w, "finished_utc", s.finished_utc);
  json::String(w, "hostname", s.hostname);
  json::String(w, "cpu_model", s.cpu_model);
  json::String(w, "kernel", s.kernel);
  json::Uint(w, "logical_cores", s.logical_cores);
  json::String(w, "zoo_host_version", s.zoo_host_version);
  w.EndObject();
}

void WriteCellChange(json::Writer& w, const CellChange& c, bool same_machine) {
  w.StartObject();
  json::String(w, "id", c.id());
  json::String(w, "baseline", c.baseline);
  json::Uint(w, "concurrency", c.concurrency);
  json::Uint(w, "tier_us", c.tier_us);
  json::String(w, "basis", CompareBasisName(c.basis));
  json::Uint(w, "old_subject_processes", c.old_subject_processes);
  json::Uint(w, "new_subject_processes", c.new_subject_processes);
  json::Double(w, "old_ratio", c.old_ratio);
  json::Double(w, "new_ratio", c.new_ratio);
  json::Double(w, "old_end_to_end_ratio", c.old_end_to_end_ratio);
  json::Double(w, "new_end_to_end_ratio", c.new_end_to_end_ratio);
  json::Double(w, "change", c.change);
  json::Double(w, "change_low", c.change_low);
  json::Double(w, "change_high", c.change_high);
  json::Double(w, "magnitude", c.magnitude);
  json::Double(w, "within_band", c.within_band);
  json::Double(w, "baseline_own_move", c.baseline_own_move);
  json::Double(w, "noise_band", c.noise_band);
  w.Key("test");
  w.StartObject();
  json::Double(w, "u", c.test.u);
  json::Double(w, "z", c.test.z);
  json::Double(w, "p_value", c.test.p_value);
  w.EndObject();
  json::Bool(w, "beyond_noise", c.beyond_noise);
  json::String(w, "direction", ChangeDirectionName(c.direction));
  WriteMessage(w, "message", c.message);
  if (same_machine) {
    OptionalDouble(w, "old_subject_median_ns", c.old_subject_median_ns);
    OptionalDouble(w, "new_subject_median_ns", c.new_subject_median_ns);
    WriteMessage(w, "absolute", c.absolute);
  }
  w.EndObject();
}

void WriteGeomean(json::Writer& w, const GeomeanChange& g) {
  w.StartObject();
  json::String(w, "baseline", g.baseline);
  json::Uint(w, "cells", g.cells);
  json::Double(w, "change", g.change);
  json::Double(w, "noise_band", g.noise_band);
  json::Bool(w, "beyond_noise", g.beyond_noise);
  WriteMessage(w, "message", g.message);
  w.EndObject();
}

}  // namespace

std::string CompareModelToJson(const CompareModel& m) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  json::String(w, "schema", kCompareModelSchemaName);
  json::Int(w, "model_version", kCompareModelVersion);
  json::String(w, "subject", m.subject);
  WriteSide(w, "old", m.old_side);
  WriteSide(w, "new", m.new_side);
  json::Bool(w, "same_machine", m.same_machine);
  WriteMessage(w, "machine", m.machine);
  WriteMessage(w, "summary", m.summary);
  w.Key("counts");
  w.StartObject();
  json::Uint(w, "shared", m.cells.size());
  json::Uint(w, "regressed", m.regressed);
  json::Uint(w, "improved", m.improved);
  json::Uint(w, "within_noise", m.within_noise);
  w.EndObject();
  w.Key("cells");
  w.StartArray();
  for (const CellChange& c : m.cells) WriteCellChange(w, c, m.same_machine);
  w.EndArray();
  w.Key("shares");
  w.StartArray();
  for (const ShareChange& s : m.shares) {
    w.StartObject();
    json::Uint(w, "concurrency", s.concurrency);
    json::Uint(w, "tier_us", s.tier_us);
    OptionalDouble(w, "old_share", s.old_share);
    OptionalDouble(w, "new_share", s.new_share);
    OptionalDouble(w, "change_pp", s.change_pp);
    WriteMessage(w, "message", s.message);
    w.EndObject();
  }
  w.EndArray();
  w.Key("drift");
  w.StartArray();
  for (const CoordinateDrift& d : m.drift) {
    w.StartObject();
    json::Uint(w, "concurrency", d.concurrency);
    json::Uint(w, "tier_us", d.tier_us);
    json::String(w, "basis", CompareBasisName(d.basis));
    json::Uint(w, "baselines", d.baselines);
    OptionalDouble(w, "drift", d.estimate ? std::optional<double>(d.estimate->drift)
                                          : std::nullopt);
    WriteMessage(w, "message", d.message);
    w.EndObject();
  }
  w.EndArray();
  w.Key("geomean");
  WriteGeomean(w, m.geomean);
  w.Key("geomean_per_baseline");
  w.StartArray();
  for (const GeomeanChange& g : m.geomean_per_baseline) WriteGeomean(w, g);
  w.EndArray();
  w.Key("only_in_one");
  w.StartArray();
  for (const OneSided& o : m.only_in_one) {
    w.StartObject();
    json::String(w, "kind", o.kind);
    json::String(w, "value", o.value);
    json::String(w, "side", o.side);
    WriteMessage(w, "message", o.message);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace zoo
