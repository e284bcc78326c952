// One unit of the matrix: one (adapter, tier, concurrency) cell, measured in its own process.
// These are the raw facts a unit produces; everything derived from them (unit_stats.h) can be
// recomputed from them, and the archive stores both.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/timed_clock.h"
#include "core/measure/scenario.h"
#include "core/measure/unit_kind.h"
#include "core/measure/workload.h"

namespace zoo {

struct UnitSpec {
  std::string adapter;      // adapter name
  std::string plugin_file;  // the file it is loaded from
  uint32_t tier_us = 0;
  uint32_t concurrency = 1;
  uint32_t warmup_rounds = 0;
  uint32_t measured_rounds = 1;
  std::string workload;
  // A semantics unit's item: "off" for every item off through zoo.semantics/1, or an item's
  // name for that item alone switched on with `semantics_value`. "" for every other kind (the
  // extension is not touched).
  std::string semantics;
  int64_t semantics_value = 0;
  // What the unit is for (unit_kind.h). A timed unit counts nothing besides time and adds
  // nothing to its process; a semantics unit switches the item above; a counters unit is a
  // cost unit (allocation counter preloaded, kernel counters open on the whole process, cold
  // start at concurrency 1); a callgrind unit runs under valgrind's callgrind, collecting over
  // the measured rounds only.
  UnitKind kind = UnitKind::kTimed;
  // Which of the cell's processes this is (Matrix::processes), 0 the first. Archives written
  // before every cell ran in several processes have 1 and up for the subject's later ones.
  uint32_t process = 0;
  // json: the repetitions every body runs, calibrated once for the whole run
  // (calibration.h); 0: the unit calibrates in its own process (archives before that).
  uint64_t repetitions = 0;
  // The logical cores the parent counted (LogicalCores(), the affinity mask), which the unit
  // tells the adapter rather than counting again; 0: not given (archives before it), the
  // unit's process counts.
  uint32_t logical_cores = 0;
  // A scenario unit's scenario (kind kScenario or kScenarioCounters); kNone otherwise.
  Scenario scenario = Scenario::kNone;
  // zoo_config.workers (ABI 1.1): the pool size, 0 = the concurrency.
  uint32_t workers = 0;
  // zoo_config.options, e.g. "capacity=0" for an unbounded burst; "" for none.
  std::string options = {};
  // The clock of the timed region (timed_clock.h) the run chose; monotonic in archives before.
  ClockKind clock = ClockKind::kMonotonic;
  // modbus_rtu: the seed its frames are generated from (modbus_rtu.h); 0 for other workloads.
  uint64_t seed = 0;
};

// One count an instrumented unit took, or why it could not: never a zero for "not counted".
struct Count {
  bool available = false;
  uint64_t total = 0;
  // When unavailable: "not_permitted", "not_supported", "not_counted".
  std::string unavailable_code;
  std::string unavailable_reason;  // one English sentence, with the errno where there is one
};

// What an instrumented unit counted (absent for timed units). Totals are over the measured
// rounds, every thread of the unit's process.
struct UnitCounts {
  uint64_t tasks = 0;  // measured rounds x concurrency
  Count alloc_calls;   // malloc family and operator new
  Count alloc_bytes;
  Count instructions;  // perf_event_open, user space
  Count cycles;
  Count context_switches;
  Count cpu_migrations;
  // Cold start, taken by a counters or callgrind unit at concurrency 1: setup() plus one
  // first task (submit, drain) before any warm-up.
  bool cold_start = false;
  int64_t first_task_ns = 0;
  Count cold_alloc_calls;
  Count cold_alloc_bytes;
  // A callgrind unit: Ir over the measured rounds, from callgrind's totals (read by the host).
  Count callgrind_instructions;
  // The same unit run again under callgrind in a second process (only its Ir is kept), so
  // the archive shows whether the count repeats exactly. "not_counted" in archives that
  // predate it and when the second run failed.
  Count callgrind_repeat;
  // A callgrind unit's cold start: Ir from before setup() to the first task's drain, every
  // thread (read by the host). "not_counted" in archives that predate it.
  Count cold_callgrind_instructions;
};

// One task of one measured round. Times are nanoseconds of CLOCK_MONOTONIC relative to the
// round's start (the first submit call), so they are small and exact in JSON.
struct TaskSample {
  int64_t submit_call_ns = 0;    // the host is about to call submit()
  int64_t submit_return_ns = 0;  // submit() returned
  int64_t body_start_ns = 0;     // taken by the body where it ran (maybe another process)
  int64_t body_end_ns = 0;
  int64_t completed_ns = 0;      // the host saw the completion
  int32_t executor_pid = 0;      // the process the body ran in
};

struct RoundSample {
  int64_t start_ns = 0;  // absolute CLOCK_MONOTONIC of the first submit call
  int64_t wall_ns = 0;   // first submit call to drain's return
  // CPU time of the unit's process, every thread (CLOCK_PROCESS_CPUTIME_ID), read just
  // before the first submit call and just after drain's return, outside the timed region:
  // the CPU the round cost the host and an in-process executor, spinning included. Bodies
  // run in other processes (a process pool) are not in it. Linux adds a thread still running
  // on another CPU at the moment of a read only up to its last scheduler tick or switch, so
  // the CPU of a pool whose threads spin through short rounds is undercounted (Google
  // Benchmark's process CPU clock has the same limit, hidden by its long runs). -1: not
  // recorded (archives before it, or a kernel that refused the clock).
  int64_t cpu_ns = -1;
  std::vector<TaskSample> tasks;
};

struct UnitResult {
  UnitSpec spec;
  bool ok = false;
  std::string failure;        // one sentence when !ok
  int32_t pid = 0;            // the unit's process
  // When that process started (/proc/self/stat starttime, clock ticks since boot; 0 unknown):
  // with the pid it names one process, since a run of thousands of processes reuses pids.
  uint64_t process_start_ticks = 0;
  Calibration calibration;
  int64_t setup_ns = 0;       // wall time of setup(), outside the timed rounds
  int64_t teardown_ns = 0;
  uint64_t checksum = 0;      // folded over every measured body
  std::vector<RoundSample> rounds;  // measured rounds only; warm-up rounds are discarded
  // Which of a task's stamps the rounds took (unit_kind.h StampsFor); a stamp not taken is 0
  // in every TaskSample, and with kRound there are none. kTask in archives before it.
  Stamps stamps = Stamps::kTask;
  // Submit-and-drain cycles per round (unit_kind.h RoundBatchFor): a round's tasks are
  // batch x concurrency. 1 in archives before it.
  uint32_t batch = 1;
  // The unit process's timed clock, calibrated and checked; absent in archives before it.
  std::optional<ClockRecord> clock;
  std::string output_tail;    // the unit process's last output, kept when it failed
  std::optional<UnitCounts> counts;  // set for counters and callgrind units
  // Measured bodies that ran on the thread that called submit(): the adapter ran them inline,
  // as the harness's floor does. -1: not recorded (archives before it).
  int64_t bodies_on_calling_thread = -1;
  // Executor threads created while the measured rounds ran: distinct (pid, tid) pairs that ran
  // a measured task and whose id the kernel handed out between the rounds' start and end
  // (IdHandedOutBetween, which follows a wrap of the ids). A pool that keeps its threads: 0;
  // one whose drain() joins its threads and starts new ones: about `concurrency` per round.
  // -1: not recorded (archives before it, or the ids could not be read).
  int64_t threads_created = -1;
  // Threads of the unit's process and processes below it that were not there before setup()
  // and still are 20 ms after teardown() returned (a runtime's process-wide pool, or a leak:
  // the gate tells them apart). -1: not recorded.
  int64_t threads_left = -1;
  int64_t processes_left = -1;
};

}  // namespace zoo
