// The parent's side of the semantics probe (semantics_probe.h): the probe in a child process
// with a deadline, so that an extension that crashes or hangs costs only that child.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>

#include "absl/status/statusor.h"
#include "core/measure/semantics_probe.h"

namespace zoo {

// Parent side: `zoo_host __worker semantics --logical-cores=N FILE` with a deadline, N the
// parent's count of logical cores (the timeout check's setup() is told it). An error status
// carries the sentence saying how the child ended (signal, timeout, the step it was in).
absl::StatusOr<SemanticsProbe> RunSemanticsProbeInChild(const std::filesystem::path& zoo_host,
                                                        const std::filesystem::path& plugin,
                                                        uint32_t logical_cores,
                                                        std::chrono::milliseconds timeout);

}  // namespace zoo
