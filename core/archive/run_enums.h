// The words of a run record that the archive spells out: how the run stands and what its
// units ran under. Enums everywhere else; named and parsed only at the JSON edge.
#pragma once

#include <optional>
#include <string_view>

namespace zoo {

// How a run stands, as the archive spells it ("running", "complete", "interrupted", "failed":
// a save failed, e.g. on a full disk). Spelled out only at the JSON edge.
enum class RunStatus { kRunning, kComplete, kInterrupted, kFailed };
const char* RunStatusName(RunStatus status);
std::optional<RunStatus> ParseRunStatus(std::string_view name);

// What every unit of the main matrix ran under: nothing (a timed run) or valgrind's callgrind
// (its times are the simulator's, meaningless as times). The archive spells it "" or
// "callgrind"; only the JSON edge and the --instrument flag read the spelling.
enum class RunInstrument { kNone, kCallgrind };
const char* RunInstrumentName(RunInstrument instrument);
std::optional<RunInstrument> ParseRunInstrument(std::string_view name);

}  // namespace zoo
