#include "core/measure/scenario.h"

namespace zoo {

const char* ScenarioName(Scenario scenario) {
  switch (scenario) {
    case Scenario::kNone: return "";
    case Scenario::kRoundtrip: return "roundtrip";
    case Scenario::kContinuation: return "continuation";
    case Scenario::kBurstBounded: return "burst_bounded";
    case Scenario::kBurstUnbounded: return "burst_unbounded";
    case Scenario::kWorkers: return "workers";
  }
  return "";
}

std::optional<Scenario> ParseScenario(std::string_view name) {
  if (name.empty()) return Scenario::kNone;
  for (Scenario s : kScenarios) {
    if (name == ScenarioName(s)) return s;
  }
  return std::nullopt;
}

uint32_t ScenarioTasksPerRound(Scenario scenario) {
  switch (scenario) {
    case Scenario::kNone:
    case Scenario::kRoundtrip: return 1;
    case Scenario::kContinuation: return kChainLinks;
    case Scenario::kBurstBounded:
    case Scenario::kBurstUnbounded: return kBurstProducers * kBurstTasksPerProducer;
    case Scenario::kWorkers: return kWorkersBatch;
  }
  return 1;
}

bool NeedsSubmitAnyThread(Scenario scenario) {
  return scenario == Scenario::kContinuation || scenario == Scenario::kBurstBounded ||
         scenario == Scenario::kBurstUnbounded;
}

}  // namespace zoo
