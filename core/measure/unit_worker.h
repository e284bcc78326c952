// The inside of one unit's process: load the adapter, calibrate the body, setup, warm-up
// rounds (discarded), measured rounds, teardown. Runs in a disposable child process
// (`zoo-host __worker unit`), never in the orchestrator.
//
// The timed region of a round runs from the first submit call to drain's return. Inside it
// the host only takes timestamps into slots preallocated before the first round; the checks
// (every task completed exactly once, before drain returned) run after the last round. A timed
// unit reads the process's CPU clock just before and just after each round's timed region
// (RoundSample::cpu_ns); an instrumented unit does not, so that its counts hold none of it.
#pragma once

#include <functional>
#include <string_view>

#include "core/measure/unit.h"

namespace zoo {

// `on_step` is told what is about to happen ("setup", "rounds", ...), never inside a round.
UnitResult MeasureUnit(const UnitSpec& spec,
                       const std::function<void(std::string_view)>& on_step);

}  // namespace zoo
