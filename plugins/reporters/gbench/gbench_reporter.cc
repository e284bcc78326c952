// The "gbench" reporter: gbench.json in Google Benchmark's JSON layout ("context" and
// "benchmarks"), so that the tools that read Google Benchmark output read a zoo-host run,
// compare.py with its Mann-Whitney U test among them.
//
// A repetition is one process. design.md section 3 item 11: a process's memory layout, core
// placement and cache luck set a level for all its rounds, so rounds of one process are not
// independent samples, and a U test over rounds would overstate its certainty as the verdicts
// refuse to. Each measured unit (a cell of one adapter, pooled over its processes) is written
// as Google Benchmark writes a benchmark run with --benchmark_repetitions:
//   one "iteration" entry per pooled process (repetition_index in the model's process order):
//     name        "<adapter>/c<concurrency>/<tier>us" (the unit id; "[item]" for semantics
//                 units); a unit of the no-op workload (the cost-of-code counting units)
//                 ends in "/noop" instead, since its body has no duration
//     iterations  tasks that process measured (rounds x concurrency)
//     real_time   that process's median per-task end-to-end, ns, copied from the model
//     cpu_time    that process's median per-task CPU time (its CPU clock, every thread, read
//                 around each round: CPU time of bodies run in other processes is not in it),
//                 copied from the model; where the archive has none (archives before it, the
//                 counting units, which do not read the clock), real_time again, never body
//                 self-time; "label" says which
//     user counters  a counting unit's cost per task (alloc_calls_per_task, ...), only the
//                 counts that were taken, from the model's cost section
//   then, for two or more processes, the aggregates Google Benchmark writes ("_mean",
//   "_median", "_stddev", "_cv"; run_type "aggregate"), over those repetitions
//   (gbench_statistics.h).
// Failed units, and the processes a unit left out, are not written (Google Benchmark has no
// failed runs). "context" is filled from the archive's machine record.
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "plugins/reporters/common/cost_cells.h"
#include "plugins/reporters/common/reporter_plugin.h"
#include "plugins/reporters/gbench/gbench_statistics.h"
#include "rapidjson/prettywriter.h"
#include "rapidjson/stringbuffer.h"

