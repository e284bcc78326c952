#include "core/worker/worker_protocol.h"

#include <unistd.h>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

TEST(WorkerProtocolTest, DescriptorRoundTripsThroughJson) {
  const AdapterDescriptor d{.name = "thread_pool", .version = "1.0.0",
                            .description = "a \"quoted\" line", .kind = "stdlib",
                            .caliber_notes = "notes\nwith a newline <b>",
                            .drive_level = "std::thread", .abi_major = 1, .abi_minor = 0,
                            .file = "/x/libthread_pool_adapter.so"};
  absl::StatusOr<AdapterDescriptor> back = DescriptorFromJson(DescriptorToJson(d));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->name, d.name);
  EXPECT_EQ(back->description, d.description);
  EXPECT_EQ(back->caliber_notes, d.caliber_notes);
  EXPECT_EQ(back->abi_major, 1u);
  EXPECT_EQ(back->file, d.file);
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

}  // namespace
}  // namespace zoo
