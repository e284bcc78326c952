// gbench.json carries what Google Benchmark's readers require ("context" with its fields,
// "benchmarks" with name, run_type, iterations, real_time, cpu_time, time_unit), one
// repetition per pooled process of every measured unit with its model figure copied, the
// aggregates Google Benchmark writes over two or more repetitions, the cost counters of the
// counting units, and the no-op units named by their workload. compare.py itself reads two
// exports in gbench_compare_test.py.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/archive/archive.h"
#include "core/model/report_model.h"
#include "core/model/report_model_json.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "test/reporters/reporter_test_support.h"
#include "test/test_paths.h"

namespace zoo::report {
namespace {

rapidjson::Document RenderGbench(const std::string& model_json) {
  testing::ReporterModule module(::zoo::testing::BuiltinReporter("gbench"));
  EXPECT_NE(module.entry(), nullptr);
  testing::RenderResult r = module.Render(model_json, "en", "gbench");
  EXPECT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  EXPECT_EQ(r.files.count("gbench.json"), 1u);
  testing::RenderResult again = module.Render(model_json, "en", "gbench");
  EXPECT_EQ(again.files["gbench.json"], r.files["gbench.json"]);
  rapidjson::Document doc;
  doc.Parse(r.files["gbench.json"].c_str());
  EXPECT_FALSE(doc.HasParseError());
  return doc;
}

// The entries of `doc` with this run_name, iterations first in repetition order, then the
// aggregates by aggregate_name.
struct GbenchRun {
  std::vector<const rapidjson::Value*> iterations;
  std::map<std::string, const rapidjson::Value*> aggregates;
};
std::map<std::string, GbenchRun> RunsOf(const rapidjson::Document& doc) {
  std::map<std::string, GbenchRun> runs;
  for (const rapidjson::Value& b : doc["benchmarks"].GetArray()) {
    for (const char* key : {"name", "run_name", "run_type", "time_unit"}) {
      EXPECT_TRUE(b.HasMember(key) && b[key].IsString()) << key;
    }
    for (const char* key : {"iterations", "real_time", "cpu_time", "repetitions"}) {
      EXPECT_TRUE(b.HasMember(key) && b[key].IsNumber()) << key;
    }
    EXPECT_STREQ(b["time_unit"].GetString(), "ns");
    GbenchRun& run = runs[b["run_name"].GetString()];
    if (std::string(b["run_type"].GetString()) == "iteration") {
      EXPECT_STREQ(b["name"].GetString(), b["run_name"].GetString());
      EXPECT_EQ(b["repetition_index"].GetUint64(), run.iterations.size());
      run.iterations.push_back(&b);
    } else {
      EXPECT_STREQ(b["run_type"].GetString(), "aggregate");
      const std::string aggregate = b["aggregate_name"].GetString();
      EXPECT_EQ(std::string(b["name"].GetString()),
                std::string(b["run_name"].GetString()) + "_" + aggregate);
      run.aggregates[aggregate] = &b;
    }
  }
  return runs;
}

TEST(GbenchReporterTest, HasGoogleBenchmarksRequiredFieldsAndOneRunPerMeasuredUnit) {
  const std::string model_json = testing::SampleModelJson();
  rapidjson::Document doc = RenderGbench(model_json);
  ASSERT_TRUE(doc.HasMember("context") && doc["context"].IsObject());
  for (const char* key : {"date", "host_name", "executable", "num_cpus", "mhz_per_cpu",
                          "cpu_scaling_enabled", "caches", "load_avg", "library_build_type"}) {
    EXPECT_TRUE(doc["context"].HasMember(key)) << key;
  }
  EXPECT_EQ(doc["context"]["num_cpus"].GetUint(), 2u);
  ASSERT_TRUE(doc.HasMember("benchmarks") && doc["benchmarks"].IsArray());

  rapidjson::Document model;
  model.Parse(model_json.c_str());
  std::set<std::string> measured;
  for (const rapidjson::Value& u : model["units"].GetArray()) {
    if (u["ok"].GetBool()) measured.insert(u["id"].GetString());
  }
  ASSERT_FALSE(measured.empty());
  const std::map<std::string, GbenchRun> runs = RunsOf(doc);
  std::set<std::string> names;
  for (const auto& [name, run] : runs) names.insert(name);
  EXPECT_EQ(names, measured);  // failed units are left out, every measured one is there
  // One process per unit here: one repetition, and no aggregate (Google Benchmark writes none
  // of a single run); its time is the unit's, which is its one process's.
  for (const rapidjson::Value& u : model["units"].GetArray()) {
    auto it = runs.find(u["id"].GetString());
    if (it == runs.end()) continue;
    ASSERT_EQ(it->second.iterations.size(), 1u) << it->first;
    EXPECT_TRUE(it->second.aggregates.empty()) << it->first;
    const rapidjson::Value& b = *it->second.iterations[0];
    EXPECT_EQ(b["repetitions"].GetUint(), 1u);
    EXPECT_DOUBLE_EQ(b["real_time"].GetDouble(), u["stats"]["end_to_end_ns"]["median"].GetDouble())
        << it->first;
    EXPECT_EQ(b["cpu_time"].GetDouble(), b["real_time"].GetDouble());
    EXPECT_NE(std::string(b["label"].GetString()).find("cpu_time = real_time"), std::string::npos);
  }
}

// A run that recorded the machine's caches, clock and load (archive.h): Google Benchmark's
// context carries them as it would its own.
TEST(GbenchReporterTest, ContextCarriesTheRecordedCachesClockAndLoad) {
  rapidjson::Document model;
  model.Parse(testing::SampleModelJson().c_str());
  ASSERT_FALSE(model.HasParseError());
  rapidjson::Document::AllocatorType& alloc = model.GetAllocator();
  rapidjson::Value& env = model["environment"];
  rapidjson::Value caches(rapidjson::kArrayType);
  for (const auto& [type, level, size, sharing] :
       {std::tuple<const char*, unsigned, uint64_t, unsigned>{"Data", 1, 32768, 1},
        {"Unified", 3, 33554432, 2}}) {
    rapidjson::Value c(rapidjson::kObjectType);
    c.AddMember("type", rapidjson::StringRef(type), alloc);
    c.AddMember("level", level, alloc);
    c.AddMember("size", size, alloc);
    c.AddMember("num_sharing", sharing, alloc);
    caches.PushBack(c, alloc);
  }
  env.AddMember("caches", caches, alloc);
  env.AddMember("mhz_per_cpu", 2445.404, alloc);
  rapidjson::Value load(rapidjson::kArrayType);
  for (double x : {1.5, 0.75, 0.25}) load.PushBack(x, alloc);
  env.AddMember("load_avg", load, alloc);
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  model.Accept(w);

  rapidjson::Document doc = RenderGbench(buf.GetString());
  const rapidjson::Value& context = doc["context"];
  EXPECT_EQ(context["mhz_per_cpu"].GetUint(), 2445u);
  ASSERT_EQ(context["caches"].Size(), 2u);
  EXPECT_STREQ(context["caches"][1]["type"].GetString(), "Unified");
  EXPECT_EQ(context["caches"][1]["level"].GetUint(), 3u);
  EXPECT_EQ(context["caches"][1]["size"].GetUint64(), 33554432u);
  EXPECT_EQ(context["caches"][1]["num_sharing"].GetUint(), 2u);
  ASSERT_EQ(context["load_avg"].Size(), 3u);
  EXPECT_EQ(context["load_avg"][2].GetDouble(), 0.25);
}

// A committed run of many processes per cell: the shape compare.py's U test needs. Its model
// is built once for the suite (its cells are judged by bootstrap).
class GbenchCommittedRunTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::filesystem::path archive = ::zoo::testing::CommittedResultsDir() /
                                          "zoo_scheduler-0.1.0" / "20261202T020501Z.json";
    absl::StatusOr<Archive> a = ReadArchive(archive);
    ASSERT_TRUE(a.ok()) << a.status();
    absl::StatusOr<ReportModel> m = BuildReportModel(*a, "results/x.json");
    ASSERT_TRUE(m.ok()) << m.status();
    model_json_ = ReportModelToJson(*m);
  }
  void SetUp() override {
    ASSERT_FALSE(model_json_.empty());
    model_.Parse(model_json_.c_str());
    doc_ = RenderGbench(model_json_);
    runs_ = RunsOf(doc_);
  }
  static std::string model_json_;
  rapidjson::Document model_, doc_;
  std::map<std::string, GbenchRun> runs_;
};
std::string GbenchCommittedRunTest::model_json_;