namespace zoo::report {
namespace {

using Writer = rapidjson::PrettyWriter<rapidjson::StringBuffer>;

constexpr const char* kLabelCpu =
    "real_time: median per-task end-to-end of one process (a repetition is one process); "
    "cpu_time: median per-task CPU time of that process, every thread, read around each round "
    "(bodies run in other processes are not in it; threads that spin on another CPU count "
    "only up to their last scheduler tick)";
constexpr const char* kLabelNoCpu =
    "real_time: median per-task end-to-end of one process (a repetition is one process); "
    "cpu_time = real_time: the archive recorded no CPU time for this unit (archives before "
    "zoo-host read the CPU clock, and counting units, which do not read it)";

void Field(Writer& w, const char* key, std::string_view value) {
  w.Key(key);
  w.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
}

void Number(Writer& w, const char* key, double value) {
  w.Key(key);
  w.Double(value);
}

// One process of a pooled unit, as a repetition.
struct Repetition {
  uint64_t iterations = 0;
  double real_time_ns = 0;
  double cpu_time_ns = NAN;  // NaN: not recorded
};

// Whether every repetition carries its CPU time; else each one's cpu_time is its real_time.
bool HasCpuTime(const std::vector<Repetition>& repetitions) {
  for (const Repetition& r : repetitions) {
    if (!std::isfinite(r.cpu_time_ns)) return false;
  }
  return !repetitions.empty();
}

// The user counters of one unit: name -> per-task value.
using Counters = std::map<std::string, double>;

// The per-task counts of the cost section, keyed by the id of the unit that counted them: a
// counting unit's counts that were taken, and a callgrind unit's instructions.
std::map<std::string, Counters, std::less<>> CountersByUnit(const rapidjson::Value& cost) {
  std::map<std::string, Counters, std::less<>> out;
  for (const rapidjson::Value& row : ArrayOf(cost, "rows").GetArray()) {
    if (!BoolOf(row, "ok")) continue;
    Counters& counters = out[std::string(StringOf(row, "unit"))];
    for (const CostCount& c : kCostCounts) {
      const rapidjson::Value* count = MemberOf(row, c.field);
      if (count == nullptr || !BoolOf(*count, "available")) continue;
      counters[absl::StrCat(c.field, "_per_task")] = NumberOf(*count, "per_task");
    }
  }
  if (StringOf(cost, "callgrind_status") == "measured") {
    for (const rapidjson::Value& row : ArrayOf(cost, "callgrind").GetArray()) {
      if (!BoolOf(row, "ok")) continue;
      out[std::string(StringOf(row, "unit"))]["instructions_per_task"] =
          NumberOf(row, "instructions_per_task");
    }
  }
  return out;
}

// The repetitions of a pooled unit, in the order of its pooled processes: the process units
// of the same adapter, semantics, instrument, concurrency and tier. The pooled view carries
// the id of its first process (report_model.h), which names the instrument.
std::vector<Repetition> RepetitionsOf(const ModelDocument& model, const rapidjson::Value& unit) {
  const rapidjson::Value& processes = ArrayOf(model.root(), "process_units");
  std::string_view instrument;
  for (const rapidjson::Value& p : processes.GetArray()) {
    if (StringOf(p, "id") == StringOf(unit, "id")) instrument = StringOf(p, "instrument");
  }
  std::map<uint32_t, const rapidjson::Value*> by_process;
  for (const rapidjson::Value& p : processes.GetArray()) {
    if (StringOf(p, "adapter") == StringOf(unit, "adapter") &&
        StringOf(p, "semantics") == StringOf(unit, "semantics") &&
        StringOf(p, "instrument") == instrument &&
        UintOf(p, "concurrency") == UintOf(unit, "concurrency") &&
        UintOf(p, "tier_us") == UintOf(unit, "tier_us")) {
      by_process[UintOf(p, "process")] = &p;
    }
  }
  std::vector<Repetition> out;
  for (const rapidjson::Value& index : ArrayOf(unit, "pooled_processes").GetArray()) {
    auto it = by_process.find(index.IsUint() ? index.GetUint() : 0);
    if (it == by_process.end() || !BoolOf(*it->second, "ok")) continue;
    const double real_time = NumberOf(*it->second, "end_to_end_median_ns");
    if (!std::isfinite(real_time)) continue;
    const rapidjson::Value* cpu = MemberOf(*it->second, "cpu_per_task_median_ns");
    out.push_back({.iterations = static_cast<uint64_t>(UintOf(*it->second, "rounds")) *
                                 UintOf(unit, "concurrency"),
                   .real_time_ns = real_time,
                   .cpu_time_ns = cpu != nullptr ? NumberOf(*cpu) : NAN});
  }
  return out;
}

// "thread_pool/c1/40us", or "thread_pool{counters}/c1/noop" for a unit of the no-op workload.
std::string BenchmarkName(std::string_view id, std::string_view workload) {
  if (workload != "noop") return std::string(id);
  return std::string(id.substr(0, id.rfind('/'))) + "/noop";
}

// The fields every entry of one unit starts with.
void WriteHead(Writer& w, std::string_view name, std::string_view run_name, size_t family,
               const char* run_type, size_t repetitions) {
  Field(w, "name", name);
  w.Key("family_index");
  w.Uint64(family);
  w.Key("per_family_instance_index");
  w.Uint(0);
  Field(w, "run_name", run_name);
  Field(w, "run_type", run_type);
  w.Key("repetitions");
  w.Uint64(repetitions);
}

void WriteUnit(Writer& w, const std::string& name, size_t family, uint32_t threads,
               const std::vector<Repetition>& repetitions, const Counters* counters) {
  const bool has_cpu = HasCpuTime(repetitions);
  const char* label = has_cpu ? kLabelCpu : kLabelNoCpu;
  for (size_t i = 0; i < repetitions.size(); ++i) {
    w.StartObject();
    WriteHead(w, name, name, family, "iteration", repetitions.size());
    w.Key("repetition_index");
    w.Uint64(i);
    w.Key("threads");
    w.Uint(threads);
    w.Key("iterations");
    w.Uint64(repetitions[i].iterations);
    Number(w, "real_time", repetitions[i].real_time_ns);
    Number(w, "cpu_time", has_cpu ? repetitions[i].cpu_time_ns : repetitions[i].real_time_ns);
    Field(w, "time_unit", "ns");
    Field(w, "label", label);
    if (counters != nullptr) {
      for (const auto& [counter, value] : *counters) Number(w, counter.c_str(), value);
    }
    w.EndObject();
  }
  // Google Benchmark writes no aggregate of a single run.
  if (repetitions.size() < 2) return;
  std::vector<double> times, cpu_times;
  for (const Repetition& r : repetitions) {
    times.push_back(r.real_time_ns);
    cpu_times.push_back(has_cpu ? r.cpu_time_ns : r.real_time_ns);
  }
  for (const GbenchAggregate& aggregate : kGbenchAggregates) {
    const double value = aggregate.compute(times);
    w.StartObject();
    WriteHead(w, absl::StrCat(name, "_", aggregate.name), name, family, "aggregate",
              repetitions.size());
    w.Key("threads");
    w.Uint(threads);
    Field(w, "aggregate_name", aggregate.name);
    Field(w, "aggregate_unit", aggregate.unit);
    w.Key("iterations");  // Google Benchmark's count for an aggregate: its repetitions
    w.Uint64(repetitions.size());
    Number(w, "real_time", value);
    Number(w, "cpu_time", aggregate.compute(cpu_times));
    Field(w, "time_unit", "ns");
    Field(w, "label", label);
    w.EndObject();
  }
}

// The noise condition `code` ("load", "governor"), checked or warned about; nullptr if none.
const rapidjson::Value* NoiseCondition(const rapidjson::Value& model, std::string_view code) {
  const rapidjson::Value* noise = MemberOf(model, "noise");
  if (noise == nullptr) return nullptr;
  for (const char* list : {"warnings", "checked"}) {
    for (const rapidjson::Value& c : ArrayOf(*noise, list).GetArray()) {
      if (StringOf(c, "code") == code) return &c;
    }
  }
  return nullptr;
}

// Google Benchmark's context from the environment record: the machine, and, where the run
// recorded them, its caches, clock and load. What the archive does not hold is written as
// Google Benchmark writes what it cannot read (0, false, an empty list).
void WriteContext(Writer& w, const rapidjson::Value& m, const rapidjson::Value& run,
                  const rapidjson::Value& env) {
  w.Key("context");
  w.StartObject();
  Field(w, "date", StringOf(run, "started_utc"));
  Field(w, "host_name", StringOf(env, "hostname"));
  Field(w, "executable", "zoo-host");
  w.Key("num_cpus");
  w.Uint(UintOf(env, "logical_cores"));
  w.Key("mhz_per_cpu");
  const double mhz = NumberOf(env, "mhz_per_cpu");
  w.Uint(std::isfinite(mhz) && mhz > 0 ? static_cast<uint32_t>(std::lround(mhz)) : 0);
  // Google Benchmark's sense: a governor other than "performance" may change the clock.
  const rapidjson::Value* governor = NoiseCondition(m, "governor");
  w.Key("cpu_scaling_enabled");
  w.Bool(governor != nullptr && StringOf(*governor, "state") == "warning");
  w.Key("caches");
  w.StartArray();
  for (const rapidjson::Value& cache : ArrayOf(env, "caches").GetArray()) {
    w.StartObject();
    Field(w, "type", StringOf(cache, "type"));
    w.Key("level");
    w.Uint(UintOf(cache, "level"));
    w.Key("size");
    w.Uint64(static_cast<uint64_t>(NumberOf(cache, "size")));
    w.Key("num_sharing");
    w.Uint(UintOf(cache, "num_sharing"));
    w.EndObject();
  }
  w.EndArray();
  // The 1, 5 and 15 minute load averages at the start; an archive that recorded only the
  // noise check's 1-minute figure gives that one.
  w.Key("load_avg");
  w.StartArray();
  if (const rapidjson::Value* recorded = MemberOf(env, "load_avg");
      recorded != nullptr && recorded->IsArray()) {
    for (const rapidjson::Value& x : recorded->GetArray()) w.Double(NumberOf(x));
  } else if (const rapidjson::Value* load = NoiseCondition(m, "load"); load != nullptr) {
    double one_minute = 0;
    if (absl::SimpleAtod(std::string(StringOf(*load, "observed")), &one_minute)) {
      w.Double(one_minute);
    }
  }
  w.EndArray();
  Field(w, "library_build_type", StringOf(env, "build_type"));
  Field(w, "zoo_host_version", StringOf(env, "zoo_host_version"));
  Field(w, "zoo_host_cpu_model", StringOf(env, "cpu_model"));
  Field(w, "zoo_host_os", StringOf(env, "os"));
  Field(w, "zoo_host_compiler", StringOf(env, "compiler"));
  Field(w, "zoo_host_archive", StringOf(m, "archive_path"));
  Field(w, "zoo_host_subject", StringOf(m, "subject"));
  Field(w, "zoo_host_subject_version", StringOf(m, "subject_version"));
  Field(w, "zoo_host_repetition",
        "one process: its rounds share one memory layout and core placement, so processes, "
        "not rounds, are the independent samples");
  w.EndObject();
}

absl::Status RenderGbench(const RenderContext& context) {
  const rapidjson::Value& m = context.model.root();
  const rapidjson::Value* run = MemberOf(m, "run");
  const rapidjson::Value* env = MemberOf(m, "environment");
  if (run == nullptr || env == nullptr) {
    return absl::InvalidArgumentError("the report model lacks run or environment");
  }
  const rapidjson::Value& cost = context.model.Cost();
  const rapidjson::Value* matrix = MemberOf(*run, "matrix");
  const std::string_view matrix_workload =
      matrix != nullptr ? StringOf(*matrix, "workload") : std::string_view();
  const std::map<std::string, Counters, std::less<>> counters = CountersByUnit(cost);
  std::set<std::string_view, std::less<>> counting_units;
  for (const rapidjson::Value& row : ArrayOf(cost, "rows").GetArray()) {
    counting_units.insert(StringOf(row, "unit"));
  }

  rapidjson::StringBuffer buf;
  Writer w(buf);
  w.SetIndent(' ', 2);
  w.StartObject();
  WriteContext(w, m, *run, *env);
  w.Key("benchmarks");
  w.StartArray();
  size_t family = 0;
  for (const rapidjson::Value& unit : ArrayOf(m, "units").GetArray()) {
    if (!BoolOf(unit, "ok")) continue;
    const std::vector<Repetition> repetitions = RepetitionsOf(context.model, unit);
    if (repetitions.empty()) continue;
    const std::string_view id = StringOf(unit, "id");
    // A counting unit runs the cost section's workload, every other unit the matrix's.
    const std::string_view workload =
        counting_units.count(id) != 0 ? StringOf(cost, "workload") : matrix_workload;
    auto counted = counters.find(id);
    WriteUnit(w, BenchmarkName(id, workload), family++, UintOf(unit, "concurrency"),
              repetitions, counted != counters.end() ? &counted->second : nullptr);
  }
  w.EndArray();
  w.EndObject();
  std::string text(buf.GetString(), buf.GetSize());
  text += '\n';
  return context.WriteFile("gbench.json", text);
}

}  // namespace
}  // namespace zoo::report

namespace {
// The description in Chinese (zoo.text/1); the entry's own is the English.
constexpr zoo_text_string_t kTextZh[] = {
    {"description", "gbench.json：每个测得的单元按 Google Benchmark 的 JSON 布局写出，每个进程算一次重复，并附聚合值"}};
constexpr ::zoo::Translation kTranslations[] = {{"zh", kTextZh}};
}  // namespace

ZOO_EXPORT_REPORTER("gbench", "2.0.0",
                    "gbench.json: every measured unit in Google Benchmark's JSON layout, one "
                    "repetition per process, with its aggregates",
                    "gbench", "en,zh", ::zoo::report::RenderGbench, nullptr, kTranslations);
