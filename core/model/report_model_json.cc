#include "core/model/report_model_json.h"

#include <cassert>
#include <cmath>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"
#include "core/base/json_util.h"
#include "core/model/report_model_json_cells.h"
#include "core/model/report_model_json_facts.h"
#include "core/model/report_model_json_native.h"
#include "core/model/report_model_json_layers.h"
#include "core/model/report_model_json_scenarios.h"
#include "rapidjson/document.h"

namespace zoo {
namespace {

void WriteNullableDouble(json::Writer& w, double v) {
  if (std::isfinite(v)) {
    w.Double(v);
  } else {
    w.Null();
  }
}

void WriteDoubleList(json::Writer& w, const char* key, const std::vector<double>& xs) {
  w.Key(key);
  w.StartArray();
  for (double x : xs) WriteNullableDouble(w, x);
  w.EndArray();
}

void WriteIndexList(json::Writer& w, const char* key, const std::vector<size_t>& xs) {
  json::List(w, key, xs, [](json::Writer& out, size_t x) { out.Uint64(x); });
}

void WriteUnit(json::Writer& w, const UnitView& u) {
  w.StartObject();
  // The form Cell::id() gives a cell, so "cells" lists that name units can be looked up here.
  json::String(w, "id", u.id());
  json::String(w, "adapter", u.adapter);
  json::Uint(w, "tier_us", u.tier_us);
  json::Uint(w, "concurrency", u.concurrency);
  WriteScenarioCoordinates(w, u);
  json::Bool(w, "ok", u.ok);
  json::String(w, "failure", u.failure);
  WriteModelUnitStats(w, u.stats);
  WriteDoubleList(w, "per_round_end_to_end_ns", u.per_round_end_to_end_ns);
  json::String(w, "semantics", u.semantics);
  json::Uint(w, "process", u.process);
  json::String(w, "basis", u.basis);
  json::Double(w, "basis_median_ns", u.basis_median_ns);
  json::Uint(w, "repetitions", u.repetitions);
  WriteDoubleList(w, "per_round_basis_ns", u.per_round_basis_ns);
  json::UintList(w, "pooled_processes", u.pooled_processes);
  json::UintList(w, "rounds_per_process", u.rounds_per_process);
  json::StringList(w, "left_out", u.left_out);
  json::Bool(w, "on_calling_thread", u.on_calling_thread);
  // Absent where the archive did not record them (archives before threads were counted).
  if (u.threads_created_per_round >= 0) {
    json::Double(w, "threads_created_per_round", u.threads_created_per_round);
  }
  if (u.threads_left >= 0) json::Int(w, "threads_left", u.threads_left);
  if (u.processes_left >= 0) json::Int(w, "processes_left", u.processes_left);
  w.EndObject();
}

// One process of a pooled unit, for the appendix: its own level, not its rounds.
void WriteProcessUnit(json::Writer& w, const UnitView& u) {
  w.StartObject();
  json::String(w, "id", u.id());
  json::String(w, "adapter", u.adapter);
  json::Uint(w, "tier_us", u.tier_us);
  json::Uint(w, "concurrency", u.concurrency);
  json::String(w, "semantics", u.semantics);
  json::String(w, "instrument", InstrumentName(u.kind));
  WriteScenarioCoordinates(w, u);
  json::Uint(w, "process", u.process);
  json::Bool(w, "ok", u.ok);
  json::String(w, "failure", u.failure);
  json::Bool(w, "on_calling_thread", u.on_calling_thread);
  json::Uint(w, "rounds", static_cast<uint32_t>(u.per_round_end_to_end_ns.size()));
  json::Double(w, "end_to_end_median_ns", u.stats.end_to_end_ns.median);
  json::String(w, "basis", u.basis);
  json::Double(w, "basis_median_ns", u.basis_median_ns);
  json::Uint(w, "repetitions", u.repetitions);
  json::Double(w, "body_median_ns", u.stats.body_ns.median);
  // The process's CPU time per task (median over its rounds); absent when its rounds did not
  // record the CPU clock, so models of older archives stay as they were.
  if (u.stats.cpu_per_task_ns.n > 0) {
    json::Double(w, "cpu_per_task_median_ns", u.stats.cpu_per_task_ns.median);
  }
  w.EndObject();
}

void WriteShareThreshold(json::Writer& w, const ShareThreshold& s) {
  w.StartObject();
  json::Uint(w, "concurrency", s.concurrency);
  w.Key("tier_us");
  if (s.tier_us) {
    w.Uint(*s.tier_us);
  } else {
    w.Null();
  }
  json::Double(w, "share_at_tier", s.share_at_tier);
  json::StringList(w, "cells", s.cells);
  json::String(w, "text", s.text);
  WriteMessage(w, "message", s.message);
  w.EndObject();
}

void WriteCrossover(json::Writer& w, const Crossover& c) {
  w.StartObject();
  json::String(w, "baseline", c.baseline);
  json::Uint(w, "concurrency", c.concurrency);
  json::String(w, "kind", CrossoverKindName(c.kind));
  json::Uint(w, "tier_us", c.tier_us);
  json::Uint(w, "last_faster_tier_us", c.last_faster_tier_us);
  json::UintList(w, "faster_tiers_us", c.faster_tiers_us);
  json::StringList(w, "cells", c.cells);
  json::String(w, "text", c.text);
  WriteMessage(w, "message", c.message);
  w.EndObject();
}

void WriteRankEntry(json::Writer& w, const RankEntry& e) {
  w.StartObject();
  json::String(w, "adapter", e.adapter);
  json::Uint(w, "rank", e.rank);
  json::Double(w, "level_ns", e.level_ns);
  json::Double(w, "factor_to_best", e.factor_to_best);
  json::Double(w, "factor_low", e.factor_low);
  json::Double(w, "factor_high", e.factor_high);
  json::Bool(w, "best_group", e.best_group);
  json::String(w, "cell", e.cell);
  w.EndObject();
}

void WriteRanking(json::Writer& w, const Ranking& r) {
  w.StartObject();
  json::Uint(w, "tier_us", r.tier_us);
  json::Uint(w, "concurrency", r.concurrency);
  json::String(w, "basis", r.basis);
  json::List(w, "entries", r.entries, WriteRankEntry);
  json::StringList(w, "floor", r.floor);
  w.EndObject();
}

void WritePickRow(json::Writer& w, const PickRow& p) {
  w.StartObject();
  json::Uint(w, "tier_us", p.tier_us);
  json::Uint(w, "concurrency", p.concurrency);
  json::Bool(w, "within_cores", p.within_cores);
  json::StringList(w, "group", p.group);
  json::StringList(w, "group_cells", p.group_cells);
  json::Uint(w, "subject_rank", p.subject_rank);
  json::Uint(w, "ranked", p.ranked);
  json::Double(w, "subject_factor", p.subject_factor);
  json::Bool(w, "subject_in_group", p.subject_in_group);
  w.EndObject();
}

void WriteScalingRow(json::Writer& w, const ScalingRow& r) {
  w.StartObject();
  json::String(w, "adapter", r.adapter);
  json::Uint(w, "tier_us", r.tier_us);
  json::UintList(w, "concurrencies", r.concurrencies);
  WriteDoubleList(w, "throughput_per_s", r.throughput_per_s);
  json::Bool(w, "keeps_rising", r.keeps_rising);
  json::String(w, "text", r.text);
  w.Key("steps");
  w.StartArray();
  for (const ScalingRow::Step& s : r.steps) {
    w.StartObject();
    json::Uint(w, "from", s.from);
    json::Uint(w, "to", s.to);
    json::String(w, "trend", s.trend);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

void WriteAttributionSample(json::Writer& w, const AttributionSample& a) {
  w.StartObject();
  json::Uint(w, "tier_us", a.tier_us);
  json::Uint(w, "concurrency", a.concurrency);
  json::ObjectList(w, "adapters", a.adapters, [](json::Writer& out, const SegmentMedians& s) {
    json::String(out, "adapter", s.adapter);
    json::Double(out, "submit_ns", s.submit_ns);
    json::Double(out, "handoff_ns", s.handoff_ns);
    json::Double(out, "body_ns", s.body_ns);
    json::Double(out, "return_ns", s.return_ns);
    json::Double(out, "drain_ns", s.drain_ns);
    json::Double(out, "end_to_end_ns", s.end_to_end_ns);
    json::Bool(out, "measurable", s.measurable);
    json::String(out, "not_measurable_reason", s.not_measurable_reason);
    json::String(out, "not_measurable_code", s.not_measurable_code);
    json::Bool(out, "from_attribution_units", s.from_attribution_units);
  });
  json::ObjectList(w, "excess", a.excess, [](json::Writer& out, const AttributionExcess& e) {
    json::String(out, "baseline", e.baseline);
    json::Double(out, "total_excess_ns", e.total_excess_ns);
    json::String(out, "largest_segment", e.largest_segment);
    json::Double(out, "largest_segment_excess_ns", e.largest_segment_excess_ns);
    json::String(out, "text", e.text);
  });
  w.EndObject();
}

void WriteUnfavourableGroup(json::Writer& w, const UnfavourableGroup& g) {
  w.StartObject();
  json::String(w, "baseline", g.baseline);
  json::Uint(w, "cells_lost", g.cells_lost);
  json::Double(w, "worst_factor", g.worst_factor);
  json::String(w, "worst_cell", g.worst_cell);
  json::StringList(w, "cells", g.cells);
  w.EndObject();
}

void WriteConclusion(json::Writer& w, const Conclusion& c) {
  w.StartObject();
  json::String(w, "kind", c.kind);
  json::String(w, "text", c.text);
  json::StringList(w, "cells", c.cells);
  WriteMessage(w, "message", c.message);
  w.EndObject();
}

void WriteSemantics(json::Writer& w, const SemanticsDimension& d) {
  w.Key("semantics");
  w.StartObject();
  json::String(w, "status", d.status);
  json::String(w, "reason_code", d.reason_code);
  json::String(w, "reason", d.reason);
  json::Uint(w, "tier_us", d.tier_us);
  json::UintList(w, "concurrencies", d.concurrencies);
  w.Key("items");
  w.StartArray();
  for (const SemanticsItemView& item : d.items) {
    w.StartObject();
    w.Key("item");
    WriteModelSemanticsItem(w, item.record.item);
    json::Bool(w, "priced", item.record.priced);
    json::String(w, "dropped_code", item.record.dropped_code);
    json::String(w, "dropped_reason", item.record.dropped_reason);
    w.Key("check");
    if (item.record.check) {
      WriteModelTimeoutCheck(w, *item.record.check);
    } else {
      w.Null();
    }
    w.Key("costs");
    w.StartArray();
    for (const SemanticsCost& c : item.costs) {
      w.StartObject();
      json::Uint(w, "concurrency", c.concurrency);
      json::String(w, "off_unit", c.off_unit);
      json::String(w, "on_unit", c.on_unit);
      json::Bool(w, "measured", c.measured);
      json::String(w, "reason_code", c.reason_code);
      json::Double(w, "off_median_ns", c.off_median_ns);
      json::Double(w, "on_median_ns", c.on_median_ns);
      json::Double(w, "cost_ns", c.cost_ns);
      json::Double(w, "cost_low_ns", c.cost_low_ns);
      json::Double(w, "cost_high_ns", c.cost_high_ns);
      json::Double(w, "band", c.band);
      json::Double(w, "band_ns", c.band_ns);
      json::String(w, "verdict", c.verdict);
      WriteModelMannWhitney(w, c.test);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
}

void WriteCountPerTask(json::Writer& w, const char* key, const CountPerTask& c) {
  w.Key(key);
  w.StartObject();
  json::Bool(w, "available", c.available);
  json::Uint(w, "total", c.total);
  json::Double(w, "per_task", c.per_task);
  json::String(w, "unavailable_code", c.unavailable_code);
  json::String(w, "unavailable_reason", c.unavailable_reason);
  w.EndObject();
}

void WriteCostRow(json::Writer& w, const CostRow& r) {
  w.StartObject();
  json::String(w, "adapter", r.adapter);
  json::Uint(w, "concurrency", r.concurrency);
  json::String(w, "unit", r.unit);
  json::Bool(w, "ok", r.ok);
  json::String(w, "failure", r.failure);
  json::Uint(w, "tasks", r.tasks);
  WriteCountPerTask(w, "alloc_calls", r.alloc_calls);
  WriteCountPerTask(w, "alloc_bytes", r.alloc_bytes);
  WriteCountPerTask(w, "instructions", r.instructions);
  WriteCountPerTask(w, "cycles", r.cycles);
  WriteCountPerTask(w, "context_switches", r.context_switches);
  WriteCountPerTask(w, "cpu_migrations", r.cpu_migrations);
  if (r.threads_created) {  // absent for units that did not record it
    json::Int(w, "threads_created", *r.threads_created);
    json::Double(w, "threads_created_per_round", r.threads_created_per_round);
  }
  w.EndObject();
}

void WriteColdStart(json::Writer& w, const ColdStart& c) {
  w.StartObject();
  json::String(w, "adapter", c.adapter);
  json::String(w, "unit", c.unit);
  json::Bool(w, "ok", c.ok);
  json::String(w, "failure", c.failure);
  json::Double(w, "setup_ns", c.setup_ns);
  json::Double(w, "first_task_ns", c.first_task_ns);
  WriteCountPerTask(w, "alloc_calls", c.alloc_calls);
  WriteCountPerTask(w, "alloc_bytes", c.alloc_bytes);
  w.EndObject();
}

void WriteCallgrindRow(json::Writer& w, const CallgrindRow& r) {
  w.StartObject();
  json::String(w, "adapter", r.adapter);
  json::Uint(w, "concurrency", r.concurrency);
  json::Uint(w, "tier_us", r.tier_us);
  json::String(w, "unit", r.unit);
  json::Bool(w, "ok", r.ok);
  json::String(w, "failure", r.failure);
  json::Uint(w, "tasks", r.tasks);
  json::Uint(w, "instructions", r.instructions);
  json::Double(w, "instructions_per_task", r.instructions_per_task);
  json::Bool(w, "repeat_available", r.repeat_available);
  json::Uint(w, "repeat_instructions", r.repeat_instructions);
  json::String(w, "repeat_unavailable_reason", r.repeat_unavailable_reason);
  json::Bool(w, "repeats_exactly", r.repeats_exactly);
  json::Double(w, "repeat_difference", r.repeat_difference);
  WriteCountPerTask(w, "cold_start", r.cold_start);
  w.EndObject();
}

void WriteCost(json::Writer& w, const CostOfCode& c) {
  w.Key("cost");
  w.StartObject();
  json::String(w, "status", c.status);
  json::String(w, "reason_code", c.reason_code);
  json::String(w, "workload", c.workload);
  json::Uint(w, "tier_us", c.tier_us);
  json::UintList(w, "concurrencies", c.concurrencies);
  json::List(w, "rows", c.rows, WriteCostRow);
  json::List(w, "cold_start", c.cold_start, WriteColdStart);
  json::String(w, "counters_status", c.counters_status);
  json::String(w, "counters_reason_code", c.counters_reason_code);
  json::String(w, "counters_reason", c.counters_reason);
  json::String(w, "callgrind_status", c.callgrind_status);
  json::String(w, "callgrind_version", c.callgrind_version);
  json::List(w, "callgrind", c.callgrind, WriteCallgrindRow);
  // What the section must say besides its tables (cost.callgrind_times_meaningless).
  json::List(w, "messages", c.messages, [](json::Writer& out, const Message& m) {
    out.StartObject();
    WriteMessage(out, "message", m);
    out.EndObject();
  });
  w.EndObject();
}

void WriteSelfChecks(json::Writer& w, const SelfCheckSummary& s) {
  w.Key("self_checks");
  w.StartObject();
  json::Bool(w, "passed", s.passed);
  json::List(w, "checks", s.checks, WriteModelSelfCheck);
  json::StringList(w, "withheld_units", s.withheld_units);
  json::ObjectList(w, "withheld", s.withheld, [](json::Writer& out, const WithheldUnit& u) {
    json::String(out, "unit", u.unit);
    json::String(out, "reason_code", OverheadWithheldName(u.reason));
    json::Double(out, "overhead_ns", u.overhead_ns);
  });
  w.EndObject();
}

}  // namespace

std::string ReportModelToJson(const ReportModel& m) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  json::String(w, "schema", kReportModelSchemaName);
  // The layout written here is version kReportModelVersion, whatever the struct says.
  assert(m.model_version == kReportModelVersion);
  json::Int(w, "model_version", kReportModelVersion);
  json::String(w, "archive_path", m.archive_path);
  json::String(w, "subject", m.subject);
  json::String(w, "subject_version", m.subject_version);
  json::String(w, "measured_subject", m.measured_subject);
  // The model's own layout of the archive's facts (report_model_json_facts.h).
  WriteModelRun(w, m.run);
  WriteModelEnvironment(w, m.environment);
  WriteModelNoise(w, m.noise);
  WriteModelAdapters(w, m.adapters);
  json::List(w, "units", m.units, WriteUnit);
  json::List(w, "process_units", m.process_units, WriteProcessUnit);
  json::UintList(w, "tiers_us", m.tiers_us);
  json::UintList(w, "concurrencies", m.concurrencies);
  json::List(w, "cells", m.cells, WriteModelCell);
  WriteIndexList(w, "subject_faster", m.subject_faster);
  WriteIndexList(w, "subject_slower", m.subject_slower);
  WriteIndexList(w, "indistinguishable", m.indistinguishable);
  WriteIndexList(w, "floor_cells", m.floor_cells);
  json::Double(w, "harness_floor_ns", m.harness_floor_ns);
  json::Uint(w, "harness_floor_processes", m.harness_floor_processes);
  WriteIndexList(w, "within_harness_floor", m.within_harness_floor);
  w.Key("verdict_method");
  w.StartObject();
  json::String(w, "kind", "two_level_bootstrap");
  json::Double(w, "threshold", m.verdict_threshold);
  json::Double(w, "confidence", m.verdict_confidence);
  // A side's level: the mean of its process medians after cutting this share from each end.
  json::Double(w, "level_trim", m.verdict_level_trim);
  json::Int(w, "resamples", m.verdict_resamples);
  // A string: the reader needs the exact 64 bits, and JSON numbers are doubles to many.
  json::String(w, "seed", absl::StrFormat("%#x", m.verdict_seed));
  w.EndObject();
  json::List(w, "unmeasured", m.unmeasured, WriteModelUnmeasured);
  json::List(w, "detectable", m.detectable, WriteModelDetectable);
  json::Double(w, "band_min", m.band_min);
  json::Double(w, "band_max", m.band_max);
  json::Double(w, "share_threshold", m.share_threshold);
  json::List(w, "share_thresholds", m.share_thresholds, WriteShareThreshold);
  json::List(w, "crossovers", m.crossovers, WriteCrossover);
  json::List(w, "scaling", m.scaling, WriteScalingRow);
  json::List(w, "attribution", m.attribution, WriteAttributionSample);
  json::List(w, "unfavourable", m.unfavourable, WriteUnfavourableGroup);
  json::List(w, "conclusions", m.conclusions, WriteConclusion);
  json::List(w, "rankings", m.rankings, WriteRanking);
  json::List(w, "picks", m.picks, WritePickRow);
  WriteSemantics(w, m.semantics);
  WriteCost(w, m.cost);
  WriteModelScenarios(w, m.scenarios);
  WriteModelNativeLine(w, m.native_line);
  WriteModelLayers(w, m.layers);
  WriteModelMachineNoise(w, m.machine_noise);
  WriteSelfChecks(w, m.self_checks);
  w.EndObject();
  assert(w.IsComplete());
  return std::string(buf.GetString(), buf.GetSize());
}

}  // namespace zoo
