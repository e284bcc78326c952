#include "core/archive/unit_json.h"

#include <cmath>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/archive/unit_counts_json.h"
#include "core/archive/unit_timing_json.h"
#include "core/base/absl_view.h"

namespace zoo {
namespace {

// Bound on a round's times (wall_ns, each task's from its start): 2^53 ns, 104 days, exact as a
// double, so differences and sums cannot overflow (a task of INT64_MIN did, found by fuzzing).
constexpr int64_t kMaxRoundTimeNs = int64_t{1} << 53;
bool IsRoundTime(int64_t ns) { return ns >= -kMaxRoundTimeNs && ns <= kMaxRoundTimeNs; }

void WriteCalibration(json::Writer& w, const Calibration& c) {
  w.Key("calibration");
  w.StartObject();
  json::String(w, "workload", c.workload);
  json::Int(w, "target_ns", c.target_ns);
  json::Uint(w, "repetitions", c.repetitions);
  json::Double(w, "ns_per_repetition", c.ns_per_repetition);
  json::Int(w, "calibration_ns", c.calibration_ns);
  json::Uint(w, "checksum", c.checksum);
  w.EndObject();
}

absl::StatusOr<Calibration> ReadCalibration(const rapidjson::Value& v, std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, "calibration", where));
  const std::string at = absl::StrCat(Sv(where), " calibration");
  Calibration c;
  ZOO_ASSIGN_OR_RETURN(c.workload, json::GetString(*m, "workload", at));
  ZOO_ASSIGN_OR_RETURN(c.target_ns, json::GetInt(*m, "target_ns", at));
  ZOO_ASSIGN_OR_RETURN(c.repetitions, json::GetUint(*m, "repetitions", at));
  ZOO_ASSIGN_OR_RETURN(c.ns_per_repetition, json::GetDouble(*m, "ns_per_repetition", at));
  ZOO_ASSIGN_OR_RETURN(c.calibration_ns, json::GetInt(*m, "calibration_ns", at));
  ZOO_ASSIGN_OR_RETURN(c.checksum, json::GetUint(*m, "checksum", at));
  return c;
}

void WriteOptionalDouble(json::Writer& w, const char* key, const std::optional<double>& v) {
  json::Double(w, key, v.value_or(std::nan("")));
}

std::optional<double> AsOptional(double v) {
  return std::isnan(v) ? std::nullopt : std::optional<double>(v);
}

// A scenario unit's scenario, pool size and options (units archived before them have none).
absl::Status ReadScenarioFields(const rapidjson::Value& v, std::string_view where, UnitSpec& s) {
  if (v.HasMember("scenario")) {
    std::string name;
    ZOO_ASSIGN_OR_RETURN(name, json::GetString(v, "scenario", where));
    const std::optional<Scenario> scenario = ParseScenario(name);
    if (!scenario) {
      return absl::InvalidArgumentError(absl::StrCat(
          Sv(where), ": scenario must be roundtrip, continuation, burst_bounded, "
                     "burst_unbounded or workers, not \"", name, "\""));
    }
    s.scenario = *scenario;
  }
  if (v.HasMember("workers")) {
    uint64_t n = 0;
    ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "workers", where));
    s.workers = static_cast<uint32_t>(n);
  }
  if (v.HasMember("options")) {
    ZOO_ASSIGN_OR_RETURN(s.options, json::GetString(v, "options", where));
  }
  return absl::OkStatus();
}

