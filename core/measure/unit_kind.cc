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
    case UnitKind::kAttribution: return "attribution";
    case UnitKind::kFloor: return "floor";
    case UnitKind::kNative: return "native";
    case UnitKind::kLayer: return "layer";
    case UnitKind::kLayerCounters: return "layer_counters";
    case UnitKind::kLayerCallgrind: return "layer_callgrind";
  }
  return "?";
}

bool InMainMatrix(UnitKind kind) {
  return kind == UnitKind::kTimed || kind == UnitKind::kCallgrind;
}

bool Instrumented(UnitKind kind) {
  return kind == UnitKind::kCounters || kind == UnitKind::kCallgrind ||
         kind == UnitKind::kScenarioCounters || kind == UnitKind::kAttribution ||
         kind == UnitKind::kLayerCounters || kind == UnitKind::kLayerCallgrind;
}

bool IsLayer(UnitKind kind) {
  return kind == UnitKind::kLayer || kind == UnitKind::kLayerCounters ||
         kind == UnitKind::kLayerCallgrind;
}

bool CountsAllocations(UnitKind kind) {
  return kind == UnitKind::kCounters || kind == UnitKind::kScenarioCounters ||
         kind == UnitKind::kLayerCounters;
}

bool UnderCallgrind(UnitKind kind) {
  return kind == UnitKind::kCallgrind || kind == UnitKind::kLayerCallgrind;
}

bool TakesColdStart(UnitKind kind) {
  return kind == UnitKind::kCounters || kind == UnitKind::kLayerCounters ||
         kind == UnitKind::kCallgrind || kind == UnitKind::kLayerCallgrind;
}

bool IsScenario(UnitKind kind) {
  return kind == UnitKind::kScenario || kind == UnitKind::kScenarioCounters;
}

const char* InstrumentName(UnitKind kind) {
  switch (kind) {
    case UnitKind::kCounters:
    case UnitKind::kScenarioCounters:
    case UnitKind::kLayerCounters: return "counters";
    case UnitKind::kCallgrind:
    case UnitKind::kLayerCallgrind: return "callgrind";
    case UnitKind::kLayer:
    case UnitKind::kTimed:
    case UnitKind::kSemantics:
    case UnitKind::kScenario:
    case UnitKind::kAttribution:
    case UnitKind::kFloor:
    case UnitKind::kNative: break;
  }
  return "";
}

const char* PurposeName(UnitKind kind) {
  if (kind == UnitKind::kAttribution) return "attribution";
  if (kind == UnitKind::kFloor) return "floor";
  if (kind == UnitKind::kNative) return "native";
  if (IsLayer(kind)) return "layer";
  return "";
}

std::optional<UnitKind> ParseUnitKind(std::string_view instrument, std::string_view semantics,
                                      std::string_view scenario, std::string_view purpose) {
  if (purpose == PurposeName(UnitKind::kLayer)) {
    if (!semantics.empty() || !scenario.empty()) return std::nullopt;
    for (UnitKind kind : {UnitKind::kLayer, UnitKind::kLayerCounters, UnitKind::kLayerCallgrind}) {
      if (instrument == InstrumentName(kind)) return kind;
    }
    return std::nullopt;
  }
  if (!purpose.empty()) {
    if (!instrument.empty() || !semantics.empty() || !scenario.empty()) return std::nullopt;
    for (UnitKind kind : {UnitKind::kAttribution, UnitKind::kFloor, UnitKind::kNative}) {
      if (purpose == PurposeName(kind)) return kind;
    }
    return std::nullopt;
  }
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

const char* StampsName(Stamps stamps) {
  switch (stamps) {
    case Stamps::kRound: return "round";
    case Stamps::kBody: return "body";
    case Stamps::kTask: return "task";
  }
  return "?";
}

std::optional<Stamps> ParseStamps(std::string_view name) {
  for (Stamps s : {Stamps::kRound, Stamps::kBody, Stamps::kTask}) {
    if (name == StampsName(s)) return s;
  }
  return std::nullopt;
}

Stamps StampsFor(UnitKind kind, std::string_view workload) {
  if (kind == UnitKind::kAttribution) return Stamps::kTask;
  if (IsScenario(kind) || kind == UnitKind::kNative || workload == "noop") return Stamps::kRound;
  return Stamps::kBody;
}

uint32_t RoundBatchFor(UnitKind kind, Stamps stamps) {
  return stamps == Stamps::kRound && !IsScenario(kind) && kind != UnitKind::kNative ? kRoundBatch
                                                                                  : 1;
}

}  // namespace zoo
