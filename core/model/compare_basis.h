// What a cell reads a unit on (the report's verdicts and compare), and how far a unit drifts
// between two processes.
//
// A body's speed moves with its process's moment (the vCPU it landed on, a busy sibling core,
// the adapter's own spinning workers): on this project's 2-core VM the same repetitions run at
// 1.3 to 2.5 us each from one process to the next. The body is the host's, not the adapter's,
// so each round is read with the bodies put back at the tier:
//
//   at the tier's body (c <= logical cores), per task and round:
//     (wall - U + tier) / concurrency
//   where U is the length of the union of the round's body intervals: the time when no body
//   ran (dispatch, handoff, return, waking the control thread: the adapter's part) is kept as
//   measured, and the bodies count as one tier. At concurrency 1 this is end-to-end - body +
//   tier; with c bodies side by side it is the per-task end-to-end had they lasted the tier.
//   Everything comes from one round of one unit (design 3.1: nothing is subtracted across
//   units or runs).
//   end-to-end (above the logical cores): bodies then include run-queue waits, so their
//   self-time says nothing about the body; the raw per-task end-to-end is read (design 3.6).
//
// What this leaves out, on purpose: whether the adapter ran the bodies side by side or one
// after the other (a serial and a parallel executor with the same dispatch costs read the
// same), and an adapter that makes the host's bodies themselves slower (cache pollution,
// spinning on a sibling core). Both show in the end-to-end ratios and the throughput, which
// the reports keep next to the verdicts. On this VM a mutex pool's second worker sometimes
// wakes in time for its body and sometimes not, so its end-to-end at concurrency 2 is
// bimodal; a verdict on it would judge that luck rather than what the adapter adds per task.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/measure/unit.h"

namespace zoo {

enum class CompareBasis { kTierBody, kEndToEnd };
const char* CompareBasisName(CompareBasis b);  // "tier_body", "end_to_end"

// kTierBody when `concurrency` is within both runs' logical cores.
CompareBasis BasisFor(uint32_t concurrency, uint32_t old_logical_cores,
                      uint32_t new_logical_cores);

// One value per measured round, per task, on `basis`. A round whose bodies have no positive
// mean duration is read end-to-end (there is nothing to rescale).
std::vector<double> PerRoundCost(const UnitResult& unit, CompareBasis basis);

// The length of the union of a round's body intervals (ns).
int64_t BodyUnionNs(const RoundSample& round);

// How far one unit's median moves between two processes when nothing changed, estimated from
// the baselines at one coordinate: each baseline's log(new median / old median), spread
// around their common move (a median absolute deviation scaled to a standard deviation), as
// a fraction: exp(spread) - 1. The common move (one machine or moment faster than the other)
// cancels; what is left is how much a unit drifts on its own. nullopt with fewer than
// kMinDriftBaselines baselines.
inline constexpr size_t kMinDriftBaselines = 3;
struct DriftEstimate {
  double common_log_move = 0;  // the median of the baselines' log moves
  double drift = 0;            // exp(1.4826 x MAD of the log moves) - 1
  // One baseline's own move beyond the common one, as a fraction: exp(|log move - common|) - 1.
  double OwnMove(double old_median, double new_median) const;
};
std::optional<DriftEstimate> EstimateDrift(const std::vector<double>& old_medians,
                                           const std::vector<double>& new_medians);

}  // namespace zoo
