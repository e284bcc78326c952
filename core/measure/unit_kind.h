// What a unit is for: a timed unit of the main matrix, a semantics unit (every item off, or one
// item on), a counters unit (cost of code), or a unit of a callgrind run (in the main matrix,
// its times the simulator's). UnitSpec::kind carries it; the archive spells it in two strings
// (`instrument`, and `semantics` for the item), which only the JSON edge reads and writes
// (unit_json.h). Which of a cell's processes a unit is (UnitSpec::process) is a coordinate, not
// a kind: every process of a cell pools into one view.
#pragma once

#include <optional>
#include <string_view>

namespace zoo {

// kScenario and kScenarioCounters measure a scenario (scenario.h) rather than a cell: timed,
// and with the allocation counter for its allocations per task.
enum class UnitKind { kTimed, kSemantics, kCounters, kCallgrind, kScenario, kScenarioCounters };
// "timed", "semantics", "counters", "callgrind", "scenario", "scenario_counters"
const char* UnitKindName(UnitKind kind);

// The units the cells compare: timed ones and a callgrind run's.
bool InMainMatrix(UnitKind kind);

// Units that count something besides time (counters, callgrind), which their process's
// instrument slows: their times are not a timed unit's.
bool Instrumented(UnitKind kind);

// "", "counters", "callgrind": the instrument a unit of this kind ran under, as the archive
// and the model JSON spell it.
const char* InstrumentName(UnitKind kind);

// The kind of an archived unit from its `instrument`, `semantics` and `scenario` strings;
// nullopt for an instrument this build does not know.
std::optional<UnitKind> ParseUnitKind(std::string_view instrument, std::string_view semantics,
                                      std::string_view scenario);

// A scenario unit, timed or counted.
bool IsScenario(UnitKind kind);

}  // namespace zoo
