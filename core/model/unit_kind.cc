#include "core/model/unit_kind.h"

namespace zoo {

const char* UnitKindName(UnitKind kind) {
  switch (kind) {
    case UnitKind::kTimed: return "timed";
    case UnitKind::kSemantics: return "semantics";
    case UnitKind::kCounters: return "counters";
    case UnitKind::kCallgrind: return "callgrind";
  }
  return "?";
}

UnitKind KindOf(const UnitSpec& spec) {
  if (spec.instrument == InstrumentName(UnitKind::kCounters)) return UnitKind::kCounters;
  if (spec.instrument == InstrumentName(UnitKind::kCallgrind)) return UnitKind::kCallgrind;
  return spec.semantics.empty() ? UnitKind::kTimed : UnitKind::kSemantics;
}

bool InMainMatrix(UnitKind kind) {
  return kind == UnitKind::kTimed || kind == UnitKind::kCallgrind;
}

const char* InstrumentName(UnitKind kind) {
  switch (kind) {
    case UnitKind::kCounters: return "counters";
    case UnitKind::kCallgrind: return "callgrind";
    case UnitKind::kTimed:
    case UnitKind::kSemantics: break;
  }
  return "";
}

}  // namespace zoo
