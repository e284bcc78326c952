#include "core/archive/matrix.h"

#include "absl/strings/str_cat.h"
#include "core/base/json_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"

namespace zoo {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

std::string Refusal(std::string_view json) {
  absl::StatusOr<Matrix> m = ParseMatrix(json, "m.json");
  EXPECT_FALSE(m.ok()) << json << " was accepted";
  if (m.ok()) return "";
  EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(m.status().message(), HasSubstr("m.json")) << "the file must be named";
  return std::string(m.status().message());
}

TEST(MatrixTest, DefaultsReproduceTheSeedMatrix) {
  const Matrix m = DefaultMatrix();
  EXPECT_EQ(m.tiers_us, (std::vector<uint32_t>{40, 300, 2700, 10000}));
  EXPECT_EQ(m.concurrencies, (std::vector<uint32_t>{1, 4, 16, 64}));
  EXPECT_EQ(m.warmup_rounds, 10u);
  EXPECT_EQ(m.measured_rounds, 8u);
  EXPECT_EQ(m.processes, 3u);
  EXPECT_EQ(m.cell_budget_s, 6.0);
  EXPECT_EQ(m.workload, "json");
  EXPECT_TRUE(m.adapters.empty());
  EXPECT_TRUE(ValidateMatrix(m, "defaults").ok());
}

TEST(MatrixTest, QuickShrinksTheMatrixAndSaysHow) {
  Matrix m = DefaultMatrix();
  m.subject = "inline";
  ApplyQuick(&m);
  EXPECT_EQ(m.tiers_us, (std::vector<uint32_t>{40, 300, 2700}));
  EXPECT_EQ(m.concurrencies, (std::vector<uint32_t>{1, 2}));
  EXPECT_EQ(m.measured_rounds, 10u);
  EXPECT_EQ(m.processes, 5u);
  EXPECT_EQ(m.cell_budget_s, 5.0) << "more processes where they are cheap, within a minute";
  EXPECT_EQ(m.subject, "inline") << "--quick keeps the subject";
  EXPECT_THAT(QuickDescription(), AllOf(HasSubstr("40/300/2700"), HasSubstr("5 processes"), HasSubstr("10 measured")));
}

TEST(MatrixTest, TheCoreCountAndTwiceItJoinTheConcurrencies) {
  Matrix m = DefaultMatrix();
  AddCoreCounts(&m, 2);
  EXPECT_EQ(m.concurrencies, (std::vector<uint32_t>{1, 2, 4, 16, 64}));
  m = DefaultMatrix();
  AddCoreCounts(&m, 8);
  EXPECT_EQ(m.concurrencies, (std::vector<uint32_t>{1, 4, 8, 16, 64}));
  m = DefaultMatrix();
  AddCoreCounts(&m, 1);  // 1 is there; 2 is not
  EXPECT_EQ(m.concurrencies, (std::vector<uint32_t>{1, 2, 4, 16, 64}));
  Matrix quick = DefaultMatrix();
  ApplyQuick(&quick, 8);
  EXPECT_EQ(quick.concurrencies, (std::vector<uint32_t>{1, 8}));
  ApplyQuick(&quick, 1);
  EXPECT_EQ(quick.concurrencies, (std::vector<uint32_t>{1}));
}

TEST(MatrixTest, ParsesEveryFieldAndKeepsDefaultsForTheRest) {
  absl::StatusOr<Matrix> m = ParseMatrix(
      R"({"adapters": ["inline", "thread_pool"], "subject": "thread_pool",
          "concurrency": [2, 8], "tiers_us": [100], "warmup_rounds": 0,
          "measured_rounds": 5, "workload": "sleep", "unit_timeout_s": 7.5,
          "processes": 6, "cell_budget_s": 0})",
      "m.json");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->adapters, (std::vector<std::string>{"inline", "thread_pool"}));
  EXPECT_EQ(m->subject, "thread_pool");
  EXPECT_EQ(m->concurrencies, (std::vector<uint32_t>{2, 8}));
  EXPECT_EQ(m->tiers_us, (std::vector<uint32_t>{100}));
  EXPECT_EQ(m->warmup_rounds, 0u);
  EXPECT_EQ(m->measured_rounds, 5u);
  EXPECT_EQ(m->workload, "sleep");
  EXPECT_DOUBLE_EQ(m->unit_timeout_s, 7.5);
  EXPECT_EQ(m->processes, 6u);
  EXPECT_EQ(m->cell_budget_s, 0.0) << "exactly `processes` per cell";
  EXPECT_EQ(DefaultMatrix().processes, 3u) << "every cell in three processes at least";
  EXPECT_EQ(DefaultMatrix().measured_rounds, 8u) << "per process";

  absl::StatusOr<Matrix> partial = ParseMatrix(R"({"tiers_us": [40]})", "m.json");
  ASSERT_TRUE(partial.ok());
  EXPECT_EQ(partial->concurrencies, DefaultMatrix().concurrencies);
}

