// The scheduling-semantics dimension: probing decides (never a version string), the timeout
// item is checked by behaviour before it is priced, items without a clean off state are
// dropped with their reason, and each priced item's cost is on minus off with its band.
#include <algorithm>
#include <chrono>

#include "core/archive/semantics_record.h"
#include "core/base/sysinfo.h"
#include "core/measure/unit_worker.h"
#include "core/model/report_model.h"
#include "core/worker/semantics_runner.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;
using zoo::testing::BuiltinPlugin;
using zoo::testing::HostBinary;
using zoo::testing::TestPlugin;

constexpr std::chrono::seconds kProbeDeadline{120};

// The probe in its child, told this process's core count as a run's parent tells it.
absl::StatusOr<SemanticsProbe> ProbeInChild(const std::filesystem::path& plugin) {
  return RunSemanticsProbeInChild(HostBinary(), plugin, std::max(1u, LogicalCores()),
                                  kProbeDeadline);
}

const SemanticsItemRecord* Item(const SemanticsRecord& r, const std::string& name) {
  for (const SemanticsItemRecord& i : r.items) {
    if (i.item.name == name) return &i;
  }
  return nullptr;
}

TEST(SemanticsTest, TheReferenceSubjectOffersItsItemsAndItsTimeoutActs) {
  absl::StatusOr<SemanticsProbe> probe =
      ProbeInChild(BuiltinPlugin("zoo_scheduler"));
  ASSERT_TRUE(probe.ok()) << probe.status();
  EXPECT_TRUE(probe->has_extension);
  EXPECT_EQ(probe->problem, "");
  const SemanticsRecord r = PlanSemantics(probe, "zoo_scheduler", 40, {1, 2});
  EXPECT_EQ(r.status, "measured");
  ASSERT_NE(Item(r, "priority"), nullptr);
  ASSERT_NE(Item(r, "retry"), nullptr);
  ASSERT_NE(Item(r, "timeout"), nullptr);
  EXPECT_TRUE(Item(r, "priority")->priced);
  // The timeout's check ran: the task left the table near the 50 ms timeout, long before the
  // 500 ms body ended (a 4.5x margin: scheduling noise cannot fake or hide it).
  const SemanticsItemRecord& timeout = *Item(r, "timeout");
  ASSERT_TRUE(timeout.check.has_value());
  EXPECT_TRUE(timeout.check->passed) << timeout.check->detail;
  EXPECT_TRUE(timeout.priced);
  EXPECT_GE(timeout.check->left_in_flight_ns, timeout.check->timeout_ns / 2);
  EXPECT_LT(timeout.check->left_in_flight_ns, timeout.check->body_end_ns);
  // The in-flight table is always on: dropped, quoting the plugin's own reason.
  const SemanticsItemRecord* table = Item(r, "in_flight_table");
  ASSERT_NE(table, nullptr);
  EXPECT_FALSE(table->priced);
  EXPECT_EQ(table->dropped_code, "no_clean_off");
  EXPECT_FALSE(table->dropped_reason.empty());
}

TEST(SemanticsTest, ATimeoutThatDoesNotActAndAnItemWithoutACleanOffAreDropped) {
  absl::StatusOr<SemanticsProbe> probe =
      ProbeInChild(TestPlugin("idle_timeout"));
  ASSERT_TRUE(probe.ok()) << probe.status();
  ASSERT_EQ(probe->checks.size(), 1u);
  EXPECT_FALSE(probe->checks[0].passed);
  EXPECT_THAT(probe->checks[0].detail, HasSubstr("does not act"));
  const SemanticsRecord r = PlanSemantics(probe, "idle_timeout", 40, {1});
  EXPECT_EQ(r.status, "not_applicable");
  EXPECT_EQ(r.reason_code, "nothing_to_price");
  EXPECT_EQ(Item(r, "timeout")->dropped_code, "check_failed");
  EXPECT_THAT(Item(r, "timeout")->dropped_reason, HasSubstr("does not act"));
  EXPECT_EQ(Item(r, "tangled")->dropped_code, "no_clean_off");
  EXPECT_THAT(Item(r, "tangled")->dropped_reason, HasSubstr("hides the flag"));
}

