#include "core/measure/submit_any_thread_gate.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/clock.h"
#include "core/base/leak_check.h"
#include "core/measure/gate_phase_check.h"
#include "core/measure/host_services.h"
#include "zoo/ext/submit_any_thread.h"

namespace zoo {
namespace {

constexpr uint32_t kProducers = 4;
constexpr uint32_t kTasksPerProducer = 250;
constexpr uint32_t kChains = 8;
constexpr uint32_t kChainLength = 100;
constexpr uint32_t kBoundedCapacity = 8;
constexpr uint32_t kRounds = 3;

// One phase of the check: how its instance is set up and how each round submits.
struct Phase {
  std::string where;
  uint32_t concurrency = 2;
  uint32_t tasks_per_round = 0;
  std::string options;
  bool chains = false;  // else kProducers threads submit a slice each
};

// The first failed submit() among threads that submit at the same time.
class FirstFailure {
 public:
  void Note(std::string why) {
    std::lock_guard<std::mutex> lock(mu_);
    if (why_.empty()) why_ = std::move(why);
  }
  std::string Take() {
    std::lock_guard<std::mutex> lock(mu_);
    return std::move(why_);
  }

 private:
  std::mutex mu_;
  std::string why_;
};

// Tasks [first, first + n) from kProducers threads at once; returns when all returned.
void SubmitFromProducers(const zoo_adapter_entry_t& entry, zoo_adapter_state_t* state,
                         const HostServices& host, uint32_t first, uint32_t n,
                         FirstFailure& failure) {
  std::vector<std::thread> producers;
  const uint32_t per = n / kProducers;
  for (uint32_t p = 0; p < kProducers; ++p) {
    producers.emplace_back([&, p] {
      for (uint32_t i = first + p * per; i < first + (p + 1) * per; ++i) {
        if (const zoo_status_t s = entry.submit(state, host.task(i)); s != ZOO_STATUS_OK) {
          failure.Note(absl::StrFormat("submit() from producer thread %u failed with status %d",
                                       p, s));
          return;
        }
      }
    });
  }
  for (std::thread& t : producers) t.join();
}

// Every round's slots: kChains chains of kChainLength, link k's successor the next slot.
std::vector<uint32_t> ChainSuccessors(uint32_t rounds) {
  std::vector<uint32_t> next(static_cast<size_t>(rounds) * kChains * kChainLength,
                             HostServices::kNoSuccessor);
  for (size_t i = 0; i < next.size(); ++i) {
    if ((i + 1) % kChainLength != 0) next[i] = static_cast<uint32_t>(i + 1);
  }
  return next;
}

// Submits and drains every round of `phase`; the first failure, "" when none.
std::string RunAnyThreadRounds(const zoo_adapter_entry_t& entry, zoo_adapter_state_t* state,
                               HostServices& host, const Phase& phase,
                               std::vector<uint32_t>& at_drain, std::vector<int64_t>& drain_ns) {
  FirstFailure failure;
  for (uint32_t round = 0; round < kRounds; ++round) {
    const uint32_t first = round * phase.tasks_per_round;
    if (phase.chains) {
      for (uint32_t c = 0; c < kChains; ++c) {
        const zoo_status_t s = entry.submit(state, host.task(first + c * kChainLength));
        if (s != ZOO_STATUS_OK) {
          return absl::StrFormat("submit() of a chain's first task failed with status %d: %s",
                                 s, AdapterErrorText(entry, state));
        }
      }
    } else {
      SubmitFromProducers(entry, state, host, first, phase.tasks_per_round, failure);
      if (std::string why = failure.Take(); !why.empty()) {
        return absl::StrCat(why, ": ", AdapterErrorText(entry, state));
      }
    }
    const zoo_status_t d = entry.drain(state);
    const int64_t returned = MonotonicNs();
    if (d != ZOO_STATUS_OK) {
      return absl::StrFormat("drain() failed with status %d: %s", d,
                             AdapterErrorText(entry, state));
    }
    for (uint32_t i = first; i < first + phase.tasks_per_round; ++i) {
      at_drain[i] = host.record(i).completions.load(std::memory_order_acquire);
      drain_ns[i] = returned;
    }
  }
  if (host.failed_chain_submits() > 0) {
    return absl::StrFormat("%u submit() call(s) from inside a running task failed",
                           host.failed_chain_submits());
  }
  return "";
}

// One phase from setup to the leak check; the first problem, or nullopt.
std::optional<std::string> RunPhase(const zoo_adapter_entry_t& entry, const SpinBody& body,
                                    const Phase& phase, const GateOptions& options) {
  const uint32_t n = kRounds * phase.tasks_per_round;
  HostServices host(body, n);
  const zoo_config_t config{.struct_size = sizeof(zoo_config_t),
                            .concurrency = phase.concurrency,
                            .max_batch = phase.tasks_per_round,
                            .logical_cores = options.logical_cores,
                            .options = phase.options.c_str(),
                            .workers = 0,
                            .reserved0 = 0};
  if (options.on_step) options.on_step(absl::StrCat("setup at ", phase.where));
  const TaskSnapshot before = TakeTaskSnapshot();
  zoo_adapter_state_t* state = nullptr;
  const zoo_status_t setup_status = entry.setup(host.table(), &config, &state);
  if (setup_status != ZOO_STATUS_OK || state == nullptr) {
    KillAndReapDescendants(before, kGateReapLimit);
    return absl::StrFormat("setup() failed with status %d at %s: %s", setup_status, phase.where,
                           AdapterErrorText(entry, nullptr));
  }
  if (phase.chains) host.ChainTasks(&entry, state, ChainSuccessors(kRounds));
  std::vector<uint32_t> at_drain(n, 0);
  std::vector<int64_t> drain_ns(n, 0);
  if (options.on_step) options.on_step(absl::StrCat("rounds at ", phase.where));
  const std::string failure = RunAnyThreadRounds(entry, state, host, phase, at_drain, drain_ns);
  std::this_thread::sleep_for(std::chrono::nanoseconds(options.grace_ns));
  if (options.on_step) options.on_step(absl::StrCat("teardown at ", phase.where));
  const zoo_status_t teardown_status = entry.teardown(state);
  KillAndReapDescendants(before, kGateReapLimit);
  if (!failure.empty()) return absl::StrCat(failure, " at ", phase.where);
  if (teardown_status != ZOO_STATUS_OK) {
    return absl::StrFormat("teardown() failed with status %d at %s: %s", teardown_status,
                           phase.where, AdapterErrorText(entry, nullptr));
  }
  uint64_t completed_once = 0;
  return CheckPhase(host, phase.where, at_drain, drain_ns, &completed_once);
}

}  // namespace

std::optional<std::string> CheckSubmitAnyThread(const LoadedAdapter& adapter,
                                                const SpinBody& body,
                                                const GateOptions& options, GateReport& report) {
  const AdapterDescriptor::SubmitAnyThread& declared = adapter.descriptor().submit_any_thread;
  if (!declared.declared) return std::nullopt;
  const uint32_t burst = kProducers * kTasksPerProducer;
  std::vector<Phase> phases = {
      {.where = absl::StrCat(kProducers, " producer threads x ", kTasksPerProducer, " tasks"),
       .concurrency = 2, .tasks_per_round = burst, .options = "", .chains = false},
      {.where = absl::StrCat(kChains, " chains of ", kChainLength,
                             " tasks, each submitted from inside the one before"),
       .concurrency = 2, .tasks_per_round = kChains * kChainLength, .options = "",
       .chains = true},
  };
  if (declared.bounded) {
    phases.push_back({.where = absl::StrCat(kProducers, " producer threads x ", kTasksPerProducer,
                                            " tasks into a queue of capacity ", kBoundedCapacity),
                      .concurrency = 2, .tasks_per_round = burst,
                      .options = absl::StrCat("capacity=", kBoundedCapacity), .chains = false});
  }
  for (const Phase& phase : phases) {
    if (std::optional<std::string> problem = RunPhase(adapter.entry(), body, phase, options)) {
      return absl::StrCat(ZOO_EXT_SUBMIT_ANY_THREAD, " is declared but broken: ", *problem);
    }
  }
  report.submit_any_thread_checked = true;
  return std::nullopt;
}

}  // namespace zoo