TEST(MatrixTest, RefusesBadJson) {
  EXPECT_THAT(Refusal("{\"tiers_us\": [40,"), HasSubstr("not valid JSON at byte"));
  EXPECT_THAT(Refusal("[1, 2]"), HasSubstr("must be a JSON object"));
}

TEST(MatrixTest, RefusesWrongTypesEmptyListsZeroAndNegativeValues) {
  EXPECT_THAT(Refusal(R"({"tiers_us": "40"})"), HasSubstr("field 'tiers_us'"));
  EXPECT_THAT(Refusal(R"({"tiers_us": []})"), HasSubstr("non-empty list"));
  EXPECT_THAT(Refusal(R"({"tiers_us": [40, 0]})"), HasSubstr("positive whole numbers"));
  EXPECT_THAT(Refusal(R"({"tiers_us": [40, -3]})"), HasSubstr("field 'tiers_us'"));
  EXPECT_THAT(Refusal(R"({"tiers_us": [40.5]})"), HasSubstr("field 'tiers_us'"));
  EXPECT_THAT(Refusal(R"({"concurrency": [4, 4]})"), HasSubstr("lists 4 twice"));
  EXPECT_THAT(Refusal(R"({"concurrency": [0]})"), HasSubstr("field 'concurrency'"));
  EXPECT_THAT(Refusal(R"({"measured_rounds": 0})"), HasSubstr("field 'measured_rounds'"));
  EXPECT_THAT(Refusal(R"({"warmup_rounds": -1})"), HasSubstr("field 'warmup_rounds'"));
  EXPECT_THAT(Refusal(R"({"unit_timeout_s": 0})"), HasSubstr("field 'unit_timeout_s'"));
  EXPECT_THAT(Refusal(R"({"subject": ""})"), HasSubstr("field 'subject'"));
  EXPECT_THAT(Refusal(R"({"processes": 0})"), HasSubstr("field 'processes'"));
  EXPECT_THAT(Refusal(R"({"processes": 65})"), HasSubstr("from 1 to 64"));
  EXPECT_THAT(Refusal(R"({"subject_processes": 3})"), HasSubstr("replaced by 'processes'"));
  EXPECT_THAT(Refusal(R"({"cell_budget_s": -1})"), HasSubstr("field 'cell_budget_s'"));
  EXPECT_THAT(Refusal(std::string(200'000, '[')), HasSubstr("nested deeper than 128 levels"));
  // Counts and times within what the machine holds: no uint32 wrap, no deadline overflow.
  EXPECT_THAT(Refusal(R"({"warmup_rounds": 4294967295})"), HasSubstr("from 0 to 100000"));
  EXPECT_THAT(Refusal(R"({"measured_rounds": 100001})"), HasSubstr("from 1 to 100000"));
  EXPECT_THAT(Refusal(R"({"unit_timeout_s": 1e19})"), HasSubstr("from 0.1 to 86400 seconds"));
  EXPECT_THAT(Refusal(R"({"unit_timeout_s": 0.001})"), HasSubstr("field 'unit_timeout_s'"));
  EXPECT_THAT(Refusal(R"({"cell_budget_s": "6"})"), HasSubstr("field 'cell_budget_s'"));
  EXPECT_THAT(Refusal(R"({"adapters": []})"), HasSubstr("leave the field out"));
  EXPECT_THAT(Refusal(R"({"adapters": [1]})"), HasSubstr("field 'adapters'"));
}

// The same lists refused the same way whether they come from a file or from flags.
TEST(MatrixTest, RefusesAnEntryListedTwiceInAFileOrAFlagOrBoth) {
  EXPECT_THAT(Refusal(R"({"adapters": ["inline", "tbb", "inline"]})"),
              HasSubstr("field 'adapters': lists inline twice"));
  EXPECT_THAT(Refusal(R"({"tiers_us": [40, 300, 40]})"), HasSubstr("lists 40 twice"));
  absl::StatusOr<std::vector<uint32_t>> flag = ParsePositiveList("1,4,1", "--concurrency");
  ASSERT_FALSE(flag.ok());
  EXPECT_EQ(flag.status().message(), "--concurrency: lists 1 twice");
  Matrix m = DefaultMatrix();
  m.adapters = {"inline", "inline"};
  EXPECT_THAT(ValidateMatrix(m, "the command line").message(),
              HasSubstr("field 'adapters': lists inline twice"));
  m = DefaultMatrix();
  m.tiers_us = {300, 300};
  EXPECT_THAT(ValidateMatrix(m, "the command line").message(),
              HasSubstr("field 'tiers_us': lists 300 twice"));
}

// No matrix field needs a long string; one past the limit is refused with where it is.
TEST(MatrixTest, RefusesAStringLongerThanTheLimit) {
  const std::string subject(json::kMaxJsonStringBytes + 1, 's');
  EXPECT_EQ(Refusal(absl::StrCat(R"({"subject": ")", subject, R"("})")),
            absl::StrCat("m.json: a string at subject is ", subject.size(),
                         " bytes; the limit is ", json::kMaxJsonStringBytes));
  EXPECT_THAT(Refusal(absl::StrCat(R"({"adapters": ["inline", ")", subject, R"("]})")),
              HasSubstr("a string at adapters[1] is "));
}

TEST(MatrixTest, RefusesUnknownFieldsAndWorkloads) {
  EXPECT_THAT(Refusal(R"({"tier": [40]})"), AllOf(HasSubstr("unknown field 'tier'"),
                                                  HasSubstr("tiers_us")));
  EXPECT_THAT(Refusal(R"({"workload": "disk"})"),
              AllOf(HasSubstr("unknown workload 'disk'"), HasSubstr("json, sleep, noop")));
  // modbus_rtu's tiers are frame sizes: the native task line's workload, never the matrix's.
  EXPECT_THAT(Refusal(R"({"workload": "modbus_rtu"})"),
              AllOf(HasSubstr("m.json"), HasSubstr("workload"), HasSubstr("native task line")));
}

TEST(MatrixTest, LoadsAFileAndNamesAMissingOne) {
  zoo::testing::TempDir dir;
  const auto file = dir.Write("matrix.json", R"({"tiers_us": [300]})");
  absl::StatusOr<Matrix> m = LoadMatrixFile(file.string());
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->tiers_us, (std::vector<uint32_t>{300}));
  absl::StatusOr<Matrix> missing = LoadMatrixFile((dir.path() / "nope.json").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(missing.status().message(), HasSubstr("nope.json: cannot be read"));
}

TEST(MatrixTest, ParsesFlagListsAndNamesTheFlag) {
  absl::StatusOr<std::vector<uint32_t>> ok = ParsePositiveList("1,4,16", "--concurrency");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, (std::vector<uint32_t>{1, 4, 16}));
  absl::StatusOr<std::vector<uint32_t>> bad = ParsePositiveList("1,,4", "--tiers");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("--tiers: '' is not a positive whole number"));
  EXPECT_FALSE(ParsePositiveList("0", "--tiers").ok());
  EXPECT_FALSE(ParsePositiveList("-4", "--tiers").ok());
}

}  // namespace
}  // namespace zoo
