// The equivalence gate: no adapter is trusted before it proves, on the host's own bodies,
// that every submitted task runs exactly once, that drain() returns only after all of them
// finished, that nothing completes after drain() returned, that every call succeeds, and
// that no thread or process the adapter started outlives teardown().
//
// Its defaults are sized for rare faults: 10,000 tasks per instance wrap the ring sizes pools
// commonly use (1,024, 4,096 slots) several times, batches vary in size from one round to the
// next, and one instance takes batches up to 4,096 tasks between drains.
//
// RunGate() runs in the process that loaded the adapter; a crash or hang there takes that
// process with it, so the CLI runs it in a child (gate_runner.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/plugin/plugin_loader.h"

namespace zoo {

struct GateOptions {
  // One instance per concurrency: setup(concurrency, max_batch = concurrency), rounds of 1 to
  // max_batch submits + drain, teardown. More than one, so pools run at more than one size.
  std::vector<uint32_t> concurrencies = {1, 4, 16};
  // Then the largest concurrency once more, with max_batch = max(it, large_batch): more tasks
  // between drains than a pool has threads, as a queue or ring fills up. Threads an instance
  // leaves behind are a leak if this repeat leaves more; a runtime's process-wide pool that
  // the first instances start and the repeat reuses is counted in threads_kept.
  uint32_t large_batch = 4096;
  // Tasks submitted to each instance; 40,000 over 4 instances by default.
  uint32_t tasks_per_phase = 10'000;
  // How long each body spins: long enough that a drain() that returns early is caught.
  int64_t body_ns = 5'000;
  // How long threads and processes get to vanish after teardown() returned (a joined thread
  // can stay visible in /proc for a moment).
  std::chrono::milliseconds leak_settle{200};
  // Wait after each phase's last drain before teardown, to catch late completions.
  int64_t grace_ns = 20'000'000;
  // The logical cores the parent counted (LogicalCores(), the affinity mask), which setup() is
  // told: the gate's child does not count again, so that adapters hear the count the run's
  // units hear. REQUIRES: > 0 for RunGate (RunGateInChild fills in the parent's count for 0).
  uint32_t logical_cores = 0;
  // setup()'s options for every instance, e.g. "layer=NAME" (zoo.layers/1): the gate then
  // judges that layer. With options given, the submit-from-any-thread check is not run: the
  // variant is driven from the control thread only.
  std::string setup_options = {};
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
  uint32_t large_batch = 0;  // the largest batch one instance took, 0 if none
  uint32_t repeated_concurrency = 0;  // the concurrency run twice, 0 if none
  // Threads earlier instances left running that the repeat did not add to (a process-wide
  // pool of the adapter's runtime, e.g. libuv's); 0 for a clean adapter.
  uint32_t threads_kept = 0;
  // Per instance, in order: the distinct threads (pid, tid) its tasks ran on.
  std::vector<uint32_t> executor_threads = {};
  // Allocations inside the adapter's submit() and drain() calls over every instance, when the
  // allocation counter was preloaded into the gate's process; -1 when not counted.
  int64_t alloc_calls = -1;
  // The adapter declares zoo.submit_any_thread/1 and kept its rules
  // (submit_any_thread_gate.h); false when it does not declare it.
  bool submit_any_thread_checked = false;
};

// Makes the calling process a child subreaper (leak_check.h) and kills and reaps whatever
// processes the adapter left.
GateReport RunGate(const LoadedAdapter& adapter, const GateOptions& options);

}  // namespace zoo
