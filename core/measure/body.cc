#include "core/measure/body.h"

#include "core/base/clock.h"

namespace zoo {

uint64_t SpinBody::Run() const {
  const int64_t end = MonotonicNs() + duration_ns_;
  uint64_t x = 0x9E3779B97F4A7C15ull;
  do {
    for (int i = 0; i < 64; ++i) x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ull + 1;
  } while (MonotonicNs() < end);
  return x;
}

}  // namespace zoo
