// Runs the equivalence gate on one plugin in a child process with a deadline, so that a
// plugin that crashes or hangs is rejected with the signal or the timeout and the call it
// was in, and the host goes on.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/measure/equivalence_gate.h"

namespace zoo {

struct GateRunOptions {
  GateOptions gate;                          // on_step is ignored: the child reports steps
  std::chrono::milliseconds timeout{60'000};  // for the whole gate of one adapter
};

struct GateVerdict {
  bool passed = false;
  std::string reason;  // one sentence when rejected
  std::optional<GateReport> report;
};

// `zoo_host` is the zoo-host binary to run as `zoo_host __worker gate ... FILE`.
GateVerdict RunGateInChild(const std::filesystem::path& zoo_host,
                           const std::filesystem::path& plugin, const GateRunOptions& options);

// RunGateInChild for each plugin, `parallel` children at a time: a gate is judged, not timed,
// and spends most of its time waiting for threads to wake, so gates overlap well. The
// verdicts come in the order of `plugins`.
std::vector<GateVerdict> RunGatesInChildren(const std::filesystem::path& zoo_host,
                                            const std::vector<std::filesystem::path>& plugins,
                                            const GateRunOptions& options, unsigned parallel);

}  // namespace zoo
