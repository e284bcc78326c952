// The environment record's round trips: written and read back unchanged, absent in older
// archives (which read as not measured and write nothing back), and a malformed member
// refused with its name.
#include "core/archive/round_trips_json.h"

#include <string>

#include "core/archive/archive.h"
#include "core/base/json_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;

RoundTrips SampleTrips() {
  return {.handoff = {.method = kHandoffRoundTripMethod, .median_ns = 4123.5, .mean_ns = 4391.25,
                      .exchanges = 20000, .batch = 100},
          .pipe = {.method = kPipeRoundTripMethod, .median_ns = 9870.0, .mean_ns = 10012.75,
                   .exchanges = 18400, .batch = 100}};
}

// `environment` as the archive writes it, in an object of its own.
std::string EnvironmentJson(const SystemInfo& environment) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  WriteRoundTrips(w, environment);
  w.EndObject();
  return buffer.GetString();
}

absl::Status ReadFrom(const std::string& text, SystemInfo& environment) {
  rapidjson::Document d;
  d.Parse(text.data(), text.size());
  EXPECT_FALSE(d.HasParseError()) << text;
  return ReadRoundTrips(d, "environment", environment);
}

void ExpectSame(const RoundTrip& a, const RoundTrip& b) {
  EXPECT_EQ(a.method, b.method);
  EXPECT_EQ(a.median_ns, b.median_ns);
  EXPECT_EQ(a.mean_ns, b.mean_ns);
  EXPECT_EQ(a.exchanges, b.exchanges);
  EXPECT_EQ(a.batch, b.batch);
}

TEST(RoundTripsJsonTest, BothRoundTripsReadBackAsWritten) {
  SystemInfo e;
  e.round_trips = SampleTrips();
  const std::string text = EnvironmentJson(e);
  EXPECT_THAT(text, HasSubstr("\"round_trips\":{\"handoff\":{\"method\":"));
  SystemInfo back;
  ASSERT_TRUE(ReadFrom(text, back).ok());
  ASSERT_TRUE(back.round_trips.has_value());
  ExpectSame(back.round_trips->handoff, e.round_trips->handoff);
  ExpectSame(back.round_trips->pipe, e.round_trips->pipe);
}

TEST(RoundTripsJsonTest, AWholeArchiveCarriesThemInItsEnvironment) {
  Archive a;
  a.subject = "s";
  a.environment.round_trips = SampleTrips();
  const std::string text = ArchiveToJson(a);
  absl::StatusOr<Archive> back = ArchiveFromJson(text, "a.json");
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_TRUE(back->environment.round_trips.has_value());
  ExpectSame(back->environment.round_trips->pipe, a.environment.round_trips->pipe);
  EXPECT_EQ(ArchiveToJson(*back), text);
}

TEST(RoundTripsJsonTest, AnArchiveWithoutThemReadsAsNotMeasuredAndWritesNothingBack) {
  SystemInfo none;
  EXPECT_EQ(EnvironmentJson(none), "{}");
  SystemInfo back;
  ASSERT_TRUE(ReadFrom("{}", back).ok());
  EXPECT_FALSE(back.round_trips.has_value());
  // A committed archive from before them.
  absl::StatusOr<Archive> committed = ReadArchive(
      ::zoo::testing::CommittedResultsDir() / "zoo_scheduler-0.1.0" / "20261202T020501Z.json");
  ASSERT_TRUE(committed.ok()) << committed.status();
  EXPECT_FALSE(committed->environment.round_trips.has_value());
}

TEST(RoundTripsJsonTest, AMalformedRoundTripIsRefusedNamingTheField) {
  SystemInfo e;
  e.round_trips = SampleTrips();
  const std::string good = EnvironmentJson(e);
  const auto refused = [](const std::string& text) {
    SystemInfo back;
    const absl::Status s = ReadFrom(text, back);
    EXPECT_FALSE(s.ok()) << text;
    EXPECT_FALSE(back.round_trips.has_value());
    return std::string(s.message());
  };
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  EXPECT_THAT(refused(replaced("\"median_ns\":4123.5", "\"median_ns\":\"fast\"")),
              HasSubstr("environment round_trips handoff: field 'median_ns'"));
  EXPECT_THAT(refused(replaced("\"mean_ns\":10012.75", "\"mean_ns\":-1")),
              HasSubstr("environment round_trips pipe: field 'mean_ns' must be a time above 0"));
  EXPECT_THAT(refused(replaced("\"exchanges\":18400", "\"exchanges\":0")),
              HasSubstr("environment round_trips pipe: field 'exchanges' must be a count"));
  EXPECT_THAT(refused(replaced("\"batch\":100}}", "\"batch\":1.5}}")),
              HasSubstr("environment round_trips pipe: field 'batch'"));
  EXPECT_THAT(refused("{\"round_trips\":{\"handoff\":{}}}"),
              HasSubstr("environment round_trips handoff"));
  EXPECT_THAT(refused(replaced(",\"pipe\":", ",\"pip\":")), HasSubstr("pipe"));
  EXPECT_THAT(refused("{\"round_trips\":[1,2]}"),
              HasSubstr("environment round_trips: must be an object"));
}

}  // namespace
}  // namespace zoo
