// The scenarios' section of the model: every row judged against its table's fastest by the
// cells' method (a twin of the fastest is no winner, a row twice as slow is slower), the
// allocations of the counted process per task, what did not apply, the tuning lines the
// subject's rows support, and the model JSON that carries them to the reporters.
#include "core/model/scenario_tables.h"

#include <string>
#include <vector>

#include "core/archive/archive.h"
#include "core/measure/unit_stats.h"
#include "core/model/report_model.h"
#include "core/model/report_model_json.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;

// A scenario unit of process `p`: 20 rounds around `per_task` ns (±1%, by round).
ArchivedUnit ScenarioUnit(const std::string& adapter, Scenario s, uint32_t workers, uint32_t p,
                          double per_task, UnitKind kind = UnitKind::kScenario) {
  UnitResult u;
  u.ok = true;
  u.spec = {.adapter = adapter, .plugin_file = "/x/" + adapter + ".so", .tier_us = 0,
            .concurrency = ScenarioTasksPerRound(s), .warmup_rounds = 0, .measured_rounds = 20,
            .workload = "noop", .semantics = "", .semantics_value = 0, .kind = kind,
            .process = p, .repetitions = 0, .logical_cores = 2, .scenario = s,
            .workers = workers, .options = ""};
  for (int k = 0; k < 20; ++k) {
    const double level = per_task * (1 + 0.01 * ((k % 3) - 1)) * (1 + 0.005 * (p % 2));
    u.rounds.push_back({.start_ns = 0,
                        .wall_ns = static_cast<int64_t>(level * u.spec.concurrency),
                        .cpu_ns = -1, .tasks = {}});
  }
  if (kind == UnitKind::kScenarioCounters) {
    u.counts.emplace();
    u.counts->tasks = 20ull * u.spec.concurrency;
    u.counts->alloc_calls = {.available = true, .total = 2 * u.counts->tasks,
                             .unavailable_code = "", .unavailable_reason = ""};
    u.counts->alloc_bytes = {.available = true, .total = 64 * u.counts->tasks,
                             .unavailable_code = "", .unavailable_reason = ""};
  }
  return {.result = u, .stats = ComputeUnitStats(u, 2)};
}

