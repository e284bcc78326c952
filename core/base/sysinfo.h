// Facts about the machine and the build, read once, one function per source, so that a run
// describes itself (design.md section 3, item 8). Nothing here is timed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/machine_state.h"
#include "core/base/round_trips.h"

namespace zoo {

struct SystemInfo {
  std::string cpu_model;     // /proc/cpuinfo "model name" (or "unknown")
  uint32_t logical_cores = 0;  // CPUs in the process's affinity mask; 0 if unknown
  std::string os;            // uname: sysname release version
  std::string kernel;        // uname release
  std::string machine;       // uname machine, e.g. x86_64
  std::string hostname;
  std::string compiler;      // Meson compiler id and version, e.g. "gcc 12.2.0"
  std::string compiler_flags;  // the C++ flags zoo-host was built with, as Meson knew them
  std::string build_type;    // Meson buildtype, e.g. "debugoptimized"
  std::string sanitizers;    // Meson b_sanitize, "none" when none
  std::string zoo_host_version;
  std::string git_commit;    // of the zoo-host source tree at build time, "unknown" if none
  // The machine's caches, clock and load at run start (machine_state.h); empty, 0 and empty
  // when not read (archives before them, or a machine that does not give them).
  std::vector<CpuCache> caches = {};
  double mhz_per_cpu = 0;
  std::vector<double> load_avg = {};  // 1, 5 and 15 minutes
  // The hand-off and pipe round trips measured at run start (round_trips.h), not by
  // ReadSystemInfo; none in archives before them or when the measurement failed.
  std::optional<RoundTrips> round_trips = std::nullopt;
};

SystemInfo ReadSystemInfo();

// The CPUs this process may run on (its affinity mask: taskset, cgroup cpusets), else every
// online CPU; 0 if neither can tell. The one count of cores: the environment record, the
// matrix's "within the cores", and what adapters are told in zoo_config.logical_cores.
uint32_t LogicalCores();

// The lowercase hex SHA-256 of a file's bytes (OpenSSL's libcrypto). kNotFound
// ("<path>: cannot be read") if it cannot be opened or read, e.g. missing or a directory.
absl::StatusOr<std::string> FileSha256(const std::filesystem::path& file);

// One argument per element, shell-quoted where needed, joined with spaces: a command a user
// can paste into a POSIX shell to reproduce the run. Arguments with anything outside
// [A-Za-z0-9_./=:,@%+-], and empty ones, are single-quoted. REQUIRES: argv[0..argc) non-null.
std::string ShellCommandLine(int argc, const char* const* argv);

// When this process started: field 22 of /proc/self/stat (clock ticks since boot); 0 when it
// cannot be read. With the pid it names one process, since a run reuses pids.
uint64_t ProcessStartTicks();

// The last pid/tid the kernel handed out, system-wide (/proc/loadavg's last field); 0 when it
// cannot be read.
int64_t LastIdHandedOut();

// Whether id `id` was handed out after LastIdHandedOut() gave `before` and no later than its
// `after`. Ids climb to the kernel's pid_max and start again from the bottom: when `after` is
// below `before`, the ids of the interval are those above `before` and those up to `after`
// (one wrap; an interval of a unit's rounds is far shorter than a whole cycle of ids).
// REQUIRES: before > 0, after > 0.
bool IdHandedOutBetween(int64_t id, int64_t before, int64_t after);

}  // namespace zoo
