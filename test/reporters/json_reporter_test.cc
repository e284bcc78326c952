// report-model.json is the model exactly as the host handed it over.
#include <string>

#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "test/reporters/reporter_test_support.h"
#include "test/test_paths.h"

namespace zoo::report {
namespace {

TEST(JsonReporterTest, WritesTheModelByteForByte) {
  testing::ReporterModule module(::zoo::testing::BuiltinReporter("json"));
  ASSERT_NE(module.entry(), nullptr);
  EXPECT_STREQ(module.entry()->name, "json");
  const std::string model = testing::SampleModelJson();
  for (const char* language : {"en", "zh"}) {
    testing::RenderResult r = module.Render(model, language, "json");
    ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
    ASSERT_EQ(r.files.size(), 1u);
    EXPECT_EQ(r.files["report-model.json"], model);
  }
}

TEST(JsonReporterTest, CarriesTheCostOfCode) {
  testing::ReporterModule module(::zoo::testing::BuiltinReporter("json"));
  testing::SampleOptions options;
  options.cost = true;
  const std::string model = testing::SampleModelJson(options);
  testing::RenderResult r = module.Render(model, "en", "json");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  rapidjson::Document doc;
  doc.Parse(r.files["report-model.json"].c_str());
  ASSERT_TRUE(doc.IsObject());
  ASSERT_TRUE(doc.HasMember("cost"));
  EXPECT_STREQ(doc["cost"]["status"].GetString(), "measured");
  EXPECT_EQ(doc["cost"]["rows"].Size(), 10u);
  EXPECT_DOUBLE_EQ(doc["cost"]["rows"][0]["instructions"]["per_task"].GetDouble(), 1843.4);
  EXPECT_STREQ(doc["cost"]["rows"][0]["cpu_migrations"]["unavailable_code"].GetString(),
               "not_permitted");
  EXPECT_EQ(doc["cost"]["cold_start"].Size(), 5u);
  EXPECT_EQ(doc["cost"]["callgrind"].Size(), 5u);
}

TEST(JsonReporterTest, RefusesWhatIsNotAReportModel) {
  testing::ReporterModule module(::zoo::testing::BuiltinReporter("json"));
  testing::RenderResult r = module.Render("[1, 2]", "en", "json");
  EXPECT_EQ(r.status, ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(r.error, "the report model must be a JSON object");
  EXPECT_TRUE(r.files.empty());
}

}  // namespace
}  // namespace zoo::report
