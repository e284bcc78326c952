// The scenarios (issue 16): questions about a pool that the matrix cannot ask, each measured in
// its own processes with the same statistics and verdicts as the matrix's cells, and reported
// apart from it (they enter neither the pivot tables nor the crossovers). Every task is a
// no-op: what a scenario measures is the dispatch path's own cost.
//  - roundtrip: one task per round, submitted by the control thread and seen complete by it;
//    per task. Any adapter.
//  - continuation: a chain of kChainLinks tasks, each submitted from inside its predecessor
//    on the worker thread that ran it; per link. Needs zoo.submit_any_thread/1.
//  - burst_bounded / burst_unbounded: kBurstProducers threads submit kBurstTasksPerProducer
//    tasks each at the same time, then the control thread drains; per task (tasks/s is its
//    inverse). Bounded: the adapter's default queue capacity, which pushes back; unbounded:
//    "capacity=0". Needs the capability; bounded also needs ZOO_SUBMIT_BOUNDED.
//  - workers: the subject with a pool of M workers (kWorkerCounts and the core count) under
//    one load, kWorkersBatch tasks per round from the control thread; per task. Needs ABI 1.1
//    (zoo_config.workers).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace zoo {

enum class Scenario { kNone, kRoundtrip, kContinuation, kBurstBounded, kBurstUnbounded, kWorkers };

inline constexpr Scenario kScenarios[] = {Scenario::kRoundtrip, Scenario::kContinuation,
                                          Scenario::kBurstBounded, Scenario::kBurstUnbounded,
                                          Scenario::kWorkers};

// "roundtrip", "continuation", "burst_bounded", "burst_unbounded", "workers"; "" for kNone.
const char* ScenarioName(Scenario scenario);
std::optional<Scenario> ParseScenario(std::string_view name);

inline constexpr uint32_t kChainLinks = 100;
inline constexpr uint32_t kBurstProducers = 4;
inline constexpr uint32_t kBurstTasksPerProducer = 250;
inline constexpr uint32_t kWorkersBatch = 64;
inline constexpr uint32_t kWorkerCounts[] = {1, 2, 4};

// A scenario's rounds are counted, and also timed: warm-up stops after kScenarioWarmupNs and
// the measured rounds after kScenarioMeasureNs (at least kScenarioMinRounds of each kind that
// asks for them), so an adapter that takes milliseconds per no-op task costs a row seconds,
// not minutes. The archive keeps the rounds that ran.
inline constexpr int64_t kScenarioWarmupNs = 20'000'000;
inline constexpr int64_t kScenarioMeasureNs = 250'000'000;
inline constexpr uint32_t kScenarioMinRounds = 3;

// Tasks one round of the scenario runs (its per-task figure divides the round by this).
uint32_t ScenarioTasksPerRound(Scenario scenario);

// Whether the scenario needs zoo.submit_any_thread/1 (and, bounded, ZOO_SUBMIT_BOUNDED).
bool NeedsSubmitAnyThread(Scenario scenario);

}  // namespace zoo
