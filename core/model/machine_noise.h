// How noisy the machine was during the run, as figures read from the archive's units: how fast
// it ran the host's bodies, and how often a cell's processes settled at two levels. Neither is a
// failed run: both are facts of the machine, which the verdicts are built to stand (the
// bootstrap resamples processes; cell_judgement.h reads every cell end to end too), and a reader
// needs them to judge how small a difference this run could see.
//
//   body speed   per process, its median body self-time / the tier, over the main matrix's
//                timed units with a json body within the logical cores. On a shared VM one
//                CPU's speed drops to about 0.55x for seconds at a time, each CPU on its own,
//                so a process's bodies run at 1.0x or 1.8x its tier by where and when it ran;
//                the body is the host's, not the adapter's.
//   bimodality   per adapter and cell, whether its processes' end-to-end medians fall into two
//                groups far apart (a pool's second worker woken on the busy CPU or the idle
//                one, settled anew in each process): the largest between-group separation over
//                the splits that leave at least a fifth of the processes on each side, called
//                two levels when the groups differ by at least 10% and by 4 within-group
//                standard deviations.
// The machine's wake-up cost itself is the archive's own figure (environment.round_trips).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace zoo {

struct ModelInput;

struct BodySpeed {
  uint32_t processes = 0;          // 0: no unit with a body of a known duration
  double p5 = 0, median = 0, p95 = 0;  // body / tier over those processes
  uint32_t slow = 0;               // processes above 1 + kBodySpeedTolerance
  uint32_t fast = 0;               // processes below 1 - kBodySpeedTolerance
  std::vector<std::string> slowest;  // up to 3 process ids, slowest first, "(1.82x)"
};
inline constexpr double kBodySpeedTolerance = 0.25;

struct TwoLevelSide {
  std::string unit;              // the pooled view's id: "thread_pool/c2/300us"
  double low_ns = 0, high_ns = 0;  // the two groups' mean process medians (per task)
  uint32_t low_processes = 0, high_processes = 0;
};

struct Bimodality {
  uint32_t sides = 0;     // adapter cells with enough processes to tell (at least 6)
  uint32_t two_level = 0;
  std::vector<TwoLevelSide> widest;  // up to 5, the widest split first
};

struct MachineNoise {
  BodySpeed body_speed;
  Bimodality bimodality;
};

MachineNoise ReadMachineNoise(const ModelInput& in);

// Whether `medians` (a side's process medians, any order) split into two levels, and where.
struct TwoLevels {
  bool two_level = false;
  double low = 0, high = 0;  // the groups' means
  uint32_t low_count = 0, high_count = 0;
};
TwoLevels SplitLevels(std::vector<double> medians);

}  // namespace zoo