// A matrix unit of the subject, so the archive has something to compare as well.
ArchivedUnit MatrixUnit(const std::string& adapter) {
  UnitResult u;
  u.ok = true;
  u.spec = {.adapter = adapter, .plugin_file = "/x/" + adapter + ".so", .tier_us = 40,
            .concurrency = 1, .warmup_rounds = 0, .measured_rounds = 3, .workload = "noop",
            .semantics = "", .semantics_value = 0};
  for (int k = 0; k < 3; ++k) u.rounds.push_back({.start_ns = 0, .wall_ns = 50'000, .tasks = {}});
  return {.result = u, .stats = ComputeUnitStats(u, 2)};
}

Archive ScenarioArchive() {
  Archive a;
  a.subject = "subj";
  a.subject_version = "1.0";
  a.run.status = RunStatus::kComplete;
  a.environment.logical_cores = 2;
  for (const char* name : {"subj", "fast", "fast_twin", "old", "floor"}) {
    AdapterRecord r;
    r.descriptor.name = name;
    r.gate_passed = true;
    if (std::string(name) == "subj") {
      r.descriptor.submit_any_thread = {.declared = true, .bounded = true,
                                        .default_capacity = 64};
    }
    a.adapters.push_back(r);
  }
  a.scenarios.requested = {Scenario::kRoundtrip, Scenario::kBurstBounded,
                           Scenario::kBurstUnbounded};
  a.scenarios.not_applicable = {{.scenario = Scenario::kBurstBounded, .adapter = "old",
                                 .reason_code = "no_submit_any_thread"}};
  a.units.push_back(MatrixUnit("subj"));
  for (uint32_t p = 0; p < 8; ++p) {
    a.units.push_back(ScenarioUnit("subj", Scenario::kRoundtrip, 1, p, 2'000));
    a.units.push_back(ScenarioUnit("fast", Scenario::kRoundtrip, 1, p, 1'000));
    a.units.push_back(ScenarioUnit("fast_twin", Scenario::kRoundtrip, 1, p, 1'000));
    // Faster than any hand-off, and every task on the submitting thread: the floor.
    ArchivedUnit floor = ScenarioUnit("floor", Scenario::kRoundtrip, 1, p, 100);
    floor.result.bodies_on_calling_thread = 20;
    a.units.push_back(floor);
    a.units.push_back(ScenarioUnit("subj", Scenario::kBurstBounded, 2, p, 900));
    a.units.push_back(ScenarioUnit("subj", Scenario::kBurstUnbounded, 2, p, 300));
  }
  a.units.push_back(
      ScenarioUnit("subj", Scenario::kRoundtrip, 1, 0, 2'500, UnitKind::kScenarioCounters));
  return a;
}

const ScenarioRow& RowOf(const ReportModel& m, Scenario s, const std::string& adapter) {
  for (const ScenarioTable& t : m.scenarios.tables) {
    if (t.scenario != s) continue;
    for (const ScenarioRow& r : t.rows) {
      if (r.adapter == adapter) return r;
    }
  }
  ADD_FAILURE() << "no row " << ScenarioName(s) << " " << adapter;
  static const ScenarioRow none;
  return none;
}

TEST(ScenarioTablesTest, RowsAreJudgedAgainstTheFastestByTheCellsMethod) {
  const Archive a = ScenarioArchive();
  absl::StatusOr<ReportModel> m = BuildReportModel(a, "results/x.json", {});
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_TRUE(m->scenarios.measured);
  ASSERT_EQ(m->scenarios.tables.size(), 3u);
  const ScenarioRow& subj = RowOf(*m, Scenario::kRoundtrip, "subj");
  const ScenarioRow& fast = RowOf(*m, Scenario::kRoundtrip, "fast");
  const ScenarioRow& twin = RowOf(*m, Scenario::kRoundtrip, "fast_twin");
  EXPECT_EQ(subj.processes, 8u);
  EXPECT_NEAR(subj.level_ns, 2'000, 30);
  EXPECT_EQ(subj.verdict, "slower");
  EXPECT_NEAR(subj.factor, 2.0, 0.05);
  EXPECT_LT(subj.low, subj.factor);
  EXPECT_GT(subj.high, subj.factor);
  // One of the twins is the fastest, the other no winner against it.
  EXPECT_TRUE((fast.verdict == "fastest") != (twin.verdict == "fastest"));
  EXPECT_TRUE(fast.verdict == "indistinguishable" || twin.verdict == "indistinguishable");
  // The floor is shown, judged against nothing, and never the fastest.
  const ScenarioRow& floor = RowOf(*m, Scenario::kRoundtrip, "floor");
  EXPECT_TRUE(floor.floor);
  EXPECT_EQ(floor.verdict, "floor");
  EXPECT_NEAR(floor.factor, 0.1, 0.01);
  // Allocations per task from the counted process; none counted for the others.
  EXPECT_DOUBLE_EQ(subj.allocs_per_task, 2.0);
  EXPECT_DOUBLE_EQ(subj.bytes_per_task, 64.0);
  EXPECT_TRUE(std::isnan(fast.allocs_per_task));
  // What did not apply, with why.
  ASSERT_EQ(m->scenarios.tables[1].not_applicable.size(), 1u);
  EXPECT_EQ(m->scenarios.tables[1].not_applicable[0].adapter, "old");
  // No scenario unit reaches the matrix: the only cell-bearing unit is the subject's.
  EXPECT_TRUE(m->cells.empty());
}

TEST(ScenarioTablesTest, TuningLinesRestOnTheSubjectsRows) {
  const Archive a = ScenarioArchive();
  absl::StatusOr<ReportModel> m = BuildReportModel(a, "results/x.json", {});
  ASSERT_TRUE(m.ok()) << m.status();
  std::vector<std::string> codes;
  for (const TuningRow& t : m->scenarios.tuning) codes.push_back(t.code);
  EXPECT_THAT(codes, ::testing::ElementsAre("handoff", "backpressure", "allocations"));
  const TuningRow& bp = m->scenarios.tuning[1];
  EXPECT_EQ(bp.symptom.code, "scenario.tuning.backpressure.symptom");
  EXPECT_THAT(bp.symptom.args, ::testing::Contains(std::make_pair(std::string("capacity"),
                                                                  std::string("64"))));
}

TEST(ScenarioTablesTest, TheModelJsonCarriesThemAndOlderArchivesHaveNone) {
  const Archive a = ScenarioArchive();
  absl::StatusOr<ReportModel> m = BuildReportModel(a, "results/x.json", {});
  ASSERT_TRUE(m.ok()) << m.status();
  const std::string json = ReportModelToJson(*m);
  EXPECT_THAT(json, HasSubstr("\"scenarios\":{\"tables\":[{\"scenario\":\"roundtrip\""));
  EXPECT_THAT(json, HasSubstr("\"reason_code\":\"no_submit_any_thread\""));
  Archive old = a;
  old.scenarios = {};
  old.units.resize(1);
  absl::StatusOr<ReportModel> none = BuildReportModel(old, "results/x.json", {});
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_FALSE(none->scenarios.measured);
  EXPECT_THAT(ReportModelToJson(*none), ::testing::Not(HasSubstr("\"scenarios\"")));
}

TEST(ScenarioTablesTest, TheArchiveKeepsScenarioUnitsAndItsRecord) {
  const Archive a = ScenarioArchive();
  absl::StatusOr<Archive> back = ArchiveFromJson(ArchiveToJson(a), "test");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->scenarios.requested, a.scenarios.requested);
  ASSERT_EQ(back->scenarios.not_applicable.size(), 1u);
  EXPECT_EQ(back->scenarios.not_applicable[0].reason_code, "no_submit_any_thread");
  EXPECT_TRUE(back->adapters[0].descriptor.submit_any_thread.bounded);
  EXPECT_EQ(back->adapters[0].descriptor.submit_any_thread.default_capacity, 64u);
  EXPECT_FALSE(back->adapters[1].descriptor.submit_any_thread.declared);
  const UnitSpec& s = back->units[6].result.spec;
  EXPECT_EQ(s.kind, UnitKind::kScenario);
  EXPECT_EQ(s.scenario, Scenario::kBurstUnbounded);
  EXPECT_EQ(s.workers, 2u);
  EXPECT_EQ(back->units.back().result.spec.kind, UnitKind::kScenarioCounters);
  // An unknown scenario is the archive's mistake, named.
  std::string bad = ArchiveToJson(a);
  const size_t at = bad.find("\"scenario\":\"roundtrip\"");
  ASSERT_NE(at, std::string::npos);
  bad.replace(at, 22, "\"scenario\":\"roundtrap\"");
  absl::StatusOr<Archive> refused = ArchiveFromJson(bad, "bad.json");
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.status().message(), HasSubstr("roundtrap"));
}

}  // namespace
}  // namespace zoo
