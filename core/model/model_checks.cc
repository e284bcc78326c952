#include "core/model/model_checks.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/model/model_input.h"
#include "core/model/physical_floor.h"

namespace zoo {
namespace {

SelfCheck RunComplete(const Archive& a) {
  return {.name = "run_complete", .passed = false,
          .detail = absl::StrFormat("the run is %s: %u of %u units recorded",
                                    RunStatusName(a.run.status), a.units.size(),
                                    a.run.units_planned),
          .message = {absl::StrCat("self_check.run_complete.", RunStatusName(a.run.status)),
                      {{"recorded", absl::StrCat(a.units.size())},
                       {"planned", absl::StrCat(a.run.units_planned)}}}};
}

// The subject's overhead should be roughly constant across tiers: a framework's cost per task
// does not depend on what the body does, and a large swing points at measurement noise. What
// the machine adds to every adapter alike is not the subject's: a VM whose idle CPUs halt
// charges more for waking the control thread after a 2.7 ms body than after a 40 us one (the
// host stops polling a halted CPU after about 200 us), for a mutex pool as for the subject. So
// each tier's overhead is read against the median of the baselines' at that tier (those with
// a figure), and the check fails only when that share swings by more than the limit; with no
// baseline figure it reads the overheads alone.
SelfCheck OverheadConstancy(const ModelInput& in) {
  const double limit = in.options.overhead_constancy_factor;
  std::vector<std::string> ranges, range_args;
  bool constant = true;
  for (uint32_t c : in.concurrencies) {
    if (!in.WithinCores(c)) continue;
    std::vector<double> overheads, relative;
    for (uint32_t tier : in.tiers_us) {
      const UnitView* u = in.Unit(in.subject, c, tier);
      if (u == nullptr || !u->ok || !u->stats.overhead_ns) continue;
      std::vector<double> theirs;
      for (const std::string& b : in.baselines) {
        const UnitView* v = in.Unit(b, c, tier);
        if (v != nullptr && v->ok && v->stats.overhead_ns && *v->stats.overhead_ns > 0 &&
            !v->on_calling_thread) {
          theirs.push_back(*v->stats.overhead_ns);
        }
      }
      overheads.push_back(*u->stats.overhead_ns);
      relative.push_back(theirs.empty() ? *u->stats.overhead_ns
                                        : *u->stats.overhead_ns / Median(theirs));
    }
    if (overheads.size() < 2) continue;
    const auto [lo, hi] = std::minmax_element(overheads.begin(), overheads.end());
    const auto [rlo, rhi] = std::minmax_element(relative.begin(), relative.end());
    const double factor = *rlo > 0 ? *rhi / *rlo : std::numeric_limits<double>::infinity();
    constant &= factor <= limit;
    ranges.push_back(absl::StrFormat("concurrency %u: %s to %s, %.1fx against the baselines'",
                                     c, Us(*lo), Us(*hi), factor));
    range_args.push_back(absl::StrFormat("c%u: %s – %s (%.1f×)", c, FormatDurationArg(*lo),
                                         FormatDurationArg(*hi), factor));
  }
  if (ranges.empty()) {
    return {.name = "overhead_constancy", .passed = true,
            .detail = "not applicable: fewer than two tiers with an overhead figure",
            .message = {"self_check.overhead_constancy.not_applicable", {}}};
  }
  return {.name = "overhead_constancy", .passed = constant,
          .detail = absl::StrCat("the subject's overhead across tiers, read against the "
                                 "baselines' at each tier, limit ",
                                 absl::StrFormat("%.1fx", limit), ": ",
                                 absl::StrJoin(ranges, "; ")),
          .message = {absl::StrCat("self_check.overhead_constancy.",
                                   constant ? "passed" : "failed"),
                      {{"limit", absl::StrFormat("%.1f×", limit)},
                       {"ranges", absl::StrJoin(range_args, "; ")}}}};
}

// The host's bodies ran at the machine's speed (machine_noise.h): a noise figure, and a failure
// only where it could have made a verdict. That is a winner decided end to end within the
// cores that the tier-body reading (bodies put back at the tier) does not name, where the
// winner's bodies themselves ran faster than the loser's by at least the winning factor.
SelfCheck BodySpeedCheck(const ModelInput& in, const std::vector<Cell>& cells,
                         const BodySpeed& speed) {
  if (speed.processes == 0) {
    return {.name = "body_speed", .passed = true,
            .detail = "not applicable: no unit has a body of a known duration within the cores",
            .message = {"self_check.body_speed.not_applicable", {}}};
  }
  std::vector<std::string> suspect, suspect_args;
  for (const Cell& c : cells) {
    if (c.verdict == Verdict::kIndistinguishable || c.floor || !in.WithinCores(c.concurrency) ||
        c.decided_by != CompareBasisName(CompareBasis::kEndToEnd)) {
      continue;
    }
    const bool tier_agrees =
        c.tier_body_ratio > 0 && (c.verdict == Verdict::kSubjectFaster
                                      ? c.tier_body_factor_high < 1
                                      : c.tier_body_factor_low > 1);
    if (tier_agrees) continue;
    const UnitView* s = in.Unit(in.subject, c.concurrency, c.tier_us);
    const UnitView* b = in.Unit(c.baseline, c.concurrency, c.tier_us);
    if (s == nullptr || b == nullptr || !(s->stats.body_ns.median > 0) ||
        !(b->stats.body_ns.median > 0)) {
      continue;
    }
    // > 1: the subject's bodies ran slower; the verdict's factor, subject / baseline.
    const double bodies = s->stats.body_ns.median / b->stats.body_ns.median;
    const double factor = 1 / c.end_to_end_ratio;
    const bool explains = factor > 1 ? bodies >= factor : bodies <= factor;
    if (!explains) continue;
    suspect.push_back(absl::StrFormat("%s: end to end %.2fx, bodies %.2fx", c.id(), factor, bodies));
    suspect_args.push_back(absl::StrFormat("%s (%.2f×, bodies %.2f×)", c.id(), factor, bodies));
  }
  const std::string spread = absl::StrFormat("%.2fx-%.2fx", speed.p5, speed.p95);
  if (suspect.empty()) {
    return {.name = "body_speed", .passed = true,
            .detail = absl::StrFormat("%u processes: bodies ran at %s their tier (p5-p95, median "
                                      "%.2fx), %u more than 25%% slow; no verdict rests on it",
                                      speed.processes, spread, speed.median, speed.slow),
            .message = {"self_check.body_speed.passed",
                        {{"processes", absl::StrCat(speed.processes)},
                         {"low", FormatMultipleArg(speed.p5)},
                         {"high", FormatMultipleArg(speed.p95)},
                         {"slow", absl::StrCat(speed.slow)}}}};
  }
  return {.name = "body_speed", .passed = false,
          .detail = absl::StrCat(suspect.size(), " verdicts could be the bodies' speed, not the "
                                 "adapters': ", absl::StrJoin(suspect, "; "),
                                 "; read those cells at the tier's body, or measure again"),
          .message = {"self_check.body_speed.failed",
                      {{"count", absl::StrCat(suspect.size())},
                       {"cells", absl::StrJoin(suspect_args, ", ")},
                       {"low", FormatMultipleArg(speed.p5)},
                       {"high", FormatMultipleArg(speed.p95)}}}};
}

// Same work in every unit (design 3.10): one repetition count per tier of a json body.
SelfCheck SameWork(const Archive& a) {
  std::map<uint32_t, std::set<uint64_t>> counts;
  for (const ArchivedUnit& u : a.units) {
    const UnitSpec& spec = u.result.spec;
    if (!u.result.ok || spec.workload != "json" || Instrumented(spec.kind)) continue;
    counts[spec.tier_us].insert(spec.repetitions > 0 ? spec.repetitions
                                                     : u.result.calibration.repetitions);
  }
  if (counts.empty()) {
    return {.name = "same_work", .passed = true,
            .detail = "not applicable: no unit ran a json body",
            .message = {"self_check.same_work.not_applicable", {}}};
  }
  bool same = true;
  std::vector<std::string> tiers;
  for (const auto& [tier, reps] : counts) {
    same &= reps.size() == 1;
    tiers.push_back(reps.size() == 1
                        ? absl::StrFormat("%u us: %u", tier, *reps.begin())
                        : absl::StrFormat("%u us: %u-%u (%u counts)", tier, *reps.begin(),
                                          *reps.rbegin(), reps.size()));
  }
  const std::string list = absl::StrJoin(tiers, "; ");
  return {.name = "same_work", .passed = same,
          .detail = absl::StrCat(same ? "every unit of a tier ran the same body: "
                                      : "units of one tier ran different bodies: ",
                                 "repetitions per tier ", list),
          .message = {absl::StrCat("self_check.same_work.", same ? "passed" : "failed"),
                      {{"tiers", list}}}};
}

// No process below its physical floor (its rounds are left out of every cell).
SelfCheck PhysicalFloor(const ModelInput& in) {
  const std::vector<ArchivedUnit>& units = in.archive->units;
  size_t checked = 0;
  std::vector<std::string> below;
  for (size_t i = 0; i < units.size(); ++i) {
    const ArchivedUnit& u = units[i];
    if (!u.result.ok || !HasFloor(u.result.spec, in.cores)) continue;
    ++checked;
    if (!BelowFloor(u, in.cores)) continue;
    below.push_back(absl::StrCat(
        in.process_units[i].id(), " (", FormatDurationArg(u.stats.end_to_end_ns.median), " < ",
        FormatDurationArg(PhysicalFloorNs(u.result.spec, u.stats, in.cores)), ")"));
  }
  if (checked == 0) {
    return {.name = "physical_floor", .passed = true,
            .detail = "not applicable: no unit within the logical cores has a body with a "
                      "duration",
            .message = {"self_check.physical_floor.not_applicable", {}}};
  }
  if (below.empty()) {
    return {.name = "physical_floor", .passed = true,
            .detail = absl::StrFormat("%u processes: none below body / min(concurrency, %u "
                                      "cores) per task",
                                      checked, in.cores),
            .message = {"self_check.physical_floor.passed",
                        {{"checked", absl::StrCat(checked)}, {"cores", absl::StrCat(in.cores)}}}};
  }
  return {.name = "physical_floor", .passed = false,
          .detail = absl::StrCat(below.size(), " of ", checked,
                                 " processes below their physical floor, left out of every "
                                 "cell: ", absl::StrJoin(below, ", ")),
          .message = {"self_check.physical_floor.failed",
                      {{"below", absl::StrCat(below.size())},
                       {"checked", absl::StrCat(checked)},
                       {"units", absl::StrJoin(below, ", ")}}}};
}

// Every successful pooled view without an overhead figure, in English and as data.
void ListWithheld(const ModelInput& in, SelfCheckSummary* s) {
  for (const UnitView& u : in.units) {
    if (!u.ok || u.stats.overhead_ns || IsScenario(u.kind) || u.kind == UnitKind::kNative) continue;
    s->withheld_units.push_back(absl::StrCat(u.id(), ": ", u.stats.overhead_withheld));
    WithheldUnit w{.unit = u.id(),
                   .reason = OverheadWithheldReason(u.stats, u.concurrency, in.cores),
                   .overhead_ns = std::numeric_limits<double>::quiet_NaN()};
    if (w.reason == OverheadWithheld::kNegative) {
      w.overhead_ns = u.stats.end_to_end_ns.median - u.stats.body_ns.median;
    }
    s->withheld.push_back(std::move(w));
  }
}

}  // namespace

SelfCheckSummary ModelSelfChecks(const ModelInput& in, const std::vector<Cell>& cells,
                                 const MachineNoise& noise) {
  const Archive& a = *in.archive;
  SelfCheckSummary s;
  // The archive's own checks, but for its body check, which body_speed supersedes (a body's
  // speed is the machine's noise figure, machine_noise.h, not a failed run).
  for (const SelfCheck& c : a.self_checks) {
    if (c.name != "body_vs_target") s.checks.push_back(c);
  }
  if (a.run.status != RunStatus::kComplete) s.checks.push_back(RunComplete(a));
  s.checks.push_back(OverheadConstancy(in));
  s.checks.push_back(SameWork(a));
  s.checks.push_back(PhysicalFloor(in));
  s.checks.push_back(BodySpeedCheck(in, cells, noise.body_speed));
  ListWithheld(in, &s);
  s.passed = std::all_of(s.checks.begin(), s.checks.end(),
                         [](const SelfCheck& c) { return c.passed; });
  return s;
}

}  // namespace zoo
