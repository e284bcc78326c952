// Judging a cell: two adapters at one (tier, concurrency), each measured in several processes
// of several rounds (design 3.11 and 3.12, "Judging a cell").
//
// A process sets a level for all its rounds (its memory layout, cores, moment), so a cell's
// samples are processes first and rounds within them. A side's level is the 20% trimmed mean
// over its processes of each process's median round: the median keeps a preempted round from
// moving its process, the trim keeps the few processes that ran far slower than the rest (a
// pool on this VM: 4 of 46 at 84-126 us where the rest sat at 61-76) from moving the side,
// and the mean of what is left moves smoothly with the share of processes at each of two
// levels, as a median does not. With fewer than 5 processes nothing is trimmed (the mean).
// A two-level bootstrap resamples the processes with
// replacement, then the rounds within each drawn process, and computes each time the log of
// the ratio of the two sides' levels (subject / baseline). The 2.5 and 97.5 percentiles of
// those draws bound the difference. A winner is named only when the difference is both real
// and large enough to matter: the interval excludes 1.00x and the factor itself lies beyond
// the practical threshold (1.03x) on the same side; otherwise "no winner". (Asking the whole
// interval to clear the threshold missed a 6% cost at the 300 us tier in most runs of this
// VM, where 48 processes still leave the interval about 10% wide.) The log ratio is
// symmetric: a 1.8x loss reads like a 1.8x win.
//
// Process p of the subject and process p of a baseline ran next to each other (run_plan.h).
// When both sides have the same process numbers the bootstrap draws the same numbers for both
// (paired), so a slow moment of the machine that fell on both cancels.
//
// The draws come from a fixed generator seeded by the seed and the cell's id: the same archive
// always gives the same intervals, byte for byte.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace zoo {

enum class Verdict { kSubjectFaster, kSubjectSlower, kIndistinguishable };
const char* VerdictName(Verdict v);  // "subject_faster", "subject_slower", "indistinguishable"

// One side of a cell: per process (ascending process number), the per-task cost of each of
// its measured rounds on the cell's basis (ns).
struct SideSamples {
  std::vector<uint32_t> process_ids;
  std::vector<std::vector<double>> rounds;

  // Every round of every process, in order.
  std::vector<double> Pooled() const;
  // One median per process.
  std::vector<double> ProcessMedians() const;
};

inline constexpr uint64_t kVerdictSeed = 0x7a6f6f2d686f7374ull;  // "zoo-host"

struct VerdictOptions {
  // A winner needs the factor beyond this (1.03x), its interval excluding 1: smaller
  // differences are below what this method can tell from a process's luck, and below what
  // matters.
  double threshold = 0.03;
  // The share of a side's process medians cut from each end before they are averaged into its
  // level: a few processes far from the rest move the mean, not the trimmed mean. With 0.2
  // the truth suite kept every figure the mean reached (30 of 30 twin cells "no winner", +20
  // us found in 20 of 20 cells, 48 of 48 back-to-back verdicts alike); +5 us at 40 us was
  // found in 2 of 5 runs, as with the mean, until runs held the CPUs out of deep idle states
  // (cpu_idle_hold.h): then in 5 of 5 (README, "What the verdicts give").
  double level_trim = 0.2;
  int resamples = 2000;
  double confidence = 0.95;
  uint64_t seed = kVerdictSeed;
};

struct Judgement {
  Verdict verdict = Verdict::kIndistinguishable;
  // log(subject level / baseline level) over every round: > 0 the subject costs more.
  double log_ratio = 0;
  double low = 0, high = 0;  // the bootstrap interval of log_ratio
  bool paired = false;
  uint32_t subject_processes = 0, baseline_processes = 0;
};

// REQUIRES: every process of both sides has at least one round. An empty side gives NaN and
// "no winner". `cell_id` seeds the draws (with options.seed).
Judgement JudgeCell(const SideSamples& subject, const SideSamples& baseline,
                    const VerdictOptions& options, std::string_view cell_id);

// A side's level as the verdict reads it: the trimmed mean (`trim` from each end) of its
// processes' median rounds. NaN for a side without rounds.
double SideLevel(const SideSamples& side, double trim);

// The rule above, for any estimate and interval of a log factor: > 0 one way, < 0 the other.
// NaN anywhere gives kIndistinguishable.
enum class Direction { kNone, kUp, kDown };
Direction Decide(double estimate, double low, double high, double threshold);

// The bootstrap interval of log(median) of one side alone (the same two levels), for a price
// or a change that is read against zero rather than against another side.
struct Interval {
  double estimate = 0, low = 0, high = 0;
};
Interval LogRatioInterval(const SideSamples& numerator, const SideSamples& denominator,
                          const VerdictOptions& options, std::string_view id);

// How a ratio moved between two runs: log(new numerator / new denominator) - log(old numerator
// / old denominator), each run's ratio drawn by its own two-level bootstrap (the runs are
// independent), and the percentiles of the differences. `id` seeds both (with "/old", "/new").
Interval LogRatioChangeInterval(const SideSamples& old_numerator,
                                const SideSamples& old_denominator,
                                const SideSamples& new_numerator,
                                const SideSamples& new_denominator,
                                const VerdictOptions& options, std::string_view id);

}  // namespace zoo
