// Noise warnings: conditions of the machine and the build that make timings noisier or less
// representative (a frequency governor that is not `performance`, turbo, ASLR, a debug or
// sanitizer build, load at start, a hypervisor, deep CPU idle states, too few rounds). Read once at run start,
// before anything is timed, one small function per source; the file paths hang off a root
// directory ("/" in a run) so that tests can point them at a fake /proc and /sys tree.
//
// Every condition is recorded, whatever its state, so a reader sees what was checked:
//   warning        the condition applies: the report says so on its first page
//   fine           checked, and it does not apply
//   not_checkable  the source is missing or unreadable here (neither a warning nor silence)
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/archive/matrix.h"
#include "core/base/cpu_idle_hold.h"
#include "core/base/message.h"
#include "core/base/sysinfo.h"

namespace zoo {

inline constexpr char kNoiseWarning[] = "warning";
inline constexpr char kNoiseFine[] = "fine";
inline constexpr char kNoiseNotCheckable[] = "not_checkable";

struct NoiseCondition {
  // governor | turbo | aslr | build | load | hypervisor | idle | samples ("rounds" in archives written
  // before cells were measured in several processes: rounds per unit then)
  std::string code;
  std::string state;     // kNoiseWarning | kNoiseFine | kNoiseNotCheckable
  std::string observed;  // the value as read, verbatim ("powersave", "2"); "" if not checkable
  std::string detail;    // English, for logs and the run's stderr
  // The same statement for reporters: "noise.<code>.<state>". A warning's args also hold
  // "command" (when there is one): the shell command or flag that removes the condition,
  // which reporters put in their "what to do" sentence.
  Message message;

  bool warning() const { return state == kNoiseWarning; }
};

struct NoiseRecord {
  // false: the archive was written before zoo-host recorded noise conditions; reports say
  // "not recorded" rather than claim a clean machine.
  bool recorded = false;
  std::vector<NoiseCondition> conditions;  // in kNoiseCodes order
};

// The codes in the order they are read and reported.
inline constexpr const char* kNoiseCodes[] = {"governor",   "turbo", "aslr",   "build", "load",
                                              "hypervisor", "idle",  "samples"};

// A 1-minute load average above this many runnable tasks per logical core is a warning. A
// unit at full concurrency keeps every core busy; with other work averaging a quarter of the
// machine, a core it needs is taken about a quarter of the time, which shows up as
// preemption spikes in a good share of the rounds and widens every band. Below that the
// background is the usual idle-machine trickle (daemons, the shell) that rounds absorb.
inline constexpr double kHighLoadPerCore = 0.25;

// What a cell's verdict can rest on (verdict.h): at least 3 processes, because the bootstrap
// resamples processes and two cannot show how much one process's level moves; and at least 20
// measured rounds over them, because each side's median comes from the pooled rounds and its
// spread is known to about 1 / sqrt(2 (n - 1)) (16% at n = 20). The full matrix's 4 x 8 and
// --quick's 5 x 5 pass; one process of 30 rounds does not, however many rounds it has.
inline constexpr uint32_t kMinTrustworthyRounds = 20;
inline constexpr uint32_t kMinTrustworthyProcesses = 3;

// One function per condition. `root` replaces "/" in every path read.
NoiseCondition CheckGovernor(const std::filesystem::path& root);
NoiseCondition CheckTurbo(const std::filesystem::path& root);
NoiseCondition CheckAslr(const std::filesystem::path& root);
NoiseCondition CheckBuild(const SystemInfo& environment);
NoiseCondition CheckLoad(const std::filesystem::path& root, uint32_t logical_cores);
NoiseCondition CheckHypervisor(const std::filesystem::path& root);
// Fine when the CPUs were held out of their deep idle states for the run (`hold`), or offer
// none deeper than polling; a warning when a state with an exit latency could be entered;
// not checkable when cpu0 lists no idle states (no cpuidle driver: the idle loop halts, and
// no request can change that).
NoiseCondition CheckIdleStates(const std::filesystem::path& root, const CpuIdleHold& hold);
NoiseCondition CheckRounds(uint32_t processes, uint32_t measured_rounds);

// Every condition, in kNoiseCodes order; `recorded` is true. `idle`: the run's hold, taken
// before this is read.
NoiseRecord ReadNoiseConditions(const SystemInfo& environment, const Matrix& matrix,
                                const CpuIdleHold& idle, const std::filesystem::path& root = "/");

}  // namespace zoo
