#include "core/model/report_model_json_facts.h"

#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "core/archive/machine_state_json.h"
#include "core/base/message.h"
#include "core/plugin/plugin_text.h"

namespace zoo {
namespace {

// One JSON object, written member by member; the object closes when it goes out of scope.
class Members {
 public:
  // `key` null: a bare object (an array element).
  Members(json::Writer& w, const char* key) : w_(w) {
    if (key != nullptr) w_.Key(key);
    w_.StartObject();
  }
  ~Members() { w_.EndObject(); }
  Members(const Members&) = delete;
  Members& operator=(const Members&) = delete;

  Members& Text(const char* key, std::string_view v) { return Put(json::String, key, v); }
  Members& Real(const char* key, double v) { return Put(json::Double, key, v); }
  Members& Count(const char* key, uint64_t v) { return Put(json::Uint, key, v); }
  Members& Signed(const char* key, int64_t v) { return Put(json::Int, key, v); }
  Members& Flag(const char* key, bool v) { return Put(json::Bool, key, v); }
  Members& Maybe(const char* key, const std::optional<double>& v) {
    return Real(key, v.value_or(std::nan("")));
  }
  Members& Counts(const char* key, const std::vector<uint32_t>& xs) {
    w_.Key(key);
    w_.StartArray();
    for (uint32_t x : xs) w_.Uint(x);
    w_.EndArray();
    return *this;
  }
  Members& Texts(const char* key, const std::vector<std::string>& xs) {
    w_.Key(key);
    w_.StartArray();
    for (const std::string& x : xs) w_.String(x.data(), static_cast<rapidjson::SizeType>(x.size()));
    w_.EndArray();
    return *this;
  }
 private:
  template <typename F, typename V>
  Members& Put(F write, const char* key, const V& v) {
    write(w_, key, v);
    return *this;
  }
  json::Writer& w_;
};

void WriteModelMatrix(json::Writer& w, const Matrix& m) {
  Members(w, "matrix")
      .Texts("adapters", m.adapters)
      .Text("subject", m.subject)
      .Counts("concurrency", m.concurrencies)
      .Counts("tiers_us", m.tiers_us)
      .Count("warmup_rounds", m.warmup_rounds)
      .Count("measured_rounds", m.measured_rounds)
      .Text("workload", m.workload)
      .Real("unit_timeout_s", m.unit_timeout_s)
      .Count("processes", m.processes)
      .Real("cell_budget_s", m.cell_budget_s);
}

void WriteModelCalibration(json::Writer& w, const RunCalibration& c) {
  Members run(w, "calibration");
  run.Text("status", c.status).Text("workload", c.workload).Count("processes", c.processes);
  w.Key("tiers");
  w.StartArray();
  for (const TierCalibration& t : c.tiers) {
    Members tier(w, nullptr);
    tier.Count("tier_us", t.tier_us).Count("repetitions", t.repetitions);
    w.Key("processes");
    w.StartArray();
    for (const TierCalibration::Process& p : t.processes) {
      Members(w, nullptr)
          .Signed("pid", p.pid)
          .Count("repetitions", p.repetitions)
          .Real("ns_per_repetition", p.ns_per_repetition)
          .Signed("calibration_ns", p.calibration_ns);
    }
    w.EndArray();
  }
  w.EndArray();
}

// The warnings (`warnings` true) or the other conditions, as a list under `key`.
void WriteModelConditions(json::Writer& w, const char* key, const NoiseRecord& noise,
                          bool warnings) {
  w.Key(key);
  w.StartArray();
  for (const NoiseCondition& c : noise.conditions) {
    if (c.warning() != warnings) continue;
    Members condition(w, nullptr);
    condition.Text("code", c.code).Text("state", c.state).Text("observed", c.observed);
    condition.Text("detail", c.detail);
    WriteMessage(w, "message", c.message);
  }
  w.EndArray();
}

void WriteModelSummary(json::Writer& w, const char* key, const Summary& s) {
  Members(w, key)
      .Count("n", s.n)
      .Real("median", s.median)
      .Real("mean", s.mean)
      .Real("min", s.min)
      .Real("max", s.max)
      .Real("stdev", s.stdev)
      .Real("iqr", s.iqr)
      .Real("p50", s.p50)
      .Real("p95", s.p95)
      .Real("p99", s.p99)
      .Real("relative_spread", s.relative_spread);
}

}  // namespace

void WriteModelRun(json::Writer& w, const RunRecord& r) {
  Members run(w, "run");
  run.Text("started_utc", r.started_utc).Text("finished_utc", r.finished_utc);
  run.Real("wall_s", r.wall_s).Text("status", RunStatusName(r.status)).Text("command", r.command);
  run.Flag("quick", r.quick).Text("quick_description", r.quick_description);
  run.Text("note", r.note);
  run.Count("units_planned", r.units_planned).Count("units_measured", r.units_measured);
  run.Count("units_failed", r.units_failed);
  WriteModelMatrix(w, r.matrix);
  run.Text("instrument", RunInstrumentName(r.instrument)).Text("instrument_version", r.instrument_version);
  WriteModelCalibration(w, r.calibration);
}

void WriteModelEnvironment(json::Writer& w, const SystemInfo& e) {
  Members env(w, "environment");
  env.Text("cpu_model", e.cpu_model)
      .Count("logical_cores", e.logical_cores)
      .Text("os", e.os)
      .Text("kernel", e.kernel)
      .Text("machine", e.machine)
      .Text("hostname", e.hostname)
      .Text("compiler", e.compiler)
      .Text("compiler_flags", e.compiler_flags)
      .Text("build_type", e.build_type)
      .Text("sanitizers", e.sanitizers)
      .Text("zoo_host_version", e.zoo_host_version)
      .Text("git_commit", e.git_commit);
  // Caches, clock, load and the round trips as the archive has them, only where it has them
  // (the gbench export's context reads the first three, the machine table the round trips).
  WriteMachineState(w, e);
}

void WriteModelNoise(json::Writer& w, const NoiseRecord& noise) {
  Members model(w, "noise");
  model.Flag("recorded", noise.recorded);
  WriteModelConditions(w, "warnings", noise, true);
  WriteModelConditions(w, "checked", noise, false);
}

void WriteModelSelfCheck(json::Writer& w, const SelfCheck& c) {
  Members check(w, nullptr);
  check.Text("name", c.name).Flag("passed", c.passed).Text("detail", c.detail);
  WriteMessage(w, "message", c.message);
}

void WriteModelAdapters(json::Writer& w, const std::vector<AdapterRecord>& adapters) {
  w.Key("adapters");
  w.StartArray();
  for (const AdapterRecord& rec : adapters) {
    const AdapterDescriptor& d = rec.descriptor;
    Members adapter(w, nullptr);
    adapter.Text("name", d.name).Text("version", d.version).Text("description", d.description);
    adapter.Text("kind", d.kind).Text("caliber_notes", d.caliber_notes);
    adapter.Text("drive_level", d.drive_level);
    adapter.Text("abi", absl::StrCat(d.abi_major, ".", d.abi_minor)).Text("file", d.file);
    adapter.Text("sha256", rec.sha256);
    if (rec.build) {  // absent in archives from before builds were read
      Members build(w, "build");
      build.Text("compiler", rec.build->compiler)
          .Text("producer", rec.build->producer)
          .Text("optimization", rec.build->optimization)
          .Flag("unoptimized", rec.build->Unoptimized())
          .Texts("sanitizers", rec.build->sanitizers);
      // What the plugin declared (zoo/ext/build.h), only where it declared it.
      if (rec.build->declared_optimized) {
        build.Flag("declared_optimized", *rec.build->declared_optimized);
      }
      if (rec.build->declared_assertions) {
        build.Flag("declared_assertions", *rec.build->declared_assertions);
      }
    }
    Members(w, "gate").Flag("passed", rec.gate_passed).Text("reason", rec.gate_reason);
    WritePluginText(w, d.text);  // the plugin's texts in other languages (zoo.text/1)
  }
  w.EndArray();
}

void WriteModelUnitStats(json::Writer& w, const UnitStats& s) {
  Members stats(w, "stats");
  WriteModelSummary(w, "end_to_end_ns", s.end_to_end_ns);
  WriteModelSummary(w, "body_ns", s.body_ns);
  WriteModelSummary(w, "round_wall_ns", s.round_wall_ns);
  stats.Real("throughput_per_s", s.throughput_per_s);
  stats.Maybe("overhead_ns", s.overhead_ns).Maybe("overhead_share", s.overhead_share);
  stats.Text("overhead_withheld", s.overhead_withheld);
  WriteModelSummary(w, "submit_ns", s.submit_ns);
  WriteModelSummary(w, "handoff_ns", s.handoff_ns);
  WriteModelSummary(w, "return_ns", s.return_ns);
  stats.Maybe("body_deviation", s.body_deviation);
}

void WriteModelSemanticsItem(json::Writer& w, const SemanticsItem& item) {
  Members(w, nullptr)
      .Text("name", item.name)
      .Text("layer", item.layer)
      .Text("description", item.description)
      .Flag("has_clean_off", item.has_clean_off)
      .Text("off_state", item.off_state)
      .Text("value_unit", item.value_unit)
      .Signed("default_value", item.default_value)
      .Text("check", item.check);
}

void WriteModelTimeoutCheck(json::Writer& w, const TimeoutCheck& c) {
  Members(w, nullptr)
      .Text("item", c.item)
      .Flag("passed", c.passed)
      .Signed("timeout_ns", c.timeout_ns)
      .Signed("body_ns", c.body_ns)
      .Signed("left_in_flight_ns", c.left_in_flight_ns)
      .Signed("body_end_ns", c.body_end_ns)
      .Text("detail", c.detail);
}

}  // namespace zoo
