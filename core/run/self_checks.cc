#include "core/run/self_checks.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace zoo {
namespace {

// The adapter, with the semantics item a semantics unit switched on: "zoo_scheduler[retry]",
// and which of the subject's processes a later one is: "zoo_scheduler#2".
std::string AdapterLabel(const UnitSpec& s) {
  std::string label =
      s.semantics.empty() ? s.adapter : absl::StrCat(s.adapter, "[", s.semantics, "]");
  if (s.process > 0) absl::StrAppend(&label, "#", s.process + 1);
  return label;
}

std::string UnitName(const UnitSpec& s) {
  return absl::StrFormat("%s at %u us, concurrency %u", AdapterLabel(s), s.tier_us,
                         s.concurrency);
}

// The unit's id as the report model names units ("thread_pool/c1/40us").
std::string UnitId(const UnitSpec& s) {
  return absl::StrFormat("%s/c%u/%uus", AdapterLabel(s), s.concurrency, s.tier_us);
}

SelfCheck ProcessIsolation(const Archive& a, int orchestrator_pid) {
  SelfCheck c{.name = "process_isolation", .passed = true, .detail = "", .message = {}};
  // A process is its pid and its start time: a run of thousands of processes (and their
  // adapters' workers) wraps the pid space, so a pid alone may come back for a later unit.
  // Archives from before the start time was recorded compare pids alone.
  std::set<std::pair<int32_t, uint64_t>> pids;
  size_t units = 0;
  std::vector<std::string> problems, in_orchestrator, shared;
  for (const ArchivedUnit& u : a.units) {
    if (u.result.pid == 0) continue;  // never started
    ++units;
    if (u.result.pid == orchestrator_pid) {
      problems.push_back(absl::StrCat(UnitName(u.result.spec), " ran in the orchestrator"));
      in_orchestrator.push_back(UnitId(u.result.spec));
    } else if (!pids.insert({u.result.pid, u.result.process_start_ticks}).second) {
      problems.push_back(absl::StrCat(UnitName(u.result.spec), " shares pid ", u.result.pid));
      shared.push_back(UnitId(u.result.spec));
    }
  }
  if (problems.empty()) {
    c.detail = absl::StrFormat(
        "%u units ran in %u distinct processes, none of them the orchestrator (pid %d)", units,
        pids.size(), orchestrator_pid);
    c.message = {"self_check.process_isolation.passed",
                 {{"units", absl::StrCat(units)},
                  {"processes", absl::StrCat(pids.size())},
                  {"orchestrator_pid", absl::StrCat(orchestrator_pid)}}};
  } else {
    c.passed = false;
    c.detail = absl::StrJoin(problems, "; ");
    c.message = {"self_check.process_isolation.failed",
                 {{"in_orchestrator", in_orchestrator.empty() ? "-" : absl::StrJoin(in_orchestrator, ", ")},
                  {"sharing_a_process", shared.empty() ? "-" : absl::StrJoin(shared, ", ")}}};
  }
  return c;
}

SelfCheck OverheadWithheldCheck(const Archive& a) {
  SelfCheck c{.name = "overhead_withheld", .passed = true, .detail = "", .message = {}};
  // Grouped by reason: the reason is long, the cells are short.
  std::map<std::string, std::vector<std::string>> cells_by_reason;
  std::vector<std::string> above_cores, negative;
  size_t withheld = 0;
  for (const ArchivedUnit& u : a.units) {
    // A scenario takes no stamps per task, so it has no body or overhead to withhold.
    if (!u.result.ok || u.stats.overhead_ns || IsScenario(u.result.spec.kind) ||
        u.result.spec.kind == UnitKind::kNative) {
      continue;
    }
    ++withheld;
    const UnitSpec& s = u.result.spec;
    // The stats were computed on the run's cores, at least one (run_orchestrator.cc).
    const OverheadWithheld why =
        OverheadWithheldReason(u.stats, s.concurrency, std::max(1u, a.environment.logical_cores));
    std::string reason = u.stats.overhead_withheld;
    if (why == OverheadWithheld::kAboveCores) {
      reason = absl::StrFormat("concurrency above the %u logical cores (the body's self-time "
                               "includes run-queue waits)", a.environment.logical_cores);
      above_cores.push_back(UnitId(s));
    } else if (why == OverheadWithheld::kNegative) {
      reason = "negative: the median body outlasts the median per-task end-to-end";
      negative.push_back(UnitId(s));
    }
    cells_by_reason[reason].push_back(
        absl::StrFormat("%s %u us c%u", AdapterLabel(s), s.tier_us, s.concurrency));
  }
  if (withheld == 0) {
    c.detail = "every measured unit has an overhead figure";
    c.message = {"self_check.overhead_withheld.none", {}};
    return c;
  }
  c.message = {"self_check.overhead_withheld.some",
               {{"withheld", absl::StrCat(withheld)},
                {"cores", absl::StrCat(a.environment.logical_cores)},
                {"above_cores", above_cores.empty() ? "-" : absl::StrJoin(above_cores, ", ")},
                {"negative", negative.empty() ? "-" : absl::StrJoin(negative, ", ")}}};
  std::vector<std::string> parts;
  for (const auto& [reason, cells] : cells_by_reason) {
    parts.push_back(absl::StrCat(reason, ": ", absl::StrJoin(cells, ", ")));
  }
  c.detail = absl::StrCat(withheld, " units without an overhead figure; ",
                          absl::StrJoin(parts, "; "));
  return c;
}

// Every unit timed by the TSC: its fit, checked again at the process's end, drifted from
// CLOCK_MONOTONIC by no more than the calibration's own uncertainty allows (timed_clock.h).
SelfCheck ClockDrift(const Archive& a) {
  SelfCheck c{.name = "clock_drift", .passed = true, .detail = "", .message = {}};
  size_t checked = 0;
  int64_t worst = 0;
  std::vector<std::string> off;
  for (const ArchivedUnit& u : a.units) {
    if (!u.result.clock || u.result.clock->kind != ClockKind::kTsc) continue;
    const ClockRecord& r = *u.result.clock;
    ++checked;
    worst = std::max(worst, std::abs(r.drift_ns));
    if (std::abs(r.drift_ns) > AllowedDriftNs(r.checked_over_ns)) {
      off.push_back(absl::StrFormat("%s (%d ns over %.1f ms)", UnitId(u.result.spec), r.drift_ns,
                                    static_cast<double>(r.checked_over_ns) / 1e6));
    }
  }
  if (checked == 0) {
    c.detail = "not applicable: no unit was timed by the TSC";
    c.message = {"self_check.clock_drift.none", {}};
    return c;
  }
  c.passed = off.empty();
  c.detail = c.passed ? absl::StrFormat("%u units timed by the TSC; the largest drift of a fit "
                                        "from CLOCK_MONOTONIC was %d ns", checked, worst)
                      : absl::StrCat("the TSC fit drifted beyond its bound in ",
                                     absl::StrJoin(off, ", "));
  c.message = {c.passed ? "self_check.clock_drift.passed" : "self_check.clock_drift.failed",
               {{"checked", absl::StrCat(checked)},
                {"worst_ns", absl::StrCat(worst)},
                {"units", off.empty() ? "-" : absl::StrJoin(off, ", ")}}};
  return c;
}

}  // namespace

std::vector<SelfCheck> RunSelfChecks(const Archive& archive, int orchestrator_pid) {
  return {ProcessIsolation(archive, orchestrator_pid),
          OverheadWithheldCheck(archive), ClockDrift(archive)};
}

}  // namespace zoo
