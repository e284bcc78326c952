#include "core/measure/unit_kind.h"

namespace zoo {

const char* UnitKindName(UnitKind kind) {
  switch (kind) {
    case UnitKind::kTimed: return "timed";
    case UnitKind::kSemantics: return "semantics";
    case UnitKind::kCounters: return "counters";
    case UnitKind::kCallgrind: return "callgrind";
    case UnitKind::kScenario: return "scenario";
    case UnitKind::kScenarioCounters: return "scenario_counters";
  }
  return "?";
}

bool InMainMatrix(UnitKind kind) {
  return kind == UnitKind::kTimed || kind == UnitKind::kCallgrind;
}

bool Instrumented(UnitKind kind) {
  return kind == UnitKind::kCounters || kind == UnitKind::kCallgrind ||
         kind == UnitKind::kScenarioCounters;
}

bool IsScenario(UnitKind kind) {
  return kind == UnitKind::kScenario || kind == UnitKind::kScenarioCounters;
}

const char* InstrumentName(UnitKind kind) {
  switch (kind) {
    case UnitKind::kCounters:
    case UnitKind::kScenarioCounters: return "counters";
    case UnitKind::kCallgrind: return "callgrind";
    case UnitKind::kTimed:
    case UnitKind::kSemantics:
    case UnitKind::kScenario: break;
  }
  return "";
}

std::optional<UnitKind> ParseUnitKind(std::string_view instrument, std::string_view semantics,
                                      std::string_view scenario) {
  if (!scenario.empty()) {
    if (instrument.empty()) return UnitKind::kScenario;
    if (instrument == "counters") return UnitKind::kScenarioCounters;
    return std::nullopt;
  }
  if (instrument.empty()) return semantics.empty() ? UnitKind::kTimed : UnitKind::kSemantics;
  for (UnitKind kind : {UnitKind::kCounters, UnitKind::kCallgrind}) {
    if (instrument == InstrumentName(kind)) return kind;
  }
  return std::nullopt;
}

}  // namespace zoo
