#include "core/model/scenario_tuning.h"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/model/scenario_tables.h"

namespace zoo {
namespace {

using Args = std::vector<std::pair<std::string, std::string>>;

const ScenarioTable* TableOf(const ScenarioSection& section, Scenario s) {
  for (const ScenarioTable& t : section.tables) {
    if (t.scenario == s) return &t;
  }
  return nullptr;
}

// The subject's measured row of `s` (the first, for the workers scenario's sweep).
const ScenarioRow* SubjectRow(const ModelInput& in, const ScenarioSection& section,
                              Scenario s) {
  const ScenarioTable* t = TableOf(section, s);
  if (t == nullptr) return nullptr;
  for (const ScenarioRow& r : t->rows) {
    if (r.adapter == in.subject && r.ok) return &r;
  }
  return nullptr;
}

const ScenarioRow* FastestRow(const ScenarioTable& t) {
  for (const ScenarioRow& r : t.rows) {
    if (r.verdict == "fastest") return &r;
  }
  return nullptr;
}

std::string Factor(double f) { return absl::StrFormat("%.2fx", f); }

std::string RowArg(Scenario s, const ScenarioRow& r) {
  return absl::StrCat(ScenarioName(s), ": ", r.adapter, ", ", FormatDurationArg(r.level_ns));
}

TuningRow Line(const std::string& code, Args symptom, Args evidence,
               Args action) {
  const std::string key = absl::StrCat("scenario.tuning.", code);
  return TuningRow{.code = code,
                   .symptom = {absl::StrCat(key, ".symptom"), std::move(symptom)},
                   .evidence = {absl::StrCat(key, ".evidence"), std::move(evidence)},
                   .action = {absl::StrCat(key, ".action"), std::move(action)}};
}

// The subject's round trip against the fastest adapter's, when the verdict calls it slower.
void Handoff(const ModelInput& in, const ScenarioSection& section, std::vector<TuningRow>& out) {
  const ScenarioTable* t = TableOf(section, Scenario::kRoundtrip);
  const ScenarioRow* subject = SubjectRow(in, section, Scenario::kRoundtrip);
  if (t == nullptr || subject == nullptr || subject->verdict != "slower") return;
  const ScenarioRow* fastest = FastestRow(*t);
  out.push_back(Line("handoff", {{"factor", Factor(subject->factor)}},
                     {{"subject", RowArg(t->scenario, *subject)},
                      {"fastest", RowArg(t->scenario, *fastest)}},
                     {}));
}

// A link of the subject's chain against its own round trip: a chain that costs a fresh
// hand-off per link re-queues through the same path a submit from outside takes.
void Continuation(const ModelInput& in, const ScenarioSection& section,
                  std::vector<TuningRow>& out) {
  const ScenarioRow* link = SubjectRow(in, section, Scenario::kContinuation);
  const ScenarioRow* trip = SubjectRow(in, section, Scenario::kRoundtrip);
  if (link == nullptr || trip == nullptr || trip->level_ns <= 0) return;
  const double share = link->level_ns / trip->level_ns;
  const std::string code = share >= 0.5 ? "continuation" : "continuation_cheap";
  out.push_back(Line(code, {{"share", FormatPercentArg(share)}},
                     {{"link", RowArg(Scenario::kContinuation, *link)},
                      {"trip", RowArg(Scenario::kRoundtrip, *trip)}},
                     {}));
}

// The subject's bounded burst against its unbounded one, by the verdict's rule.
void Backpressure(const ModelInput& in, const ScenarioSection& section,
                  std::vector<TuningRow>& out) {
  const ScenarioRow* bounded = SubjectRow(in, section, Scenario::kBurstBounded);
  const ScenarioRow* unbounded = SubjectRow(in, section, Scenario::kBurstUnbounded);
  if (bounded == nullptr || unbounded == nullptr) return;
  const UnitView* b = nullptr;
  const UnitView* u = nullptr;
  for (const UnitView& v : in.units) {
    if (v.kind != UnitKind::kScenario || v.adapter != in.subject) continue;
    if (v.scenario == Scenario::kBurstBounded) b = &v;
    if (v.scenario == Scenario::kBurstUnbounded) u = &v;
  }
  if (b == nullptr || u == nullptr) return;
  const Interval iv = LogRatioInterval(ScenarioSamples(*b), ScenarioSamples(*u),
                                       in.options.verdict, absl::StrCat(b->id(), "/", u->id()));
  const bool pushed_back =
      Decide(iv.estimate, iv.low, iv.high, in.options.verdict.threshold) == Direction::kUp;
  uint32_t capacity = 0;
  for (const AdapterRecord& a : in.adapters) {
    if (a.descriptor.name == in.subject) capacity = a.descriptor.submit_any_thread.default_capacity;
  }
  out.push_back(Line(pushed_back ? "backpressure" : "backpressure_unseen",
                     {{"factor", Factor(std::exp(iv.estimate))},
                      {"tasks", absl::StrCat(ScenarioTasksPerRound(Scenario::kBurstBounded))},
                      {"capacity", absl::StrCat(capacity)}},
                     {{"bounded", RowArg(Scenario::kBurstBounded, *bounded)},
                      {"unbounded", RowArg(Scenario::kBurstUnbounded, *unbounded)}},
                     {{"capacity", absl::StrCat(capacity)}}));
}

// The pool size the workers scenario found fastest, against the core count.
void Workers(const ModelInput& in, const ScenarioSection& section, std::vector<TuningRow>& out) {
  const ScenarioTable* t = TableOf(section, Scenario::kWorkers);
  if (t == nullptr) return;
  const ScenarioRow* fastest = FastestRow(*t);
  const ScenarioRow* at_cores = nullptr;
  for (const ScenarioRow& r : t->rows) {
    if (r.ok && r.workers == in.cores) at_cores = &r;
  }
  if (fastest == nullptr || at_cores == nullptr) return;
  const bool fewer_is_faster = at_cores->verdict == "slower";
  out.push_back(Line(fewer_is_faster ? "workers_fewer" : "workers_cores",
                     {{"best", absl::StrCat(fastest->workers)},
                      {"cores", absl::StrCat(in.cores)},
                      {"factor", Factor(at_cores->factor)}},
                     {{"best", absl::StrFormat("workers: M = %u, %s", fastest->workers,
                                               FormatDurationArg(fastest->level_ns))},
                      {"at_cores", absl::StrFormat("workers: M = %u, %s", at_cores->workers,
                                                   FormatDurationArg(at_cores->level_ns))}},
                     {}));
}

// Any scenario where the subject allocates at least once per task.
void Allocations(const ModelInput& in, const ScenarioSection& section,
                 std::vector<TuningRow>& out) {
  for (const ScenarioTable& t : section.tables) {
    for (const ScenarioRow& r : t.rows) {
      if (r.adapter != in.subject || !(r.allocs_per_task >= 1)) continue;
      out.push_back(Line("allocations", {{"allocs", absl::StrFormat("%.2f", r.allocs_per_task)}},
                         {{"row", absl::StrFormat("%s: %s, %.2f allocations/task",
                                                  ScenarioName(t.scenario), r.adapter,
                                                  r.allocs_per_task)}},
                         {}));
      return;
    }
  }
}

}  // namespace

std::vector<TuningRow> TuningOf(const ModelInput& in, const ScenarioSection& section) {
  std::vector<TuningRow> out;
  Handoff(in, section, out);
  Continuation(in, section, out);
  Backpressure(in, section, out);
  Workers(in, section, out);
  Allocations(in, section, out);
  return out;
}

}  // namespace zoo
