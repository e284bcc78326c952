// The timed region's clock: the TSC only where the kernel and the CPU vouch for it, else
// CLOCK_MONOTONIC with the reason; and a TSC fit that reads as CLOCK_MONOTONIC nanoseconds.
#include "core/base/timed_clock.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;

constexpr char kInvariantFlags[] = "fpu tsc constant_tsc rdtscp nonstop_tsc tsc_known_freq";

TEST(TimedClockTest, TheTscIsUsableOnlyWithTheKernelsClockSourceAndBothInvariantFlags) {
  EXPECT_EQ(TscUnusableReason("tsc\n", kInvariantFlags, true), "");
  EXPECT_THAT(TscUnusableReason("hpet\n", kInvariantFlags, true),
              HasSubstr("clock source is 'hpet'"));
  EXPECT_THAT(TscUnusableReason("", kInvariantFlags, true), HasSubstr("'unknown'"));
  EXPECT_THAT(TscUnusableReason("tsc", "fpu tsc nonstop_tsc", true), HasSubstr("constant_tsc"));
  EXPECT_THAT(TscUnusableReason("tsc", "fpu tsc constant_tsc", true), HasSubstr("nonstop_tsc"));
  // A flag is a whole word: "constant_tsc_x" is not constant_tsc.
  EXPECT_THAT(TscUnusableReason("tsc", "constant_tsc_x nonstop_tsc", true),
              HasSubstr("constant_tsc"));
  EXPECT_THAT(TscUnusableReason("tsc", kInvariantFlags, false), HasSubstr("x86-64"));
}

TEST(TimedClockTest, AutoFallsBackToMonotonicWithTheReasonAndMonotonicByNameHasNone) {
  EXPECT_EQ(DecideClock(ClockChoice::kAuto, "").kind, ClockKind::kTsc);
  const ClockDecision fallback = DecideClock(ClockChoice::kAuto, "no invariant TSC");
  EXPECT_EQ(fallback.kind, ClockKind::kMonotonic);
  EXPECT_EQ(fallback.fallback_reason, "no invariant TSC");
  const ClockDecision named = DecideClock(ClockChoice::kMonotonic, "");
  EXPECT_EQ(named.kind, ClockKind::kMonotonic);
  EXPECT_EQ(named.fallback_reason, "");
  EXPECT_EQ(DecideClock(ClockChoice::kTsc, "why").fallback_reason, "why");
}

TEST(TimedClockTest, TheDriftBoundIsAMicrosecondOrAHundredPartsPerMillion) {
  EXPECT_EQ(AllowedDriftNs(0), 1000);
  EXPECT_EQ(AllowedDriftNs(5'000'000), 1000);
  EXPECT_EQ(AllowedDriftNs(1'000'000'000), 100'000);
}

TEST(TimedClockTest, MonotonicStampsAreClockMonotonic) {
  StartTimedClock(ClockKind::kMonotonic);
  const int64_t before = MonotonicNs();
  const int64_t stamp = TimedNowNs();
  const int64_t after = MonotonicNs();
  EXPECT_LE(before, stamp);
  EXPECT_LE(stamp, after);
  const ClockRecord r = FinishTimedClock();
  EXPECT_EQ(r.kind, ClockKind::kMonotonic);
  EXPECT_GT(r.read_cost_ns, 0);
}

// A TSC stamp lies between two CLOCK_MONOTONIC reads around it, give or take the fit's own
// bound (a preemption between the reads only widens the bracket).
TEST(TimedClockTest, TscStampsReadAsClockMonotonicNanoseconds) {
  if (const std::string why = TscUnusableReasonHere("/"); !why.empty()) {
    GTEST_SKIP() << "this machine's TSC is not usable: " << why;
  }
  StartTimedClock(ClockKind::kTsc);
  for (int i = 0; i < 100; ++i) {
    const int64_t before = MonotonicNs();
    const int64_t stamp = TimedNowNs();
    const int64_t after = MonotonicNs();
    EXPECT_GE(stamp, before - AllowedDriftNs(0));
    EXPECT_LE(stamp, after + AllowedDriftNs(0));
  }
  const ClockRecord r = FinishTimedClock();
  EXPECT_EQ(r.kind, ClockKind::kTsc);
  EXPECT_GT(r.ticks_per_ns, 0);
  EXPECT_GT(r.checked_over_ns, 0);
  EXPECT_LE(std::abs(r.drift_ns), AllowedDriftNs(r.checked_over_ns));
  StartTimedClock(ClockKind::kMonotonic);
}

}  // namespace
}  // namespace zoo
