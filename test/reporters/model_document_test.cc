// The report model as reporters read it: refused unless it is a model of a supported version,
// indexed by id and by coordinates, semantics units kept out of the main matrix.
#include "plugins/reporters/common/model_document.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "test/reporters/reporter_test_support.h"

namespace zoo::report {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(ModelDocumentTest, RefusesWhatIsNotAReportModelOfVersionOne) {
  absl::StatusOr<ModelDocument> m = ModelDocument::Parse("not json");
  ASSERT_FALSE(m.ok());
  EXPECT_THAT(m.status().message(), HasSubstr("not valid JSON"));

  m = ModelDocument::Parse(R"({"schema": "zoo-host-archive", "model_version": 1})");
  ASSERT_FALSE(m.ok());
  EXPECT_THAT(m.status().message(), HasSubstr("not a report model"));

  m = ModelDocument::Parse(R"({"schema": "zoo-host-report-model", "model_version": 2})");
  ASSERT_FALSE(m.ok());
  EXPECT_THAT(m.status().message(), HasSubstr("version 2 is not supported"));

  m = ModelDocument::Parse(R"({"schema": "zoo-host-report-model", "model_version": 1})");
  ASSERT_FALSE(m.ok());
  EXPECT_THAT(m.status().message(), HasSubstr("lacks 'archive_path'"));
}

TEST(ModelDocumentTest, IndexesUnitsCellsAndAdapters) {
  const std::string json = testing::SampleModelJson();
  absl::StatusOr<ModelDocument> m = ModelDocument::Parse(json);
  ASSERT_TRUE(m.ok()) << m.status();
  const ModelDocument doc = *std::move(m);  // the indexes survive a move

  const rapidjson::Value* unit = doc.Unit("fast/c2/300us");
  ASSERT_NE(unit, nullptr);
  EXPECT_EQ(doc.UnitAt("fast", 2, 300), unit);
  EXPECT_EQ(doc.UnitAt("fast", 8, 300), nullptr);

  const rapidjson::Value* cell = doc.Cell("slow/c1/40us");
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(doc.CellAt("slow", 1, 40), cell);
  EXPECT_EQ(StringOf(*cell, "verdict"), "subject_faster");
  EXPECT_EQ(doc.CellAt("subj", 1, 40), nullptr) << "the subject has no cell against itself";

  ASSERT_NE(doc.Adapter("rejected"), nullptr);
  EXPECT_THAT(doc.MeasuredAdapters(),
              ElementsAre("subj", "fast", "slow", "near", "<script>alert(1)</script>|x"))
      << "subject first; the rejected adapter has no unit";
}

TEST(ModelDocumentTest, SemanticsUnitsStayOutOfTheMainMatrix) {
  const std::string json = testing::SampleModelJson();
  absl::StatusOr<ModelDocument> doc = ModelDocument::Parse(json);
  ASSERT_TRUE(doc.ok()) << doc.status();
  const rapidjson::Value* off = doc->Unit("subj[off]/c1/40us");
  ASSERT_NE(off, nullptr) << "a semantics unit still has its id";
  const rapidjson::Value* main = doc->UnitAt("subj", 1, 40);
  ASSERT_NE(main, nullptr);
  EXPECT_EQ(StringOf(*main, "id"), "subj/c1/40us");
}

TEST(ModelDocumentTest, CostReadsAsNotRunNotRecordedWhenTheModelPredatesIt) {
  testing::SampleOptions options;
  options.cost = true;
  absl::StatusOr<ModelDocument> with = ModelDocument::Parse(testing::SampleModelJson(options));
  ASSERT_TRUE(with.ok()) << with.status();
  EXPECT_EQ(StringOf(with->Cost(), "status"), "measured");
  EXPECT_EQ(ArrayOf(with->Cost(), "rows").Size(), 10u);

  // The same model without "cost", as an older zoo-host wrote it.
  rapidjson::Document d;
  const std::string json = testing::SampleModelJson(options);
  d.Parse(json.data(), json.size());
  d.RemoveMember("cost");
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  d.Accept(w);
  absl::StatusOr<ModelDocument> older = ModelDocument::Parse(b.GetString());
  ASSERT_TRUE(older.ok()) << older.status();
  EXPECT_EQ(StringOf(older->Cost(), "status"), "not_run");
  EXPECT_EQ(StringOf(older->Cost(), "reason_code"), "not_recorded");
  EXPECT_EQ(StringOf(older->Cost(), "callgrind_status"), "not_run");
  EXPECT_EQ(ArrayOf(older->Cost(), "rows").Size(), 0u);

  d.AddMember("cost", "counted", d.GetAllocator());
  b.Clear();
  rapidjson::Writer<rapidjson::StringBuffer> w2(b);
  d.Accept(w2);
  absl::StatusOr<ModelDocument> bad = ModelDocument::Parse(b.GetString());
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("'cost' must be an object"));
}

TEST(ModelDocumentTest, MemberReadsAreTolerant) {
  rapidjson::Document d;
  d.Parse(R"({"s": "x", "n": null, "u": 7, "b": true, "a": [1]})");
  EXPECT_EQ(StringOf(d, "s"), "x");
  EXPECT_EQ(StringOf(d, "missing"), "");
  EXPECT_TRUE(std::isnan(NumberOf(d, "n")));
  EXPECT_EQ(UintOf(d, "u"), 7u);
  EXPECT_TRUE(BoolOf(d, "b"));
  EXPECT_EQ(ArrayOf(d, "a").Size(), 1u);
  EXPECT_EQ(ArrayOf(d, "s").Size(), 0u);
  EXPECT_EQ(MemberOf(d, "missing"), nullptr);
}

}  // namespace
}  // namespace zoo::report
