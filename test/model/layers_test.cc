// The layer line's section of the model: each row's best, median and slowest round per task,
// zero at the matching bare client's best round, each layer judged against the row below by
// the cells' method (a twin is indistinguishable, a row at twice the time is slower), the cost
// of code per row, and "not applicable" carried through for a subject without layers.
#include "core/model/layers.h"

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

// A layer unit of process `p` at concurrency 1: 20 rounds of one task around `per_task` ns.
ArchivedUnit LayerUnit(const std::string& adapter, const std::string& options, uint32_t p,
                       double per_task, UnitKind kind = UnitKind::kLayer) {
  UnitResult u;
  u.ok = true;
  u.batch = 1;
  u.spec = {.adapter = adapter,
            .plugin_file = "/x/" + adapter + ".so",
            .tier_us = 0,
            .concurrency = 1,
            .warmup_rounds = 0,
            .measured_rounds = 20,
            .workload = "noop",
            .semantics = "",
            .semantics_value = 0,
            .kind = kind,
            .process = p,
            .repetitions = 0,
            .logical_cores = 2,
            .scenario = Scenario::kNone,
            .workers = 0,
            .options = options};
  for (int k = 0; k < 20; ++k) {
    const double level = per_task * (1 + 0.01 * ((k % 3) - 1)) * (1 + 0.005 * (p % 2));
    u.rounds.push_back(
        {.start_ns = 0, .wall_ns = static_cast<int64_t>(level), .cpu_ns = -1, .tasks = {}});
  }
  u.bodies_on_calling_thread = 0;
  if (kind == UnitKind::kLayerCounters) {
    u.counts.emplace();
    u.counts->tasks = 20;
    u.counts->alloc_calls = {
        .available = true, .total = 40, .unavailable_code = "", .unavailable_reason = ""};
    u.counts->cold_start = true;
    u.counts->cold_alloc_calls = {
        .available = true, .total = 16, .unavailable_code = "", .unavailable_reason = ""};
  }
  return {.result = u, .stats = ComputeUnitStats(u, 2)};
}

