// report-model.json is the model exactly as the host handed it over.
#include <string>

#include "gtest/gtest.h"
#include "test/reporters/reporter_test_support.h"

namespace zoo::report {
namespace {

TEST(JsonReporterTest, WritesTheModelByteForByte) {
  testing::ReporterModule module(ZOO_TEST_JSON_REPORTER);
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

TEST(JsonReporterTest, RefusesWhatIsNotAReportModel) {
  testing::ReporterModule module(ZOO_TEST_JSON_REPORTER);
  testing::RenderResult r = module.Render("[1, 2]", "en", "json");
  EXPECT_EQ(r.status, ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(r.error, "the report model must be a JSON object");
  EXPECT_TRUE(r.files.empty());
}

}  // namespace
}  // namespace zoo::report
