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
  uint32_t warmup_rounds = 3;
  uint32_t measured_rounds = 30;
  std::string workload = "json";
  // Seconds one unit (process start to result) may take before it counts as hung.
  double unit_timeout_s = 120;
  // How many processes measure each of the subject's main-matrix units: the first in matrix
  // order, the others after the whole matrix, each in a process of its own. One process per
  // unit cannot tell a regression from that process having run differently (compare reads
  // the subject pooled over its processes, compare_model.h); the report's cells read the
  // first. 1 turns it off; a callgrind run always uses 1 (each of its units runs twice).
  uint32_t subject_processes = 3;
};

// The seed matrix: tiers 40/300/2700/10000 us, concurrency 1/4/16/64, 3 warm-up + 30 rounds.
Matrix DefaultMatrix();

// --quick: a first look in well under a minute on 2 cores. Keeps the subject, adapters and
// workload; tiers 40/300/2700 us, concurrency 1/2, 2 warm-up + 15 measured rounds.
void ApplyQuick(Matrix* matrix);
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
// measured_rounds, workload, unit_timeout_s, subject_processes.
absl::StatusOr<Matrix> ParseMatrix(std::string_view json, std::string_view file);
absl::StatusOr<Matrix> LoadMatrixFile(const std::string& path);

// Checks a matrix whichever way it was built (file or flags): every list non-empty, every
// number positive, the workload known. `source` names where it came from.
absl::Status ValidateMatrix(const Matrix& matrix, std::string_view source);

// Parses "1,4,16" (a flag's value) into positive whole numbers; `flag` names it in errors.
absl::StatusOr<std::vector<uint32_t>> ParsePositiveList(std::string_view text,
                                                        std::string_view flag);

}  // namespace zoo