ArchivedUnit MatrixUnit(const std::string& adapter) {
  UnitResult u;
  u.ok = true;
  u.spec = {.adapter = adapter,
            .plugin_file = "/x/" + adapter + ".so",
            .tier_us = 40,
            .concurrency = 1,
            .warmup_rounds = 0,
            .measured_rounds = 3,
            .workload = "noop",
            .semantics = "",
            .semantics_value = 0};
  for (int k = 0; k < 3; ++k) u.rounds.push_back({.start_ns = 0, .wall_ns = 50'000, .tasks = {}});
  return {.result = u, .stats = ComputeUnitStats(u, 2)};
}

// thread_pool at 1,000 ns; the subject's "twin" layer at the same, its "double" at twice it.
Archive LayerArchive() {
  Archive a;
  a.subject = "subj";
  a.subject_version = "1.0";
  a.run.status = RunStatus::kComplete;
  a.environment.logical_cores = 2;
  for (const char* name : {"subj", "inline", "thread_pool"}) {
    AdapterRecord r;
    r.descriptor.name = name;
    r.gate_passed = true;
    a.adapters.push_back(r);
  }
  a.layers = {.status = "measured",
              .reason_code = "",
              .subject = "subj",
              .concurrencies = {1},
              .processes = 6,
              .rows = {}};
  a.layers.rows = {{.adapter = "inline",
                    .layer = "",
                    .description = "",
                    .bare = true,
                    .gate_passed = true,
                    .gate_reason = ""},
                   {.adapter = "thread_pool",
                    .layer = "",
                    .description = "",
                    .bare = true,
                    .gate_passed = true,
                    .gate_reason = ""},
                   {.adapter = "subj",
                    .layer = "twin",
                    .description = "d",
                    .bare = false,
                    .gate_passed = true,
                    .gate_reason = ""},
                   {.adapter = "subj",
                    .layer = "double",
                    .description = "d",
                    .bare = false,
                    .gate_passed = true,
                    .gate_reason = ""},
                   {.adapter = "subj",
                    .layer = "broken",
                    .description = "d",
                    .bare = false,
                    .gate_passed = false,
                    .gate_reason = "task 3 ran twice"}};
  a.units.push_back(MatrixUnit("subj"));
  for (uint32_t p = 0; p < 6; ++p) {
    a.units.push_back(LayerUnit("inline", "", p, 20));
    a.units.push_back(LayerUnit("thread_pool", "", p, 1000));
    a.units.push_back(LayerUnit("subj", "layer=twin", p, 1000));
    a.units.push_back(LayerUnit("subj", "layer=double", p, 2000));
  }
  a.units.push_back(LayerUnit("subj", "layer=double", 0, 2000, UnitKind::kLayerCounters));
  return a;
}

TEST(LayersTest, RangesZeroAndExtraCostOverTheRowBelow) {
  const Archive a = LayerArchive();
  absl::StatusOr<ReportModel> m = BuildReportModel(a, "results/x.json", {});
  ASSERT_TRUE(m.ok()) << m.status();
  const LayerSection& s = m->layers;
  ASSERT_EQ(s.status, "measured");
  EXPECT_EQ(s.zero_at, "thread_pool");  // its bodies ran on other threads: a pool
  EXPECT_EQ(s.zero_reason, "pool");
  ASSERT_EQ(s.tables.size(), 1u);
  const std::vector<LayerRangeRow>& rows = s.tables[0].rows;
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_LT(rows[1].best_ns, rows[1].median_ns);
  EXPECT_LT(rows[1].median_ns, rows[1].slowest_ns);
  EXPECT_NEAR(rows[1].best_rel, 0, 1e-12);  // the zero
  EXPECT_EQ(rows[1].verdict, "");           // a bare client is judged against nothing
  EXPECT_EQ(rows[2].below, "thread_pool");
  EXPECT_EQ(rows[2].verdict, "indistinguishable");
  EXPECT_EQ(rows[3].below, "subj/twin");
  EXPECT_EQ(rows[3].verdict, "slower");
  EXPECT_NEAR(rows[3].factor, 2, 0.05);
  EXPECT_NEAR(rows[3].best_rel, 1, 0.05);
  EXPECT_FALSE(rows[4].measured);
  EXPECT_EQ(rows[4].gate_reason, "task 3 ran twice");
  ASSERT_EQ(s.cost.size(), 4u);  // the rejected row has none
  EXPECT_DOUBLE_EQ(s.cost[3].allocs_per_task, 2);
  EXPECT_DOUBLE_EQ(s.cost[3].cold_alloc_calls, 16);
  EXPECT_THAT(ReportModelToJson(*m), HasSubstr("\"layers\""));
}

TEST(LayersTest, ASubjectWithoutLayersIsCarriedAsNotApplicable) {
  Archive a = LayerArchive();
  a.layers = {.status = "not_applicable",
              .reason_code = "no_layers",
              .subject = "subj",
              .concurrencies = {1},
              .processes = 6,
              .rows = {}};
  absl::StatusOr<ReportModel> m = BuildReportModel(a, "results/x.json", {});
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->layers.status, "not_applicable");
  EXPECT_EQ(m->layers.reason_code, "no_layers");
  EXPECT_TRUE(m->layers.tables.empty());
  EXPECT_THAT(ReportModelToJson(*m), HasSubstr("\"no_layers\""));
}

TEST(LayersTest, TheLayerRecordSurvivesTheArchive) {
  const Archive a = LayerArchive();
  absl::StatusOr<Archive> back = ArchiveFromJson(ArchiveToJson(a), "test");
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->layers.rows.size(), 5u);
  EXPECT_EQ(back->layers.rows[4].gate_reason, "task 3 ran twice");
  EXPECT_EQ(back->layers.rows[3].Options(), "layer=double");
  EXPECT_EQ(back->units.back().result.spec.kind, UnitKind::kLayerCounters);
  EXPECT_EQ(back->units.back().result.spec.options, "layer=double");
}

}  // namespace
}  // namespace zoo
