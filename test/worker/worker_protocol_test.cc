#include "core/worker/worker_protocol.h"

#include <unistd.h>

#include <string>

#include "core/archive/unit_json.h"
#include "core/base/json_util.h"
#include "core/worker/worker_client.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(WorkerProtocolTest, DescriptorRoundTripsThroughJson) {
  const AdapterDescriptor d{.name = "thread_pool", .version = "1.0.0",
                            .description = "a \"quoted\" line", .kind = "stdlib",
                            .caliber_notes = "notes\nwith a newline <b>",
                            .drive_level = "std::thread", .abi_major = 1, .abi_minor = 0,
                            .file = "/x/libthread_pool_adapter.so",
                            .text = {{"zh", {{"description", "一行\n说明"}}}}};
  absl::StatusOr<AdapterDescriptor> back = DescriptorFromJson(DescriptorToJson(d));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->name, d.name);
  EXPECT_EQ(back->description, d.description);
  EXPECT_EQ(back->caliber_notes, d.caliber_notes);
  EXPECT_EQ(back->abi_major, 1u);
  EXPECT_EQ(back->file, d.file);
  EXPECT_EQ(back->text, d.text);  // the zoo.text/1 tables reach the parent
}

TEST(WorkerProtocolTest, GateReportRoundTripsThroughJson) {
  GateReport r{.passed = false, .reason = "dropped 1 of 400 tasks", .tasks_submitted = 400,
               .tasks_completed = 399, .concurrencies = {1, 4}};
  absl::StatusOr<GateReport> back = GateReportFromJson(GateReportToJson(r));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_FALSE(back->passed);
  EXPECT_EQ(back->reason, r.reason);
  EXPECT_EQ(back->tasks_completed, 399u);
  EXPECT_EQ(back->concurrencies, (std::vector<uint32_t>{1, 4}));
}

TEST(WorkerProtocolTest, ProbeFailureComesBackAsItsReason) {
  absl::StatusOr<AdapterDescriptor> d = ProbeResultFromJson(ProbeFailureToJson("no entry symbol"));
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().message(), "no entry symbol");
}

TEST(WorkerProtocolTest, RefusesSomethingThatIsNotJson) {
  EXPECT_FALSE(GateReportFromJson("passed").ok());
  EXPECT_FALSE(GateReportFromJson("{}").ok()) << "a report without 'passed' is not a report";
  EXPECT_FALSE(DescriptorFromJson("[1,2]").ok());
}

TEST(WorkerProtocolTest, WriterLinesParseBackAndKeepTheLastStep) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  {
    ReportWriter w(fds[1]);
    w.Step("setup at concurrency 1");
    w.Step("drain\nat concurrency 1");  // a newline must not split the message
    w.Result("{\"passed\":true}");
  }
  close(fds[1]);
  std::string text;
  char buf[256];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0) text.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  ParsedReport p = ParseReport(text);
  EXPECT_EQ(p.last_step, "drain at concurrency 1");
  ASSERT_TRUE(p.result_json.has_value());
  EXPECT_EQ(*p.result_json, "{\"passed\":true}");
}

TEST(WorkerProtocolTest, AReportWithoutAResultHasNone) {
  ParsedReport p = ParseReport("step load\nstep submit at concurrency 4, round 2\n");
  EXPECT_FALSE(p.result_json.has_value());
  EXPECT_EQ(p.last_step, "submit at concurrency 4, round 2");
}

TEST(WorkerClientTest, BuildsOneCommandLine) {
  const WorkerCall call{.zoo_host = "/bin/zoo-host",
                        .mode = "gate",
                        .flags = {{"tasks", "400"}, {"concurrency", "1,4"}},
                        .file = "/p/libx.so",
                        .launcher = {"valgrind", "--tool=callgrind"}};
  EXPECT_THAT(WorkerArgv(call),
              ElementsAre("valgrind", "--tool=callgrind", "/bin/zoo-host", "__worker", "gate",
                          "--report-fd=3", "--tasks=400", "--concurrency=1,4", "/p/libx.so"));
}

