#include "core/measure/equivalence_gate.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/clock.h"
#include "core/base/leak_check.h"
#include "core/measure/alloc_counting.h"
#include "core/measure/gate_phase_check.h"
#include "core/measure/host_services.h"
#include "core/measure/submit_any_thread_gate.h"

namespace zoo {
namespace {

struct GateInstance {
  uint32_t concurrency = 1;
  uint32_t max_batch = 1;
  bool repeat = false;  // the last one: the largest concurrency once more
};

// One instance per concurrency, then the largest concurrency again, with large batches when
// asked for. The repeat is what tells a runtime's process-wide pool (started once, reused:
// the repeat adds no thread) from a leak (every instance adds threads, the repeat too).
std::vector<GateInstance> Instances(const GateOptions& options) {
  std::vector<GateInstance> out;
  for (uint32_t c : options.concurrencies) out.push_back({.concurrency = c, .max_batch = c});
  if (!options.concurrencies.empty()) {
    const uint32_t c =
        *std::max_element(options.concurrencies.begin(), options.concurrencies.end());
    out.push_back(
        {.concurrency = c, .max_batch = std::max(c, options.large_batch), .repeat = true});
  }
  return out;
}

// "concurrency 4", or "concurrency 16 again, with batches up to 4096" for the repeat.
std::string InstanceName(const GateInstance& instance) {
  std::string name = absl::StrCat("concurrency ", instance.concurrency);
  if (instance.repeat) absl::StrAppend(&name, " again");
  if (instance.max_batch > instance.concurrency) {
    absl::StrAppend(&name, ", with batches up to ", instance.max_batch);
  }
  return name;
}

// How many tasks each round submits: max_batch first (the fullest a queue gets), then sizes
// drawn from 1..max_batch, so that a ring's wrap-around lands at a different place in a round
// every time. Seeded per instance: a rejection is reproducible.
class BatchSizes {
 public:
  explicit BatchSizes(const GateInstance& instance)
      : max_(instance.max_batch), rng_(instance.concurrency * 7919u + instance.max_batch) {}
  uint32_t Next() {
    if (first_) {
      first_ = false;
      return max_;
    }
    return std::uniform_int_distribution<uint32_t>(1, max_)(rng_);
  }

 private:
  uint32_t max_;
  std::mt19937 rng_;
  bool first_ = true;
};

std::string CallFailed(const char* call, zoo_status_t status, const std::string& where,
                       const std::string& text) {
  return absl::StrFormat("%s() failed with status %d at %s: %s", call, status, where, text);
}

// What one instance's rounds of submit and drain saw, for CheckPhase once it is torn down.
struct InstanceRounds {
  std::vector<uint32_t> completions_at_drain;
  std::vector<int64_t> drain_return_ns;
  std::optional<std::string> failure;
};

using StepFn = std::function<void(std::string_view)>;

// Submits the instance's tasks in batches, draining after each batch.
// Allocations inside the adapter's calls only, added up over the gate: the counter runs from
// just before each submit() or drain() to its return, so the gate's own work is not in it.
class CallAllocations {
 public:
  bool counting() const { return counter_.available(); }
  int64_t calls() const { return calls_; }
  template <typename Call>
  zoo_status_t Count(Call call) {
    counter_.Start();
    const zoo_status_t s = call();
    zoo::Count n, bytes;
    counter_.Stop(&n, &bytes);
    if (n.available) calls_ += static_cast<int64_t>(n.total);
    return s;
  }

