// The one clock of zoo-host: CLOCK_MONOTONIC in nanoseconds. Machine-wide, so times taken in
// another process on the same machine compare directly. Beside it, the process's CPU clock,
// read around each round but never inside a timed region.
#pragma once

#include <cstdint>
#include <ctime>

namespace zoo {

inline int64_t MonotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// CPU time consumed so far by every thread of this process (CLOCK_PROCESS_CPUTIME_ID), ns;
// -1 when the kernel refuses. A system call that walks the process's threads (about a
// microsecond), so it is read outside the timed region.
inline int64_t ProcessCpuNs() {
  timespec ts;
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return -1;
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace zoo