// The measured rounds of a unit result, each with its tasks' six numbers.
absl::Status ReadRounds(const rapidjson::Value& m, std::string_view where,
                        std::vector<RoundSample>& rounds) {
  if (!m.IsArray()) return absl::InvalidArgumentError(absl::StrCat(Sv(where), ": rounds must be a list"));
  for (rapidjson::SizeType i = 0; i < m.Size(); ++i) {
    const rapidjson::Value& r = m[i];
    const std::string at = absl::StrCat(Sv(where), " round ", i);
    RoundSample round;
    ZOO_ASSIGN_OR_RETURN(round.start_ns, json::GetInt(r, "start_ns", at));
    ZOO_ASSIGN_OR_RETURN(round.wall_ns, json::GetInt(r, "wall_ns", at));
    if (!IsRoundTime(round.wall_ns)) {
      return absl::InvalidArgumentError(absl::StrCat(at, ": wall_ns is out of range"));
    }
    if (r.HasMember("cpu_ns")) {  // absent in archives before it
      ZOO_ASSIGN_OR_RETURN(round.cpu_ns, json::GetInt(r, "cpu_ns", at));
      if (round.cpu_ns < 0 || !IsRoundTime(round.cpu_ns)) {
        return absl::InvalidArgumentError(absl::StrCat(at, ": cpu_ns is out of range"));
      }
    }
    const rapidjson::Value* tasks;
    ZOO_ASSIGN_OR_RETURN(tasks, json::Member(r, "tasks", at));
    if (!tasks->IsArray()) return absl::InvalidArgumentError(absl::StrCat(at, ": tasks must be a list"));
    for (const rapidjson::Value& t : tasks->GetArray()) {
      if (!t.IsArray() || t.Size() != 6) {
        return absl::InvalidArgumentError(
            absl::StrCat(at, ": each task must be a list of 6 whole numbers"));
      }
      for (const rapidjson::Value& x : t.GetArray()) {
        if (!x.IsInt64()) {
          return absl::InvalidArgumentError(
              absl::StrCat(at, ": each task must be a list of 6 whole numbers"));
        }
      }
      for (rapidjson::SizeType k = 0; k < 5; ++k) {
        if (!IsRoundTime(t[k].GetInt64())) {
          return absl::InvalidArgumentError(absl::StrCat(at, ": a task's time is out of range"));
        }
      }
      round.tasks.push_back(TaskSample{t[0].GetInt64(), t[1].GetInt64(), t[2].GetInt64(),
                                       t[3].GetInt64(), t[4].GetInt64(),
                                       static_cast<int32_t>(t[5].GetInt64())});
    }
    rounds.push_back(std::move(round));
  }
  return absl::OkStatus();
}

}  // namespace

void WriteUnitSpec(json::Writer& w, const UnitSpec& s) {
  w.StartObject();
  json::String(w, "adapter", s.adapter);
  json::String(w, "plugin_file", s.plugin_file);
  json::Uint(w, "tier_us", s.tier_us);
  json::Uint(w, "concurrency", s.concurrency);
  json::Uint(w, "warmup_rounds", s.warmup_rounds);
  json::Uint(w, "measured_rounds", s.measured_rounds);
  json::String(w, "workload", s.workload);
  json::String(w, "semantics", s.semantics);
  json::Int(w, "semantics_value", s.semantics_value);
  json::String(w, "instrument", InstrumentName(s.kind));
  json::Uint(w, "process", s.process);
  json::Uint(w, "repetitions", s.repetitions);
  json::Uint(w, "logical_cores", s.logical_cores);
  // Only where they are not the defaults: a matrix unit's record reads as before ABI 1.1.
  if (s.scenario != Scenario::kNone) json::String(w, "scenario", ScenarioName(s.scenario));
  if (s.workers != 0) json::Uint(w, "workers", s.workers);
  if (!s.options.empty()) json::String(w, "options", s.options);
  if (*PurposeName(s.kind) != '\0') json::String(w, "purpose", PurposeName(s.kind));
  if (s.clock != ClockKind::kMonotonic) json::String(w, "clock", ClockKindName(s.clock));
  if (s.seed != 0) json::Uint(w, "seed", s.seed);  // modbus_rtu's frames
  w.EndObject();
}

