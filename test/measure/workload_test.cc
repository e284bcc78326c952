#include "core/measure/workload.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "core/base/clock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

// Wall-clock checks here are lower bounds (a sleep never ends early) or loose bands around a
// median: the suite shares a 2-core CI machine, so no tight threshold is asserted.

namespace zoo {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

CalibratedWorkload MustMake(std::string_view name, uint32_t tier_us) {
  absl::StatusOr<CalibratedWorkload> w = MakeWorkload(name, tier_us);
  EXPECT_TRUE(w.ok()) << w.status();
  return *std::move(w);
}

int64_t ThreadCpuNs() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

struct RunTimes {
  int64_t median_wall_ns = 0;
  int64_t median_cpu_ns = 0;  // this thread's CPU time: blind to time spent preempted
};

// Medians of `runs` calls of body.Run().
RunTimes TimeRuns(const Body& body, int runs) {
  std::vector<int64_t> wall, cpu;
  for (int i = 0; i < runs; ++i) {
    const int64_t wall_start = MonotonicNs();
    const int64_t cpu_start = ThreadCpuNs();
    EXPECT_NE(body.Run(), 0u);
    cpu.push_back(ThreadCpuNs() - cpu_start);
    wall.push_back(MonotonicNs() - wall_start);
  }
  std::sort(wall.begin(), wall.end());
  std::sort(cpu.begin(), cpu.end());
  return {wall[wall.size() / 2], cpu[cpu.size() / 2]};
}

TEST(WorkloadTest, NamesInHelpOrder) {
  EXPECT_THAT(WorkloadNames(), ElementsAre("json", "sleep", "noop", "modbus_rtu"));
}

TEST(WorkloadTest, UnknownNameIsRefusedWithTheKnownOnes) {
  const absl::StatusOr<CalibratedWorkload> w = MakeWorkload("bogus", 300);
  ASSERT_FALSE(w.ok());
  EXPECT_EQ(w.status().code(), absl::StatusCode::kInvalidArgument);
  const std::string message(w.status().message());
  EXPECT_THAT(message, HasSubstr("bogus"));
  for (const std::string& name : WorkloadNames()) EXPECT_THAT(message, HasSubstr(name));
}

TEST(WorkloadTest, NamesAreExact) {
  EXPECT_FALSE(MakeWorkload("JSON", 300).ok());
  EXPECT_FALSE(MakeWorkload("", 300).ok());
  EXPECT_FALSE(MakeWorkload("json ", 300).ok());
}

TEST(WorkloadTest, JsonCalibrationIsRecordedAndTheBodyIsDeterministic) {
  uint64_t repetitions_300 = 0;
  uint64_t checksum_300 = 0;
  for (uint32_t tier_us : {300u, 2700u}) {
    SCOPED_TRACE(tier_us);
    const CalibratedWorkload w = MustMake("json", tier_us);
    ASSERT_NE(w.body, nullptr);
    const Calibration& c = w.calibration;
    EXPECT_EQ(c.workload, "json");
    EXPECT_EQ(c.target_ns, int64_t{tier_us} * 1000);
    EXPECT_GT(c.repetitions, 0u);
    EXPECT_GT(c.ns_per_repetition, 0);
    EXPECT_GT(c.calibration_ns, 0);
    EXPECT_NE(c.checksum, 0u);

    const uint64_t first = w.body->Run();
    EXPECT_NE(first, 0u);
    EXPECT_EQ(w.body->Run(), first);
    if (tier_us == 300) {
      repetitions_300 = c.repetitions;
      checksum_300 = first;
    } else {
      // Nine times the tier: more repetitions, hence other records and another checksum.
      EXPECT_GT(c.repetitions, repetitions_300);
      EXPECT_NE(first, checksum_300);
    }
  }
}

TEST(WorkloadTest, JsonBodyLastsAboutItsTier) {
  const CalibratedWorkload w = MustMake("json", 2700);
  const RunTimes t = TimeRuns(*w.body, 9);
  // Wall time only ever grows under load, so its lower bound is safe. The upper bound is
  // checked on CPU time: a busy CI machine (tests run in parallel on 2 cores) stretches
  // the wall time of a correctly calibrated body well past 2x, but not its CPU time.
  EXPECT_GE(t.median_wall_ns, 2'700'000 / 2);
  EXPECT_GE(t.median_cpu_ns, 2'700'000 / 2);
  EXPECT_LE(t.median_cpu_ns, 2'700'000 * 2);
}

TEST(WorkloadTest, JsonAtTierZeroRunsOneRepetition) {
  const CalibratedWorkload w = MustMake("json", 0);
  EXPECT_EQ(w.calibration.repetitions, 1u);
  EXPECT_NE(w.body->Run(), 0u);
}

TEST(WorkloadTest, SleepNeverEndsBeforeItsTier) {
  for (uint32_t tier_us : {40u, 300u, 2700u}) {
    SCOPED_TRACE(tier_us);
    const CalibratedWorkload w = MustMake("sleep", tier_us);
    EXPECT_EQ(w.calibration.workload, "sleep");
    EXPECT_EQ(w.calibration.target_ns, int64_t{tier_us} * 1000);
    EXPECT_EQ(w.calibration.repetitions, 0u);
    for (int i = 0; i < 5; ++i) {
      const int64_t start = MonotonicNs();
      EXPECT_NE(w.body->Run(), 0u);
      EXPECT_GE(MonotonicNs() - start, int64_t{tier_us} * 1000);
    }
  }
}

TEST(WorkloadTest, NoopReturnsAtOnceWithAChecksum) {
  const CalibratedWorkload w = MustMake("noop", 2700);
  EXPECT_EQ(w.calibration.workload, "noop");
  EXPECT_EQ(w.calibration.target_ns, 0);  // the tier is ignored
  EXPECT_EQ(w.calibration.repetitions, 0u);
  EXPECT_NE(w.body->Run(), 0u);
  EXPECT_EQ(w.body->Run(), w.body->Run());
  // Far below the 2.7 ms tier it was given: the body does not wait for it.
  EXPECT_LT(TimeRuns(*w.body, 9).median_wall_ns, 1'000'000);
}

TEST(WorkloadTest, BodiesRunFromTwoThreadsAtOnce) {
  for (const char* name : {"json", "noop"}) {
    SCOPED_TRACE(name);
    const CalibratedWorkload w = MustMake(name, 300);
    const uint64_t expected = w.body->Run();
    uint64_t got[2][20] = {};
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t) {
      threads.emplace_back([&w, &got, t] {
        for (uint64_t& g : got[t]) g = w.body->Run();
      });
    }
    for (std::thread& t : threads) t.join();
    for (const auto& per_thread : got) {
      for (uint64_t g : per_thread) EXPECT_EQ(g, expected);
    }
  }
}

TEST(WorkloadTest, JsonBodyRunsInAForkedChild) {
  const CalibratedWorkload w = MustMake("json", 300);
  const uint64_t expected = w.body->Run();
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const uint64_t sum = w.body->Run();
    const bool sent = write(fds[1], &sum, sizeof sum) == static_cast<ssize_t>(sizeof sum);
    _exit(sent ? 0 : 1);
  }
  close(fds[1]);
  uint64_t got = 0;
  EXPECT_EQ(read(fds[0], &got, sizeof got), static_cast<ssize_t>(sizeof got));
  close(fds[0]);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(got, expected);
}

}  // namespace
}  // namespace zoo