TEST_F(GbenchCommittedRunTest, OneRepetitionPerPooledProcessWithItsOwnMedian) {
  size_t multi = 0;
  for (const rapidjson::Value& u : model_["units"].GetArray()) {
    const std::string id = u["id"].GetString();
    if (id.find("{counters}") != std::string::npos) continue;
    auto it = runs_.find(id);
    ASSERT_NE(it, runs_.end()) << id;
    // The process units of this cell, by process index.
    std::map<uint32_t, const rapidjson::Value*> processes;
    for (const rapidjson::Value& p : model_["process_units"].GetArray()) {
      if (std::string(p["adapter"].GetString()) == u["adapter"].GetString() &&
          std::string(p["semantics"].GetString()) == u["semantics"].GetString() &&
          std::string(p["instrument"].GetString()).empty() &&
          p["concurrency"] == u["concurrency"] && p["tier_us"] == u["tier_us"]) {
        processes[p["process"].GetUint()] = &p;
      }
    }
    const rapidjson::Value& pooled = u["pooled_processes"];
    ASSERT_EQ(it->second.iterations.size(), pooled.Size()) << id;
    std::vector<double> times;
    for (rapidjson::SizeType i = 0; i < pooled.Size(); ++i) {
      const rapidjson::Value& p = *processes.at(pooled[i].GetUint());
      const rapidjson::Value& b = *it->second.iterations[i];
      EXPECT_EQ(b["repetitions"].GetUint(), pooled.Size()) << id;
      EXPECT_DOUBLE_EQ(b["real_time"].GetDouble(), p["end_to_end_median_ns"].GetDouble()) << id;
      EXPECT_EQ(b["cpu_time"].GetDouble(), b["real_time"].GetDouble()) << id;
      EXPECT_EQ(b["iterations"].GetUint64(),
                uint64_t{p["rounds"].GetUint()} * u["concurrency"].GetUint()) << id;
      EXPECT_EQ(b["threads"].GetUint(), u["concurrency"].GetUint());
      times.push_back(b["real_time"].GetDouble());
    }
    if (times.size() < 2) {
      EXPECT_TRUE(it->second.aggregates.empty()) << id;
      continue;
    }
    ++multi;
    // The aggregates, recomputed here from the repetitions.
    const double n = static_cast<double>(times.size());
    const double mean = std::accumulate(times.begin(), times.end(), 0.0) / n;
    double squares = 0;
    for (double t : times) squares += (t - mean) * (t - mean);
    const double stddev = std::sqrt(squares / (n - 1));
    std::sort(times.begin(), times.end());
    const size_t mid = times.size() / 2;
    const double median = times.size() % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
    const std::map<std::string, double> expected = {
        {"mean", mean}, {"median", median}, {"stddev", stddev}, {"cv", stddev / mean}};
    ASSERT_EQ(it->second.aggregates.size(), expected.size()) << id;
    for (const auto& [name, value] : expected) {
      const rapidjson::Value& a = *it->second.aggregates.at(name);
      EXPECT_NEAR(a["real_time"].GetDouble(), value, 1e-9 * std::abs(value)) << id << " " << name;
      EXPECT_EQ(a["cpu_time"].GetDouble(), a["real_time"].GetDouble());
      EXPECT_EQ(a["iterations"].GetUint64(), times.size());
      EXPECT_STREQ(a["aggregate_unit"].GetString(), name == "cv" ? "percentage" : "time");
    }
  }
  EXPECT_GT(multi, 100u);  // this run measured every cell in several processes
}

