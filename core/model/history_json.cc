#include "core/model/history_json.h"

#include <cmath>

#include "core/base/json_util.h"

namespace zoo {
namespace {

void WritePoint(json::Writer& w, const HistoryPoint& p) {
  w.StartObject();
  json::Uint(w, "archive", p.archive);
  json::Double(w, "factor", std::exp(p.log_factor));
  json::Double(w, "low", std::exp(p.low));
  json::Double(w, "high", std::exp(p.high));
  w.EndObject();
}

void WriteGroup(json::Writer& w, const HistoryGroup& g) {
  w.StartObject();
  w.Key("machine");
  w.StartObject();
  json::String(w, "id", g.machine.id);
  json::String(w, "description", g.machine.description);
  w.EndObject();
  json::String(w, "subject", g.subject);
  json::List(w, "archives", g.archives, [](json::Writer& out, const HistoryArchive& a) {
    out.StartObject();
    json::String(out, "path", a.path);
    json::String(out, "version", a.version);
    json::String(out, "started_utc", a.started_utc);
    json::Bool(out, "in_series", a.in_series);
    json::String(out, "left_out", a.left_out);
    out.EndObject();
  });
  json::List(w, "series", g.series, [](json::Writer& out, const HistorySeries& s) {
    out.StartObject();
    json::String(out, "cell", s.cell);
    json::List(out, "points", s.points, WritePoint);
    out.EndObject();
  });
  json::StringList(w, "missing_cells", g.missing_cells);
  json::List(w, "steps", g.steps, [](json::Writer& out, const HistoryStep& s) {
    out.StartObject();
    json::String(out, "version", s.version);
    json::Uint(out, "archive", s.first_archive);
    json::Double(out, "factor", s.factor);
    json::Double(out, "low", s.low);
    json::Double(out, "high", s.high);
    json::Bool(out, "slowdown", s.slowdown);
    json::Bool(out, "persists", s.persists);
    json::Bool(out, "confirmed", s.confirmed);
    json::StringList(out, "cells", s.cells);
    out.EndObject();
  });
  w.EndObject();
}

}  // namespace

std::string HistoryToJson(const HistoryModel& model) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  json::String(w, "schema", "zoo-host-history");
  json::Int(w, "version", 1);
  json::List(w, "groups", model.groups, WriteGroup);
  json::StringList(w, "skipped", model.skipped);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace zoo
