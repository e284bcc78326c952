// `zoo-host run --instrument callgrind`: the host's side. Finds valgrind, wraps a unit's
// command line in `valgrind --tool=callgrind`, and reads the instruction totals (Ir) the
// worker asked callgrind to dump (callgrind_requests.h): each dump is a part of the output
// file, OUT.1, OUT.2, ..., named in its header by the client request that wrote it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/measure/unit.h"

namespace zoo {

// The valgrind on PATH, or nullopt.
std::optional<std::filesystem::path> FindValgrind();

// "valgrind-3.19.0" (its --version output), or "" when it cannot be run.
std::string ValgrindVersion(const std::filesystem::path& valgrind);

// `command` run under callgrind, writing its profile to `out_file`.
std::vector<std::string> CallgrindCommand(const std::filesystem::path& valgrind,
                                          const std::filesystem::path& out_file,
                                          const std::vector<std::string>& command);

// The parts callgrind wrote for `out_file` (OUT.1, OUT.2, ... while they exist), in order.
std::vector<std::filesystem::path> CallgrindDumpParts(const std::filesystem::path& out_file);

// The part of `out_file` that the client request `trigger` dumped (its header reads
// "desc: Trigger: Client Request: <trigger>"); NotFound when none did.
absl::StatusOr<std::filesystem::path> FindCallgrindDump(const std::filesystem::path& out_file,
                                                        std::string_view trigger);

// The Ir total of a callgrind output file: its "totals:" line, else its "summary:" line.
absl::StatusOr<uint64_t> ReadCallgrindTotal(const std::filesystem::path& out_file);

}  // namespace zoo
