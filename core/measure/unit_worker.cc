#include "core/measure/unit_worker.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/clock.h"
#include "core/base/leak_check.h"
#include "core/base/sysinfo.h"
#include "core/base/timed_clock.h"
#include "core/measure/alloc_counting.h"
#include "core/measure/callgrind_requests.h"
#include "core/measure/host_services.h"
#include "core/measure/perf_counters.h"
#include "core/measure/scenario_rounds.h"
#include "core/plugin/plugin_loader.h"
#include "zoo/ext/semantics.h"

namespace zoo {
namespace {

// The timestamps the timed region takes: per round its start and drain's return, and per task
// its submit call and return in an attribution unit only. Every slot exists before the first
// round.
struct RoundTimes {
  // Which stamps are taken (unit_kind.h): submit_call and submit_return are empty unless kTask.
  Stamps stamps = Stamps::kTask;
  uint32_t batch = 1;  // submit-and-drain cycles per round (unit_kind.h)
  std::vector<int64_t> round_start, round_end, submit_call, submit_return;
  // Per round, the process's CPU clock just before the timed region and just after it; read
  // only when `read_cpu` (a timed unit: an instrumented unit would count the clock's own
  // instructions and system call among the adapter's).
  bool read_cpu = false;
  std::vector<int64_t> cpu_start, cpu_end;
  // The last process or thread id the kernel handed out before and after the measured rounds
  // (0 when /proc/loadavg cannot be read).
  int64_t ids_before = 0, ids_after = 0;
  // Per round, whether it ran: every one of a matrix unit; a scenario's stop on a time budget
  // (scenario.h), and only the rounds that ran are collected.
  std::vector<char> ran = {};
};

// Fills the measured rounds from the host's records; returns the first broken promise.
std::string CollectRounds(const UnitSpec& spec, const HostServices& host, const RoundTimes& t,
                          int32_t control_tid, UnitResult* out) {
  const uint32_t c = spec.concurrency * t.batch;  // a round's tasks
  out->bodies_on_calling_thread = 0;
  for (uint32_t k = 0; k < spec.warmup_rounds + spec.measured_rounds; ++k) {
    if (!t.ran[k]) continue;
    const bool measured = k >= spec.warmup_rounds;
    RoundSample round;
    const size_t base = static_cast<size_t>(k) * c;
    round.start_ns = t.round_start[k];
    round.wall_ns = t.round_end[k] - round.start_ns;
    if (t.read_cpu && t.cpu_start[k] >= 0 && t.cpu_end[k] >= t.cpu_start[k]) {
      round.cpu_ns = t.cpu_end[k] - t.cpu_start[k];
    }
    for (uint32_t i = 0; i < c; ++i) {
      const TaskRecord& r = host.record(base + i);
      const uint32_t runs = r.completions.load(std::memory_order_acquire);
      if (runs != 1) {
        return absl::StrFormat("task %u of round %u ran %u times (the gate requires exactly once)",
                               base + i, k, runs);
      }
      const int64_t completed = r.completed_ns.load(std::memory_order_relaxed);
      if (t.stamps == Stamps::kTask && completed > t.round_end[k]) {
        return absl::StrFormat("task %u of round %u completed after drain() returned", base + i, k);
      }
      if (!measured) continue;
      out->checksum = out->checksum * 31 + r.outcome.checksum;
      if (r.outcome.executor_pid == out->pid && r.outcome.executor_tid == control_tid) {
        ++out->bodies_on_calling_thread;
      }
      if (t.stamps == Stamps::kRound) continue;  // no stamps per task
      const bool per_task = t.stamps == Stamps::kTask;
      round.tasks.push_back(TaskSample{
          .submit_call_ns = per_task ? t.submit_call[base + i] - round.start_ns : 0,
          .submit_return_ns = per_task ? t.submit_return[base + i] - round.start_ns : 0,
          .body_start_ns = r.outcome.body_start_ns - round.start_ns,
          .body_end_ns = r.outcome.body_end_ns - round.start_ns,
          .completed_ns = per_task ? completed - round.start_ns : 0,
          .executor_pid = r.outcome.executor_pid,
      });
    }
    if (measured) out->rounds.push_back(std::move(round));
  }
  return "";
}

// Switches the unit's semantics item on (the others stay off, as setup() leaves them).
std::string ApplySemantics(const UnitSpec& spec, const zoo_adapter_entry_t& entry,
                           zoo_adapter_state_t* state) {
  const auto* ext = entry.get_extension == nullptr
                        ? nullptr
                        : static_cast<const zoo_semantics_extension_t*>(
                              entry.get_extension(ZOO_EXT_SEMANTICS));
  if (ext == nullptr) {
    return absl::StrCat("the unit asks for semantics '", spec.semantics, "' but ", spec.adapter,
                        " offers no " ZOO_EXT_SEMANTICS " extension");
  }
  if (spec.semantics == "off") return "";
  for (uint32_t i = 0; i < ext->item_count; ++i) {
    if (ext->items[i] == nullptr || ext->items[i]->name == nullptr ||
        spec.semantics != ext->items[i]->name) {
      continue;
    }
    const zoo_status_t s = ext->set_item(state, i, 1, spec.semantics_value);
    if (s != ZOO_STATUS_OK) {
      return absl::StrFormat("set_item('%s', on, %d) failed with status %d: %s", spec.semantics,
                             spec.semantics_value, s, AdapterErrorText(entry, state));
    }
    return "";
  }
  return absl::StrCat(spec.adapter, " has no semantics item '", spec.semantics, "'");
}

constexpr char kColdAtC1[] = "a cold start is taken at concurrency 1 only";

Count NotCounted(const std::string& why) {
  return Count{.available = false, .total = 0, .unavailable_code = "not_counted",
               .unavailable_reason = why};
}

// Executor threads that ran a measured task and were created after the measured rounds
// began (ids handed out meanwhile, across a wrap of the id space); -1 when the ids are unknown.
int64_t ThreadsCreated(const UnitSpec& spec, const HostServices& host, const RoundTimes& t) {
  if (t.ids_before <= 0 || t.ids_after <= 0) return -1;
  std::set<std::pair<int32_t, int32_t>> created;
  const size_t per_round = static_cast<size_t>(spec.concurrency) * t.batch;
  const size_t first = static_cast<size_t>(spec.warmup_rounds) * per_round;
  const size_t end = first + static_cast<size_t>(spec.measured_rounds) * per_round;
  for (size_t i = first; i < end; ++i) {
    const zoo_task_outcome_t& o = host.record(i).outcome;
    if (IdHandedOutBetween(o.executor_tid, t.ids_before, t.ids_after)) {
      created.emplace(o.executor_pid, o.executor_tid);
    }
  }
  return static_cast<int64_t>(created.size());
}

std::string SubmitFailed(const zoo_adapter_entry_t& entry, zoo_adapter_state_t* state,
                         zoo_status_t s, uint32_t round) {
  return absl::StrFormat("submit() failed with status %d in round %u: %s", s, round,
                         AdapterErrorText(entry, state));
}

// After a round's timed region: drain() succeeded and every task of the round completed.
std::string RoundEnded(const zoo_adapter_entry_t& entry, zoo_adapter_state_t* state,
                       const HostServices& host, zoo_status_t d, size_t base, uint32_t c,
                       uint32_t round) {
  if (d != ZOO_STATUS_OK) {
    return absl::StrFormat("drain() failed with status %d in round %u: %s", d, round,
                           AdapterErrorText(entry, state));
  }
  for (uint32_t i = 0; i < c; ++i) {
    if (host.record(base + i).completions.load(std::memory_order_acquire) == 0) {
      return absl::StrFormat("task %u of round %u had not completed when drain() returned",
                             base + i, round);
    }
  }
  return "";
}

// Rounds [from, to) at concurrency `c`, each timed from its first submit call to drain's
// return: two stamps a round, and the bodies' own where the host takes them (t.stamps); an
// attribution unit (kTask) stamps every submit call and return too. The first failed call
// ends them: its sentence, "" when none failed.
std::string RunRounds(const zoo_adapter_entry_t& entry, zoo_adapter_state_t* state,
                      HostServices& host, uint32_t c, uint32_t from, uint32_t to,
                      RoundTimes& t) {
  const bool per_task = t.stamps == Stamps::kTask;
  for (uint32_t k = from; k < to; ++k) {
    const size_t base = static_cast<size_t>(k) * c;
    if (t.read_cpu) t.cpu_start[k] = ProcessCpuNs();
    if (per_task) {
      // ---- timed region (attribution): first submit call to drain's return ----
      for (uint32_t i = 0; i < c; ++i) {
        t.submit_call[base + i] = TimedNowNs();
        const zoo_status_t s = entry.submit(state, host.task(base + i));
        t.submit_return[base + i] = TimedNowNs();
        if (s != ZOO_STATUS_OK) return SubmitFailed(entry, state, s, k);
      }
      t.round_start[k] = t.submit_call[base];
    } else {
      // ---- timed region: first submit call to the last drain's return ----
      const size_t first = static_cast<size_t>(k) * c * t.batch;
      t.round_start[k] = TimedNowNs();
      for (uint32_t b = 0; b < t.batch; ++b) {
        for (uint32_t i = 0; i < c; ++i) {
          const zoo_status_t s = entry.submit(state, host.task(first + b * c + i));
          if (s != ZOO_STATUS_OK) return SubmitFailed(entry, state, s, k);
        }
        if (const zoo_status_t d = entry.drain(state); d != ZOO_STATUS_OK) {
          return RoundEnded(entry, state, host, d, first, c * t.batch, k);
        }
      }
      t.round_end[k] = TimedNowNs();
      // ---- end of timed region ----
      if (t.read_cpu) t.cpu_end[k] = ProcessCpuNs();
      const std::string ended = RoundEnded(entry, state, host, ZOO_STATUS_OK, first,
                                           c * t.batch, k);
      if (!ended.empty()) return ended;
      continue;
    }
    const zoo_status_t d = entry.drain(state);
    t.round_end[k] = TimedNowNs();
    // ---- end of timed region ----
    if (t.read_cpu) t.cpu_end[k] = ProcessCpuNs();
    if (std::string ended = RoundEnded(entry, state, host, d, base, c, k); !ended.empty()) {
      return ended;
    }
  }
  return "";
}

// A cold start (concurrency 1): one first task (submit, drain) before any warm-up, then
// the counts since before setup(): a counters unit's allocations (`allocs`), a callgrind
// unit's instructions (dumped for the host, `allocs` null). Its failure, "" when none.
std::string RunColdStart(const zoo_adapter_entry_t& entry, zoo_adapter_state_t* state,
                         HostServices& host, size_t slot, AllocCounter* allocs,
                         UnitCounts& counts) {
  const int64_t first_start = MonotonicNs();
  zoo_status_t st = entry.submit(state, host.task(slot));
  if (st == ZOO_STATUS_OK) st = entry.drain(state);
  counts.first_task_ns = MonotonicNs() - first_start;
  if (allocs != nullptr) {
    allocs->Stop(&counts.cold_alloc_calls, &counts.cold_alloc_bytes);
  } else {
    DumpCallgrindCounts(kCallgrindColdStartDump);
  }
  counts.cold_start = true;
  if (st != ZOO_STATUS_OK) {
    return absl::StrFormat("the cold-start task failed with status %d: %s", st,
                           AdapterErrorText(entry, state));
  }
  if (const uint32_t runs = host.record(slot).completions.load(); runs != 1) {
    return absl::StrFormat("the cold-start task ran %u times before drain() returned", runs);
  }
  return "";
}

// Right after the measured rounds: a counters unit (`kernel` and `allocs` set) stops and reads
// its counters, a callgrind unit dumps callgrind's; every count not taken says why.
void CloseCounts(bool cold_start, ProcessCounters* kernel, AllocCounter* allocs,
                 UnitCounts& n) {
  if (kernel != nullptr) {
    kernel->Disable();
    allocs->Stop(&n.alloc_calls, &n.alloc_bytes);
    n.instructions = kernel->Read(ProcessCounters::kInstructions);
    n.cycles = kernel->Read(ProcessCounters::kCycles);
    n.context_switches = kernel->Read(ProcessCounters::kContextSwitches);
    n.cpu_migrations = kernel->Read(ProcessCounters::kCpuMigrations);
    if (!cold_start) n.cold_alloc_calls = n.cold_alloc_bytes = NotCounted(kColdAtC1);
    n.callgrind_instructions = n.callgrind_repeat = n.cold_callgrind_instructions =
        NotCounted("the unit did not run under callgrind");
    return;
  }
  DumpCallgrindCounts(kCallgrindMeasuredDump);
  const std::string why = "a callgrind unit counts instructions only (callgrind's totals)";
  n.alloc_calls = n.alloc_bytes = n.instructions = n.cycles = n.context_switches =
      n.cpu_migrations = n.cold_alloc_calls = n.cold_alloc_bytes = NotCounted(why);
  // The host fills callgrind_instructions (and a cold start's) from callgrind's dumps.
  n.callgrind_instructions = NotCounted("callgrind's output was not read");
  n.cold_callgrind_instructions =
      NotCounted(cold_start ? "callgrind's output was not read" : kColdAtC1);
  // The host runs the unit a second time under callgrind and fills this from that run.
  n.callgrind_repeat = NotCounted("the unit was not run a second time");
}

// What setup() is told: the unit's concurrency (its largest batch too) and the logical cores
// the parent counted, which the spec carries (a spec without them: this process's count).
zoo_config_t UnitConfig(const UnitSpec& spec) {
  return {.struct_size = sizeof(zoo_config_t),
          .concurrency = spec.concurrency,
          .max_batch = spec.concurrency,
          .logical_cores =
              spec.logical_cores > 0 ? spec.logical_cores : std::max(1u, LogicalCores()),
          .options = spec.options.c_str(),
          .workers = spec.workers,
          .reserved0 = 0};
}

// After setup(): the unit's semantics item, and a cold start when `cold_start` (counting
// allocations when `allocs` is given, else callgrind's instructions). The first failure's
// sentence, "" when none.
std::string BeforeRounds(const UnitSpec& spec, const zoo_adapter_entry_t& entry,
                         zoo_adapter_state_t* state, HostServices& host,
                         const std::function<void(std::string_view)>& step, bool cold_start,
                         AllocCounter* allocs, UnitResult& result) {
  if (!spec.semantics.empty()) {
    step(absl::StrCat("semantics '", spec.semantics, "'"));
    if (std::string failure = ApplySemantics(spec, entry, state); !failure.empty()) {
      return failure;
    }
  }
  if (!cold_start) return "";
  step("cold start (the first task)");
  return RunColdStart(entry, state, host, host.capacity() - 1, allocs, *result.counts);
}

// setup(), the unit's semantics item, a cold start, the rounds and teardown() of one unit
// whose body and task records are ready in `host`; times and counts land in `result`. The
// first failure's sentence, "" when none.
std::string RunUnitCalls(const UnitSpec& spec, const zoo_adapter_entry_t& entry,
                         HostServices& host, RoundTimes& times,
                         const std::function<void(std::string_view)>& step, UnitResult& result) {
  const uint32_t c = spec.concurrency;
  const uint32_t rounds = spec.warmup_rounds + spec.measured_rounds;
  const zoo_config_t config = UnitConfig(spec);
  // A counters unit: the kernel counters open before setup() so that every thread the
  // adapter starts inherits them; the allocation counter covers setup and the first task.
  const bool counters = CountsAllocations(spec.kind);
  const bool callgrind = UnderCallgrind(spec.kind);
  const bool cold_start = TakesColdStart(spec.kind) && c == 1;
  std::optional<ProcessCounters> kernel;
  std::optional<AllocCounter> allocs;
  if (counters) {
    step("open counters");
    kernel.emplace();
    allocs.emplace();
  }
  if (counters || callgrind) {
    result.counts.emplace();
    result.counts->tasks = static_cast<uint64_t>(spec.measured_rounds) * c * times.batch;
  }

  step("setup");
  zoo_adapter_state_t* state = nullptr;
  if (cold_start && counters) {
    allocs->Start();
  } else if (cold_start) {
    ZeroCallgrindCounts();
  }
  const int64_t setup_start = MonotonicNs();
  const zoo_status_t setup_status = entry.setup(host.table(), &config, &state);
  result.setup_ns = MonotonicNs() - setup_start;
  if (setup_status != ZOO_STATUS_OK || state == nullptr) {
    return absl::StrFormat("setup() failed with status %d: %s", setup_status,
                           AdapterErrorText(entry, nullptr));
  }

  std::string call_failure = BeforeRounds(spec, entry, state, host, step, cold_start,
                                          counters ? &*allocs : nullptr, result);

  step(absl::StrCat("rounds (", spec.warmup_rounds, " warm-up + ", spec.measured_rounds,
                    " measured at concurrency ", c, ")"));
  std::optional<ScenarioRounds> scenario;
  if (IsScenario(spec.kind) && call_failure.empty()) scenario.emplace(spec, entry, state, host);
  auto run_rounds = [&](uint32_t from, uint32_t to, int64_t budget_ns) {
    return scenario ? scenario->Run(from, to, budget_ns, times.round_start, times.round_end,
                                    times.ran)
                    : RunRounds(entry, state, host, c, from, to, times);
  };
  if (call_failure.empty()) call_failure = run_rounds(0, spec.warmup_rounds, kScenarioWarmupNs);
  times.ids_before = LastIdHandedOut();  // reads a file: before the counters start
  // Counting covers the measured rounds (every thread), never a warm-up round; switching it
  // on and off sits outside every round's timed region, and a timed unit switches nothing.
  if (counters) {
    allocs->Start();
    kernel->Enable();
  } else if (callgrind) {
    ZeroCallgrindCounts();
  }
  if (call_failure.empty()) {
    call_failure = run_rounds(spec.warmup_rounds, rounds, kScenarioMeasureNs);
  }
  if (counters || callgrind) {
    CloseCounts(cold_start, counters ? &*kernel : nullptr, counters ? &*allocs : nullptr,
                *result.counts);
  }
  times.ids_after = LastIdHandedOut();
  scenario.reset();  // a burst's producers are joined before teardown()

  step("teardown");
  const int64_t teardown_start = MonotonicNs();
  const zoo_status_t teardown_status = entry.teardown(state);
  result.teardown_ns = MonotonicNs() - teardown_start;
  if (!call_failure.empty()) return call_failure;
  if (teardown_status != ZOO_STATUS_OK) {
    return absl::StrFormat("teardown() failed with status %d: %s", teardown_status,
                           AdapterErrorText(entry, nullptr));
  }
  return "";
}

}  // namespace

UnitResult MeasureUnit(const UnitSpec& spec,
                       const std::function<void(std::string_view)>& on_step) {
  const std::function<void(std::string_view)> step = [&](std::string_view s) {
    if (on_step) on_step(s);
  };
  UnitResult result;
  result.spec = spec;
  result.pid = static_cast<int32_t>(getpid());
  result.process_start_ticks = ProcessStartTicks();
  const auto control_tid = static_cast<int32_t>(gettid());  // the thread that calls submit()
  auto fail = [&](std::string why) {
    result.ok = false;
    result.failure = std::move(why);
    result.rounds.clear();
    return result;
  };

  // Before any stamp and before the adapter starts a thread (a process pool forks with it).
  StartTimedClock(spec.clock);
  step("load");
  absl::StatusOr<LoadedAdapter> adapter = LoadAdapter(spec.plugin_file);
  if (!adapter.ok()) return fail(std::string(adapter.status().message()));
  if (adapter->descriptor().name != spec.adapter) {
    return fail(absl::StrCat(spec.plugin_file, " holds adapter '", adapter->descriptor().name,
                             "', not '", spec.adapter, "'"));
  }

  step(spec.repetitions > 0 ? "prepare the body" : "calibrate");
  absl::StatusOr<CalibratedWorkload> workload =
      MakeWorkload(spec.workload, spec.tier_us, spec.repetitions, spec.seed);
  if (!workload.ok()) return fail(std::string(workload.status().message()));
  result.calibration = workload->calibration;

  const uint32_t rounds = spec.warmup_rounds + spec.measured_rounds;
  result.stamps = StampsFor(spec.kind, spec.workload);
  result.batch = RoundBatchFor(spec.kind, result.stamps);
  const size_t tasks = static_cast<size_t>(rounds) * spec.concurrency * result.batch;
  // Every slot the timed region writes exists before the first round; a cold start's first
  // task has one more, after the rounds' slots.
  HostServices host(*workload->body, tasks + 1);
  host.set_stamps(result.stamps);
  const size_t per_task = result.stamps == Stamps::kTask ? tasks : 0;
  RoundTimes times{.stamps = result.stamps,
                   .batch = result.batch,
                   .round_start = std::vector<int64_t>(rounds),
                   .round_end = std::vector<int64_t>(rounds),
                   .submit_call = std::vector<int64_t>(per_task),
                   .submit_return = std::vector<int64_t>(per_task),
                   .read_cpu = !Instrumented(spec.kind) && !IsScenario(spec.kind),
                   .cpu_start = std::vector<int64_t>(rounds, -1),
                   .cpu_end = std::vector<int64_t>(rounds, -1),
                   .ids_before = 0,
                   .ids_after = 0,
                   .ran = std::vector<char>(rounds, IsScenario(spec.kind) ? 0 : 1)};
  const TaskSnapshot before_setup = TakeTaskSnapshot();
  const std::string failure = RunUnitCalls(spec, adapter->entry(), host, times, step, result);
  result.clock = FinishTimedClock();
  const Leftovers left = FindLeftovers(before_setup, std::chrono::milliseconds(20));
  result.threads_left = static_cast<int64_t>(left.threads.size());
  result.processes_left = static_cast<int64_t>(left.processes.size());
  if (!failure.empty()) return fail(failure);
  step("collect");
  result.threads_created = ThreadsCreated(spec, host, times);
  if (std::string broken = CollectRounds(spec, host, times, control_tid, &result);
      !broken.empty()) {
    return fail(broken);
  }
  // A scenario's counts cover the measured rounds that ran, which its time budget may cut.
  if (result.counts && IsScenario(spec.kind)) {
    result.counts->tasks = static_cast<uint64_t>(result.rounds.size()) * spec.concurrency;
  }
  result.ok = true;
  return result;
}

}  // namespace zoo