absl::StatusOr<UnitSpec> ReadUnitSpec(const rapidjson::Value& v, std::string_view where) {
  UnitSpec s;
  uint64_t n;
  ZOO_ASSIGN_OR_RETURN(s.adapter, json::GetString(v, "adapter", where));
  ZOO_ASSIGN_OR_RETURN(s.plugin_file, json::GetString(v, "plugin_file", where));
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "tier_us", where));
  s.tier_us = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "concurrency", where));
  s.concurrency = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "warmup_rounds", where));
  s.warmup_rounds = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "measured_rounds", where));
  s.measured_rounds = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(s.workload, json::GetString(v, "workload", where));
  // Units archived before the semantics dimension belong to the main matrix.
  if (v.HasMember("semantics")) {
    ZOO_ASSIGN_OR_RETURN(s.semantics, json::GetString(v, "semantics", where));
    ZOO_ASSIGN_OR_RETURN(s.semantics_value, json::GetInt(v, "semantics_value", where));
  }
  // Units archived before instrumented units were timed units.
  std::string instrument;
  if (v.HasMember("instrument")) {
    ZOO_ASSIGN_OR_RETURN(instrument, json::GetString(v, "instrument", where));
  }
  // Units archived before the subject's repeated processes were each its cell's only one.
  if (v.HasMember("process")) {
    ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "process", where));
    s.process = static_cast<uint32_t>(n);
  }
  // Units archived before the run-wide calibration calibrated in their own process.
  if (v.HasMember("repetitions")) {
    ZOO_ASSIGN_OR_RETURN(s.repetitions, json::GetUint(v, "repetitions", where));
  }
  // Units archived before the parent told them its core count counted their own.
  if (v.HasMember("logical_cores")) {
    ZOO_ASSIGN_OR_RETURN(n, json::GetUint(v, "logical_cores", where));
    s.logical_cores = static_cast<uint32_t>(n);
  }
  if (absl::Status scenario = ReadScenarioFields(v, where, s); !scenario.ok()) return scenario;
  // Units archived before attribution and floor units have no purpose.
  std::string purpose;
  if (v.HasMember("purpose")) ZOO_ASSIGN_OR_RETURN(purpose, json::GetString(v, "purpose", where));
  const std::optional<UnitKind> kind =
      ParseUnitKind(instrument, s.semantics, ScenarioName(s.scenario), purpose);
  if (!kind) {
    return absl::InvalidArgumentError(absl::StrCat(
        Sv(where), ": instrument must be \"\", \"counters\" or \"callgrind\" and purpose "
                   "attribution, floor, native or layer (layer alone with an instrument), not \"",
        instrument, "\" and \"", purpose, "\""));
  }
  if (absl::Status clock = ReadSpecClock(v, where, s); !clock.ok()) return clock;
  if (v.HasMember("seed")) ZOO_ASSIGN_OR_RETURN(s.seed, json::GetUint(v, "seed", where));
  s.kind = *kind;
  if (s.concurrency == 0 || s.measured_rounds == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(Sv(where), ": concurrency and measured_rounds must be positive"));
  }
  return s;
}

std::string UnitSpecToJson(const UnitSpec& spec) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  WriteUnitSpec(w, spec);
  return buf.GetString();
}

absl::StatusOr<UnitSpec> UnitSpecFromJson(std::string_view text) {
  absl::StatusOr<rapidjson::Document> doc = json::ParseAnswer(text, "the unit spec");
  if (!doc.ok()) return doc.status();
  return ReadUnitSpec(*doc, "the unit spec");
}

