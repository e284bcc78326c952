// One `zoo-host run`: find the adapters, prove each with the gate, then measure every unit
// of the matrix, one at a time, each in its own process, and keep the archive current after
// every unit, so that an interruption (Ctrl-C) or a crash of one unit loses nothing measured.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/archive/archive.h"
#include "core/archive/matrix.h"
#include "core/measure/scenario.h"

namespace zoo {

struct RunProgress {
  size_t unit_index = 0;  // 0-based index of the unit about to run or just run
  size_t units_total = 0;
  const UnitSpec* spec = nullptr;
  double elapsed_s = 0;
  double eta_s = -1;      // < 0 while unknown
  const UnitResult* finished = nullptr;  // set when the unit has just finished
};

struct RunOptions {
  Matrix matrix;
  bool quick = false;
  std::vector<std::string> plugin_paths;         // --plugin
  bool allow_untrusted_plugins = false;          // plugin_search_path.h
  std::filesystem::path results_dir = "results";
  std::string command_line;                      // recorded as the command to reproduce
  std::filesystem::path zoo_host;                // the binary children are started from
  // Where a gate PASS is remembered per plugin file and build (gate_cache.h); empty: none,
  // every adapter is gated afresh (--no-gate-cache).
  std::filesystem::path gate_cache_dir;
  const std::atomic<bool>* stop = nullptr;       // set: stop at the next unit boundary
  std::function<void(const RunProgress&)> on_progress;
  // One line: a gate verdict, a skipped file, a noise warning.
  std::function<void(std::string_view)> on_note;
  // Where the noise conditions read /proc and /sys (and the idle hold its device) from
  // (noise_conditions.h); tests only.
  std::filesystem::path noise_root = "/";
  // Keep the CPUs out of deep idle states from the start of the run to its end
  // (cpu_idle_hold.h); false: --cpu-idle any.
  bool hold_cpu_idle = true;
  // After the matrix and the semantics units, one "counters" unit per gated adapter per
  // matrix concurrency within the logical cores (noop, the matrix's rounds). false: --no-cost.
  bool cost = true;
  // kCallgrind: every unit of the matrix runs under `valgrind`'s callgrind (and no counters
  // units run: their kernel counts would be the simulator's).
  RunInstrument instrument = RunInstrument::kNone;
  // The scenarios measured after the matrix (scenario.h, --scenarios): every one in a full
  // run, the round trip in a quick one.
  std::vector<Scenario> scenarios;
  // The subject's native task line after the scenarios (native_line_plan.h), when it declares
  // zoo.native/1. false: --no-native-line.
  bool native_line = true;
  // The subject's layer line after the native line (layer_line.h), when it declares
  // zoo.layers/1 and a bare client passed the gate. false: --no-layers.
  bool layer_line = true;
  std::filesystem::path valgrind;
  std::string valgrind_version;
  // The timed region's clock (--clock): the TSC where the machine allows it, or one by name.
  ClockChoice clock = ClockChoice::kAuto;
};

struct RunOutcome {
  std::filesystem::path archive_path;
  Archive archive;
};

// kInvalidArgument: an unknown adapter or subject, a bad --plugin path (a user's mistake).
// kFailedPrecondition: the subject did not pass the gate (nothing to compare against).
// kUnavailable: the machine refused to save the archive (a full disk; the path and the
// system's reason): the archive keeps what was saved before, its status "failed".
// Otherwise the archive was written, even when units failed or the run was stopped.
absl::StatusOr<RunOutcome> RunMatrix(const RunOptions& options);

}  // namespace zoo
