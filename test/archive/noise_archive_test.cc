// The noise conditions in the archive and the report model: they survive a round trip, and
// an archive written before them still loads, as "not recorded".
#include <filesystem>
#include <string>

#include "core/archive/archive.h"
#include "core/archive/noise_conditions.h"
#include "core/archive/noise_json.h"
#include "core/model/report_model.h"
#include "core/model/report_model_json.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::zoo::testing::TempDir;

Archive MinimalArchive() {
  Archive a;
  a.run.started_utc = "2026-11-30T13:06:19Z";
  a.run.status = RunStatus::kComplete;
  a.run.matrix = DefaultMatrix();
  a.run.matrix.subject = "subj";
  a.subject = "subj";
  a.subject_version = "1.0";
  return a;
}

NoiseRecord SampleNoise() {
  NoiseRecord n;
  n.recorded = true;
  n.conditions = {
      {.code = "governor", .state = kNoiseWarning, .observed = "powersave",
       .detail = "CPU frequency governor is not performance",
       .message = {"noise.governor.warning",
                   {{"governors", "powersave"}, {"count", "2"}, {"cpus", "2"}}}},
      {.code = "turbo", .state = kNoiseNotCheckable, .observed = "", .detail = "turbo: no source",
       .message = {"noise.turbo.not_checkable", {}}},
      {.code = "aslr", .state = kNoiseFine, .observed = "0", .detail = "ASLR is off",
       .message = {"noise.aslr.fine", {{"value", "0"}}}},
      {.code = "rounds", .state = kNoiseWarning, .observed = "15", .detail = "15 rounds",
       .message = {"noise.rounds.warning", {{"rounds", "15"}, {"minimum", "20"}}}},
  };
  return n;
}

TEST(NoiseArchiveTest, RoundTripsEveryConditionInOrder) {
  TempDir dir;
  Archive a = MinimalArchive();
  a.noise = SampleNoise();
  const auto path = dir.path() / "a.json";
  ASSERT_TRUE(WriteArchive(a, path).ok());
  absl::StatusOr<Archive> b = ReadArchive(path);
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(ArchiveToJson(*b), ArchiveToJson(a));
  ASSERT_TRUE(b->noise.recorded);
  ASSERT_EQ(b->noise.conditions.size(), 4u);
  // Split into two lists on disk, back in the order they were read in.
  EXPECT_EQ(b->noise.conditions[0].code, "governor");
  EXPECT_EQ(b->noise.conditions[1].code, "turbo");
  EXPECT_EQ(b->noise.conditions[1].state, kNoiseNotCheckable);
  EXPECT_EQ(b->noise.conditions[3].observed, "15");
  EXPECT_EQ(b->noise.conditions[3].message.args[1].second, "20");
}

TEST(NoiseArchiveTest, WarningsAndTheRestSitInTheirOwnTopLevelLists) {
  Archive a = MinimalArchive();
  a.noise = SampleNoise();
  rapidjson::Document doc;
  doc.Parse(ArchiveToJson(a).c_str());
  ASSERT_TRUE(doc.IsObject());
  EXPECT_EQ(doc["schema_version"].GetInt(), 1);  // an optional addition: no bump
  ASSERT_TRUE(doc["noise_warnings"].IsArray());
  ASSERT_EQ(doc["noise_warnings"].Size(), 2u);
  EXPECT_STREQ(doc["noise_warnings"][0]["code"].GetString(), "governor");
  EXPECT_STREQ(doc["noise_warnings"][0]["observed"].GetString(), "powersave");
  EXPECT_STREQ(doc["noise_warnings"][0]["message"]["code"].GetString(), "noise.governor.warning");
  EXPECT_STREQ(doc["noise_warnings"][1]["code"].GetString(), "rounds");
  ASSERT_EQ(doc["noise_checked"].Size(), 2u);
  EXPECT_STREQ(doc["noise_checked"][0]["state"].GetString(), "not_checkable");
  EXPECT_STREQ(doc["noise_checked"][1]["state"].GetString(), "fine");
}

TEST(NoiseArchiveTest, AnArchiveWrittenBeforeNoiseLoadsAsNotRecorded) {
  Archive a = MinimalArchive();  // noise.recorded is false: written as an old zoo-host did
  const std::string old = ArchiveToJson(a);
  EXPECT_THAT(old, Not(HasSubstr("noise")));
  absl::StatusOr<Archive> b = ArchiveFromJson(old, "old.json");
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_FALSE(b->noise.recorded);
  EXPECT_TRUE(b->noise.conditions.empty());
}

TEST(NoiseArchiveTest, EveryCommittedArchiveLoadsAndTheOldestPredatesNoise) {
  // results/ holds an archive written before noise conditions existed (20261130T172257Z), and
  // newer ones that recorded them: each must say which it is.
  size_t loaded = 0, predating = 0;
  for (const auto& subject : std::filesystem::directory_iterator(::zoo::testing::CommittedResultsDir())) {
    if (!subject.is_directory()) continue;
    for (const auto& file : std::filesystem::directory_iterator(subject.path())) {
      if (file.path().extension() != ".json") continue;
      absl::StatusOr<Archive> a = ReadArchive(file.path());
      ASSERT_TRUE(a.ok()) << a.status();
      const bool old = file.path().filename() == "20261130T172257Z.json";
      EXPECT_EQ(a->noise.recorded, !old) << file.path();
      EXPECT_EQ(a->noise.conditions.empty(), old) << file.path();
      ++loaded;
      predating += old ? 1 : 0;
    }
  }
  EXPECT_GT(loaded, 1u);
  EXPECT_EQ(predating, 1u);
}

TEST(NoiseArchiveTest, HalfAPairOrAMisplacedStateIsCorruptNamingTheList) {
  Archive a = MinimalArchive();
  a.noise = SampleNoise();
  std::string text = ArchiveToJson(a);
  std::string half = text;
  half.replace(half.find("\"noise_checked\""), 15, "\"noise_checkex\"");
  absl::StatusOr<Archive> b = ArchiveFromJson(half, "half.json");
  ASSERT_FALSE(b.ok());
  EXPECT_THAT(b.status().message(), HasSubstr("half.json"));
  EXPECT_THAT(b.status().message(), HasSubstr("noise_checked"));
  std::string misplaced = text;
  misplaced.replace(misplaced.find("\"state\":\"fine\""), 14, "\"state\":\"warning\"");
  b = ArchiveFromJson(misplaced, "m.json");
  ASSERT_FALSE(b.ok());
  EXPECT_THAT(b.status().message(), HasSubstr("noise_checked"));
}

TEST(NoiseArchiveTest, TheReportModelCarriesThemAndSaysWhetherTheyWereRecorded) {
  ReportModel m;
  m.noise = SampleNoise();
  rapidjson::Document doc;
  doc.Parse(ReportModelToJson(m).c_str());
  ASSERT_TRUE(doc.IsObject());
  const rapidjson::Value& noise = doc["noise"];
  EXPECT_TRUE(noise["recorded"].GetBool());
  ASSERT_EQ(noise["warnings"].Size(), 2u);
  EXPECT_STREQ(noise["warnings"][1]["message"]["args"]["minimum"].GetString(), "20");
  EXPECT_EQ(noise["checked"].Size(), 2u);

  ReportModel old;
  doc.Parse(ReportModelToJson(old).c_str());
  EXPECT_FALSE(doc["noise"]["recorded"].GetBool());
  EXPECT_EQ(doc["noise"]["warnings"].Size(), 0u);
}

}  // namespace
}  // namespace zoo