// The child's mode table refuses a call it does not know; the client's one sentence says how
// the child ended and quotes what it said.
TEST(WorkerClientTest, AnUnknownModeEndsInTheStandardSentence) {
  const WorkerReply reply =
      RunWorker({.zoo_host = zoo::testing::HostBinary(), .mode = "no-such-mode"});
  ASSERT_FALSE(reply.status.ok());
  EXPECT_NE(reply.child.pid, 0);
  EXPECT_EQ(reply.status.message(),
            "exited with status 2 (last output: zoo-host __worker: unknown mode 'no-such-mode')");
  EXPECT_EQ(reply.sentence, reply.status.message());
}

TEST(WorkerClientTest, AFlagTheModeDoesNotTakeIsRefused) {
  const WorkerReply reply = RunWorker({.zoo_host = zoo::testing::HostBinary(),
                                       .mode = "calibrate",
                                       .flags = {{"tasks", "4"}},
                                       .subject = "calibrating"});
  ASSERT_FALSE(reply.status.ok());
  EXPECT_THAT(reply.status.message(),
              HasSubstr("calibrating exited with status 2 (last output: zoo-host __worker: "
                        "mode calibrate takes no --tasks)"));
}

TEST(WorkerClientTest, AModeAnswersThroughTheClient) {
  const WorkerReply reply = RunWorker({.zoo_host = zoo::testing::HostBinary(),
                                       .mode = "calibrate",
                                       .flags = {{"workload", "noop"}, {"tier-us", "40"}}});
  ASSERT_TRUE(reply.status.ok()) << reply.status;
  absl::StatusOr<Calibration> c = CalibrationFromJson(reply.answer);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->workload, "noop");
}

TEST(JsonParseTest, NamesEachProblemInOrder) {
  EXPECT_EQ(json::ParseObject(std::string(200, '[')).problem, json::ParseProblem::kTooDeep);
  EXPECT_EQ(json::ParseObject(std::string(200, '[')).detail,
            "JSON nested deeper than 128 levels");
  const json::ParsedObject broken = json::ParseObject("{\"a\": ");
  EXPECT_EQ(broken.problem, json::ParseProblem::kNotJson);
  EXPECT_THAT(broken.detail, HasSubstr("not valid JSON at byte 6"));
  EXPECT_EQ(json::ParseObject("[1]").problem, json::ParseProblem::kNotObject);
  const std::string long_string = "{\"a\": \"" + std::string(100, 'x') + "\"}";
  const json::ParsedObject too_long = json::ParseObject(long_string, {.max_string_bytes = 10});
  EXPECT_EQ(too_long.problem, json::ParseProblem::kStringTooLong);
  EXPECT_TRUE(too_long.doc.IsObject()) << "the document stays for the caller's own checks";
  EXPECT_TRUE(json::ParseObject(long_string, {.max_string_bytes = 0}).ok());
  EXPECT_EQ(json::ParseAnswer("[1]", "the answer").status().message(),
            "the answer is not a JSON object");
}

TEST(JsonParseTest, ReadsNumbersToFullPrecision) {
  const json::ParsedObject p = json::ParseObject("{\"x\": 0.30000000000000004}");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.doc["x"].GetDouble(), 0.1 + 0.2);
}

TEST(UnitSpecTest, CarriesTheParentsCoreCountAndReadsSpecsWithoutOne) {
  UnitSpec spec;
  spec.adapter = "inline";
  spec.plugin_file = "/p/libinline.so";
  spec.tier_us = 40;
  spec.concurrency = 4;
  spec.workload = "noop";
  spec.logical_cores = 3;
  absl::StatusOr<UnitSpec> back = UnitSpecFromJson(UnitSpecToJson(spec));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->logical_cores, 3u);
  std::string old = UnitSpecToJson(spec);
  const size_t at = old.find(",\"logical_cores\":3");
  ASSERT_NE(at, std::string::npos);
  old.erase(at, std::string(",\"logical_cores\":3").size());
  back = UnitSpecFromJson(old);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->logical_cores, 0u) << "a spec of an older archive: not given";
}

}  // namespace
}  // namespace zoo
