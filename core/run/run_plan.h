// The order a run measures its units in: a pure function of the matrix, the adapters, the
// machine's logical cores and the run's calibration, so the plan can be tested without
// running anything.
//
// Every cell is measured in several processes (design 3.11): at least Matrix::processes, and
// more where a process is cheap (ProcessesFor). Process p of every cell runs before process
// p + 1 of any cell, so each adapter's processes are spread over the whole run. Within one
// process number the cells follow the matrix (tiers, then concurrencies) and each cell's
// adapters run back to back, in an order rotated from cell to cell and from process to
// process: a slow moment of the machine falls on both sides of a cell, and on no adapter more
// often than on another. Process p of the subject and process p of a baseline ran next to
// each other, which the verdict pairs (verdict.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/archive/matrix.h"
#include "core/measure/calibration.h"
#include "core/measure/unit.h"

namespace zoo {

struct PlannedAdapter {
  std::string name;
  std::string plugin_file;
};

// The most processes one adapter's cell gets, however cheap they are.
inline constexpr uint32_t kMaxProcessesPerCell = 48;
// What one process costs besides its rounds (exec and dynamic linking, loading the plugin,
// setup, teardown, the orchestrator's part and rewriting the archive), as measured on this
// project's 2-core VM over a quick run of all 12 built-in adapters (1800 units in 77 s with
// 8 ms of rounds each): what the plan budgets per process. (16 ms for inline alone; the
// ecosystem adapters' libraries and a growing archive add the rest.)
inline constexpr double kProcessStartS = 0.035;
// Warm-up rounds stop at about this much time (at least one round): enough for a small body's
// process to settle (its first rounds run up to 10x slower), and no 10 rounds of 64 x 10 ms.
inline constexpr double kWarmupBudgetS = 0.020;

// A round's expected length: `concurrency` bodies of the tier on `cores` cores.
double EstimatedRoundS(uint32_t tier_us, uint32_t concurrency, uint32_t cores);
// The warm-up rounds of one process of this cell (0 when the matrix asks for none).
uint32_t WarmupRoundsFor(const Matrix& matrix, uint32_t tier_us, uint32_t concurrency,
                         uint32_t cores);
// How many processes measure this cell of each of `adapters` adapters: Matrix::processes,
// raised towards kMaxProcessesPerCell while the cell's estimated time (every adapter's
// processes) stays within Matrix::cell_budget_s.
uint32_t ProcessesFor(const Matrix& matrix, uint32_t tier_us, uint32_t concurrency,
                      uint32_t cores, size_t adapters);

// The main matrix's units, each of `kind`: kTimed, or kCallgrind or kAttribution (one process
// per cell: each callgrind unit runs twice anyway, and an attribution unit's per-task stamps
// need no more processes than the figures they feed, which no verdict reads).
std::vector<UnitSpec> PlanMatrixUnits(const Matrix& matrix,
                                      const std::vector<PlannedAdapter>& adapters,
                                      uint32_t cores, const RunCalibration& calibration,
                                      UnitKind kind);

// The subject's semantics units at `tier_us`: per concurrency, every item off ("off") and each
// priced item alone (`items`, with its value), each variant in as many processes as a cell of
// that many adapters gets, interleaved the same way.
struct PlannedSemanticsItem {
  std::string name;
  int64_t value = 0;
};
std::vector<UnitSpec> PlanSemanticsUnits(const Matrix& matrix, const PlannedAdapter& subject,
                                         uint32_t tier_us,
                                         const std::vector<uint32_t>& concurrencies,
                                         const std::vector<PlannedSemanticsItem>& items,
                                         uint32_t cores, const RunCalibration& calibration);

// `timed` with `attribution` spread evenly among them, so that an attribution unit runs among
// the timed units of its time rather than all after them.
std::vector<UnitSpec> InterleaveUnits(std::vector<UnitSpec> timed,
                                      const std::vector<UnitSpec>& attribution);

// The harness floor: `inline` (the adapter that runs every body in submit()) with the noop
// body at concurrency 1 in `processes` processes of kFloorRounds rounds each (a round there is
// under a microsecond, so many rounds cost nothing).
inline constexpr uint32_t kFloorWarmupRounds = 100;
inline constexpr uint32_t kFloorRounds = 500;
std::vector<UnitSpec> PlanFloorUnits(const PlannedAdapter& inline_adapter, uint32_t processes,
                                     uint32_t cores);

}  // namespace zoo
