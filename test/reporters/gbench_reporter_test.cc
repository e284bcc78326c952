// gbench.json carries what Google Benchmark's readers require ("context" with its fields,
// "benchmarks" with name, run_type, iterations, real_time, cpu_time, time_unit), one benchmark
// per measured unit, every number copied from the model.
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "test/reporters/reporter_test_support.h"
#include "test/test_paths.h"

namespace zoo::report {
namespace {

TEST(GbenchReporterTest, HasGoogleBenchmarksRequiredFieldsAndOneBenchmarkPerMeasuredUnit) {
  testing::ReporterModule module(::zoo::testing::BuiltinReporter("gbench"));
  ASSERT_NE(module.entry(), nullptr);
  EXPECT_STREQ(module.entry()->name, "gbench");
  const std::string model_json = testing::SampleModelJson();
  testing::RenderResult r = module.Render(model_json, "en", "gbench");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  ASSERT_EQ(r.files.count("gbench.json"), 1u);

  rapidjson::Document doc;
  doc.Parse(r.files["gbench.json"].c_str());
  ASSERT_FALSE(doc.HasParseError());
  ASSERT_TRUE(doc.HasMember("context") && doc["context"].IsObject());
  for (const char* key : {"date", "host_name", "executable", "num_cpus", "mhz_per_cpu",
                          "cpu_scaling_enabled", "caches", "library_build_type"}) {
    EXPECT_TRUE(doc["context"].HasMember(key)) << key;
  }
  ASSERT_TRUE(doc.HasMember("benchmarks") && doc["benchmarks"].IsArray());

  rapidjson::Document model;
  model.Parse(model_json.c_str());
  std::set<std::string> measured;
  for (const rapidjson::Value& u : model["units"].GetArray()) {
    if (u["ok"].GetBool()) measured.insert(u["id"].GetString());
  }
  ASSERT_FALSE(measured.empty());
  std::set<std::string> names;
  for (const rapidjson::Value& b : doc["benchmarks"].GetArray()) {
    for (const char* key : {"name", "run_name", "run_type", "time_unit"}) {
      ASSERT_TRUE(b.HasMember(key) && b[key].IsString()) << key;
    }
    for (const char* key : {"iterations", "real_time", "cpu_time"}) {
      ASSERT_TRUE(b.HasMember(key) && b[key].IsNumber()) << key;
    }
    EXPECT_STREQ(b["time_unit"].GetString(), "ns");
    EXPECT_STREQ(b["run_type"].GetString(), "iteration");
    const std::string name = b["name"].GetString();
    names.insert(name);
    // real_time is the unit's median per-task end-to-end, copied.
    for (const rapidjson::Value& u : model["units"].GetArray()) {
      if (name == u["id"].GetString()) {
        EXPECT_DOUBLE_EQ(b["real_time"].GetDouble(),
                         u["stats"]["end_to_end_ns"]["median"].GetDouble()) << name;
      }
    }
  }
  EXPECT_EQ(names, measured);  // failed units are left out, every measured one is there

  testing::RenderResult again = module.Render(model_json, "en", "gbench");
  EXPECT_EQ(again.files["gbench.json"], r.files["gbench.json"]);
}

}  // namespace
}  // namespace zoo::report
