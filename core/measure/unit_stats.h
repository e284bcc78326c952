// What is derived from one unit's raw samples: a pure function of UnitResult, so anyone can
// recompute it from the archive.
//
//   per-task end-to-end  = round wall / concurrency, one value per measured round
//   body                 = body_end - body_start, one value per task (self-timed)
//   overhead             = median end-to-end - median body (same unit, same run)
//   share                = overhead / median end-to-end
//   throughput           = concurrency / median round wall, tasks per second
//   CPU per task         = round CPU time / concurrency, one value per measured round that
//                          recorded it (unit.h RoundSample::cpu_ns)
//   attribution segments, per task: submit (inside submit), handoff (submit return to body
//   start; may be negative), return (body end to the host seeing the completion); only from
//   a unit that took every per-task stamp (an attribution unit, or any unit archived before
//   them), n = 0 otherwise
//   overhead of a unit that stamped no body (the noop body, which does no work): end-to-end
#pragma once

#include <optional>
#include <string>

#include "core/base/statistics.h"
#include "core/measure/unit.h"

namespace zoo {

struct UnitStats {
  Summary end_to_end_ns;  // per round: wall / concurrency
  Summary body_ns;        // per task
  Summary round_wall_ns;  // per round
  double throughput_per_s = 0;
  // Withheld (nullopt, with the reason) where concurrency exceeds the logical cores (the
  // body's self-time then includes run-queue waits) or where it comes out negative.
  std::optional<double> overhead_ns;
  std::optional<double> overhead_share;
  std::string overhead_withheld;
  Summary submit_ns;
  Summary handoff_ns;
  Summary return_ns;
  // Body self-time against the tier (json and sleep at concurrency <= logical cores).
  std::optional<double> body_deviation;  // (median body - target) / target
  // The process's CPU time per task, over the rounds that recorded it; n = 0 when none did
  // (archives before it, instrumented units).
  Summary cpu_per_task_ns;
};

UnitStats ComputeUnitStats(const UnitResult& unit, uint32_t logical_cores);

// Why a unit has no overhead figure; UnitStats::overhead_withheld says the same in English.
enum class OverheadWithheld { kNotWithheld, kNoRounds, kAboveCores, kNegative };
// "" (not withheld), "no_rounds", "above_cores", "negative": the reports' codes.
const char* OverheadWithheldName(OverheadWithheld reason);

// The decision ComputeUnitStats makes, from the figures it made: no rounds or no bodies, then
// a concurrency above the logical cores, then a negative overhead. An archive keeps only the
// sentence, so its readers ask this (with the run's logical cores) rather than parse English.
OverheadWithheld OverheadWithheldReason(const UnitStats& stats, uint32_t concurrency,
                                        uint32_t logical_cores);

// The tolerance of the body-versus-target self-check (a fraction of the tier).
inline constexpr double kBodyTolerance = 0.25;

}  // namespace zoo
