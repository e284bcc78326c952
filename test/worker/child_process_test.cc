#include "core/worker/child_process.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;

ChildResult Sh(const std::string& script, int timeout_ms = 30'000) {
  absl::StatusOr<ChildResult> r =
      RunChild({.argv = {"/bin/sh", "-c", script},
                .timeout = std::chrono::milliseconds(timeout_ms)});
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : ChildResult{};
}

TEST(ChildProcessTest, CollectsTheReportPipeAndTheExitCode) {
  ChildResult r = Sh("echo 'step one' >&3; echo 'result {}' >&3; exit 3");
  EXPECT_TRUE(r.exited);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.report, "step one\nresult {}\n");
  EXPECT_EQ(DescribeEnd(r), "exited with status 3");
}

TEST(ChildProcessTest, ReportsTheSignalThatKilledIt) {
  ChildResult r = Sh("kill -SEGV $$");
  EXPECT_FALSE(r.exited);
  EXPECT_EQ(r.signal, SIGSEGV);
  EXPECT_THAT(DescribeEnd(r), HasSubstr("crashed with signal SIGSEGV"));
}

TEST(ChildProcessTest, KillsAHungChildAndWhatItStarted) {
  // The grandchild `sleep` would keep the pipes open if the whole group were not killed.
  ChildResult r = Sh("sleep 100 & sleep 100", 300);
  EXPECT_TRUE(r.timed_out);
  EXPECT_FALSE(r.exited);
  EXPECT_THAT(DescribeEnd(r), HasSubstr("hung: no result after"));
  EXPECT_LT(r.elapsed_s, 60) << "the child and its group were not killed";
}

TEST(ChildProcessTest, KeepsOnlyTheTailOfTheOutput) {
  absl::StatusOr<ChildResult> r = RunChild(
      {.argv = {"/bin/sh", "-c", "i=0; while [ $i -lt 2000 ]; do echo line $i; i=$((i+1)); done; "
                                 "echo last words >&2"},
       .timeout = std::chrono::seconds(30),
       .output_tail_bytes = 100});
  ASSERT_TRUE(r.ok());
  EXPECT_LE(r->output_tail.size(), 100u);
  EXPECT_EQ(LastOutputLine(*r), "last words");
}

TEST(ChildProcessTest, KillsAChildThatFloodsItsReportChannel) {
  // `yes` writes forever: without a limit the host would buffer it until memory ran out.
  absl::StatusOr<ChildResult> r = RunChild({.argv = {"/bin/sh", "-c", "exec yes >&3"},
                                            .timeout = std::chrono::seconds(60),
                                            .report_limit_bytes = 1 << 20});
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->report_overflow);
  EXPECT_FALSE(r->timed_out);
  EXPECT_LE(r->report.size(), (1u << 20) + 4096u);
  EXPECT_THAT(DescribeEnd(*r), HasSubstr("flooded its report channel"));
}

TEST(ChildProcessTest, FailsCleanlyWhenTheProgramDoesNotExist) {
  absl::StatusOr<ChildResult> r = RunChild({.argv = {"/nonexistent/zoo-host"}});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("could not start /nonexistent/zoo-host"));
}

}  // namespace
}  // namespace zoo
