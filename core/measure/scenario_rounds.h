// The rounds of a scenario unit (scenario.h), in the unit's process after setup(): what one
// round submits, from which threads, and what it times. A round is timed from just before its
// first task is submitted to the return of drain(), as a matrix round is, but takes no stamp
// per task: the scenarios' figures are per round (divided by its tasks), and a burst's four
// producers would otherwise write stamps from four threads into the timed region.
#pragma once

#include <atomic>
#include <barrier>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "core/measure/host_services.h"
#include "core/measure/unit.h"
#include "zoo/adapter.h"

namespace zoo {

class ScenarioRounds {
 public:
  // Starts a burst's producer threads (they wait for a round) and chains a continuation's
  // tasks. REQUIRES: `spec` is a scenario unit whose concurrency is the scenario's tasks per
  // round; `host` holds (warm-up + measured rounds) x concurrency tasks; setup() returned
  // `state`; all three outlive this object.
  ScenarioRounds(const UnitSpec& spec, const zoo_adapter_entry_t& entry,
                 zoo_adapter_state_t* state, HostServices& host);
  // Stops and joins the producers.
  ~ScenarioRounds();
  ScenarioRounds(const ScenarioRounds&) = delete;
  ScenarioRounds& operator=(const ScenarioRounds&) = delete;

  // Rounds [from, to), or fewer once `budget_ns` has passed since the first of them began
  // (at least kScenarioMinRounds): round k's start in `start_ns[k]`, drain's
  // return in `end_ns[k]` (the slots a matrix round's first submit call and end use), and
  // ran[k] set. The first failed call's sentence, "" when none failed.
  std::string Run(uint32_t from, uint32_t to, int64_t budget_ns, std::vector<int64_t>& start_ns,
                  std::vector<int64_t>& end_ns, std::vector<char>& ran);

 private:
  void Produce(uint32_t producer);
  std::string SubmitSlots(size_t first, size_t end);

  const UnitSpec& spec_;
  const zoo_adapter_entry_t& entry_;
  zoo_adapter_state_t* state_;
  HostServices& host_;
  // A burst: its producers meet the control thread at `start_` to begin a round and at
  // `done_` when every submit() of theirs returned.
  std::barrier<> start_;
  std::barrier<> done_;
  std::atomic<uint32_t> round_{0};
  std::atomic<bool> stop_{false};
  std::vector<zoo_status_t> producer_status_;  // one slot per producer, written by it alone
  std::vector<std::thread> producers_;
};

}  // namespace zoo
