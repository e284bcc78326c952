// The matrix of one run: which adapters, which subject, which body tiers and concurrencies,
// how many rounds. Read from a JSON file (--matrix) and overridden field by field by flags;
// refused as a whole, before anything runs, with the file, the field and why.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace zoo {

struct Matrix {
  // Empty: every adapter that loads and passes the gate.
  std::vector<std::string> adapters;
  // The adapter under test; every other adapter is a baseline.
  std::string subject = "zoo_scheduler";
  std::vector<uint32_t> concurrencies = {1, 4, 16, 64};
  std::vector<uint32_t> tiers_us = {40, 300, 2700, 10000};
  // A process sets a level for all its rounds (its memory layout, its cores, its moment), so a
  // cell's samples are processes first and rounds within them (design 3.11). Every cell of
  // every adapter is measured in at least `processes` processes; a cell whose processes are
  // cheap gets more of them, up to kMaxProcessesPerCell, while the cell's processes of all
  // adapters together stay within `cell_budget_s` (0: exactly `processes`). The small tiers,
  // where one process's luck weighs most against a per-task cost, so get the most processes
  // for little time, and a run of few adapters more than a run of many. The processes of all
  // adapters run interleaved (run_plan.h), so a slow moment of the machine falls on every side
  // of a cell.
  uint32_t processes = 3;
  double cell_budget_s = 6.0;
  // Per process: `warmup_rounds` warm-up rounds (no more than about 20 ms of them, but at
  // least one), then `measured_rounds` measured rounds.
  uint32_t warmup_rounds = 10;
  uint32_t measured_rounds = 8;
  std::string workload = "json";
  // Seconds one unit (process start to result) may take before it counts as hung.
  double unit_timeout_s = 120;
};

// The seed matrix: tiers 40/300/2700/10000 us, concurrency 1/4/16/64; at least 3 processes per
// cell (more within 6 s a cell) of up to 10 warm-up + 8 measured rounds.
Matrix DefaultMatrix();

// The machine's own concurrencies in the seed list: `cores` and 2 x `cores` join it when
// missing (kept ascending), so a cell sits at the core count, where overhead, attribution and
// cost are read, and one at twice it. `zoo-host run` applies it unless the concurrencies were
// given (--concurrency, a matrix file's "concurrency").
void AddCoreCounts(Matrix* matrix, uint32_t cores);

// --quick: a first look in under a minute on 2 cores. Keeps the subject, adapters and
// workload; tiers 40/300/2700 us, concurrency 1 and `cores` (the logical cores; 1/2 here), at
// least 5 processes per cell (more within 5 s a cell) of up to 10 warm-up + 10 measured rounds.
void ApplyQuick(Matrix* matrix, uint32_t cores = 2);
// --instrument callgrind without a matrix file: a tiny matrix, since instructions per task
// need few rounds and valgrind is slow. Keeps the subject and adapters; the noop body,
// concurrency 1, one tier of 1 us (noop ignores it), 1 warm-up + 5 measured rounds.
void ApplyCallgrindDefaults(Matrix* matrix);

// The sentence that says what --quick changed, for the run's output and the archive.
std::string QuickDescription();

// Parses a matrix file's JSON. Fields not in the file keep their defaults. Unknown fields,
// wrong types, empty lists, zero or negative values are refused: "FILE: field 'tiers_us':
// must be a non-empty list of positive whole numbers (microseconds)". `file` names the source
// in messages. Field names: adapters, subject, concurrency, tiers_us, warmup_rounds,
// measured_rounds, processes, cell_budget_s, workload, unit_timeout_s.
absl::StatusOr<Matrix> ParseMatrix(std::string_view json, std::string_view file);
absl::StatusOr<Matrix> LoadMatrixFile(const std::string& path);

// The bounds ValidateMatrix holds every count and time to.
inline constexpr uint32_t kMaxRounds = 100'000;
inline constexpr double kMinUnitTimeoutS = 0.1;
inline constexpr double kMaxUnitTimeoutS = 86'400;  // a day

// Checks a matrix whichever way it was built (file or flags): every list non-empty, every
// number positive and within its bound, the workload known. `source` names where it came
// from.
absl::Status ValidateMatrix(const Matrix& matrix, std::string_view source);

// Parses "1,4,16" (a flag's value) into positive whole numbers; `flag` names it in errors.
absl::StatusOr<std::vector<uint32_t>> ParsePositiveList(std::string_view text,
                                                        std::string_view flag);

}  // namespace zoo
