#include "core/measure/unit_stats.h"

#include <cmath>
#include <vector>

#include "absl/strings/str_format.h"

namespace zoo {

UnitStats ComputeUnitStats(const UnitResult& unit, uint32_t logical_cores) {
  std::vector<double> e2e, walls, body, submit, handoff, ret, cpu;
  const double c = unit.spec.concurrency;
  for (const RoundSample& r : unit.rounds) {
    walls.push_back(static_cast<double>(r.wall_ns));
    e2e.push_back(static_cast<double>(r.wall_ns) / c);
    if (r.cpu_ns >= 0) cpu.push_back(static_cast<double>(r.cpu_ns) / c);
    for (const TaskSample& t : r.tasks) {
      body.push_back(static_cast<double>(t.body_end_ns - t.body_start_ns));
      if (unit.stamps != Stamps::kTask) continue;  // the segments are an attribution unit's
      submit.push_back(static_cast<double>(t.submit_return_ns - t.submit_call_ns));
      handoff.push_back(static_cast<double>(t.body_start_ns - t.submit_return_ns));
      ret.push_back(static_cast<double>(t.completed_ns - t.body_end_ns));
    }
  }
  UnitStats s;
  s.end_to_end_ns = Summarize(e2e);
  s.round_wall_ns = Summarize(walls);
  s.body_ns = Summarize(body);
  s.submit_ns = Summarize(submit);
  s.handoff_ns = Summarize(handoff);
  s.return_ns = Summarize(ret);
  s.cpu_per_task_ns = Summarize(cpu);
  s.throughput_per_s = s.round_wall_ns.n > 0 ? c / (s.round_wall_ns.median / 1e9) : 0;

  // A unit that stamps no body runs the noop body, which does no work: its whole per-task
  // time is the adapter's and the harness's.
  if (unit.stamps == Stamps::kRound && s.end_to_end_ns.n > 0 && unit.spec.workload == "noop") {
    s.overhead_ns = s.end_to_end_ns.median;
    s.overhead_share = 1.0;
    return s;
  }
  const double overhead = s.end_to_end_ns.median - s.body_ns.median;
  switch (OverheadWithheldReason(s, unit.spec.concurrency, logical_cores)) {
    case OverheadWithheld::kNotWithheld:
      s.overhead_ns = overhead;
      s.overhead_share = overhead / s.end_to_end_ns.median;
      break;
    case OverheadWithheld::kNoRounds:
      s.overhead_withheld = "no measured rounds";
      break;
    case OverheadWithheld::kAboveCores:
      s.overhead_withheld = absl::StrFormat(
          "concurrency %u exceeds the %u logical cores: the body's self-time includes run-queue "
          "waits, so end-to-end minus body is not the framework's cost",
          unit.spec.concurrency, logical_cores);
      break;
    case OverheadWithheld::kNegative:
      s.overhead_withheld = absl::StrFormat(
          "negative (%.0f ns): the median body outlasts the median per-task end-to-end, so the "
          "figure is unreadable",
          overhead);
      break;
  }
  const int64_t target = unit.calibration.target_ns;
  if (target > 0 && s.body_ns.n > 0 && unit.spec.concurrency <= logical_cores) {
    s.body_deviation = (s.body_ns.median - static_cast<double>(target)) / static_cast<double>(target);
  }
  return s;
}

OverheadWithheld OverheadWithheldReason(const UnitStats& stats, uint32_t concurrency,
                                        uint32_t logical_cores) {
  if (stats.end_to_end_ns.n == 0 || stats.body_ns.n == 0) return OverheadWithheld::kNoRounds;
  if (concurrency > logical_cores) return OverheadWithheld::kAboveCores;
  if (stats.end_to_end_ns.median - stats.body_ns.median < 0) return OverheadWithheld::kNegative;
  return OverheadWithheld::kNotWithheld;
}

const char* OverheadWithheldName(OverheadWithheld reason) {
  switch (reason) {
    case OverheadWithheld::kNotWithheld: return "";
    case OverheadWithheld::kNoRounds: return "no_rounds";
    case OverheadWithheld::kAboveCores: return "above_cores";
    case OverheadWithheld::kNegative: return "negative";
  }
  return "?";
}

}  // namespace zoo