// Where the processes recorded their CPU time (the model's process units carry it), cpu_time is
// each process's own figure, its aggregates are over those figures, and the label says so; a
// cell with one process lacking it keeps cpu_time = real_time, with the reason. The committed
// archive predates the CPU clock, so its process units get figures here, distinct per process.
TEST_F(GbenchCommittedRunTest, CpuTimeIsEachProcesssOwnWhereRecorded) {
  rapidjson::Document model;
  model.Parse(model_json_.c_str());
  rapidjson::Document::AllocatorType& alloc = model.GetAllocator();
  const rapidjson::Value* dropped = nullptr;  // the one process unit left without it
  for (rapidjson::Value& p : model["process_units"].GetArray()) {
    if (dropped == nullptr && std::string(p["id"].GetString()) == "thread_pool#2/c1/40us") {
      dropped = &p;
      continue;
    }
    const double e2e = p["end_to_end_median_ns"].IsNumber() ? p["end_to_end_median_ns"].GetDouble()
                                                             : 0;
    p.AddMember("cpu_per_task_median_ns", e2e / 3 + p["process"].GetUint(), alloc);
  }
  ASSERT_NE(dropped, nullptr);
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  model.Accept(w);
  const rapidjson::Document doc = RenderGbench(buf.GetString());
  const std::map<std::string, GbenchRun> runs = RunsOf(doc);

  size_t with_cpu = 0;
  for (const auto& [name, run] : runs) {
    const std::string label = (*run.iterations.at(0))["label"].GetString();
    if (name == "thread_pool/c1/40us") {
      EXPECT_NE(label.find("cpu_time = real_time"), std::string::npos);
      for (const rapidjson::Value* b : run.iterations) {
        EXPECT_EQ((*b)["cpu_time"].GetDouble(), (*b)["real_time"].GetDouble());
      }
      continue;
    }
    if (name.find("{counters}") != std::string::npos) continue;
    ++with_cpu;
    EXPECT_NE(label.find("cpu_time: median per-task CPU time"), std::string::npos) << name;
    std::vector<double> cpu;
    for (const rapidjson::Value* b : run.iterations) {
      // real_time / 3 + the process number: each repetition's own, never its real time.
      const double real = (*b)["real_time"].GetDouble();
      const double got = (*b)["cpu_time"].GetDouble();
      EXPECT_LT(got, real) << name;
      EXPECT_GE(got, real / 3 * (1 - 1e-9)) << name;
      EXPECT_LT(got, real / 3 + 100) << name;
      cpu.push_back(got);
    }
    if (cpu.size() < 2) continue;
    const double mean = std::accumulate(cpu.begin(), cpu.end(), 0.0) / static_cast<double>(cpu.size());
    EXPECT_NEAR(run.aggregates.at("mean")->operator[]("cpu_time").GetDouble(), mean,
                1e-9 * mean) << name;
    EXPECT_LT(run.aggregates.at("mean")->operator[]("cpu_time").GetDouble(),
              run.aggregates.at("mean")->operator[]("real_time").GetDouble()) << name;
  }
  EXPECT_GT(with_cpu, 100u);
}

