#include "core/measure/scenario_rounds.h"

#include "absl/strings/str_format.h"
#include "core/base/timed_clock.h"
#include "core/plugin/plugin_loader.h"

namespace zoo {
namespace {

bool IsBurst(Scenario s) {
  return s == Scenario::kBurstBounded || s == Scenario::kBurstUnbounded;
}

// A continuation's successors: each round's slots form one chain, link k's successor k + 1.
std::vector<uint32_t> ChainOfEachRound(size_t slots, uint32_t links) {
  std::vector<uint32_t> next(slots, HostServices::kNoSuccessor);
  for (size_t i = 0; i < slots; ++i) {
    if ((i + 1) % links != 0 && i + 1 < slots) next[i] = static_cast<uint32_t>(i + 1);
  }
  return next;
}

}  // namespace

ScenarioRounds::ScenarioRounds(const UnitSpec& spec, const zoo_adapter_entry_t& entry,
                               zoo_adapter_state_t* state, HostServices& host)
    : spec_(spec),
      entry_(entry),
      state_(state),
      host_(host),
      start_(IsBurst(spec.scenario) ? kBurstProducers + 1 : 1),
      done_(IsBurst(spec.scenario) ? kBurstProducers + 1 : 1) {
  if (spec.scenario == Scenario::kContinuation) {
    host.ChainTasks(&entry, state, ChainOfEachRound(host.capacity(), spec.concurrency));
  }
  if (IsBurst(spec.scenario)) {
    producer_status_.assign(kBurstProducers, ZOO_STATUS_OK);
    for (uint32_t p = 0; p < kBurstProducers; ++p) {
      producers_.emplace_back([this, p] { Produce(p); });
    }
  }
}

ScenarioRounds::~ScenarioRounds() {
  if (producers_.empty()) return;
  stop_.store(true, std::memory_order_relaxed);
  start_.arrive_and_wait();
  for (std::thread& t : producers_) t.join();
}

// A producer's life: wait for a round, submit its slice of the round's tasks, report back.
void ScenarioRounds::Produce(uint32_t producer) {
  const size_t per = spec_.concurrency / kBurstProducers;
  for (;;) {
    start_.arrive_and_wait();
    if (stop_.load(std::memory_order_relaxed)) return;
    const size_t first = static_cast<size_t>(round_.load(std::memory_order_relaxed)) *
                             spec_.concurrency + producer * per;
    for (size_t i = first; i < first + per; ++i) {
      const zoo_status_t s = entry_.submit(state_, host_.task(i));
      if (s != ZOO_STATUS_OK) {
        producer_status_[producer] = s;
        break;
      }
    }
    done_.arrive_and_wait();
  }
}

std::string ScenarioRounds::SubmitSlots(size_t first, size_t end) {
  for (size_t i = first; i < end; ++i) {
    const zoo_status_t s = entry_.submit(state_, host_.task(i));
    if (s != ZOO_STATUS_OK) {
      return absl::StrFormat("submit() failed with status %d: %s", s,
                             AdapterErrorText(entry_, state_));
    }
  }
  return "";
}

std::string ScenarioRounds::Run(uint32_t from, uint32_t to, int64_t budget_ns,
                                std::vector<int64_t>& start_ns, std::vector<int64_t>& end_ns,
                                std::vector<char>& ran) {
  const size_t c = spec_.concurrency;
  // A continuation submits each chain's first link; its links submit the rest.
  const size_t submitted = spec_.scenario == Scenario::kContinuation ? 1 : c;
  for (uint32_t k = from; k < to; ++k) {
    const size_t base = k * c;
    std::string failure;
    // ---- timed region: the round's first submit to drain's return ----
    start_ns[k] = TimedNowNs();
    if (!producers_.empty()) {
      round_.store(k, std::memory_order_relaxed);  // the barrier publishes it
      start_.arrive_and_wait();
      done_.arrive_and_wait();
    } else {
      failure = SubmitSlots(base, base + submitted);
    }
    const zoo_status_t d = failure.empty() ? entry_.drain(state_) : ZOO_STATUS_OK;
    end_ns[k] = TimedNowNs();
    // ---- end of timed region ----
    for (uint32_t p = 0; p < producer_status_.size() && failure.empty(); ++p) {
      if (producer_status_[p] != ZOO_STATUS_OK) {
        failure = absl::StrFormat("submit() from producer thread %u failed with status %d: %s",
                                  p, producer_status_[p], AdapterErrorText(entry_, state_));
      }
    }
    if (failure.empty() && host_.failed_chain_submits() > 0) {
      failure = "submit() from inside a running task failed";
    }
    if (!failure.empty()) return absl::StrFormat("%s (round %u)", failure, k);
    if (d != ZOO_STATUS_OK) {
      return absl::StrFormat("drain() failed with status %d in round %u: %s", d, k,
                             AdapterErrorText(entry_, state_));
    }
    ran[k] = 1;
    if (k + 1 - from >= kScenarioMinRounds && end_ns[k] - start_ns[from] > budget_ns) break;
  }
  return "";
}

}  // namespace zoo
