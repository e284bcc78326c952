// Runs one unit in its own process: exec of the zoo-host binary in its hidden worker mode
// (`zoo-host __worker unit --spec=JSON`), with a deadline. A crash (the signal), a hang (the
// deadline) or an error (the adapter's text, the tail of the unit's output) comes back as a
// failed UnitResult with the reason; the caller always gets control back.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>

#include "core/measure/unit.h"

namespace zoo {

struct UnitRunOptions {
  std::chrono::milliseconds timeout{120'000};
  const std::atomic<bool>* cancel = nullptr;  // set: kill the unit, result.failure says so
  // Preloaded (LD_PRELOAD) into a "counters" unit's process, and into no other; empty: none.
  std::filesystem::path alloc_counter;
  // A "callgrind" unit runs under this valgrind; its Ir total lands in the unit's counts.
  std::filesystem::path valgrind;
};

struct UnitRun {
  UnitResult result;
  bool cancelled = false;  // stopped on request: not a measurement, not a failure
};

UnitRun RunUnitInChild(const std::filesystem::path& zoo_host, const UnitSpec& spec,
                       const UnitRunOptions& options);

}  // namespace zoo
