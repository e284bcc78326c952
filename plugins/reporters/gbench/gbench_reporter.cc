// The "gbench" reporter: gbench.json in Google Benchmark's JSON layout ("context" and
// "benchmarks"), so dashboards and tools that read Google Benchmark output (compare.py among
// them) can read a zoo-host run. One benchmark per measured unit:
//   name        "<adapter>/c<concurrency>/<tier>us" (the unit id; "[item]" for semantics units)
//   iterations  tasks measured (rounds x concurrency)
//   real_time   median per-task end-to-end, ns
//   cpu_time    median body self-time, ns: what the task itself cost; Google Benchmark's
//               cpu_time is process CPU time, which zoo-host does not measure, so this is
//               the closest figure it has, and "label" says so
//   items_per_second  throughput
// Failed units are left out (Google Benchmark has no failed runs); every number is copied
// from the model, none computed.
#include <string>

#include "plugins/reporters/common/reporter_plugin.h"
#include "rapidjson/prettywriter.h"
#include "rapidjson/stringbuffer.h"

namespace {

using zoo::report::ArrayOf;
using zoo::report::BoolOf;
using zoo::report::MemberOf;
using zoo::report::NumberOf;
using zoo::report::StringOf;
using zoo::report::UintOf;

using Writer = rapidjson::PrettyWriter<rapidjson::StringBuffer>;

void Field(Writer& w, const char* key, std::string_view value) {
  w.Key(key);
  w.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
}

void Number(Writer& w, const char* key, double value) {
  w.Key(key);
  if (value == value) {
    w.Double(value);
  } else {
    w.Double(0);  // Google Benchmark readers expect a number
  }
}

absl::Status RenderGbench(const zoo::report::RenderContext& context) {
  const rapidjson::Value& m = context.model.root();
  const rapidjson::Value* run = MemberOf(m, "run");
  const rapidjson::Value* env = MemberOf(m, "environment");
  if (run == nullptr || env == nullptr) {
    return absl::InvalidArgumentError("the report model lacks run or environment");
  }
  rapidjson::StringBuffer buf;
  Writer w(buf);
  w.SetIndent(' ', 2);
  w.StartObject();
  w.Key("context");
  w.StartObject();
  Field(w, "date", StringOf(*run, "started_utc"));
  Field(w, "host_name", StringOf(*env, "hostname"));
  Field(w, "executable", "zoo-host");
  w.Key("num_cpus");
  w.Uint(UintOf(*env, "logical_cores"));
  w.Key("mhz_per_cpu");
  w.Uint(0);  // not recorded
  w.Key("cpu_scaling_enabled");
  w.Bool(false);  // not recorded
  w.Key("caches");
  w.StartArray();
  w.EndArray();
  w.Key("load_avg");
  w.StartArray();
  w.EndArray();
  Field(w, "library_build_type", StringOf(*env, "build_type"));
  Field(w, "zoo_host_version", StringOf(*env, "zoo_host_version"));
  Field(w, "zoo_host_archive", StringOf(m, "archive_path"));
  Field(w, "zoo_host_subject", StringOf(m, "subject"));
  Field(w, "zoo_host_subject_version", StringOf(m, "subject_version"));
  w.EndObject();

  w.Key("benchmarks");
  w.StartArray();
  for (const rapidjson::Value& unit : ArrayOf(m, "units").GetArray()) {
    if (!BoolOf(unit, "ok")) continue;
    const rapidjson::Value* stats = MemberOf(unit, "stats");
    const rapidjson::Value* e2e = stats ? MemberOf(*stats, "end_to_end_ns") : nullptr;
    const rapidjson::Value* body = stats ? MemberOf(*stats, "body_ns") : nullptr;
    if (e2e == nullptr || body == nullptr) continue;
    const std::string_view id = StringOf(unit, "id");
    w.StartObject();
    Field(w, "name", id);
    Field(w, "run_name", id);
    Field(w, "run_type", "iteration");
    w.Key("repetitions");
    w.Uint(1);
    w.Key("repetition_index");
    w.Uint(0);
    w.Key("threads");
    w.Uint(UintOf(unit, "concurrency"));
    w.Key("iterations");
    w.Uint64(static_cast<uint64_t>(UintOf(*e2e, "n")) * UintOf(unit, "concurrency"));
    Number(w, "real_time", NumberOf(*e2e, "median"));
    Number(w, "cpu_time", NumberOf(*body, "median"));
    Field(w, "time_unit", "ns");
    Number(w, "items_per_second", NumberOf(*stats, "throughput_per_s"));
    Field(w, "label", "real_time: median per-task end-to-end; cpu_time: median body self-time");
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  std::string text(buf.GetString(), buf.GetSize());
  text += '\n';
  return context.WriteFile("gbench.json", text);
}

}  // namespace

ZOO_EXPORT_REPORTER("gbench", "1.0.0",
                    "gbench.json: every measured unit in Google Benchmark's JSON layout", "gbench",
                    "en,zh", RenderGbench, nullptr);
