// cells.csv: one row per unit, RFC 4180, and it reads back to the model's values.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/reporters/common/model_document.h"
#include "test/reporters/reporter_test_support.h"

namespace zoo::report {
namespace {

using ::testing::ElementsAre;
using testing::RenderResult;
using testing::ReporterModule;

using Row = std::vector<std::string>;

// An RFC 4180 reader: CRLF between records, quoted fields with "" for a quote.
std::vector<Row> ParseCsv(const std::string& text) {
  std::vector<Row> rows;
  Row row;
  std::string field;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (quoted) {
      if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      row.push_back(std::move(field));
      field.clear();
    } else if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      row.push_back(std::move(field));
      field.clear();
      rows.push_back(std::move(row));
      row.clear();
      ++i;
    } else {
      EXPECT_NE(ch, '\n') << "a bare LF outside quotes at " << i;
      field += ch;
    }
  }
  EXPECT_TRUE(field.empty() && row.empty()) << "the last record lacks its CRLF";
  return rows;
}

class CsvReporterTest : public ::testing::Test {
 protected:
  ReporterModule module_{ZOO_TEST_CSV_REPORTER};
  std::string model_ = testing::SampleModelJson();
};

TEST_F(CsvReporterTest, OneRowPerUnitThatReadsBack) {
  RenderResult r = module_.Render(model_, "en", "csv");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  ASSERT_EQ(r.files.size(), 1u);
  const std::vector<Row> rows = ParseCsv(r.files["cells.csv"]);
  absl::StatusOr<ModelDocument> model = ModelDocument::Parse(model_);
  ASSERT_TRUE(model.ok()) << model.status();
  const rapidjson::Value& units = model->root()["units"];
  ASSERT_EQ(rows.size(), units.Size() + 1) << "a header, then one row per unit";

  const Row& header = rows[0];
  EXPECT_EQ(header[0], "id");
  for (const Row& row : rows) ASSERT_EQ(row.size(), header.size());
  auto column = [&](const char* name) {
    return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  for (rapidjson::SizeType i = 0; i < units.Size(); ++i) {
    const Row& row = rows[i + 1];
    EXPECT_EQ(row[column("id")], StringOf(units[i], "id"));
    EXPECT_EQ(row[column("adapter")], StringOf(units[i], "adapter"));
    if (BoolOf(units[i], "ok")) {
      const double median = NumberOf(units[i]["stats"]["end_to_end_ns"], "median");
      EXPECT_EQ(std::stod(row[column("median_ns")]), median) << row[0];
    } else {
      EXPECT_EQ(row[column("median_ns")], "") << "a failed unit has no figure";
      EXPECT_THAT(row[column("failure")], ::testing::HasSubstr("SIGSEGV"));
    }
  }
}

TEST_F(CsvReporterTest, BaselineRowsCarryTheirCellAndTheSubjectsDoNot) {
  RenderResult r = module_.Render(model_, "zh", "csv");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  const std::vector<Row> rows = ParseCsv(r.files["cells.csv"]);
  const Row& header = rows[0];
  auto column = [&](const char* name) {
    return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  for (const Row& row : rows) {
    if (row[0] == "subj/c1/40us") {
      EXPECT_EQ(row[column("verdict")], "");
      EXPECT_EQ(row[column("ratio")], "");
    }
    if (row[0] == "fast/c1/40us") {
      EXPECT_EQ(row[column("verdict")], "subject_slower");
      EXPECT_EQ(row[column("ratio")], "0.5");
    }
    if (row[0] == "<script>alert(1)</script>|x/c1/40us") {
      EXPECT_EQ(row[column("adapter")], "<script>alert(1)</script>|x");
    }
  }
  const auto off = std::find_if(rows.begin(), rows.end(),
                                [](const Row& row) { return row[0] == "subj[off]/c1/40us"; });
  ASSERT_NE(off, rows.end()) << "semantics units are units too";
  EXPECT_EQ((*off)[column("semantics")], "off");
  EXPECT_EQ((*off)[column("verdict")], "") << "a semantics unit enters no cell";
}

TEST_F(CsvReporterTest, TheSameModelGivesTheSameBytesInEveryLanguage) {
  RenderResult en = module_.Render(model_, "en", "csv");
  RenderResult zh = module_.Render(model_, "zh", "csv");
  EXPECT_EQ(en.files, zh.files);
  EXPECT_EQ(module_.Render(model_, "fr", "csv").status, ZOO_STATUS_INVALID_ARGUMENT);
}

}  // namespace
}  // namespace zoo::report
