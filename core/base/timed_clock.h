// The clock of the timed region. CLOCK_MONOTONIC costs about 30 ns a read on this kind of VM;
// the TSC costs about 12 where the kernel itself trusts it (clock source `tsc`) and the CPU
// says it is invariant (`constant_tsc`, `nonstop_tsc`). A process that may use it calibrates
// it against CLOCK_MONOTONIC before its first stamp and checks the fit again at its end, so its
// stamps stay CLOCK_MONOTONIC nanoseconds (machine-wide, comparable across processes) and the
// archive shows how far the fit drifted. The host's now_ns service stays CLOCK_MONOTONIC.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/clock.h"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace zoo {

enum class ClockKind { kMonotonic, kTsc };
const char* ClockKindName(ClockKind kind);  // "monotonic", "tsc"

// What a run asks for: the TSC where usable (auto), or one clock by name.
enum class ClockChoice { kAuto, kTsc, kMonotonic };
const char* ClockChoiceName(ClockChoice choice);  // "auto", "tsc", "monotonic"

// Why this machine's TSC may not time units, from the kernel's current clock source and the
// flags line of /proc/cpuinfo; "" when it may. Pure, so a test can hand it any machine.
std::string TscUnusableReason(std::string_view clocksource, std::string_view cpu_flags,
                              bool x86_64);
// The same, read from /sys and /proc.
std::string TscUnusableReasonHere();

// The clock a run's units use for `choice` on this machine, and why not the TSC when not
// ("" when the TSC is used or monotonic was asked for by name).
struct ClockDecision {
  ClockKind kind = ClockKind::kMonotonic;
  std::string fallback_reason;
};
ClockDecision DecideClock(ClockChoice choice, const std::string& tsc_unusable_reason);

// One process's timed clock, as the archive records it.
struct ClockRecord {
  ClockKind kind = ClockKind::kMonotonic;
  double read_cost_ns = 0;     // one stamp, averaged over a burst of reads
  double ticks_per_ns = 0;     // the TSC's fitted rate (tsc only)
  int64_t checked_over_ns = 0; // from the calibration to the check at the process's end
  int64_t drift_ns = 0;        // the fit's error at that check: its time minus CLOCK_MONOTONIC's
};

// The largest drift a TSC fit may show over `span_ns` before the run's self-check fails: the
// calibration's own uncertainty (two clock reads over 2 ms, some 20 parts per million) with a
// margin, and never under 1 us.
int64_t AllowedDriftNs(int64_t span_ns);

namespace timed_clock_internal {
__extension__ typedef unsigned __int128 Uint128;  // a GCC and Clang extension, as -Wpedantic says
// Ticks since the fit's origin in nanoseconds: 128 bits, so no span of a run overflows.
inline int64_t ScaledTicks(uint64_t ticks, uint64_t mult) {
  return static_cast<int64_t>((static_cast<Uint128>(ticks) * mult) >> 32);
}
struct TscFit {
  bool on = false;
  uint64_t tick0 = 0;
  int64_t ns0 = 0;
  uint64_t mult = 0;  // nanoseconds per tick, times 2^32
};
inline TscFit fit;
}  // namespace timed_clock_internal

// Selects this process's clock; for the TSC, calibrates it (about 2 ms). Call once, before
// the first stamp and before any thread that stamps starts.
void StartTimedClock(ClockKind kind);
// Checks the fit against CLOCK_MONOTONIC and measures a read's cost: the process's record.
ClockRecord FinishTimedClock();

// A stamp of the timed region, in CLOCK_MONOTONIC nanoseconds.
inline int64_t TimedNowNs() {
#if defined(__x86_64__)
  const timed_clock_internal::TscFit& f = timed_clock_internal::fit;
  if (f.on) {
    unsigned aux;
    const uint64_t ticks = __rdtscp(&aux);  // waits for the instructions before it
    return f.ns0 + timed_clock_internal::ScaledTicks(ticks - f.tick0, f.mult);
  }
#endif
  return MonotonicNs();
}

}  // namespace zoo
