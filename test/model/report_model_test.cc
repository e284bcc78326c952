// The analysis rules, pinned on hand-built archives whose right answers are known.
#include "core/model/report_model.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "absl/strings/str_format.h"
#include "core/archive/unit_json.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A unit whose measured rounds have these per-task end-to-end values (ns); each task's body
// lasts `body_ns`, its submit takes 1 us, its handoff `handoff_ns`, its return 2 us.
ArchivedUnit MakeUnit(const std::string& adapter, uint32_t c, uint32_t tier,
                      const std::vector<double>& per_task_e2e, double body_ns,
                      double handoff_ns = 3'000) {
  UnitResult u;
  u.ok = true;
  u.spec = {.adapter = adapter, .plugin_file = "/x/" + adapter + ".so", .tier_us = tier,
            .concurrency = c, .warmup_rounds = 0,
            .measured_rounds = static_cast<uint32_t>(per_task_e2e.size()), .workload = "json",
            .semantics = "", .semantics_value = 0};
  u.calibration.target_ns = static_cast<int64_t>(tier) * 1000;
  for (double e2e : per_task_e2e) {
    RoundSample r{.start_ns = 0, .wall_ns = static_cast<int64_t>(e2e * c), .tasks = {}};
    for (uint32_t i = 0; i < c; ++i) {
      const auto b = static_cast<int64_t>(body_ns), h = static_cast<int64_t>(handoff_ns);
      r.tasks.push_back({.submit_call_ns = 0, .submit_return_ns = 1'000,
                         .body_start_ns = 1'000 + h, .body_end_ns = 1'000 + h + b,
                         .completed_ns = 3'000 + h + b, .executor_pid = 7});
    }
    u.rounds.push_back(std::move(r));
  }
  ArchivedUnit a{.result = u, .stats = ComputeUnitStats(u, 2)};
  return a;
}

ArchivedUnit FailedUnit(const std::string& adapter, uint32_t c, uint32_t tier) {
  UnitResult u;
  u.spec = {.adapter = adapter, .plugin_file = "", .tier_us = tier, .concurrency = c,
            .warmup_rounds = 0, .measured_rounds = 3, .workload = "json", .semantics = "",
            .semantics_value = 0};
  u.failure = "crashed with signal SIGSEGV (Segmentation fault) during rounds";
  return {.result = u, .stats = ComputeUnitStats(u, 2)};
}

Archive BaseArchive(const std::vector<std::string>& adapters) {
  Archive a;
  a.subject = "subj";
  a.subject_version = "1.0";
  a.run.status = RunStatus::kComplete;
  a.environment.logical_cores = 2;
  for (const std::string& name : adapters) {
    AdapterRecord r;
    r.descriptor.name = name;
    r.gate_passed = true;
    a.adapters.push_back(r);
  }
  return a;
}

// Flat rounds: relative spread 0.
std::vector<double> Flat(double v) { return {v, v, v, v, v}; }

const Cell& FindCell(const ReportModel& m, const std::string& baseline, uint32_t c, uint32_t t) {
  for (const Cell& cell : m.cells) {
    if (cell.baseline == baseline && cell.concurrency == c && cell.tier_us == t) return cell;
  }
  ADD_FAILURE() << "no cell " << baseline << " c" << c << " " << t;
  static const Cell none;
  return none;
}

ReportModel Build(const Archive& a, const AnalysisOptions& o = {}) {
  absl::StatusOr<ReportModel> m = BuildReportModel(a, "results/x.json", o);
  EXPECT_TRUE(m.ok()) << m.status();
  return m.ok() ? *std::move(m) : ReportModel{};
}

// One unit per process 0..n-1 of one cell, process p's rounds at 1 - spread, 1 and 1 + spread
// times levels[p] (per-task end-to-end, ns); bodies last the tier, so the tier basis reads the
// end-to-end as it is.
std::vector<ArchivedUnit> Processes(const std::string& adapter, uint32_t c, uint32_t tier,
                                    const std::vector<double>& levels, double spread = 0.01) {
  std::vector<ArchivedUnit> out;
  for (size_t p = 0; p < levels.size(); ++p) {
    const double l = levels[p];
    out.push_back(MakeUnit(adapter, c, tier, {(1 - spread) * l, l, (1 + spread) * l}, tier * 1000.0));
    out.back().result.spec.process = static_cast<uint32_t>(p);
  }
  return out;
}

std::vector<double> Scaled(std::vector<double> v, double factor) {
  for (double& x : v) x *= factor;
  return v;
}

void Append(Archive& a, std::vector<ArchivedUnit> units) {
  for (ArchivedUnit& u : units) a.units.push_back(std::move(u));
}

const SelfCheck& FindCheck(const ReportModel& m, const std::string& name) {
  for (const SelfCheck& c : m.self_checks.checks) {
    if (c.name == name) return c;
  }
  ADD_FAILURE() << "no self-check " << name;
  static const SelfCheck none;
  return none;
}

TEST(ReportModelTest, VerdictsFactorIntervalAndTheReasonText) {
  Archive a = BaseArchive({"subj", "fast", "slow", "near"});
  const std::vector<double> levels = {95'000, 100'000, 105'000, 98'000, 102'000};
  Append(a, Processes("subj", 1, 40, levels));
  Append(a, Processes("fast", 1, 40, Scaled(levels, 0.5)));
  Append(a, Processes("slow", 1, 40, Scaled(levels, 1.5)));
  // 1.5%: the trimmed level (verdict.h) keeps 3 of the 5 processes, whose rounds move by 1%.
  Append(a, Processes("near", 1, 40, Scaled(levels, 1.015)));
  const ReportModel m = Build(a);
  const Cell& fast = FindCell(m, "fast", 1, 40);
  EXPECT_DOUBLE_EQ(fast.ratio, 0.5);
  EXPECT_DOUBLE_EQ(fast.faster_factor, 2.0);  // "fast" takes half the time: 2x faster
  EXPECT_DOUBLE_EQ(FindCell(m, "slow", 1, 40).faster_factor, 1.5);
  EXPECT_DOUBLE_EQ(fast.difference, 0.5);
  EXPECT_EQ(fast.subject_processes, 5u);
  EXPECT_TRUE(fast.paired) << "the same process numbers on both sides";
  // Every draw pairs process p with process p, 2x apart; only the rounds' 1% moves it.
  EXPECT_NEAR(fast.factor_low, 2.0, 0.05);
  EXPECT_NEAR(fast.factor_high, 2.0, 0.05);
  EXPECT_LE(fast.factor_low, 2.0);
  EXPECT_GE(fast.factor_high, 2.0);
  EXPECT_EQ(fast.verdict, Verdict::kSubjectSlower);
  // Both readings name it; at concurrency 1 the tier-body reading decides and the end-to-end
  // one guards (cell_judgement.h).
  EXPECT_EQ(fast.decided_by, "tier_body");
  EXPECT_EQ(fast.agreement, Agreement::kAgree);
  EXPECT_DOUBLE_EQ(fast.end_to_end_ratio, 0.5);
  EXPECT_NEAR(fast.tier_body_ratio, 0.5, 0.05);
  EXPECT_EQ(fast.text, absl::StrFormat("the subject / baseline factor at the tier's body is "
                                       "2.000x (95%% interval %.3fx-%.3fx), beyond 1.03x",
                                       fast.factor_low, fast.factor_high));
  EXPECT_EQ(FindCell(m, "slow", 1, 40).verdict, Verdict::kSubjectFaster);
  const Cell& near = FindCell(m, "near", 1, 40);
  EXPECT_EQ(near.verdict, Verdict::kIndistinguishable) << "1.5% is below the 3% threshold";
  // Its interval excludes 1.00x (the 1.5% is real), but 1.5% is within the threshold.
  EXPECT_LT(near.factor_high, 1.0);
  EXPECT_THAT(near.text, HasSubstr("), within 1.03x - no winner"));
  EXPECT_GT(fast.band, 0) << "the seeds' band is still a column";
}

TEST(ReportModelTest, ProcessesThatDisagreeGiveNoWinnerHoweverManyRoundsAgree) {
  // Each process's rounds are tight, but the two sides' processes alternate between two
  // levels 30% apart: a round-level test would call it, the process-level interval does not.
  Archive a = BaseArchive({"subj", "b"});
  Append(a, Processes("subj", 1, 40, {100'000, 130'000, 100'000, 130'000, 100'000, 130'000}));
  Append(a, Processes("b", 1, 40, {130'000, 100'000, 130'000, 100'000, 130'000, 100'000}));
  const ReportModel m = Build(a);
  const Cell& cell = FindCell(m, "b", 1, 40);
  EXPECT_EQ(cell.verdict, Verdict::kIndistinguishable);
  EXPECT_LT(cell.factor_low, 1.0);
  EXPECT_GT(cell.factor_high, 1.0);
  EXPECT_GT(cell.test.p_value, 0.5) << "the per-process medians do not differ";
}

TEST(ReportModelTest, AWinnerNeedsTheWholeIntervalBeyondTheThreshold) {
  Archive a = BaseArchive({"subj", "under", "over"});
  const std::vector<double> levels = {95'000, 100'000, 105'000, 98'000, 102'000};
  // Rounds without spread: every paired draw gives the exact factor.
  Append(a, Processes("subj", 1, 40, levels, 0));
  Append(a, Processes("under", 1, 40, Scaled(levels, 1.029), 0));
  Append(a, Processes("over", 1, 40, Scaled(levels, 1.031), 0));
  const ReportModel m = Build(a);
  EXPECT_EQ(FindCell(m, "under", 1, 40).verdict, Verdict::kIndistinguishable);
  EXPECT_EQ(FindCell(m, "over", 1, 40).verdict, Verdict::kSubjectFaster);
  AnalysisOptions wider;
  wider.verdict.threshold = 0.05;
  EXPECT_EQ(FindCell(Build(a, wider), "over", 1, 40).verdict, Verdict::kIndistinguishable);
}

TEST(ReportModelTest, EveryMeasuredCellIsInExactlyOneListAndFailedOnesAreListedApart) {
  Archive a = BaseArchive({"subj", "b1", "b2"});
  for (uint32_t tier : {40u, 300u}) {
    for (uint32_t c : {1u, 4u}) {
      a.units.push_back(MakeUnit("subj", c, tier, Flat(100'000), 30'000));
      a.units.push_back(MakeUnit("b1", c, tier, Flat(c == 1 ? 50'000 : 100'000), 30'000));
      a.units.push_back(c == 4 && tier == 300 ? FailedUnit("b2", c, tier)
                                              : MakeUnit("b2", c, tier, Flat(200'000), 30'000));
    }
  }
  const ReportModel m = Build(a);
  EXPECT_EQ(m.cells.size(), 7u);
  std::vector<size_t> all;
  for (const auto* list : {&m.subject_faster, &m.subject_slower, &m.indistinguishable}) {
    all.insert(all.end(), list->begin(), list->end());
  }
  std::sort(all.begin(), all.end());
  EXPECT_THAT(all, ElementsAre(0, 1, 2, 3, 4, 5, 6)) << "a partition of every cell";
  ASSERT_EQ(m.unmeasured.size(), 1u);
  EXPECT_EQ(m.unmeasured[0].baseline, "b2");
  EXPECT_THAT(m.unmeasured[0].reason, HasSubstr("b2's unit failed: crashed with signal SIGSEGV"));
}

TEST(ReportModelTest, TheMannWhitneyTestOnTheProcessMediansIsReportedBesideTheInterval) {
  Archive a = BaseArchive({"subj", "far", "twin"});
  const std::vector<double> levels = {100'000, 101'000, 102'000, 103'000, 104'000};
  Append(a, Processes("subj", 1, 40, levels));
  Append(a, Processes("far", 1, 40, Scaled(levels, 2)));
  Append(a, Processes("twin", 1, 40, levels));
  const ReportModel m = Build(a);
  EXPECT_LT(FindCell(m, "far", 1, 40).test.p_value, 0.05);
  EXPECT_GT(FindCell(m, "twin", 1, 40).test.p_value, 0.5);
}

TEST(ReportModelTest, ASubjectMissingFromTheRunIsRefused) {
  Archive a = BaseArchive({"subj", "b1"});
  a.units = {MakeUnit("b1", 1, 40, Flat(100'000), 30'000)};
  absl::StatusOr<ReportModel> m = BuildReportModel(a, "r.json");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(m.status().message(), HasSubstr("no measured unit of its subject 'subj'"));
}

// Subject at 100 us overhead; baseline `b` faster, slower or equal by tier as given.
Archive CrossoverArchive(const std::vector<std::pair<uint32_t, double>>& baseline_e2e) {
  Archive a = BaseArchive({"subj", "b"});
  for (const auto& [tier, e2e] : baseline_e2e) {
    const double body = tier * 1000.0;
    a.units.push_back(MakeUnit("subj", 1, tier, Flat(body + 100'000), body));
    a.units.push_back(MakeUnit("b", 1, tier, Flat(e2e), body));
  }
  return a;
}

TEST(ReportModelTest, CrossoverIsTheTierAfterTheLastOneWhereTheBaselineIsFaster) {
  const ReportModel m = Build(CrossoverArchive(
      {{40, 60'000}, {300, 350'000}, {2700, 2'800'000}, {10000, 10'200'000}}));
  ASSERT_EQ(m.crossovers.size(), 1u);
  const Crossover& x = m.crossovers[0];
  EXPECT_EQ(x.kind, CrossoverKind::kCrossover);
  EXPECT_EQ(x.last_faster_tier_us, 300u);
  EXPECT_EQ(x.tier_us, 2700u);
  EXPECT_THAT(x.cells, ElementsAre("b/c1/40us", "b/c1/300us", "b/c1/2700us", "b/c1/10000us"));
  EXPECT_EQ(x.text, "At concurrency 1, b is faster than the subject up to 300 us; from 2700 us "
                    "on it is not.");
}

TEST(ReportModelTest, AlwaysNeverAndFasterOnlyAtTheTopAreStatedAsSuch) {
  const ReportModel always = Build(CrossoverArchive({{40, 60'000}, {300, 350'000}}));
  EXPECT_EQ(always.crossovers.at(0).kind, CrossoverKind::kAlwaysFaster);
  EXPECT_THAT(always.crossovers[0].text, HasSubstr("always faster"));
  const ReportModel never = Build(CrossoverArchive({{40, 200'000}, {300, 500'000}}));
  EXPECT_EQ(never.crossovers.at(0).kind, CrossoverKind::kNeverFaster);
  const ReportModel top = Build(CrossoverArchive({{40, 200'000}, {300, 350'000}}));
  EXPECT_EQ(top.crossovers.at(0).kind, CrossoverKind::kFasterAtTop);
  EXPECT_THAT(top.crossovers[0].text, HasSubstr("from 300 us on, and at no smaller tier"));
}

// The reference run's asio_pool row at concurrency 1 read faster, not faster, faster: no tier
// is a crossover then, and the row says which tiers it won.
TEST(ReportModelTest, ARowThatIsNotMonotoneIsMixedAndNamesItsFasterTiers) {
  std::vector<Cell> cells(3);
  const uint32_t tiers[] = {40, 300, 2700};
  const Verdict verdicts[] = {Verdict::kSubjectSlower, Verdict::kIndistinguishable,
                              Verdict::kSubjectSlower};
  std::vector<const Cell*> row;
  for (size_t i = 0; i < cells.size(); ++i) {
    cells[i].baseline = "asio_pool";
    cells[i].concurrency = 1;
    cells[i].tier_us = tiers[i];
    cells[i].verdict = verdicts[i];
    row.push_back(&cells[i]);
  }
  const Crossover x = ReadCrossoverRow("asio_pool", 1, row);
  EXPECT_EQ(x.kind, CrossoverKind::kMixed);
  EXPECT_THAT(x.faster_tiers_us, ElementsAre(40u, 2700u));
  EXPECT_EQ(x.message.code, "crossover.mixed");
  EXPECT_THAT(x.cells, ElementsAre("asio_pool/c1/40us", "asio_pool/c1/300us",
                                   "asio_pool/c1/2700us"));

  cells[2].verdict = Verdict::kIndistinguishable;  // faster at 40 only: monotone again
  EXPECT_EQ(ReadCrossoverRow("asio_pool", 1, row).kind, CrossoverKind::kCrossover);
}

TEST(ReportModelTest, NoCrossoverAndNoOverheadBeyondTheLogicalCores) {
  Archive a = BaseArchive({"subj", "b"});
  for (uint32_t tier : {40u, 300u}) {
    a.units.push_back(MakeUnit("subj", 4, tier, Flat(200'000), 100'000));
    a.units.push_back(MakeUnit("b", 4, tier, Flat(120'000), 100'000));
  }
  const ReportModel m = Build(a);
  EXPECT_EQ(m.cells.size(), 2u) << "the cells are still compared";
  EXPECT_TRUE(m.cells[0].overhead_withheld);
  EXPECT_TRUE(m.crossovers.empty());
  EXPECT_TRUE(m.share_thresholds.empty());
  EXPECT_EQ(m.self_checks.withheld_units.size(), 4u);
  EXPECT_THAT(m.self_checks.withheld_units[0], HasSubstr("exceeds the 2 logical cores"));
  ASSERT_EQ(m.self_checks.withheld.size(), 4u);
  for (const WithheldUnit& w : m.self_checks.withheld) {
    EXPECT_EQ(w.reason, OverheadWithheld::kAboveCores) << w.unit;
    EXPECT_TRUE(std::isnan(w.overhead_ns)) << w.unit;
  }
}

// The archive's two strings decide the kind at the JSON edge, in one place, and every kind
// writes them back as they were; process numbers are not a kind.
TEST(UnitKindTest, TheArchivesTwoStringsDecideTheKindAndAreWrittenBack) {
  EXPECT_EQ(ParseUnitKind("", "", ""), UnitKind::kTimed);
  EXPECT_EQ(ParseUnitKind("", "off", ""), UnitKind::kSemantics);
  EXPECT_EQ(ParseUnitKind("counters", "", ""), UnitKind::kCounters);
  EXPECT_EQ(ParseUnitKind("callgrind", "", ""), UnitKind::kCallgrind);
  EXPECT_EQ(ParseUnitKind("cachegrind", "", ""), std::nullopt);
  EXPECT_EQ(ParseUnitKind("", "", "roundtrip"), UnitKind::kScenario);
  EXPECT_EQ(ParseUnitKind("counters", "", "burst_bounded"), UnitKind::kScenarioCounters);
  EXPECT_EQ(ParseUnitKind("callgrind", "", "roundtrip"), std::nullopt);
  EXPECT_EQ(ParseUnitKind("", "", "", "attribution"), UnitKind::kAttribution);
  EXPECT_EQ(ParseUnitKind("", "", "", "floor"), UnitKind::kFloor);
  EXPECT_EQ(ParseUnitKind("", "", "", "diagnoser"), std::nullopt);
  EXPECT_EQ(ParseUnitKind("counters", "", "", "floor"), std::nullopt);
  EXPECT_FALSE(InMainMatrix(UnitKind::kAttribution));
  EXPECT_FALSE(InMainMatrix(UnitKind::kFloor));
  EXPECT_TRUE(InMainMatrix(UnitKind::kTimed));
  EXPECT_FALSE(InMainMatrix(UnitKind::kSemantics));
  EXPECT_FALSE(InMainMatrix(UnitKind::kCounters));
  EXPECT_TRUE(InMainMatrix(UnitKind::kCallgrind));
  for (UnitKind k : {UnitKind::kTimed, UnitKind::kSemantics, UnitKind::kCounters,
                     UnitKind::kCallgrind, UnitKind::kAttribution, UnitKind::kFloor}) {
    UnitSpec s;
    s.process = 3;
    s.kind = k;
    s.semantics = k == UnitKind::kSemantics ? "retry" : "";
    const std::string json = UnitSpecToJson(s);
    EXPECT_THAT(json, HasSubstr(absl::StrFormat(R"("instrument":"%s")", InstrumentName(k))));
    absl::StatusOr<UnitSpec> back = UnitSpecFromJson(json);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(back->kind, k) << UnitKindName(k);
    EXPECT_EQ(back->semantics, s.semantics);
  }
}

// Within the cores a process faster than its bodies allow is left out; above them a body's
// self-time includes its wait in the run queue, so no floor is read there.
TEST(ReportModelTest, ThePhysicalFloorIsReadWithinTheCoresOnly) {
  Archive a = BaseArchive({"subj", "b"});
  a.units = {MakeUnit("subj", 2, 40, Flat(30'000), 100'000),  // 30 us < 100 us / 2 cores
             MakeUnit("b", 2, 40, Flat(80'000), 40'000),
             MakeUnit("subj", 4, 40, Flat(30'000), 100'000),  // the same, at 4 on 2 cores
             MakeUnit("b", 4, 40, Flat(80'000), 40'000)};
  const ReportModel m = Build(a);
  ASSERT_EQ(m.unmeasured.size(), 1u);
  EXPECT_EQ(m.unmeasured[0].concurrency, 2u);
  EXPECT_THAT(m.unmeasured[0].reason, HasSubstr("below its physical floor"));
  EXPECT_EQ(m.cells.size(), 1u);
  EXPECT_EQ(m.cells[0].concurrency, 4u);
  EXPECT_FALSE(FindCheck(m, "physical_floor").passed);
}

TEST(ReportModelTest, ShareThresholdIsTheSmallestTierBelowIt) {
  Archive a = BaseArchive({"subj"});
  // Overhead 20 us at every tier: share 33% at 40, 6.3% at 300, 0.7% at 2700.
  for (uint32_t tier : {40u, 300u, 2700u}) {
    const double body = tier * 1000.0;
    a.units.push_back(MakeUnit("subj", 1, tier, Flat(body + 20'000), body));
  }
  const ReportModel m = Build(a);
  ASSERT_EQ(m.share_thresholds.size(), 1u);
  EXPECT_EQ(m.share_thresholds[0].tier_us, 300u);
  EXPECT_NEAR(m.share_thresholds[0].share_at_tier, 20.0 / 320.0, 1e-12);
  EXPECT_THAT(m.share_thresholds[0].text, HasSubstr("from a body of 300 us on"));

  AnalysisOptions strict;
  strict.share_threshold = 0.001;
  const ReportModel none = Build(a, strict);
  EXPECT_FALSE(none.share_thresholds[0].tier_us.has_value());
  EXPECT_THAT(none.share_thresholds[0].text, HasSubstr("no measured tier"));
}

TEST(ReportModelTest, UnfavourableDataIsGroupedWithTheWorstCell) {
  Archive a = BaseArchive({"subj", "b"});
  a.units = {MakeUnit("subj", 1, 40, Flat(100'000), 30'000),
             MakeUnit("b", 1, 40, Flat(25'000), 20'000),
             MakeUnit("subj", 1, 300, Flat(400'000), 300'000),
             MakeUnit("b", 1, 300, Flat(320'000), 300'000)};
  const ReportModel m = Build(a);
  ASSERT_EQ(m.unfavourable.size(), 1u);
  EXPECT_EQ(m.unfavourable[0].cells_lost, 2u);
  // On the tier basis (end-to-end - body + tier): 110 us against 45 us.
  EXPECT_DOUBLE_EQ(m.unfavourable[0].worst_factor, 110'000.0 / 45'000.0);
  EXPECT_EQ(m.unfavourable[0].worst_cell, "b/c1/40us");
  EXPECT_EQ(m.subject_slower.size(), m.unfavourable[0].cells.size())
      << "the same coverage as the list";
}

TEST(ReportModelTest, AttributionFindsTheSegmentOfTheExcessAndAllowsNegativeHandoff) {
  Archive a = BaseArchive({"subj", "b"});
  a.units = {MakeUnit("subj", 1, 40, Flat(60'000), 40'000, /*handoff_ns=*/15'000),
             MakeUnit("b", 1, 40, Flat(45'000), 40'000, /*handoff_ns=*/-2'000)};
  const ReportModel m = Build(a);
  ASSERT_EQ(m.attribution.size(), 1u);
  const AttributionSample& s = m.attribution[0];
  ASSERT_EQ(s.adapters.size(), 2u);
  EXPECT_EQ(s.adapters[0].adapter, "subj");
  EXPECT_DOUBLE_EQ(s.adapters[1].handoff_ns, -2'000) << "negative handoff is kept, not clipped";
  ASSERT_EQ(s.excess.size(), 1u);
  EXPECT_DOUBLE_EQ(s.excess[0].total_excess_ns, 15'000);
  EXPECT_EQ(s.excess[0].largest_segment, "handoff");
  EXPECT_DOUBLE_EQ(s.excess[0].largest_segment_excess_ns, 17'000);
}

// A timed unit of today takes its bodies' stamps only (a lean timed region); its cell's
// attribution unit, in a process of its own, takes every stamp. The segments are the
// attribution unit's and add up to its end-to-end; the verdict's end-to-end stays the timed
// unit's; and the timed view borrows the segments for every reader of them.
ArchivedUnit Lean(ArchivedUnit u) {
  u.result.stamps = Stamps::kBody;
  for (RoundSample& r : u.result.rounds) {
    for (TaskSample& t : r.tasks) t.submit_call_ns = t.submit_return_ns = t.completed_ns = 0;
  }
  u.stats = ComputeUnitStats(u.result, 2);
  return u;
}

ArchivedUnit Attribution(ArchivedUnit u) {
  u.result.spec.kind = UnitKind::kAttribution;
  return u;
}

TEST(ReportModelTest, SegmentsComeFromTheAttributionUnitsAndAddUpToTheirEndToEnd) {
  Archive a = BaseArchive({"subj", "b"});
  a.units = {Lean(MakeUnit("subj", 1, 40, Flat(50'000), 40'000)),
             Lean(MakeUnit("b", 1, 40, Flat(45'000), 40'000)),
             // Stamping every step costs the attribution units more than the timed ones.
             Attribution(MakeUnit("subj", 1, 40, Flat(61'000), 40'000, /*handoff_ns=*/15'000)),
             Attribution(MakeUnit("b", 1, 40, Flat(46'000), 40'000, /*handoff_ns=*/-2'000))};
  EXPECT_EQ(a.units[0].stats.submit_ns.n, 0u) << "a lean timed unit has no segments of its own";
  const ReportModel m = Build(a);
  ASSERT_EQ(m.cells.size(), 1u) << "attribution units are in no cell";
  EXPECT_DOUBLE_EQ(m.cells[0].subject_end_to_end_ns, 50'000) << "the timed unit's, not 61 us";
  ASSERT_EQ(m.attribution.size(), 1u);
  const AttributionSample& s = m.attribution[0];
  ASSERT_EQ(s.adapters.size(), 2u);
  for (const SegmentMedians& seg : s.adapters) {
    EXPECT_TRUE(seg.from_attribution_units) << seg.adapter;
    EXPECT_TRUE(seg.measurable) << seg.adapter;
    EXPECT_DOUBLE_EQ(seg.submit_ns + seg.handoff_ns + seg.body_ns + seg.return_ns + seg.drain_ns,
                     seg.end_to_end_ns)
        << seg.adapter << ": the segments add up to the attribution unit's end-to-end";
  }
  EXPECT_DOUBLE_EQ(s.adapters[0].end_to_end_ns, 61'000);
  EXPECT_DOUBLE_EQ(s.adapters[0].handoff_ns, 15'000);
  ASSERT_EQ(s.excess.size(), 1u);
  EXPECT_DOUBLE_EQ(s.excess[0].total_excess_ns, 5'000) << "the excess is the timed units'";
  EXPECT_EQ(s.excess[0].largest_segment, "handoff");
  // Each unit has an id of its own: an attribution unit is not taken for its timed twin.
  std::set<std::string> ids;
  for (const UnitView& v : m.units) {
    EXPECT_TRUE(ids.insert(v.id()).second) << v.id() << " twice";
    if (v.kind == UnitKind::kAttribution) {
      EXPECT_THAT(v.id(), HasSubstr("{attribution}"));
    }
  }
  EXPECT_TRUE(ids.count("subj/c1/40us") == 1 && ids.count("subj{attribution}/c1/40us") == 1);
  for (const UnitView& v : m.units) {
    if (v.kind != UnitKind::kTimed) continue;
    EXPECT_TRUE(v.segments_from_attribution) << v.adapter;
    EXPECT_EQ(v.stats.submit_ns.n, 5u) << v.adapter << " borrows its attribution unit's";
  }
}

// The floor units' per-task end-to-end is the run's harness floor; a cell whose per-task
// difference is under twice it is listed, one beyond it is not.
TEST(ReportModelTest, CellsWithinTwiceTheHarnessFloorAreListed) {
  Archive a = BaseArchive({"subj", "b", "inline"});
  Append(a, Processes("subj", 1, 40, {40'100, 40'100, 40'100}));
  Append(a, Processes("b", 1, 40, {40'000, 40'000, 40'000}));
  Append(a, Processes("subj", 1, 300, {301'000, 301'000, 301'000}));
  Append(a, Processes("b", 1, 300, {300'000, 300'000, 300'000}));
  for (ArchivedUnit& u : Processes("inline", 1, 0, {80, 80, 80})) {
    u.result.spec.kind = UnitKind::kFloor;
    a.units.push_back(std::move(u));
  }
  const ReportModel m = Build(a);
  EXPECT_DOUBLE_EQ(m.harness_floor_ns, 80);
  EXPECT_EQ(m.harness_floor_processes, 3u);
  ASSERT_EQ(m.within_harness_floor.size(), 1u);
  const Cell& near = m.cells[m.within_harness_floor[0]];
  EXPECT_EQ(near.tier_us, 40u) << "100 ns apart, under 2 x 80 ns; 1 us apart is not";
  for (const Cell& c : m.cells) EXPECT_NE(c.baseline, "inline") << "the floor is in no cell";
}

TEST(ReportModelTest, ScalingSaysWhetherThroughputKeepsRising) {
  Archive a = BaseArchive({"subj"});
  a.units = {MakeUnit("subj", 1, 40, Flat(100'000), 30'000),
             MakeUnit("subj", 2, 40, Flat(60'000), 30'000),
             MakeUnit("subj", 4, 40, Flat(61'000), 30'000)};
  const ReportModel m = Build(a);
  ASSERT_EQ(m.scaling.size(), 1u);
  EXPECT_FALSE(m.scaling[0].keeps_rising);
  EXPECT_EQ(m.scaling[0].text, "rises 1->2, flat 2->4");
  // The same steps as data, for reporters in other languages.
  ASSERT_EQ(m.scaling[0].steps.size(), 2u);
  EXPECT_EQ(m.scaling[0].steps[0].from, 1u);
  EXPECT_EQ(m.scaling[0].steps[0].to, 2u);
  EXPECT_EQ(m.scaling[0].steps[0].trend, "rises");
  EXPECT_EQ(m.scaling[0].steps[1].trend, "flat");
}

TEST(ReportModelTest, ConclusionsPointAtTheirCells) {
  const ReportModel m = Build(CrossoverArchive(
      {{40, 60'000}, {300, 350'000}, {2700, 2'850'000}, {10000, 10'500'000}}));
  std::vector<std::string> kinds;
  for (const Conclusion& c : m.conclusions) {
    kinds.push_back(c.kind);
    if (c.kind != "no_win") {
      EXPECT_FALSE(c.cells.empty()) << c.kind;
    }
  }
  EXPECT_THAT(kinds, ElementsAre("share_threshold", "best_win", "crossover"));
  EXPECT_THAT(m.conclusions[1].text, HasSubstr("faster than b at concurrency 1, 10000 us"));
  // Every conclusion is also a message a reporter can say in any language, with the numbers
  // of its English text as arguments.
  EXPECT_EQ(m.conclusions[0].message.code, "share_threshold.found");
  EXPECT_EQ(m.conclusions[1].message.code, "best_win");
  EXPECT_THAT(m.conclusions[1].message.args,
              ::testing::Contains(std::pair<std::string, std::string>("tier_us", "10000")));
  EXPECT_THAT(m.conclusions[1].message.args,
              ::testing::Contains(std::pair<std::string, std::string>("baseline", "b")));
  EXPECT_EQ(m.conclusions[2].message.code, "crossover.crossover");
}

TEST(ReportModelTest, SelfCheckSummaryFailsOnAnInterruptedRunOrAnUnsteadyOverhead) {
  Archive a = BaseArchive({"subj"});
  a.units = {MakeUnit("subj", 1, 40, Flat(50'000), 40'000),       // overhead 10 us
             MakeUnit("subj", 1, 300, Flat(350'000), 300'000)};   // overhead 50 us: 5x
  a.self_checks.push_back(
      {.name = "process_isolation", .passed = true, .detail = "", .message = {}});
  ReportModel m = Build(a);
  EXPECT_FALSE(m.self_checks.passed);
  const SelfCheck& constancy = FindCheck(m, "overhead_constancy");
  EXPECT_FALSE(constancy.passed);
  EXPECT_THAT(constancy.detail, HasSubstr("5.0x"));
  EXPECT_EQ(constancy.message.code, "self_check.overhead_constancy.failed");
  EXPECT_THAT(constancy.message.args,
              ::testing::Contains(std::pair<std::string, std::string>("limit", "3.0×")));

  a.units[1] = MakeUnit("subj", 1, 300, Flat(315'000), 300'000);  // overhead 15 us: 1.5x
  EXPECT_TRUE(Build(a).self_checks.passed);
  a.run.status = RunStatus::kInterrupted;
  const ReportModel interrupted = Build(a);
  EXPECT_FALSE(interrupted.self_checks.passed);
  EXPECT_TRUE(FindCheck(interrupted, "overhead_constancy").passed)
      << "only the run's status changed";
  EXPECT_EQ(interrupted.self_checks.checks[1].name, "run_complete");
  EXPECT_EQ(interrupted.self_checks.checks[1].message.code, "self_check.run_complete.interrupted");
}

// The league (ranking.h): every adapter at a coordinate ordered by its level, the fastest within
// noise grouped, the floor listed apart; "what to pick" reads it.
Archive LeagueArchive() {
  Archive a = BaseArchive({"subj", "twin", "slow", "flr"});
  const std::vector<double> levels = {100'000, 101'000, 99'000, 100'500, 99'500};
  auto add = [&a](std::vector<ArchivedUnit> units) {
    for (ArchivedUnit& u : units) a.units.push_back(std::move(u));
  };
  add(Processes("subj", 1, 40, levels));
  add(Processes("twin", 1, 40, Scaled(levels, 1.005)));
  add(Processes("slow", 1, 40, Scaled(levels, 1.5)));
  std::vector<ArchivedUnit> floor = Processes("flr", 1, 40, Scaled(levels, 0.5));
  for (ArchivedUnit& u : floor) {
    // Every task of every round ran on the calling thread (one task per round at c1).
    u.result.bodies_on_calling_thread = static_cast<int64_t>(u.result.rounds.size());
  }
  add(std::move(floor));
  return a;
}

TEST(RankingTest, OrdersEveryAdapterGroupsTheFastestWithinNoiseAndLeavesTheFloorOut) {
  const ReportModel m = Build(LeagueArchive());
  ASSERT_EQ(m.rankings.size(), 1u);
  const Ranking& r = m.rankings[0];
  EXPECT_EQ(r.tier_us, 40u);
  EXPECT_EQ(r.concurrency, 1u);
  EXPECT_THAT(r.floor, ElementsAre("flr"));
  ASSERT_EQ(r.entries.size(), 3u);
  EXPECT_EQ(r.entries[0].adapter, "subj");
  EXPECT_EQ(r.entries[0].rank, 1u);
  EXPECT_TRUE(r.entries[0].best_group);
  EXPECT_EQ(r.entries[1].adapter, "twin");
  EXPECT_TRUE(r.entries[1].best_group) << "0.5% from the best: within noise";
  EXPECT_EQ(r.entries[2].adapter, "slow");
  EXPECT_EQ(r.entries[2].rank, 3u);
  EXPECT_FALSE(r.entries[2].best_group);
  EXPECT_NEAR(r.entries[2].factor_to_best, 1.5, 0.01);
  EXPECT_GT(r.entries[2].factor_low, 1.0);
  EXPECT_EQ(r.entries[2].cell, "slow/c1/40us");

  ASSERT_EQ(m.picks.size(), 1u) << "one tier, and no concurrency above the cores";
  const PickRow& p = m.picks[0];
  EXPECT_TRUE(p.within_cores);
  EXPECT_THAT(p.group, ElementsAre("subj", "twin"));
  EXPECT_THAT(p.group_cells, ElementsAre("subj/c1/40us", "twin/c1/40us"));
  EXPECT_EQ(p.subject_rank, 1u);
  EXPECT_EQ(p.ranked, 3u);
}

TEST(RankingTest, AnyMeasuredAdapterCanBeTheReferenceWithoutRemeasuring) {
  const Archive a = LeagueArchive();
  AnalysisOptions o;
  o.reference = "slow";
  const ReportModel m = Build(a, o);
  EXPECT_EQ(m.subject, "slow");
  EXPECT_EQ(m.measured_subject, "subj");
  const Cell& c = FindCell(m, "subj", 1, 40);
  EXPECT_EQ(c.verdict, Verdict::kSubjectSlower) << "slow, as the reference, loses to subj";
  EXPECT_EQ(m.rankings[0].entries[0].adapter, "subj") << "the league does not depend on it";
  EXPECT_EQ(m.picks[0].subject_rank, 3u);

  o.reference = "nosuch";
  const absl::StatusOr<ReportModel> bad = BuildReportModel(a, "results/x.json", o);
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("--subject nosuch: the archive measured no adapter"));
}

TEST(RankingTest, CellsAboveTheCoresGetTheirOwnLabelledConclusion) {
  Archive a = LeagueArchive();  // 2 logical cores: concurrency 4 is above them
  const std::vector<double> levels = {100'000, 101'000, 99'000, 100'500, 99'500};
  for (auto& units : {Processes("subj", 4, 40, levels), Processes("twin", 4, 40, levels),
                      Processes("slow", 4, 40, Scaled(levels, 1.5))}) {
    for (const ArchivedUnit& u : units) a.units.push_back(u);
  }
  const ReportModel m = Build(a);
  const Conclusion* above = nullptr;
  for (const Conclusion& c : m.conclusions) {
    if (c.kind == "above_cores") above = &c;
  }
  ASSERT_NE(above, nullptr);
  EXPECT_THAT(above->text, HasSubstr("at concurrency 4 (read end to end"));
  EXPECT_THAT(above->text, HasSubstr("faster in 1, slower in 0 and not told apart in 1 of 2"));
  EXPECT_THAT(above->cells, ElementsAre("twin/c4/40us", "slow/c4/40us"));
  EXPECT_EQ(m.picks.size(), 2u) << "within the cores (c1) and above them (c4)";
  EXPECT_FALSE(m.picks[1].within_cores);
}

// The native task line: its units become the section's cells, with each form's ratio to the
// first passed form, and never a cell, a crossover or a baseline of the main matrix.
TEST(ReportModelTest, NativeLineUnitsStayInTheirOwnSection) {
  Archive a = BaseArchive({"subj", "base"});
  a.units.push_back(MakeUnit("subj", 1, 40, Flat(50'000), 40'000));
  a.units.push_back(MakeUnit("base", 1, 40, Flat(50'000), 40'000));
  a.native_line = NativeLineRecord{.status = "measured", .reason = "",
                                   .task = kNativeTask, .frame_bytes = {21},
                                   .concurrencies = {1}, .seed = 5, .warmup_rounds = 100,
                                   .measured_rounds = 100, .forms = {}};
  a.native_line.forms = {{.name = "slow", .description = "", .passed = false, .reason = "x"},
                         {.name = "one", .description = "", .passed = true, .reason = ""},
                         {.name = "two", .description = "", .passed = true, .reason = ""}};
  for (const auto& [form, ns] : {std::pair<const char*, double>{"one", 1'000},
                                 std::pair<const char*, double>{"two", 3'000}}) {
    ArchivedUnit u = MakeUnit("subj", 1, 21, Flat(ns), 0);
    u.result.spec.kind = UnitKind::kNative;
    u.result.spec.workload = "modbus_rtu";
    u.result.spec.options = std::string("form=") + form;
    a.units.push_back(std::move(u));
  }
  const ReportModel m = Build(a);
  EXPECT_EQ(m.cells.size(), 1u);  // base at c1/40us only
  EXPECT_EQ(m.tiers_us, std::vector<uint32_t>{40});
  ASSERT_EQ(m.native_line.cells.size(), 2u);
  EXPECT_EQ(m.native_line.cells[0].form, "one");
  EXPECT_DOUBLE_EQ(m.native_line.cells[0].ratio_to_first, 1.0);
  EXPECT_EQ(m.native_line.cells[1].form, "two");
  EXPECT_NEAR(m.native_line.cells[1].ratio_to_first, 3.0, 1e-9);
  EXPECT_THAT(m.native_line.cells[1].unit, HasSubstr("{native,form=two}"));
}

}  // namespace
}  // namespace zoo
