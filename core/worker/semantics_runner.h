// The parent's side of the semantics probe (semantics_probe.h): the probe in a child process
// with a deadline, so that an extension that crashes or hangs costs only that child.
#pragma once

#include <chrono>
#include <filesystem>

#include "absl/status/statusor.h"
#include "core/measure/semantics_probe.h"

namespace zoo {

// Parent side: `zoo_host __worker semantics FILE` with a deadline. An error status carries the
// sentence saying how the child ended (signal, timeout, the step it was in).
absl::StatusOr<SemanticsProbe> RunSemanticsProbeInChild(const std::filesystem::path& zoo_host,
                                                        const std::filesystem::path& plugin,
                                                        std::chrono::milliseconds timeout);

}  // namespace zoo