void WriteUnitResultMembers(json::Writer& w, const UnitResult& u) {
  w.Key("spec");
  WriteUnitSpec(w, u.spec);
  json::String(w, "status", u.ok ? "ok" : "failed");
  json::String(w, "failure", u.failure);
  json::Int(w, "pid", u.pid);
  json::Uint(w, "process_start_ticks", u.process_start_ticks);
  WriteCalibration(w, u.calibration);
  json::Int(w, "setup_ns", u.setup_ns);
  json::Int(w, "teardown_ns", u.teardown_ns);
  json::Uint(w, "checksum", u.checksum);
  json::String(w, "output_tail", u.output_tail);
  json::Int(w, "bodies_on_calling_thread", u.bodies_on_calling_thread);
  json::Int(w, "threads_created", u.threads_created);
  json::Int(w, "threads_left", u.threads_left);
  json::Int(w, "processes_left", u.processes_left);
  if (u.counts) WriteCounts(w, *u.counts);
  WriteUnitTiming(w, u);
  w.Key("rounds");
  w.StartArray();
  for (const RoundSample& r : u.rounds) {
    w.StartObject();
    json::Int(w, "start_ns", r.start_ns);
    json::Int(w, "wall_ns", r.wall_ns);
    if (r.cpu_ns >= 0) json::Int(w, "cpu_ns", r.cpu_ns);  // absent: not recorded
    w.Key("tasks");
    w.StartArray();
    for (const TaskSample& t : r.tasks) {
      w.StartArray();
      w.Int64(t.submit_call_ns);
      w.Int64(t.submit_return_ns);
      w.Int64(t.body_start_ns);
      w.Int64(t.body_end_ns);
      w.Int64(t.completed_ns);
      w.Int(t.executor_pid);
      w.EndArray();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
}

absl::StatusOr<UnitResult> ReadUnitResult(const rapidjson::Value& v, std::string_view where) {
  UnitResult u;
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, "spec", where));
  ZOO_ASSIGN_OR_RETURN(u.spec, ReadUnitSpec(*m, absl::StrCat(Sv(where), " spec")));
  std::string status;
  ZOO_ASSIGN_OR_RETURN(status, json::GetString(v, "status", where));
  if (status != "ok" && status != "failed") {
    return absl::InvalidArgumentError(
        absl::StrCat(Sv(where), ": status must be \"ok\" or \"failed\", not \"", status, "\""));
  }
  u.ok = status == "ok";
  ZOO_ASSIGN_OR_RETURN(u.failure, json::GetString(v, "failure", where));
  int64_t pid;
  ZOO_ASSIGN_OR_RETURN(pid, json::GetInt(v, "pid", where));
  u.pid = static_cast<int32_t>(pid);
  if (v.HasMember("process_start_ticks")) {  // 0 in archives before it
    ZOO_ASSIGN_OR_RETURN(u.process_start_ticks,
                         json::GetUint(v, "process_start_ticks", where));
  }
  ZOO_ASSIGN_OR_RETURN(u.calibration, ReadCalibration(v, where));
  ZOO_ASSIGN_OR_RETURN(u.setup_ns, json::GetInt(v, "setup_ns", where));
  ZOO_ASSIGN_OR_RETURN(u.teardown_ns, json::GetInt(v, "teardown_ns", where));
  ZOO_ASSIGN_OR_RETURN(u.checksum, json::GetUint(v, "checksum", where));
  ZOO_ASSIGN_OR_RETURN(u.output_tail, json::GetString(v, "output_tail", where));
  // -1 in archives before them.
  for (const auto& [key, field] : {std::pair{"bodies_on_calling_thread", &u.bodies_on_calling_thread},
                                   std::pair{"threads_created", &u.threads_created},
                                   std::pair{"threads_left", &u.threads_left},
                                   std::pair{"processes_left", &u.processes_left}}) {
    if (v.HasMember(key)) ZOO_ASSIGN_OR_RETURN(*field, json::GetInt(v, key, where));
  }
  if (v.HasMember("counts")) {
    ZOO_ASSIGN_OR_RETURN(u.counts, ReadCounts(v, where));
  }
  if (absl::Status timing = ReadUnitTiming(v, where, u); !timing.ok()) return timing;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, "rounds", where));
  if (absl::Status rounds = ReadRounds(*m, where, u.rounds); !rounds.ok()) return rounds;
  return u;
}

std::string CalibrationToJson(const Calibration& calibration) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  WriteCalibration(w, calibration);
  w.EndObject();
  return buf.GetString();
}

absl::StatusOr<Calibration> CalibrationFromJson(std::string_view text) {
  absl::StatusOr<rapidjson::Document> doc = json::ParseAnswer(text, "the calibration");
  if (!doc.ok()) return doc.status();
  return ReadCalibration(*doc, "the calibration");
}

std::string UnitResultToJson(const UnitResult& unit) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  WriteUnitResultMembers(w, unit);
  w.EndObject();
  return buf.GetString();
}

absl::StatusOr<UnitResult> UnitResultFromJson(std::string_view text) {
  absl::StatusOr<rapidjson::Document> doc = json::ParseAnswer(text, "the unit result");
  if (!doc.ok()) return doc.status();
  return ReadUnitResult(*doc, "the unit result");
}

void WriteSummary(json::Writer& w, const char* key, const Summary& s) {
  w.Key(key);
  w.StartObject();
  json::Uint(w, "n", s.n);
  json::Double(w, "median", s.median);
  json::Double(w, "mean", s.mean);
  json::Double(w, "min", s.min);
  json::Double(w, "max", s.max);
  json::Double(w, "stdev", s.stdev);
  json::Double(w, "iqr", s.iqr);
  json::Double(w, "p50", s.p50);
  json::Double(w, "p95", s.p95);
  json::Double(w, "p99", s.p99);
  json::Double(w, "relative_spread", s.relative_spread);
  w.EndObject();
}

