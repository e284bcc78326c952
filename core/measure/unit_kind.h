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
// and with the allocation counter for its allocations per task. kAttribution is a cell's unit
// that takes every per-task stamp, in a process of its own, for the attribution and hand-off
// figures, so that the timed units the verdicts read take none (BenchmarkDotNet keeps its
// diagnosers out of its measured runs for the same reason). kFloor times the harness's own
// cost per task: `inline` with the noop body at concurrency 1. kNative is a unit of the
// subject's native task line (core/measure/native_gate.h): one form (spec.options "form=NAME")
// running modbus_rtu, measured on its own, never in the main matrix.
//
// kLayer, kLayerCounters and kLayerCallgrind are the layer line's (zoo.layers/1): a bare client
// or one layer of the subject (its "layer=NAME" in UnitSpec::options) timed as a timed unit is,
// counted as a counters unit is, or run under callgrind; never in the main matrix.
enum class UnitKind {
  kTimed, kSemantics, kCounters, kCallgrind, kScenario, kScenarioCounters, kAttribution, kFloor,
  kNative, kLayer, kLayerCounters, kLayerCallgrind
};
// "timed", "semantics", "counters", "callgrind", "scenario", "scenario_counters",
// "attribution", "floor", "native", "layer", "layer_counters", "layer_callgrind"
const char* UnitKindName(UnitKind kind);

// The units the cells compare: timed ones and a callgrind run's.
bool InMainMatrix(UnitKind kind);

// Units that count something besides time (counters, callgrind, the attribution units' per-task
// stamps), which their process's instrument slows: their times are not a timed unit's.
bool Instrumented(UnitKind kind);

// "", "counters", "callgrind": the instrument a unit of this kind ran under, as the archive
// and the model JSON spell it.
const char* InstrumentName(UnitKind kind);

// "attribution", "floor", "native", "layer" (every layer kind), or "" for every other kind: the
// archive's `purpose` of a unit.
const char* PurposeName(UnitKind kind);

// The kind of an archived unit from its `instrument`, `semantics`, `scenario` and `purpose`
// strings; nullopt for an instrument or purpose this build does not know.
std::optional<UnitKind> ParseUnitKind(std::string_view instrument, std::string_view semantics,
                                      std::string_view scenario, std::string_view purpose = "");

// Which stamps a unit's rounds take: the round's start and end only; those and each body's
// start and end (the tier-body basis subtracts the bodies; the physical floor and the body
// check read them); or every per-task stamp (submit call and return, body, completion seen).
enum class Stamps { kRound, kBody, kTask };
const char* StampsName(Stamps stamps);  // "round", "body", "task"
std::optional<Stamps> ParseStamps(std::string_view name);
// An attribution unit's are per task; a scenario's and a native unit's per round (the line
// reads time per task, not the body's); every other
// kind's per round with the noop body (there is no work to time) and per body otherwise.
Stamps StampsFor(UnitKind kind, std::string_view workload);

// The submit-and-drain cycles one timed round holds: a matrix unit that stamps no body (the
// noop body) times kRoundBatch of them between its two stamps, as Google Benchmark times a
// batch of iterations, so that a clock read weighs 1/kRoundBatch on a task of a few tens of
// nanoseconds; every other unit one. Its per-task figure is the round's wall / (batch x c).
inline constexpr uint32_t kRoundBatch = 64;
uint32_t RoundBatchFor(UnitKind kind, Stamps stamps);

// A scenario unit, timed or counted.
bool IsScenario(UnitKind kind);

// A unit of the layer line, timed, counted or under callgrind.
bool IsLayer(UnitKind kind);
// Units run with the allocation counter preloaded and the kernel counters open.
bool CountsAllocations(UnitKind kind);
// Units run under valgrind's callgrind.
bool UnderCallgrind(UnitKind kind);
// Units that take the cold start (setup() and a first task) at concurrency 1: a counters unit
// counts its allocations, a callgrind unit its instructions.
bool TakesColdStart(UnitKind kind);

}  // namespace zoo
