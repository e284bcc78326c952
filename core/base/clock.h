// The one clock of zoo-host: CLOCK_MONOTONIC in nanoseconds. Machine-wide, so times taken in
// another process on the same machine compare directly.
#pragma once

#include <cstdint>
#include <ctime>

namespace zoo {

inline int64_t MonotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace zoo
