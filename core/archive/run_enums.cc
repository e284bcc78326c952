#include "core/archive/run_enums.h"

namespace zoo {

const char* RunStatusName(RunStatus status) {
  switch (status) {
    case RunStatus::kRunning: return "running";
    case RunStatus::kComplete: return "complete";
    case RunStatus::kInterrupted: return "interrupted";
    case RunStatus::kFailed: return "failed";
  }
  return "?";
}

std::optional<RunStatus> ParseRunStatus(std::string_view name) {
  for (RunStatus s : {RunStatus::kRunning, RunStatus::kComplete, RunStatus::kInterrupted,
                      RunStatus::kFailed}) {
    if (name == RunStatusName(s)) return s;
  }
  return std::nullopt;
}

const char* RunInstrumentName(RunInstrument instrument) {
  switch (instrument) {
    case RunInstrument::kNone: return "";
    case RunInstrument::kCallgrind: return "callgrind";
  }
  return "?";
}

std::optional<RunInstrument> ParseRunInstrument(std::string_view name) {
  for (RunInstrument i : {RunInstrument::kNone, RunInstrument::kCallgrind}) {
    if (name == RunInstrumentName(i)) return i;
  }
  return std::nullopt;
}

}  // namespace zoo