TEST(SemanticsTest, ASubjectWithoutTheExtensionIsNotApplicableWithTheReason) {
  absl::StatusOr<SemanticsProbe> probe =
      ProbeInChild(BuiltinPlugin("thread_pool"));
  ASSERT_TRUE(probe.ok()) << probe.status();
  EXPECT_FALSE(probe->has_extension);
  const SemanticsRecord r = PlanSemantics(probe, "thread_pool", 40, {1});
  EXPECT_EQ(r.status, "not_applicable");
  EXPECT_EQ(r.reason_code, "no_extension");
  EXPECT_THAT(r.reason, HasSubstr("thread_pool offers no zoo.semantics/1"));

  const SemanticsRecord failed =
      PlanSemantics(absl::InternalError("crashed with signal SIGSEGV"), "x", 40, {1});
  EXPECT_EQ(failed.status, "probe_failed");
  EXPECT_THAT(failed.reason, HasSubstr("SIGSEGV"));
}

UnitSpec SemanticsUnit(const std::string& adapter, const std::string& item) {
  return {.adapter = adapter, .plugin_file = BuiltinPlugin(adapter).string(), .tier_us = 40,
          .concurrency = 2, .warmup_rounds = 1, .measured_rounds = 3, .workload = "noop",
          .semantics = item, .semantics_value = item == "timeout" ? 1'000'000'000 : 3};
}

TEST(SemanticsTest, AUnitSwitchesItsItemOnAndRefusesAnUnknownOne) {
  for (const char* item : {"off", "priority", "timeout", "retry"}) {
    const UnitResult r = MeasureUnit(SemanticsUnit("zoo_scheduler", item), nullptr);
    EXPECT_TRUE(r.ok) << item << ": " << r.failure;
    EXPECT_EQ(r.rounds.size(), 3u) << item;
  }
  const UnitResult unknown = MeasureUnit(SemanticsUnit("zoo_scheduler", "telepathy"), nullptr);
  EXPECT_FALSE(unknown.ok);
  EXPECT_THAT(unknown.failure, HasSubstr("has no semantics item 'telepathy'"));
  const UnitResult dirty = MeasureUnit(SemanticsUnit("zoo_scheduler", "in_flight_table"), nullptr);
  EXPECT_TRUE(dirty.ok) << "switching the always-on table on is allowed: " << dirty.failure;
  const UnitResult none = MeasureUnit(SemanticsUnit("thread_pool", "off"), nullptr);
  EXPECT_FALSE(none.ok);
  EXPECT_THAT(none.failure, HasSubstr("offers no zoo.semantics/1 extension"));
}

// A unit of `semantics` with flat rounds of `e2e_ns` per task (relative spread 0) or the
// given rounds.
ArchivedUnit PricedUnit(const std::string& semantics, uint32_t c, std::vector<double> e2e_ns) {
  UnitResult u;
  u.ok = true;
  u.spec = {.adapter = "subj", .plugin_file = "/x/subj.so", .tier_us = 40, .concurrency = c,
            .warmup_rounds = 0, .measured_rounds = static_cast<uint32_t>(e2e_ns.size()),
            .workload = "json", .semantics = semantics, .semantics_value = 0,
            .kind = semantics.empty() ? UnitKind::kTimed : UnitKind::kSemantics};
  for (double e2e : e2e_ns) {
    RoundSample r{.start_ns = 0, .wall_ns = static_cast<int64_t>(e2e * c), .tasks = {}};
    for (uint32_t i = 0; i < c; ++i) {
      r.tasks.push_back({.submit_call_ns = 0, .submit_return_ns = 1'000, .body_start_ns = 2'000,
                         .body_end_ns = 32'000, .completed_ns = 33'000, .executor_pid = 7});
    }
    u.rounds.push_back(std::move(r));
  }
  return {.result = u, .stats = ComputeUnitStats(u, 2)};
}

TEST(SemanticsTest, EachItemIsPricedAsOnMinusOffWithTheBandAndKeptOutOfTheMainMatrix) {
  Archive a;
  a.subject = "subj";
  a.run.status = RunStatus::kComplete;
  a.environment.logical_cores = 2;
  a.adapters.push_back({.descriptor = {.name = "subj", .version = "", .description = "",
                                       .kind = "", .caliber_notes = "", .drive_level = "",
                                       .abi_major = 1, .abi_minor = 0, .file = ""},
                        .sha256 = "", .build = std::nullopt, .gate_passed = true, .gate_reason = ""});
  a.semantics.status = "measured";
  a.semantics.reason_code = "";
  a.semantics.tier_us = 40;
  a.semantics.concurrencies = {1};
  for (const char* name : {"priority", "retry", "noisy"}) {
    a.semantics.items.push_back({.item = {.name = name, .layer = "queue", .description = "",
                                          .has_clean_off = true, .off_state = "",
                                          .value_unit = "", .default_value = 0, .check = "none"},
                                 .priced = true, .dropped_code = "", .dropped_reason = "",
                                 .check = std::nullopt});
  }
  a.units = {PricedUnit("", 1, {50'000, 50'000, 50'000}),  // the main matrix
             PricedUnit("off", 1, {40'000, 40'000, 40'000}),
             PricedUnit("priority", 1, {46'000, 46'000, 46'000}),
             PricedUnit("retry", 1, {40'100, 40'100, 40'100}),
             PricedUnit("noisy", 1, {30'000, 60'000, 45'000})};
  absl::StatusOr<ReportModel> m = BuildReportModel(a, "results/x.json");
  ASSERT_TRUE(m.ok()) << m.status();
  // The main matrix sees one unit at one tier and concurrency: the semantics units stay out.
  EXPECT_EQ(m->tiers_us, std::vector<uint32_t>{40});
  EXPECT_EQ(m->concurrencies, std::vector<uint32_t>{1});
  EXPECT_TRUE(m->cells.empty());
  EXPECT_EQ(m->units.size(), 5u);
  EXPECT_EQ(m->units[2].id(), "subj[priority]/c1/40us");

  ASSERT_EQ(m->semantics.items.size(), 3u);
  const SemanticsCost& priority = m->semantics.items[0].costs.at(0);
  EXPECT_TRUE(priority.measured);
  EXPECT_NEAR(priority.cost_ns, 6'000, 1e-6);
  EXPECT_EQ(priority.verdict, "costs");  // 15%, flat rounds: beyond the 3% threshold
  EXPECT_EQ(priority.off_unit, "subj[off]/c1/40us");
  EXPECT_EQ(priority.on_unit, "subj[priority]/c1/40us");
  const SemanticsCost& retry = m->semantics.items[1].costs.at(0);
  EXPECT_NEAR(retry.cost_ns, 100, 1e-6);
  // Flat rounds, but 0.25% is below the threshold a verdict needs: no price is claimed.
  EXPECT_EQ(retry.verdict, "no_measurable_cost");
  const SemanticsCost& noisy = m->semantics.items[2].costs.at(0);
  EXPECT_GT(noisy.band, 0.2);
  EXPECT_EQ(noisy.verdict, "no_measurable_cost");  // the interval straddles both thresholds
  EXPECT_LT(noisy.cost_low_ns, 0);
  EXPECT_GT(noisy.cost_high_ns, 0);

  // A missing unit (an interrupted run) is reported as not measured, never as a price.
  a.units.pop_back();
  absl::StatusOr<ReportModel> partial = BuildReportModel(a, "results/x.json");
  ASSERT_TRUE(partial.ok());
  const SemanticsCost& missing = partial->semantics.items[2].costs.at(0);
  EXPECT_FALSE(missing.measured);
  EXPECT_EQ(missing.reason_code, "on_missing");
}

}  // namespace
}  // namespace zoo
