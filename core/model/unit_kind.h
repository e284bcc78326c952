// What a unit is for, as the model reads it: a timed unit of the main matrix, a semantics unit
// (every item off, or one item on), a counters unit (cost of code), or a unit of a callgrind
// run (in the main matrix, its times the simulator's). The archive spells it in two fields of
// UnitSpec (unit.h: `semantics`, `instrument`); KindOf is the one place that reads them
// together. Which of a cell's processes a unit is (UnitSpec::process) is a coordinate, not a
// kind: every process of a cell pools into one view.
#pragma once

#include "core/measure/unit.h"

namespace zoo {

enum class UnitKind { kTimed, kSemantics, kCounters, kCallgrind };
const char* UnitKindName(UnitKind kind);  // "timed", "semantics", "counters", "callgrind"

UnitKind KindOf(const UnitSpec& spec);

// The units the cells compare: timed ones and a callgrind run's.
bool InMainMatrix(UnitKind kind);

// "", "counters", "callgrind": the instrument a unit of this kind ran under, as the archive
// and the model JSON spell it.
const char* InstrumentName(UnitKind kind);

}  // namespace zoo
