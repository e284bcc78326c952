// The parent's side of the native task line's gate (core/measure/native_gate.h): the gate in a
// child process with a deadline, so that a form that crashes or hangs costs only that child.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "absl/status/statusor.h"
#include "core/measure/native_gate.h"

namespace zoo {

// `zoo_host __worker native-gate --logical-cores=N --seed=S FILE`. An error status carries the
// sentence saying how the child ended (signal, timeout, the step it was in).
absl::StatusOr<std::vector<NativeFormVerdict>> RunNativeGateInChild(
    const std::filesystem::path& zoo_host, const std::filesystem::path& plugin,
    uint32_t logical_cores, uint64_t seed, std::chrono::milliseconds timeout);

}  // namespace zoo
