// The equivalence gate: no adapter is trusted before it proves, on the host's own bodies,
// that every submitted task runs exactly once, that drain() returns only after all of them
// finished, that nothing completes after drain() returned, and that every call succeeds.
//
// RunGate() runs in the process that loaded the adapter; a crash or hang there takes that
// process with it, so the CLI runs it in a child (gate_runner.h).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/plugin_loader.h"

namespace zoo {

struct GateOptions {
  // One phase per concurrency: setup(concurrency), rounds of `concurrency` submits + drain,
  // teardown. More than one, so pools are exercised at more than one size.
  std::vector<uint32_t> concurrencies = {1, 4, 16};
  // Tasks submitted in each phase; the default totals 1,200 tasks.
  uint32_t tasks_per_phase = 400;
  // How long each body spins: long enough that a drain() that returns early is caught.
  int64_t body_ns = 20'000;
  // Wait after each phase's last drain before teardown, to catch late completions.
  int64_t grace_ns = 20'000'000;
  // Told which call is about to be made ("drain at concurrency 4, round 7"), so that a crash
  // or hang can be attributed. May be empty.
  std::function<void(std::string_view step)> on_step;
};

struct GateReport {
  bool passed = false;
  std::string reason;           // one sentence when rejected, empty when passed
  uint64_t tasks_submitted = 0;
  uint64_t tasks_completed = 0;  // tasks that completed exactly once
  std::vector<uint32_t> concurrencies;
};

GateReport RunGate(const LoadedAdapter& adapter, const GateOptions& options);

}  // namespace zoo
