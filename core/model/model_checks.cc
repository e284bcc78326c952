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
// does not depend on what the body does. A large swing points at measurement noise.
SelfCheck OverheadConstancy(const ModelInput& in) {
  const double limit = in.options.overhead_constancy_factor;
  std::vector<std::string> ranges, range_args;
  bool constant = true;
  for (uint32_t c : in.concurrencies) {
    if (!in.WithinCores(c)) continue;
    std::vector<double> overheads;
    for (uint32_t tier : in.tiers_us) {
      const UnitView* u = in.Unit(in.subject, c, tier);
      if (u != nullptr && u->ok && u->stats.overhead_ns) overheads.push_back(*u->stats.overhead_ns);
    }
    if (overheads.size() < 2) continue;
    const auto [lo, hi] = std::minmax_element(overheads.begin(), overheads.end());
    const double factor = *lo > 0 ? *hi / *lo : std::numeric_limits<double>::infinity();
    constant &= factor <= limit;
    ranges.push_back(
        absl::StrFormat("concurrency %u: %s to %s (%.1fx)", c, Us(*lo), Us(*hi), factor));
    range_args.push_back(absl::StrFormat("c%u: %s – %s (%.1f×)", c, FormatDurationArg(*lo),
                                         FormatDurationArg(*hi), factor));
  }
  if (ranges.empty()) {
    return {.name = "overhead_constancy", .passed = true,
            .detail = "not applicable: fewer than two tiers with an overhead figure",
            .message = {"self_check.overhead_constancy.not_applicable", {}}};
  }
  return {.name = "overhead_constancy", .passed = constant,
          .detail = absl::StrCat("the subject's overhead across tiers, limit ",
                                 absl::StrFormat("%.1fx", limit), ": ",
                                 absl::StrJoin(ranges, "; ")),
          .message = {absl::StrCat("self_check.overhead_constancy.",
                                   constant ? "passed" : "failed"),
                      {{"limit", absl::StrFormat("%.1f×", limit)},
                       {"ranges", absl::StrJoin(range_args, "; ")}}}};
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

SelfCheckSummary ModelSelfChecks(const ModelInput& in) {
  const Archive& a = *in.archive;
  SelfCheckSummary s;
  s.checks = a.self_checks;
  if (a.run.status != RunStatus::kComplete) s.checks.push_back(RunComplete(a));
  s.checks.push_back(OverheadConstancy(in));
  s.checks.push_back(SameWork(a));
  s.checks.push_back(PhysicalFloor(in));
  ListWithheld(in, &s);
  s.passed = std::all_of(s.checks.begin(), s.checks.end(),
                         [](const SelfCheck& c) { return c.passed; });
  return s;
}

}  // namespace zoo
