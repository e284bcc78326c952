// The kernel's counters on the whole unit process: instructions and cycles (user space), and
// context switches and CPU migrations. Opened with perf_event_open on pid 0, any CPU,
// inherit=1, disabled, before the adapter's setup(), so every thread it creates inherits
// them; enabled and disabled (ioctl) around the measured rounds only. A counter the kernel
// refuses is unavailable with the exact reason: never a zero.
#pragma once

#include <array>

#include "core/measure/unit.h"

namespace zoo {

class ProcessCounters {
 public:
  enum Index { kInstructions, kCycles, kContextSwitches, kCpuMigrations, kCount };

  ProcessCounters();  // opens what it can
  ~ProcessCounters();
  ProcessCounters(const ProcessCounters&) = delete;
  ProcessCounters& operator=(const ProcessCounters&) = delete;

  void Enable() const;   // a few ioctl calls; no allocation
  void Disable() const;
  Count Read(Index i) const;  // after Disable()

 private:
  std::array<int, kCount> fd_{-1, -1, -1, -1};
  std::array<Count, kCount> refused_{};  // why a counter did not open
};

}  // namespace zoo