 private:
  AllocCounter counter_;
  int64_t calls_ = 0;
};

// The distinct threads (pid, tid) that ran the instance's `n` tasks.
uint32_t ExecutorThreads(const HostServices& host, uint32_t n) {
  std::set<std::pair<int32_t, int32_t>> threads;
  for (uint32_t i = 0; i < n; ++i) {
    const TaskRecord& r = host.record(i);
    if (r.outcome_ready.load(std::memory_order_acquire)) {
      threads.emplace(r.outcome.executor_pid, r.outcome.executor_tid);
    }
  }
  return static_cast<uint32_t>(threads.size());
}

InstanceRounds SubmitAndDrain(const zoo_adapter_entry_t& entry, zoo_adapter_state_t* state,
                              HostServices& host, const GateInstance& instance, uint32_t n,
                              const std::string& where, const StepFn& step, CallAllocations& allocs,
                              GateReport& report) {
  InstanceRounds rounds{.completions_at_drain = std::vector<uint32_t>(n, 0),
                        .drain_return_ns = std::vector<int64_t>(n, 0),
                        .failure = std::nullopt};
  BatchSizes batches(instance);
  for (uint32_t first = 0, round = 0; first < n; ++round) {
    const uint32_t batch = std::min(batches.Next(), n - first);
    if (step) step(absl::StrCat("submit at ", where, ", round ", round));
    for (uint32_t i = first; i < first + batch; ++i) {
      report.tasks_submitted++;
      const zoo_status_t s = allocs.Count([&] { return entry.submit(state, host.task(i)); });
      if (s != ZOO_STATUS_OK) {
        rounds.failure = CallFailed("submit", s, where, AdapterErrorText(entry, state));
        return rounds;
      }
    }
    if (step) step(absl::StrCat("drain at ", where, ", round ", round));
    const zoo_status_t s = allocs.Count([&] { return entry.drain(state); });
    const int64_t returned = MonotonicNs();
    if (s != ZOO_STATUS_OK) {
      rounds.failure = CallFailed("drain", s, where, AdapterErrorText(entry, state));
      return rounds;
    }
    for (uint32_t i = first; i < first + batch; ++i) {
      rounds.completions_at_drain[i] = host.record(i).completions.load(std::memory_order_acquire);
      rounds.drain_return_ns[i] = returned;
    }
    first += batch;
  }
  return rounds;
}

// Threads an earlier instance left are judged by the repeat: kept for now, named if the
// repeat adds more. A process left behind is always a rejection.
std::optional<std::string> JudgeLeftovers(Leftovers left, const GateInstance& instance,
                                          const std::string& where, GateReport& report) {
  if (!instance.repeat && left.processes.empty()) {
    report.threads_kept += static_cast<uint32_t>(left.threads.size());
    left.threads.clear();
  }
  if (left.empty()) return std::nullopt;
  std::string reason = absl::StrCat("left ", DescribeLeftovers(left),
                                    " running after teardown() returned at ", where);
  if (instance.repeat && !left.threads.empty()) {
    absl::StrAppend(&reason, " (", report.threads_kept,
                    " more from the instances before it): threads that every instance adds "
                    "are a leak, not a runtime's pool");
  }
  absl::StrAppend(&reason, "; every thread and process an adapter starts must be gone when "
                           "teardown() returns");
  return reason;
}

// One instance from setup to the leak check; the first problem as a sentence, or nullopt.
std::optional<std::string> RunInstance(const zoo_adapter_entry_t& entry, const SpinBody& body,
                                       const GateInstance& instance, const GateOptions& options,
                                       CallAllocations& allocs, GateReport& report) {
  const StepFn& step = options.on_step;
  const uint32_t n = options.tasks_per_phase;
  const std::string where = InstanceName(instance);
  HostServices host(body, n);
  if (instance.max_batch > instance.concurrency) report.large_batch = instance.max_batch;
  if (instance.repeat) report.repeated_concurrency = instance.concurrency;

  const zoo_config_t config{
      .struct_size = sizeof(zoo_config_t),
      .concurrency = instance.concurrency,
      .max_batch = instance.max_batch,
      .logical_cores = options.logical_cores,
      .options = options.setup_options.c_str(),
      .workers = 0,
      .reserved0 = 0,
  };
  const TaskSnapshot before = TakeTaskSnapshot();
  if (step) step(absl::StrCat("setup at ", where));
  zoo_adapter_state_t* state = nullptr;
  const zoo_status_t setup_status = entry.setup(host.table(), &config, &state);
  if (setup_status != ZOO_STATUS_OK) {
    KillAndReapDescendants(before, kGateReapLimit);
    return CallFailed("setup", setup_status, where, AdapterErrorText(entry, nullptr));
  }
  if (state == nullptr) return absl::StrCat("setup() returned OK but no state at ", where);

  const InstanceRounds rounds =
      SubmitAndDrain(entry, state, host, instance, n, where, step, allocs, report);
  // Late completions have this long to show up before the adapter is torn down.
  std::this_thread::sleep_for(std::chrono::nanoseconds(options.grace_ns));
  if (step) step(absl::StrCat("teardown at ", where));
  const zoo_status_t teardown_status = entry.teardown(state);
  Leftovers left = FindLeftovers(before, options.leak_settle);
  KillAndReapDescendants(before, kGateReapLimit);
  if (rounds.failure) return rounds.failure;
  if (teardown_status != ZOO_STATUS_OK) {
    return CallFailed("teardown", teardown_status, where, AdapterErrorText(entry, nullptr));
  }
  if (std::optional<std::string> problem =
          CheckPhase(host, where, rounds.completions_at_drain, rounds.drain_return_ns,
                     &report.tasks_completed)) {
    return problem;
  }
  report.executor_threads.push_back(ExecutorThreads(host, n));
  return JudgeLeftovers(std::move(left), instance, where, report);
}

}  // namespace

GateReport RunGate(const LoadedAdapter& adapter, const GateOptions& options) {
  const SpinBody body(options.body_ns);
  assert(options.logical_cores > 0);
  BecomeChildSubreaper();
  GateReport report;
  report.concurrencies = options.concurrencies;
  CallAllocations allocs;
  for (const GateInstance& instance : Instances(options)) {
    if (std::optional<std::string> reason =
            RunInstance(adapter.entry(), body, instance, options, allocs, report)) {
      report.passed = false;
      report.reason = std::move(*reason);
      return report;
    }
  }
  if (std::optional<std::string> reason =
          options.setup_options.empty() ? CheckSubmitAnyThread(adapter, body, options, report)
                                        : std::nullopt) {
    report.passed = false;
    report.reason = std::move(*reason);
    return report;
  }
  report.passed = true;
  if (allocs.counting()) report.alloc_calls = allocs.calls();
  return report;
}

}  // namespace zoo
