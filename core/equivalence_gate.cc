#include "core/equivalence_gate.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/clock.h"
#include "core/host_services.h"

namespace zoo {
namespace {

std::string ErrorText(const zoo_adapter_entry_t& entry, const zoo_adapter_state_t* state) {
  const char* text = entry.error_text(state);
  return (text != nullptr && *text != '\0') ? std::string(text) : std::string("(no error text)");
}

std::string CallFailed(const char* call, zoo_status_t status, uint32_t concurrency,
                       const std::string& text) {
  return absl::StrFormat("%s() failed with status %d at concurrency %u: %s", call, status,
                         concurrency, text);
}

// Checks one phase after teardown, when every thread the adapter had is gone. Returns the
// first problem as a sentence, or nullopt.
std::optional<std::string> CheckPhase(const HostServices& host, uint32_t concurrency,
                                      const std::vector<uint32_t>& completions_at_drain,
                                      const std::vector<int64_t>& drain_return_ns,
                                      uint64_t* completed_once) {
  if (host.unknown_completions() > 0) {
    return absl::StrFormat(
        "completed %u task id(s) that were never submitted at concurrency %u",
        host.unknown_completions(), concurrency);
  }
  const size_t n = completions_at_drain.size();
  size_t dropped = 0, repeated = 0, late = 0;
  std::optional<size_t> first_dropped, first_repeated, first_late;
  uint32_t most_runs = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t final_count = host.record(i).completions.load(std::memory_order_acquire);
    if (final_count == 0) {
      ++dropped;
      if (!first_dropped) first_dropped = i;
    } else if (final_count > 1) {
      ++repeated;
      most_runs = std::max(most_runs, final_count);
      if (!first_repeated) first_repeated = i;
    } else if (completions_at_drain[i] == 0) {
      ++late;
      if (!first_late) first_late = i;
    } else {
      ++*completed_once;
    }
  }
  if (repeated > 0) {
    return absl::StrFormat(
        "ran %u of %u tasks more than once at concurrency %u (task %u ran %u times); every "
        "task must run exactly once",
        repeated, n, concurrency, *first_repeated,
        host.record(*first_repeated).completions.load());
  }
  if (dropped > 0) {
    return absl::StrFormat(
        "dropped %u of %u tasks at concurrency %u: task %u was submitted but never ran", dropped,
        n, concurrency, *first_dropped);
  }
  if (late > 0) {
    const int64_t late_ns =
        host.record(*first_late).completed_ns.load() - drain_return_ns[*first_late];
    return absl::StrFormat(
        "drain() returned before every task had finished: %u of %u tasks completed after "
        "drain() returned at concurrency %u (task %u, %.3f ms late)",
        late, n, concurrency, *first_late, static_cast<double>(late_ns) / 1e6);
  }
  for (size_t i = 0; i < n; ++i) {
    const TaskRecord& r = host.record(i);
    if (r.outcome_ready.load(std::memory_order_acquire) && r.outcome.status != ZOO_STATUS_OK) {
      return absl::StrFormat("task %u's body could not run (status %d) at concurrency %u", i,
                             r.outcome.status, concurrency);
    }
  }
  return std::nullopt;
}

}  // namespace

GateReport RunGate(const LoadedAdapter& adapter, const GateOptions& options) {
  const zoo_adapter_entry_t& entry = adapter.entry();
  const SpinBody body(options.body_ns);
  const uint32_t cores = std::max(1u, std::thread::hardware_concurrency());
  auto step = [&](const std::string& s) {
    if (options.on_step) options.on_step(s);
  };

  GateReport report;
  report.concurrencies = options.concurrencies;
  auto reject = [&](std::string reason) {
    report.passed = false;
    report.reason = std::move(reason);
    return report;
  };

  for (const uint32_t concurrency : options.concurrencies) {
    const uint32_t n = options.tasks_per_phase;
    HostServices host(body, n);
    std::vector<uint32_t> completions_at_drain(n, 0);
    std::vector<int64_t> drain_return_ns(n, 0);

    const zoo_config_t config{
        .struct_size = sizeof(zoo_config_t),
        .concurrency = concurrency,
        .max_batch = concurrency,
        .logical_cores = cores,
        .options = "",
    };
    step(absl::StrCat("setup at concurrency ", concurrency));
    zoo_adapter_state_t* state = nullptr;
    const zoo_status_t setup_status = entry.setup(host.table(), &config, &state);
    if (setup_status != ZOO_STATUS_OK) {
      return reject(CallFailed("setup", setup_status, concurrency, ErrorText(entry, nullptr)));
    }
    if (state == nullptr) {
      return reject(absl::StrCat("setup() returned OK but no state at concurrency ", concurrency));
    }

    std::optional<std::string> failure;
    uint32_t round = 0;
    for (uint32_t first = 0; first < n && !failure; first += concurrency, ++round) {
      const uint32_t batch = std::min(concurrency, n - first);
      step(absl::StrCat("submit at concurrency ", concurrency, ", round ", round));
      for (uint32_t i = first; i < first + batch; ++i) {
        report.tasks_submitted++;
        const zoo_status_t s = entry.submit(state, host.task(i));
        if (s != ZOO_STATUS_OK) {
          failure = CallFailed("submit", s, concurrency, ErrorText(entry, state));
          break;
        }
      }
      if (failure) break;
      step(absl::StrCat("drain at concurrency ", concurrency, ", round ", round));
      const zoo_status_t s = entry.drain(state);
      const int64_t returned = MonotonicNs();
      if (s != ZOO_STATUS_OK) {
        failure = CallFailed("drain", s, concurrency, ErrorText(entry, state));
        break;
      }
      for (uint32_t i = first; i < first + batch; ++i) {
        completions_at_drain[i] = host.record(i).completions.load(std::memory_order_acquire);
        drain_return_ns[i] = returned;
      }
    }

    // Late completions have this long to show up before the adapter is torn down.
    std::this_thread::sleep_for(std::chrono::nanoseconds(options.grace_ns));
    step(absl::StrCat("teardown at concurrency ", concurrency));
    const zoo_status_t teardown_status = entry.teardown(state);
    if (failure) return reject(*failure);
    if (teardown_status != ZOO_STATUS_OK) {
      return reject(
          CallFailed("teardown", teardown_status, concurrency, ErrorText(entry, nullptr)));
    }
    if (std::optional<std::string> problem = CheckPhase(
            host, concurrency, completions_at_drain, drain_return_ns, &report.tasks_completed)) {
      return reject(*problem);
    }
  }
  report.passed = true;
  return report;
}

}  // namespace zoo