absl::StatusOr<Summary> ReadSummary(const rapidjson::Value& v, const char* key,
                                    std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, key, where));
  const std::string at = absl::StrCat(Sv(where), " ", key);
  Summary s;
  uint64_t n;
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(*m, "n", at));
  s.n = static_cast<size_t>(n);
  ZOO_ASSIGN_OR_RETURN(s.median, json::GetDouble(*m, "median", at));
  ZOO_ASSIGN_OR_RETURN(s.mean, json::GetDouble(*m, "mean", at));
  ZOO_ASSIGN_OR_RETURN(s.min, json::GetDouble(*m, "min", at));
  ZOO_ASSIGN_OR_RETURN(s.max, json::GetDouble(*m, "max", at));
  ZOO_ASSIGN_OR_RETURN(s.stdev, json::GetDouble(*m, "stdev", at));
  ZOO_ASSIGN_OR_RETURN(s.iqr, json::GetDouble(*m, "iqr", at));
  ZOO_ASSIGN_OR_RETURN(s.p50, json::GetDouble(*m, "p50", at));
  ZOO_ASSIGN_OR_RETURN(s.p95, json::GetDouble(*m, "p95", at));
  ZOO_ASSIGN_OR_RETURN(s.p99, json::GetDouble(*m, "p99", at));
  ZOO_ASSIGN_OR_RETURN(s.relative_spread, json::GetDouble(*m, "relative_spread", at));
  return s;
}

void WriteUnitStats(json::Writer& w, const char* key, const UnitStats& s) {
  w.Key(key);
  w.StartObject();
  WriteSummary(w, "end_to_end_ns", s.end_to_end_ns);
  WriteSummary(w, "body_ns", s.body_ns);
  WriteSummary(w, "round_wall_ns", s.round_wall_ns);
  json::Double(w, "throughput_per_s", s.throughput_per_s);
  WriteOptionalDouble(w, "overhead_ns", s.overhead_ns);
  WriteOptionalDouble(w, "overhead_share", s.overhead_share);
  json::String(w, "overhead_withheld", s.overhead_withheld);
  WriteSummary(w, "submit_ns", s.submit_ns);
  WriteSummary(w, "handoff_ns", s.handoff_ns);
  WriteSummary(w, "return_ns", s.return_ns);
  WriteOptionalDouble(w, "body_deviation", s.body_deviation);
  // Only where rounds recorded the CPU clock, so an archive without it reads as before.
  if (s.cpu_per_task_ns.n > 0) WriteSummary(w, "cpu_per_task_ns", s.cpu_per_task_ns);
  w.EndObject();
}

absl::StatusOr<UnitStats> ReadUnitStats(const rapidjson::Value& v, const char* key,
                                        std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, key, where));
  const std::string at = absl::StrCat(Sv(where), " ", key);
  UnitStats s;
  double d;
  ZOO_ASSIGN_OR_RETURN(s.end_to_end_ns, ReadSummary(*m, "end_to_end_ns", at));
  ZOO_ASSIGN_OR_RETURN(s.body_ns, ReadSummary(*m, "body_ns", at));
  ZOO_ASSIGN_OR_RETURN(s.round_wall_ns, ReadSummary(*m, "round_wall_ns", at));
  ZOO_ASSIGN_OR_RETURN(s.throughput_per_s, json::GetDouble(*m, "throughput_per_s", at));
  ZOO_ASSIGN_OR_RETURN(d, json::GetDouble(*m, "overhead_ns", at));
  s.overhead_ns = AsOptional(d);
  ZOO_ASSIGN_OR_RETURN(d, json::GetDouble(*m, "overhead_share", at));
  s.overhead_share = AsOptional(d);
  ZOO_ASSIGN_OR_RETURN(s.overhead_withheld, json::GetString(*m, "overhead_withheld", at));
  ZOO_ASSIGN_OR_RETURN(s.submit_ns, ReadSummary(*m, "submit_ns", at));
  ZOO_ASSIGN_OR_RETURN(s.handoff_ns, ReadSummary(*m, "handoff_ns", at));
  ZOO_ASSIGN_OR_RETURN(s.return_ns, ReadSummary(*m, "return_ns", at));
  ZOO_ASSIGN_OR_RETURN(d, json::GetDouble(*m, "body_deviation", at));
  s.body_deviation = AsOptional(d);
  // Absent: no round recorded it, the summary of nothing (n = 0, NaN figures).
  s.cpu_per_task_ns = Summarize({});
  if (m->HasMember("cpu_per_task_ns")) {
    ZOO_ASSIGN_OR_RETURN(s.cpu_per_task_ns, ReadSummary(*m, "cpu_per_task_ns", at));
  }
  return s;
}

}  // namespace zoo
