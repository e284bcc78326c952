// What a cell's verdict rests on (design 3.16): what a user of each adapter waits for at that
// load, the round's time per task, sharpened where that can be done without turning it round.
//
// Two readings of one cell, each judged by the bootstrap of verdict.h:
//   end to end   wall / concurrency per round: what a program using the adapter sees, with
//                its bodies side by side or one after another as the adapter ran them, and at
//                whatever speed the machine ran them.
//   tier body    (wall - U + tier) / concurrency (compare_basis.h), within the logical cores:
//                the time no body ran, as measured, plus the tier. It takes the host's body
//                speed out (on a shared VM a CPU's speed moves by 1.8x for seconds at a time),
//                so it sees a few microseconds of dispatch at concurrency 1; it cannot see
//                whether the bodies ran side by side, so at the core count it may point the
//                other way (a serial pool read as fast as a parallel one).
//
// The verdict:
//   1. where bodies can run side by side (concurrency above 1) a winner on the end-to-end
//      reading is the verdict (what users wait for);
//   2. else a winner on the tier-body reading is, unless the end-to-end reading points the
//      other way: its medians (the figures the report prints) by more than the threshold, or
//      its whole interval; then no winner, and the cell says the readings disagree;
//   3. a winner of step 1 whose pooled medians point the other way by more than the
//      threshold (levels and medians of a bimodal cell can differ) is withheld the same way.
// So no verdict ever points against the cell's own end-to-end medians by more than the
// threshold, and a sharper reading only ever adds a winner the end-to-end figures agree with.
//
// At concurrency 1 the tier-body reading is the end-to-end one with the body's own speed
// taken out (end-to-end - body + tier), so the end-to-end reading only guards there: on a
// shared VM a body's speed is the CPU's luck (machine_noise.h), and letting it decide added
// false winners between twins at 2.7 ms (3 of 45 cells over 15 runs) and found nothing the
// tier-body reading missed.
#pragma once

#include <optional>
#include <string_view>

#include "core/model/compare_basis.h"
#include "core/model/verdict.h"

namespace zoo {

// How the two readings of a cell relate (a closed set; converted to text at the JSON edge).
enum class Agreement {
  kAgree,               // no reading names a winner against another
  kTierBodyOpposite,    // an end-to-end winner that the tier-body reading names the other way
                        // round: the difference is in how (or how fast) the bodies ran
  kEndToEndAgainst,     // a tier-body winner withheld: the end-to-end reading points the other way
  kMediansAgainst,      // an end-to-end winner withheld: its pooled medians point the other way
};
const char* AgreementName(Agreement a);  // "agree", "tier_body_opposite", ...

struct CellJudgement {
  Verdict verdict = Verdict::kIndistinguishable;
  // The reading whose winner is the verdict; nullopt for no winner.
  std::optional<CompareBasis> decided_by;
  Agreement agreement = Agreement::kAgree;
  Judgement end_to_end;
  std::optional<Judgement> tier_body;  // within the logical cores
  // The smallest difference (a fraction: 0.05 = 5%) this cell could call a winner: the
  // threshold or the narrower reading's interval half-width, whichever is larger.
  double detectable = 0;
  // The reading the cell's headline figures come from: the deciding one, else the sharper
  // one (tier body within the cores, end to end above them).
  CompareBasis shown = CompareBasis::kEndToEnd;
  const Judgement& Shown() const;
};

// `pooled_log_ratio`: log(subject / baseline) of the two sides' pooled per-task end-to-end
// medians, as the report prints them. `subject_tier` and `baseline_tier` are null above the
// cores. `side_by_side`: the cell's concurrency is above 1 (step 1). `id` seeds both
// bootstraps.
CellJudgement JudgeBothReadings(const SideSamples& subject_end_to_end,
                                const SideSamples& baseline_end_to_end,
                                const SideSamples* subject_tier, const SideSamples* baseline_tier,
                                double pooled_log_ratio, bool side_by_side,
                                const VerdictOptions& options, std::string_view id);

}  // namespace zoo
