// `zoo-host run --instrument callgrind`: the host's side. Finds valgrind, wraps a unit's
// command line in `valgrind --tool=callgrind`, and reads the instruction total (Ir) of the
// measured rounds: the worker zeroes callgrind's counts right before them and dumps them
// right after (unit_worker.cc), into the output file's first part, OUT.1.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
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

// Where the measured rounds' dump lands for `out_file`.
std::filesystem::path CallgrindMeasuredDump(const std::filesystem::path& out_file);

// The Ir total of a callgrind output file: its "totals:" line, else its "summary:" line.
absl::StatusOr<uint64_t> ReadCallgrindTotal(const std::filesystem::path& out_file);

}  // namespace zoo
