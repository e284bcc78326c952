// The compare rules, pinned on hand-built archives whose right answers are known.
#include "core/model/compare_model.h"

#include <cmath>
#include <string>
#include <vector>

#include "core/model/compare_model_json.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"

namespace zoo {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// A unit whose measured rounds have these per-task end-to-end values (ns); every body lasts
// `body_ns` (the tier when negative), all of a round's bodies side by side.
ArchivedUnit MakeUnit(const std::string& adapter, uint32_t c, uint32_t tier,
                      const std::vector<double>& per_task_e2e, int64_t body_ns = -1) {
  UnitResult u;
  u.ok = true;
  u.spec = {.adapter = adapter, .plugin_file = "/x/" + adapter + ".so", .tier_us = tier,
            .concurrency = c, .warmup_rounds = 0,
            .measured_rounds = static_cast<uint32_t>(per_task_e2e.size()), .workload = "json",
            .semantics = "", .semantics_value = 0};
  u.calibration.target_ns = static_cast<int64_t>(tier) * 1000;
  const int64_t body = body_ns >= 0 ? body_ns : static_cast<int64_t>(tier) * 1000;
  for (double e2e : per_task_e2e) {
    RoundSample r{.start_ns = 0, .wall_ns = static_cast<int64_t>(e2e * c), .tasks = {}};
    for (uint32_t i = 0; i < c; ++i) {
      r.tasks.push_back({.submit_call_ns = 0, .submit_return_ns = 1'000,
                         .body_start_ns = 2'000, .body_end_ns = 2'000 + body,
                         .completed_ns = 3'000 + body, .executor_pid = 7});
    }
    u.rounds.push_back(std::move(r));
  }
  return {.result = u, .stats = ComputeUnitStats(u, 2)};
}

// Rounds around `v` with a few percent of spread, so the band and the test have something to
// work on.
std::vector<double> Around(double v) {
  return {v * 0.97, v * 0.99, v, v * 1.01, v * 1.03};
}

Archive BaseArchive(const std::vector<std::string>& adapters, const std::string& version) {
  Archive a;
  a.subject = "subj";
  a.subject_version = version;
  a.run.status = RunStatus::kComplete;
  a.run.started_utc = "2026-11-30T13:06:19Z";
  a.environment.logical_cores = 2;
  a.environment.hostname = "box";
  a.environment.cpu_model = "cpu";
  a.environment.kernel = "6.1";
  for (const std::string& name : adapters) {
    AdapterRecord r;
    r.descriptor.name = name;
    r.gate_passed = true;
    a.adapters.push_back(r);
  }
  return a;
}

// subj and b at c1 x {40, 300} us: subj at `subj_40` and 350 us, b at 100 us and 350 us.
Archive TwoTierArchive(const std::string& version, double subj_40) {
  Archive a = BaseArchive({"subj", "b"}, version);
  a.units = {MakeUnit("subj", 1, 40, Around(subj_40)), MakeUnit("b", 1, 40, Around(100'000)),
             MakeUnit("subj", 1, 300, Around(350'000)), MakeUnit("b", 1, 300, Around(350'000))};
  return a;
}

CompareModel Compare(const Archive& o, const Archive& n) {
  absl::StatusOr<CompareModel> m = BuildCompareModel(o, "results/old.json", n, "results/new.json");
  EXPECT_TRUE(m.ok()) << m.status();
  return m.ok() ? *std::move(m) : CompareModel{};
}

const CellChange* FindChange(const CompareModel& m, const std::string& id) {
  for (const CellChange& c : m.cells) {
    if (c.id() == id) return &c;
  }
  return nullptr;
}

TEST(CompareModelTest, IdenticalArchivesAreWithinNoiseEverywhere) {
  const Archive a = TwoTierArchive("1.0", 100'000);
  const CompareModel m = Compare(a, a);
  ASSERT_EQ(m.cells.size(), 2u);
  EXPECT_EQ(m.within_noise, 2u);
  EXPECT_EQ(m.regressed + m.improved, 0u);
  for (const CellChange& c : m.cells) {
    EXPECT_EQ(c.direction, ChangeDirection::kWithinNoise) << c.id();
    EXPECT_DOUBLE_EQ(c.change, 0) << c.id();
    EXPECT_FALSE(c.beyond_noise) << c.id();
  }
  EXPECT_NEAR(m.geomean.change, 0, 1e-12);
  EXPECT_THAT(m.only_in_one, IsEmpty());
  EXPECT_FALSE(EvaluateRegressionGate(m, 0).failed);
  EXPECT_EQ(m.summary.code, "compare.summary");
}

TEST(CompareModelTest, ASubjectTwiceAsSlowInOneCellRegressesThereAndInTheGeomean) {
  const CompareModel m =
      Compare(TwoTierArchive("1.0", 100'000), TwoTierArchive("1.1", 200'000));
  const CellChange* slow = FindChange(m, "b/c1/40us");
  const CellChange* same = FindChange(m, "b/c1/300us");
  ASSERT_NE(slow, nullptr);
  ASSERT_NE(same, nullptr);
  EXPECT_NEAR(slow->old_ratio, 1.0, 1e-9);
  EXPECT_NEAR(slow->new_ratio, 0.5, 1e-9);
  EXPECT_NEAR(slow->change, 1.0, 1e-9);  // twice the relative cost: +100%
  EXPECT_TRUE(slow->beyond_noise);
  // The interval of the change brackets it and clears the threshold.
  EXPECT_LE(slow->change_low, slow->change);
  EXPECT_GE(slow->change_high, slow->change);
  EXPECT_GT(slow->change_low, 0.03);
  EXPECT_EQ(slow->direction, ChangeDirection::kRegressed);
  EXPECT_EQ(slow->message.code, "compare.cell.regressed");
  EXPECT_EQ(same->direction, ChangeDirection::kWithinNoise);
  EXPECT_EQ(m.regressed, 1u);
  EXPECT_NEAR(m.geomean.change, std::sqrt(2.0) - 1, 1e-9);
  EXPECT_TRUE(m.geomean.beyond_noise);  // the two cells' bands are a few percent
  EXPECT_LT(m.geomean.noise_band, 0.2);
  ASSERT_EQ(m.geomean_per_baseline.size(), 1u);
  EXPECT_EQ(m.geomean_per_baseline[0].baseline, "b");

  const RegressionGateVerdict gate = EvaluateRegressionGate(m, 20);
  EXPECT_TRUE(gate.failed);
  EXPECT_THAT(gate.cells, ElementsAre("b/c1/40us"));
  EXPECT_TRUE(gate.geomean_failed);
  // Above both the cell's change and the geomean's: the gate passes.
  EXPECT_FALSE(EvaluateRegressionGate(m, 150).failed);

  // The other way round it is an improvement, never a regression.
  const CompareModel back =
      Compare(TwoTierArchive("1.1", 200'000), TwoTierArchive("1.0", 100'000));
  EXPECT_EQ(FindChange(back, "b/c1/40us")->direction, ChangeDirection::kImproved);
  EXPECT_FALSE(EvaluateRegressionGate(back, 0).failed);
}

TEST(CompareModelTest, ALargeChangeInsideTheBandIsWithinNoise) {
  Archive o = BaseArchive({"subj", "b"}, "1.0"), n = BaseArchive({"subj", "b"}, "1.1");
  // 40% spread in both runs: a 30% change is inside the band.
  o.units = {MakeUnit("subj", 1, 40, {60'000, 80'000, 100'000, 120'000, 140'000}),
             MakeUnit("b", 1, 40, Around(100'000))};
  n.units = {MakeUnit("subj", 1, 40, {78'000, 104'000, 130'000, 156'000, 182'000}),
             MakeUnit("b", 1, 40, Around(100'000))};
  const CompareModel m = Compare(o, n);
  ASSERT_EQ(m.cells.size(), 1u);
  EXPECT_NEAR(m.cells[0].change, 0.3, 1e-9);
  EXPECT_GT(m.cells[0].noise_band, 0.3);
  EXPECT_EQ(m.cells[0].direction, ChangeDirection::kWithinNoise);
  EXPECT_TRUE(EvaluateRegressionGate(m, 20).cells.empty()) << "within noise never trips a cell";
  // Nor the geometric mean: +30% over cells whose typical band is wider is within noise.
  EXPECT_NEAR(m.geomean.change, 0.3, 1e-9);
  EXPECT_DOUBLE_EQ(m.geomean.noise_band, m.cells[0].noise_band);
  EXPECT_FALSE(m.geomean.beyond_noise);
  EXPECT_FALSE(EvaluateRegressionGate(m, 20).failed);
}

// The subject's own code did not change, but its process ran the host's bodies at 80 us
// instead of 40 (calibration, a busy sibling core): 60 us outside the bodies in both runs.
TEST(CompareModelTest, BodiesThatRanSlowerInOneProcessAreNotTheAdaptersChange) {
  Archive o = BaseArchive({"subj", "b"}, "1.0"), n = BaseArchive({"subj", "b"}, "1.1");
  o.units = {MakeUnit("subj", 1, 40, Around(100'000), 40'000),
             MakeUnit("b", 1, 40, Around(50'000), 40'000)};
  n.units = {MakeUnit("subj", 1, 40, Around(140'000), 80'000),
             MakeUnit("b", 1, 40, Around(50'000), 40'000)};
  const CompareModel m = Compare(o, n);
  ASSERT_EQ(m.cells.size(), 1u);
  const CellChange& c = m.cells[0];
  EXPECT_EQ(c.basis, CompareBasis::kTierBody);
  EXPECT_NEAR(c.old_end_to_end_ratio, 0.5, 1e-9);
  EXPECT_NEAR(c.new_end_to_end_ratio, 50.0 / 140, 1e-9) << "the raw ratio moved by +40%";
  EXPECT_NEAR(c.change, 0, 1e-9) << "at the tier's body: 100 us in both runs";
  EXPECT_EQ(c.direction, ChangeDirection::kWithinNoise);
  EXPECT_THAT(c.message.args, ::testing::Contains(::testing::Pair("end_to_end", "0.500 → 0.357")));

  // The same 60 us outside the body grown to 120 us is the adapter's: a regression.
  n.units[0] = MakeUnit("subj", 1, 40, Around(200'000), 80'000);
  const CompareModel slower = Compare(o, n);
  EXPECT_NEAR(slower.cells[0].change, 0.6, 1e-9);  // (120 + 40) / (60 + 40) - 1
  EXPECT_EQ(slower.cells[0].direction, ChangeDirection::kRegressed);
}

// Above the logical cores a body's self-time includes run-queue waits: the raw end-to-end.
TEST(CompareModelTest, AboveTheLogicalCoresACellIsReadEndToEnd) {
  Archive o = BaseArchive({"subj", "b"}, "1.0"), n = BaseArchive({"subj", "b"}, "1.1");
  o.units = {MakeUnit("subj", 4, 40, Around(100'000), 40'000),
             MakeUnit("b", 4, 40, Around(100'000), 40'000)};
  n.units = {MakeUnit("subj", 4, 40, Around(140'000), 80'000),
             MakeUnit("b", 4, 40, Around(100'000), 40'000)};
  const CompareModel m = Compare(o, n);
  ASSERT_EQ(m.cells.size(), 1u);
  EXPECT_EQ(m.cells[0].basis, CompareBasis::kEndToEnd);
  EXPECT_NEAR(m.cells[0].change, 0.4, 1e-9);
  EXPECT_EQ(m.cells[0].direction, ChangeDirection::kRegressed);
  EXPECT_STREQ(CompareBasisName(m.drift[0].basis), "end_to_end");
}

// Four baselines moved between the runs by 0%, +30%, -20% and 0% with nothing changed. The
// drift they show is stated beside the cells; the interval of each cell's change, drawn from
// its own processes and rounds, decides.
TEST(CompareModelTest, TheBaselinesDriftIsStatedAndNeedsThreeOfThem) {
  const std::vector<std::string> names = {"subj", "b", "c", "d", "e"};
  Archive o = BaseArchive(names, "1.0"), n = BaseArchive(names, "1.1");
  const double moves[] = {1.0, 1.3, 0.8, 1.0};
  o.units = {MakeUnit("subj", 1, 40, Around(100'000))};
  n.units = {MakeUnit("subj", 1, 40, Around(125'000))};
  for (size_t i = 0; i < 4; ++i) {
    o.units.push_back(MakeUnit(names[i + 1], 1, 40, Around(100'000)));
    n.units.push_back(MakeUnit(names[i + 1], 1, 40, Around(100'000 * moves[i])));
  }
  const CompareModel m = Compare(o, n);
  ASSERT_EQ(m.drift.size(), 1u);
  EXPECT_EQ(m.drift[0].baselines, 4u);
  ASSERT_TRUE(m.drift[0].estimate.has_value());
  const double drift = m.drift[0].estimate->drift;
  // log moves 0, 0.262, -0.223, 0 around their median 0: deviations 0, 0, 0.223, 0.262, MAD
  // 0.112, x 1.4826, exp - 1.
  const double mad = std::log(1 / 0.8) / 2;
  EXPECT_NEAR(drift, std::exp(1.4826 * mad) - 1, 1e-9);
  EXPECT_EQ(m.drift[0].message.code, "compare.drift.estimated");
  const CellChange* d = FindChange(m, "e/c1/40us");  // a baseline that did not move
  ASSERT_NE(d, nullptr);
  EXPECT_NEAR(d->change, 0.25, 1e-9);
  EXPECT_NEAR(d->baseline_own_move, 0, 1e-12);
  // The band is the interval's wider half, as a factor around the change, not the drift.
  EXPECT_NEAR(d->noise_band,
              std::max((1 + d->change_high) / (1 + d->change) - 1,
                       1 - (1 + d->change_low) / (1 + d->change)),
              1e-9);
  EXPECT_EQ(d->direction, ChangeDirection::kRegressed) << "+25% with rounds within 3%";
  // The baseline that moved by +30% itself: its own move is stated, and the subject / c factor
  // did not get worse (c slowed down more than the subject).
  const CellChange* c = FindChange(m, "c/c1/40us");
  ASSERT_NE(c, nullptr);
  EXPECT_NEAR(c->baseline_own_move, 0.3, 1e-9);
  EXPECT_NE(c->direction, ChangeDirection::kRegressed);

  // With two baselines the drift cannot be told from a change: none is estimated.
  o.units.resize(3);
  n.units.resize(3);
  const CompareModel two = Compare(o, n);
  EXPECT_FALSE(two.drift[0].estimate.has_value());
  EXPECT_TRUE(std::isnan(FindChange(two, "b/c1/40us")->baseline_own_move));
  EXPECT_EQ(two.drift[0].message.code, "compare.drift.not_estimable");
  EXPECT_EQ(FindChange(two, "b/c1/40us")->direction, ChangeDirection::kRegressed);
}

// The subject measured in three processes per run; in NEW one of them ran 80% slower by
// itself. Pooled, that process is a minority of the rounds: the median does not move, and the
// interval of the change, drawn by processes, is wide: no regression.
TEST(CompareModelTest, TheSubjectIsPooledOverItsProcessesSoOneOddProcessIsNoRegression) {
  const std::vector<std::string> names = {"subj", "b", "c", "d"};
  Archive o = BaseArchive(names, "1.0"), n = BaseArchive(names, "1.1");
  for (Archive* a : {&o, &n}) {
    for (uint32_t process = 0; process < 3; ++process) {
      const double e2e = (a == &n && process == 1) ? 180'000 : 100'000;
      a->units.push_back(MakeUnit("subj", 1, 40, Around(e2e)));
      a->units.back().result.spec.process = process;
    }
    for (size_t i = 1; i < names.size(); ++i) {
      a->units.push_back(MakeUnit(names[i], 1, 40, Around(100'000)));
    }
  }
  const CompareModel m = Compare(o, n);
  ASSERT_EQ(m.cells.size(), 3u) << "later processes are no cells of their own";
  for (const CellChange& c : m.cells) {
    EXPECT_EQ(c.old_subject_processes, 3u);
    EXPECT_EQ(c.new_subject_processes, 3u);
    // With 3 processes nothing is trimmed: the level is the mean of their medians, one process
    // in three 80% slower moves it by 80% / 3, and the interval, drawn by processes, says that
    // is within noise.
    EXPECT_NEAR(c.change, 0.8 / 3, 1e-9) << c.id();
    EXPECT_EQ(c.direction, ChangeDirection::kWithinNoise) << c.id();
    // Drawn by processes, the odd one is in a third of the draws and widens the interval.
    EXPECT_GT(c.change_high, 0.3) << "the odd process is in the interval";
    EXPECT_LT(c.change_low, 0.03);
  }

  // Read from the first process alone, the same two runs would not have moved; read from the
  // odd one, every cell of the column would have "regressed" by 80%. Which process is odd is
  // moot.
  Archive odd_first = n;
  odd_first.units[0].result.spec.process = 1;
  odd_first.units[1].result.spec.process = 0;
  const CompareModel pooled_again = Compare(o, odd_first);
  EXPECT_NEAR(pooled_again.cells[0].change, 0.8 / 3, 1e-9) << "the order of processes is moot";
  EXPECT_EQ(pooled_again.cells[0].direction, ChangeDirection::kWithinNoise);
}

TEST(CompareModelTest, CellsAdaptersTiersAndConcurrenciesOfOneSideAreListedNotFilledIn) {
  Archive o = TwoTierArchive("1.0", 100'000);
  Archive n = BaseArchive({"subj", "b", "c"}, "1.1");
  n.units = {MakeUnit("subj", 1, 40, Around(100'000)), MakeUnit("b", 1, 40, Around(100'000)),
             MakeUnit("c", 1, 40, Around(100'000)), MakeUnit("subj", 2, 40, Around(100'000)),
             MakeUnit("b", 2, 40, Around(100'000))};
  const CompareModel m = Compare(o, n);
  ASSERT_EQ(m.cells.size(), 1u);
  EXPECT_EQ(m.cells[0].id(), "b/c1/40us");
  std::vector<std::string> listed;
  for (const OneSided& s : m.only_in_one) listed.push_back(s.kind + ":" + s.value + ":" + s.side);
  EXPECT_THAT(listed, ElementsAre("adapter:c:new", "tier:300:old", "concurrency:2:new",
                                  "cell:b/c1/300us:old", "cell:b/c2/40us:new",
                                  "cell:c/c1/40us:new"));
  EXPECT_EQ(m.only_in_one[0].message.code, "compare.only.adapter.new");
}

TEST(CompareModelTest, AbsoluteTimesOnlyWhenBothArchivesNameTheSameMachine) {
  const Archive o = TwoTierArchive("1.0", 100'000);
  const CompareModel same = Compare(o, o);
  EXPECT_TRUE(same.same_machine);
  ASSERT_TRUE(same.cells[0].old_subject_median_ns.has_value());
  EXPECT_EQ(same.cells[0].absolute.code, "compare.absolute");
  EXPECT_THAT(CompareModelToJson(same), HasSubstr("\"old_subject_median_ns\""));

  for (auto change : {+[](Archive& a) { a.environment.hostname = "other"; },
                      +[](Archive& a) { a.environment.cpu_model = "other"; },
                      +[](Archive& a) { a.environment.logical_cores = 64; },
                      +[](Archive& a) { a.environment.kernel = "5.10"; }}) {
    Archive n = o;
    change(n);
    const CompareModel m = Compare(o, n);
    EXPECT_FALSE(m.same_machine);
    EXPECT_EQ(m.machine.code, "compare.machine.different");
    for (const CellChange& c : m.cells) {
      EXPECT_FALSE(c.old_subject_median_ns.has_value());
      EXPECT_TRUE(c.absolute.code.empty());
    }
    const std::string json = CompareModelToJson(m);
    EXPECT_THAT(json, ::testing::Not(HasSubstr("subject_median_ns")));
    EXPECT_THAT(json, ::testing::Not(HasSubstr("compare.absolute")));
  }
}

// The same machine, once with deep idle states held off and once not (or before the hold was
// recorded at all): its wake-ups differ, so its absolute times are left out as well.
TEST(CompareModelTest, AbsoluteTimesNotWhenOnlyOneRunHeldTheIdleStates) {
  const Archive o = TwoTierArchive("1.0", 100'000);
  auto idle = [](const char* message_code) {
    NoiseCondition c;
    c.code = "idle";
    c.state = kNoiseFine;
    c.message.code = message_code;
    return c;
  };
  Archive held = o;
  held.noise.recorded = true;
  held.noise.conditions = {idle("noise.idle.fine_held")};
  for (const Archive* other : {&o, static_cast<const Archive*>(nullptr)}) {
    Archive n = other != nullptr ? *other : o;
    if (other == nullptr) {  // recorded, not held: polling only, so nothing to hold
      n.noise.recorded = true;
      n.noise.conditions = {idle("noise.idle.fine")};
    }
    const CompareModel m = Compare(held, n);
    EXPECT_FALSE(m.same_machine);
    EXPECT_EQ(m.machine.code, "compare.machine.idle_differs");
    EXPECT_FALSE(m.cells[0].old_subject_median_ns.has_value());
  }
  const CompareModel both = Compare(held, held);
  EXPECT_TRUE(both.same_machine);
  EXPECT_EQ(both.machine.code, "compare.machine.same");
}

// --subject: each archive read with that adapter as the reference, whatever its own subject.
TEST(CompareModelTest, AnotherReferenceIsJudgedInBothArchives) {
  const Archive o = TwoTierArchive("1.0", 100'000);
  Archive n = o;
  n.subject = "other";  // refused without a reference (below)
  AnalysisOptions options;
  options.reference = "b";
  absl::StatusOr<CompareModel> m =
      BuildCompareModel(o, "results/old.json", n, "results/new.json", options);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->subject, "b");
  ASSERT_FALSE(m->cells.empty());
  for (const CellChange& c : m->cells) EXPECT_NE(c.baseline, "b") << "b is the reference";
  options.reference = "nosuch";
  const absl::StatusOr<CompareModel> bad =
      BuildCompareModel(o, "results/old.json", o, "results/new.json", options);
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("--subject nosuch"));
}

TEST(CompareModelTest, DifferentSubjectsAreRefusedInOneSentence) {
  const Archive o = TwoTierArchive("1.0", 100'000);
  Archive n = o;
  n.subject = "other";
  absl::StatusOr<CompareModel> m = BuildCompareModel(o, "results/old.json", n, "results/new.json");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(m.status().message(), AllOf(HasSubstr("'subj'"), HasSubstr("'other'"),
                                          HasSubstr("results/new.json")));
}

TEST(CompareModelTest, TheJsonDocumentNamesItsSchemaVersionAndBothArchives) {
  const CompareModel m =
      Compare(TwoTierArchive("1.0", 100'000), TwoTierArchive("1.1", 200'000));
  const std::string json = CompareModelToJson(m);
  rapidjson::Document d;
  d.Parse(json.c_str());
  ASSERT_FALSE(d.HasParseError());
  EXPECT_STREQ(d["schema"].GetString(), kCompareModelSchemaName);
  EXPECT_EQ(d["model_version"].GetInt(), kCompareModelVersion);
  EXPECT_STREQ(d["old"]["archive_path"].GetString(), "results/old.json");
  EXPECT_STREQ(d["new"]["subject_version"].GetString(), "1.1");
  EXPECT_STREQ(d["new"]["started_utc"].GetString(), "2026-11-30T13:06:19Z");
  EXPECT_EQ(d["counts"]["regressed"].GetUint(), 1u);
  EXPECT_STREQ(d["cells"][0]["direction"].GetString(), "regressed");
  EXPECT_STREQ(d["cells"][0]["message"]["args"]["change"].GetString(), "+100.0%");
  EXPECT_EQ(json, CompareModelToJson(m)) << "deterministic";
}

}  // namespace
}  // namespace zoo