TEST_F(GbenchCommittedRunTest, CountingUnitsAreNamedByTheirWorkloadAndCarryTheirCounts) {
  size_t counting = 0;
  for (const rapidjson::Value& row : model_["cost"]["rows"].GetArray()) {
    std::string name = row["unit"].GetString();  // "inline{counters}/c1/0us"
    ASSERT_EQ(runs_.count(name), 0u) << name;   // no "/0us" nor "/40us" for a no-op body
    name = name.substr(0, name.rfind('/')) + "/noop";
    auto it = runs_.find(name);
    ASSERT_NE(it, runs_.end()) << name;
    ++counting;
    const rapidjson::Value& b = *it->second.iterations.at(0);
    for (const char* field : {"alloc_calls", "alloc_bytes", "instructions", "cycles",
                              "context_switches", "cpu_migrations"}) {
      const std::string counter = std::string(field) + "_per_task";
      if (row[field]["available"].GetBool()) {
        ASSERT_TRUE(b.HasMember(counter.c_str())) << name << " " << counter;
        EXPECT_DOUBLE_EQ(b[counter.c_str()].GetDouble(), row[field]["per_task"].GetDouble());
      } else {
        EXPECT_FALSE(b.HasMember(counter.c_str())) << name << " " << counter;  // never a 0
      }
    }
  }
  EXPECT_EQ(counting, 12u);
}

TEST_F(GbenchCommittedRunTest, ContextComesFromTheMachineRecord) {
  const rapidjson::Value& context = doc_["context"];
  EXPECT_EQ(context["num_cpus"].GetUint(), model_["environment"]["logical_cores"].GetUint());
  EXPECT_STREQ(context["host_name"].GetString(), "vm");
  EXPECT_STREQ(context["date"].GetString(), "2026-12-02T02:05:01Z");
  // This archive recorded the load only as its noise check's 1-minute figure.
  ASSERT_EQ(context["load_avg"].Size(), 1u);
  EXPECT_DOUBLE_EQ(context["load_avg"][0].GetDouble(), 1.81);
}

}  // namespace
}  // namespace zoo::report
