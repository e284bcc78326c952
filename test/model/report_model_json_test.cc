#include "core/model/report_model_json.h"

#include <cmath>
#include <limits>
#include <string>

#include "core/base/statistics.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"

namespace zoo {
namespace {

Cell MakeCell(const std::string& baseline, uint32_t concurrency, uint32_t tier_us, double ratio,
              Verdict verdict) {
  Cell c;
  c.baseline = baseline;
  c.concurrency = concurrency;
  c.tier_us = tier_us;
  c.subject_median_ns = 50'000;
  c.baseline_median_ns = 50'000 * ratio;
  c.ratio = ratio;
  c.difference = std::fabs(1 - ratio);
  c.band = 0.08;
  c.verdict = verdict;
  c.test = {.u = 12, .z = -3.1, .p_value = 0.002};
  c.text = "the two sides differ";
  return c;
}

// A small model filled by hand: two or more of each struct, the three verdict lists in an
// order that is not the cells' order, a NaN and an empty optional.
ReportModel SampleModel() {
  ReportModel m;
  m.archive_path = "results/thread_pool-1.0.0/20261130T130619Z.json";
  m.subject = "thread_pool";
  m.subject_version = "1.0.0";
  m.run.started_utc = "2026-11-30T13:06:19Z";
  m.run.finished_utc = "2026-11-30T13:07:00Z";
  m.run.wall_s = 41.5;
  m.run.status = RunStatus::kComplete;
  m.run.matrix.subject = "thread_pool";
  m.semantics.status = "measured";
  m.semantics.tier_us = 40;
  m.semantics.concurrencies = {1};
  SemanticsItemView priority;
  priority.record.item = {.name = "priority", .layer = "queue", .description = "a heap",
                          .has_clean_off = true, .off_state = "FIFO", .value_unit = "",
                          .default_value = 0, .check = "none"};
  priority.record.priced = true;
  SemanticsCost cost;
  cost.concurrency = 1;
  cost.off_unit = "thread_pool[off]/c1/40us";
  cost.on_unit = "thread_pool[priority]/c1/40us";
  cost.measured = true;
  cost.cost_ns = 1'500;
  cost.band = kNaN;
  cost.verdict = "costs";
  priority.costs.push_back(cost);
  m.semantics.items.push_back(priority);
  SemanticsItemView timeout;
  timeout.record.item.name = "timeout";
  timeout.record.item.check = "timeout";
  timeout.record.dropped_code = "check_failed";
  timeout.record.check = TimeoutCheck{.item = "timeout", .passed = false, .timeout_ns = 50,
                                      .body_ns = 500, .left_in_flight_ns = -1,
                                      .body_end_ns = 501, .detail = "does not act"};
  m.semantics.items.push_back(timeout);
  m.run.command = "zoo-host run --quick";
  m.run.units_planned = 4;
  m.run.units_measured = 3;
  m.run.units_failed = 1;
  m.environment.cpu_model = "Test CPU \"quoted\"";
  m.environment.logical_cores = 2;
  for (const char* name : {"thread_pool", "inline"}) {
    AdapterRecord a;
    a.descriptor.name = name;
    a.descriptor.version = "1.0.0";
    a.descriptor.abi_major = 1;
    a.sha256 = "00ff";
    a.gate_passed = true;
    m.adapters.push_back(a);
  }
  for (const char* name : {"thread_pool", "inline"}) {
    UnitView u;
    u.adapter = name;
    u.tier_us = 40;
    u.concurrency = 1;
    u.ok = true;
    u.per_round_end_to_end_ns = {50'000, 51'000.5};
    u.stats.overhead_ns = 1234.5;
    m.units.push_back(u);
  }
  m.units[1].stats.overhead_ns.reset();
  m.units[1].stats.overhead_withheld = "concurrency 64 exceeds the 2 logical cores";
  m.tiers_us = {40, 300};
  m.concurrencies = {1, 2};
  m.cells.push_back(MakeCell("inline", 1, 40, 0.5, Verdict::kSubjectSlower));       // 0
  m.cells.push_back(MakeCell("inline", 1, 300, 1.02, Verdict::kIndistinguishable));  // 1
  m.cells.push_back(MakeCell("inline", 2, 40, 1.5, Verdict::kSubjectFaster));        // 2
  m.cells.push_back(MakeCell("inline", 2, 300, 1.3, Verdict::kSubjectFaster));       // 3
  m.cells[1].test = {.u = 0, .z = kNaN, .p_value = kNaN};
  m.cells[3].text = "quotes \" and <script>alert('x')</script> & \\ \n tab\t é";
  m.subject_faster = {3, 2};
  m.subject_slower = {0};
  m.indistinguishable = {1};
  m.unmeasured.push_back({.baseline = "sleepy", .concurrency = 1, .tier_us = 40,
                          .reason = "the baseline's unit failed: timed out",
                          .reason_code = "baseline_failed", .failure = "timed out"});
  m.unmeasured.push_back({.baseline = "sleepy", .concurrency = 2, .tier_us = 40,
                          .reason = "no unit", .reason_code = "baseline_missing", .failure = ""});
  m.band_min = 0.03;
  m.band_max = std::numeric_limits<double>::infinity();
  m.share_threshold = 0.15;
  m.share_thresholds.push_back({.concurrency = 1, .tier_us = 300, .share_at_tier = 0.1,
                                .cells = {"thread_pool/c1/300us"}, .text = "from 300 us",
                                .message = {"share_threshold.found", {{"tier_us", "300"}}}});
  m.share_thresholds.push_back({.concurrency = 2, .tier_us = std::nullopt, .share_at_tier = kNaN,
                                .cells = {}, .text = "never below 15%", .message = {}});
  m.crossovers.push_back({.baseline = "inline", .concurrency = 1, .kind = CrossoverKind::kCrossover,
                          .tier_us = 300, .last_faster_tier_us = 40, .faster_tiers_us = {40},
                          .cells = {"inline/c1/40us", "inline/c1/300us"}, .text = "crosses",
                          .message = {"crossover.crossover", {{"baseline", "inline"}}}});
  m.crossovers.push_back({.baseline = "inline", .concurrency = 2,
                          .kind = CrossoverKind::kNeverFaster, .tier_us = 0,
                          .last_faster_tier_us = 0, .faster_tiers_us = {}, .cells = {},
                          .text = "never faster", .message = {}});
  m.scaling.push_back({.adapter = "thread_pool", .tier_us = 40, .concurrencies = {1, 2},
                       .throughput_per_s = {20'000, kNaN}, .keeps_rising = false,
                       .text = "rises 1->2", .steps = {{.from = 1, .to = 2, .trend = "rises"}}});
  m.scaling.push_back({.adapter = "inline", .tier_us = 40, .concurrencies = {1, 2},
                       .throughput_per_s = {25'000, 25'100}, .keeps_rising = false,
                       .text = "flat 1->2", .steps = {}});
  AttributionSample sample;
  sample.tier_us = 40;
  sample.concurrency = 1;
  sample.adapters.push_back({.adapter = "thread_pool", .submit_ns = 100, .handoff_ns = 20'000,
                             .body_ns = 40'000, .return_ns = 300, .measurable = true,
                             .not_measurable_reason = "", .not_measurable_code = ""});
  sample.adapters.push_back({.adapter = "inline", .submit_ns = 40'000, .handoff_ns = kNaN,
                             .body_ns = 40'000, .return_ns = 0, .measurable = false,
                             .not_measurable_reason = "runs in submit",
                             .not_measurable_code = "no_timestamps"});
  sample.excess.push_back({.baseline = "inline", .total_excess_ns = 20'000,
                           .largest_segment = "handoff", .largest_segment_excess_ns = 20'000,
                           .text = "mostly handoff"});
  m.attribution.push_back(sample);
  sample.concurrency = 2;
  m.attribution.push_back(sample);
  m.unfavourable.push_back({.baseline = "inline", .cells_lost = 1, .worst_factor = 2.0,
                            .worst_cell = "inline/c1/40us", .cells = {"inline/c1/40us"}});
  m.unfavourable.push_back({.baseline = "sleepy", .cells_lost = 0, .worst_factor = kNaN,
                            .worst_cell = "", .cells = {}});
  m.conclusions.push_back({.kind = "best_win", .text = "1.5x at c2", .cells = {"inline/c2/40us"},
                           .message = {"best_win", {{"factor", "1.50×"}, {"baseline", "<b>"}}}});
  m.conclusions.push_back({.kind = "crossover", .text = "crosses", .cells = {}, .message = {}});
  m.self_checks.passed = false;
  m.self_checks.checks.push_back({.name = "process_isolation", .passed = true, .detail = "4",
                                   .message = {"self_check.process_isolation.passed", {}}});
  m.self_checks.checks.push_back({.name = "overhead_constancy", .passed = false, .detail = "9x", .message = {}});
  m.self_checks.withheld_units = {"inline/c2/40us: concurrency exceeds the cores"};
  m.cost.status = "measured";
  m.cost.reason_code = "";
  m.cost.concurrencies = {1, 2};
  m.cost.counters_status = "partial";
  m.cost.counters_reason_code = "not_permitted";
  m.cost.counters_reason = "EACCES: perf_event_paranoid is 3";
  CostRow row;
  row.adapter = "inline";
  row.concurrency = 2;
  row.unit = "inline{counters}/c2/0us";
  row.ok = true;
  row.tasks = 10;
  row.alloc_calls = {.available = true, .total = 30, .per_task = 3, .unavailable_code = "",
                     .unavailable_reason = ""};
  row.alloc_bytes = {.available = true, .total = 1'920, .per_task = 192, .unavailable_code = "",
                     .unavailable_reason = ""};
  row.instructions = {.available = true, .total = 18'434'000'000'123ULL, .per_task = 1843.4,
                      .unavailable_code = "", .unavailable_reason = ""};
  row.cpu_migrations = {.available = false, .total = 0, .per_task = 0,
                        .unavailable_code = "not_permitted",
                        .unavailable_reason = "EACCES: perf_event_paranoid is 3"};
  m.cost.rows.push_back(row);
  ColdStart cold;
  cold.adapter = "inline";
  cold.unit = "inline{counters}/c1/0us";
  cold.ok = true;
  cold.setup_ns = 250'000;
  cold.first_task_ns = kNaN;
  cold.alloc_calls = {.available = true, .total = 17, .per_task = 17, .unavailable_code = "",
                      .unavailable_reason = ""};
  m.cost.cold_start.push_back(cold);
  m.cost.callgrind_status = "measured";
  m.cost.callgrind_version = "valgrind-3.19.0";
  m.cost.callgrind.push_back({.adapter = "inline", .concurrency = 1, .tier_us = 0,
                              .unit = "inline/c1/0us", .ok = false,
                              .failure = "valgrind exited with status 1", .tasks = 5,
                              .instructions = 0, .instructions_per_task = kNaN,
                              .repeat_available = false, .repeat_instructions = 0,
                              .repeat_unavailable_reason = "", .repeats_exactly = false,
                              .repeat_difference = 0,
                              .cold_start = {.available = false, .total = 0, .per_task = 0,
                                             .unavailable_code = "unit_failed",
                                             .unavailable_reason = "the unit failed"}});
  return m;
}

rapidjson::Document Parse(const std::string& text) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseFullPrecisionFlag>(text.data(), text.size());
  EXPECT_FALSE(doc.HasParseError()) << text;
  EXPECT_TRUE(doc.IsObject());
  return doc;
}

std::vector<uint64_t> Indices(const rapidjson::Value& v) {
  std::vector<uint64_t> out;
  for (const rapidjson::Value& x : v.GetArray()) out.push_back(x.GetUint64());
  return out;
}

TEST(ReportModelJsonTest, NamesItsSchemaAndVersion) {
  const rapidjson::Document doc = Parse(ReportModelToJson(SampleModel()));
  ASSERT_TRUE(doc.HasMember("schema"));
  EXPECT_STREQ(doc["schema"].GetString(), "zoo-host-report-model");
  ASSERT_TRUE(doc.HasMember("model_version"));
  EXPECT_EQ(doc["model_version"].GetInt(), kReportModelVersion);
}

TEST(ReportModelJsonTest, HasEveryTopLevelFieldInOrder) {
  const rapidjson::Document doc = Parse(ReportModelToJson(SampleModel()));
  const std::vector<std::string> expected = {
      "schema", "model_version", "archive_path", "subject", "subject_version", "measured_subject", "run",
      "environment", "noise", "adapters", "units", "process_units", "tiers_us",
      "concurrencies", "cells", "subject_faster", "subject_slower", "indistinguishable",
      "floor_cells", "harness_floor_ns", "harness_floor_processes", "within_harness_floor",
      "verdict_method", "unmeasured", "detectable", "band_min",
      "band_max", "share_threshold", "share_thresholds", "crossovers", "scaling",
      "attribution", "unfavourable", "conclusions", "rankings", "picks", "semantics", "cost", "machine_noise",
      "self_checks"};
  std::vector<std::string> keys;
  for (const auto& member : doc.GetObject()) keys.emplace_back(member.name.GetString());
  EXPECT_EQ(keys, expected);
  EXPECT_STREQ(doc["archive_path"].GetString(),
               "results/thread_pool-1.0.0/20261130T130619Z.json");
  EXPECT_STREQ(doc["subject"].GetString(), "thread_pool");
  EXPECT_STREQ(doc["subject_version"].GetString(), "1.0.0");
  EXPECT_EQ(doc["tiers_us"].Size(), 2u);
  EXPECT_EQ(doc["concurrencies"][1].GetUint(), 2u);
  // How the verdicts were reached, enough to reproduce every interval from the archive.
  const auto& method = doc["verdict_method"];
  ASSERT_TRUE(method.IsObject());
  EXPECT_DOUBLE_EQ(method["threshold"].GetDouble(), 0.03);
  EXPECT_EQ(method["resamples"].GetInt(), 2000);
  EXPECT_DOUBLE_EQ(method["level_trim"].GetDouble(), 0.2);
  EXPECT_STREQ(method["seed"].GetString(), "0x7a6f6f2d686f7374");
  EXPECT_DOUBLE_EQ(doc["share_threshold"].GetDouble(), 0.15);
  EXPECT_FALSE(doc["self_checks"]["passed"].GetBool());
  EXPECT_EQ(doc["self_checks"]["checks"].Size(), 2u);
  EXPECT_EQ(doc["self_checks"]["withheld_units"].Size(), 1u);
}

TEST(ReportModelJsonTest, SemanticsCarriesItemsChecksAndCosts) {
  const rapidjson::Document doc = Parse(ReportModelToJson(SampleModel()));
  const rapidjson::Value& s = doc["semantics"];
  EXPECT_STREQ(s["status"].GetString(), "measured");
  ASSERT_EQ(s["items"].Size(), 2u);
  const rapidjson::Value& priority = s["items"][0];
  EXPECT_STREQ(priority["item"]["name"].GetString(), "priority");
  EXPECT_TRUE(priority["check"].IsNull());
  ASSERT_EQ(priority["costs"].Size(), 1u);
  EXPECT_DOUBLE_EQ(priority["costs"][0]["cost_ns"].GetDouble(), 1'500);
  EXPECT_TRUE(priority["costs"][0]["band"].IsNull());  // NaN
  EXPECT_STREQ(priority["costs"][0]["on_unit"].GetString(), "thread_pool[priority]/c1/40us");
  const rapidjson::Value& timeout = s["items"][1];
  EXPECT_STREQ(timeout["dropped_code"].GetString(), "check_failed");
  EXPECT_EQ(timeout["check"]["left_in_flight_ns"].GetInt64(), -1);
  EXPECT_EQ(timeout["costs"].Size(), 0u);
}

TEST(ReportModelJsonTest, CostCarriesRowsColdStartAndCallgrindWithFieldNamesVerbatim) {
  const rapidjson::Document doc = Parse(ReportModelToJson(SampleModel()));
  const rapidjson::Value& cost = doc["cost"];
  std::vector<std::string> keys;
  for (const auto& member : cost.GetObject()) keys.emplace_back(member.name.GetString());
  EXPECT_EQ(keys, (std::vector<std::string>{"status", "reason_code", "workload", "tier_us",
                                            "concurrencies", "rows", "cold_start",
                                            "counters_status", "counters_reason_code",
                                            "counters_reason", "callgrind_status",
                                            "callgrind_version", "callgrind", "messages"}));
  EXPECT_STREQ(cost["status"].GetString(), "measured");
  EXPECT_STREQ(cost["workload"].GetString(), "noop");
  EXPECT_EQ(cost["concurrencies"][1].GetUint(), 2u);
  EXPECT_STREQ(cost["counters_status"].GetString(), "partial");
  EXPECT_STREQ(cost["counters_reason"].GetString(), "EACCES: perf_event_paranoid is 3");

  ASSERT_EQ(cost["rows"].Size(), 1u);
  const rapidjson::Value& row = cost["rows"][0];
  EXPECT_STREQ(row["unit"].GetString(), "inline{counters}/c2/0us");
  EXPECT_EQ(row["tasks"].GetUint64(), 10u);
  const rapidjson::Value& calls = row["alloc_calls"];
  keys.clear();
  for (const auto& member : calls.GetObject()) keys.emplace_back(member.name.GetString());
  EXPECT_EQ(keys, (std::vector<std::string>{"available", "total", "per_task", "unavailable_code",
                                            "unavailable_reason"}));
  EXPECT_TRUE(calls["available"].GetBool());
  EXPECT_EQ(calls["total"].GetUint64(), 30u);
  EXPECT_DOUBLE_EQ(calls["per_task"].GetDouble(), 3);
  EXPECT_EQ(row["instructions"]["total"].GetUint64(), 18'434'000'000'123ULL) << "64-bit totals";
  EXPECT_DOUBLE_EQ(row["instructions"]["per_task"].GetDouble(), 1843.4);
  EXPECT_FALSE(row["cpu_migrations"]["available"].GetBool());
  EXPECT_STREQ(row["cpu_migrations"]["unavailable_code"].GetString(), "not_permitted");
  EXPECT_FALSE(row["cycles"]["available"].GetBool()) << "a default count is unavailable";
  for (const char* count : {"alloc_bytes", "context_switches"}) {
    EXPECT_TRUE(row.HasMember(count)) << count;
  }

  ASSERT_EQ(cost["cold_start"].Size(), 1u);
  const rapidjson::Value& cold = cost["cold_start"][0];
  EXPECT_DOUBLE_EQ(cold["setup_ns"].GetDouble(), 250'000);
  EXPECT_TRUE(cold["first_task_ns"].IsNull()) << "NaN";
  EXPECT_EQ(cold["alloc_calls"]["total"].GetUint64(), 17u);
  EXPECT_TRUE(cold.HasMember("alloc_bytes"));

  EXPECT_STREQ(cost["callgrind_status"].GetString(), "measured");
  EXPECT_STREQ(cost["callgrind_version"].GetString(), "valgrind-3.19.0");
  ASSERT_EQ(cost["callgrind"].Size(), 1u);
  const rapidjson::Value& cg = cost["callgrind"][0];
  EXPECT_FALSE(cg["ok"].GetBool());
  EXPECT_STREQ(cg["failure"].GetString(), "valgrind exited with status 1");
  EXPECT_EQ(cg["tasks"].GetUint64(), 5u);
  EXPECT_TRUE(cg["instructions_per_task"].IsNull());
}

TEST(ReportModelJsonTest, ADefaultCostSaysNotRunNotRecorded) {
  const rapidjson::Document doc = Parse(ReportModelToJson(ReportModel{}));
  EXPECT_STREQ(doc["cost"]["status"].GetString(), "not_run");
  EXPECT_STREQ(doc["cost"]["reason_code"].GetString(), "not_recorded");
  EXPECT_STREQ(doc["cost"]["callgrind_status"].GetString(), "not_run");
  EXPECT_EQ(doc["cost"]["rows"].Size(), 0u);
}

TEST(ReportModelJsonTest, RunEnvironmentAndAdaptersKeepTheArchiveLayout) {
  const rapidjson::Document doc = Parse(ReportModelToJson(SampleModel()));
  const rapidjson::Value& run = doc["run"];
  EXPECT_STREQ(run["status"].GetString(), "complete");
  EXPECT_DOUBLE_EQ(run["wall_s"].GetDouble(), 41.5);
  EXPECT_EQ(run["units_failed"].GetUint(), 1u);
  ASSERT_TRUE(run.HasMember("matrix"));
  EXPECT_STREQ(run["matrix"]["subject"].GetString(), "thread_pool");
  EXPECT_STREQ(doc["environment"]["cpu_model"].GetString(), "Test CPU \"quoted\"");
  EXPECT_EQ(doc["environment"]["logical_cores"].GetUint(), 2u);
  ASSERT_EQ(doc["adapters"].Size(), 2u);
  EXPECT_STREQ(doc["adapters"][0]["name"].GetString(), "thread_pool");
  EXPECT_STREQ(doc["adapters"][0]["abi"].GetString(), "1.0");
  EXPECT_TRUE(doc["adapters"][1]["gate"]["passed"].GetBool());
}

TEST(ReportModelJsonTest, VerdictListsHoldTheIndicesGiven) {
  const ReportModel m = SampleModel();
  const rapidjson::Document doc = Parse(ReportModelToJson(m));
  EXPECT_EQ(Indices(doc["subject_faster"]), (std::vector<uint64_t>{3, 2}));
  EXPECT_EQ(Indices(doc["subject_slower"]), (std::vector<uint64_t>{0}));
  EXPECT_EQ(Indices(doc["indistinguishable"]), (std::vector<uint64_t>{1}));
  // The indices point at the cells they name, with their verdicts as names.
  const rapidjson::Value& cells = doc["cells"];
  ASSERT_EQ(cells.Size(), 4u);
  EXPECT_STREQ(cells[3]["verdict"].GetString(), "subject_faster");
  EXPECT_STREQ(cells[0]["verdict"].GetString(), "subject_slower");
  EXPECT_STREQ(cells[1]["verdict"].GetString(), "indistinguishable");
  EXPECT_EQ(cells[0]["id"].GetString(), m.cells[0].id());
  EXPECT_STREQ(cells[0]["baseline"].GetString(), "inline");
  EXPECT_EQ(cells[2]["concurrency"].GetUint(), 2u);
  EXPECT_EQ(cells[2]["tier_us"].GetUint(), 40u);
  EXPECT_DOUBLE_EQ(cells[0]["ratio"].GetDouble(), 0.5);
  EXPECT_DOUBLE_EQ(cells[0]["test"]["p_value"].GetDouble(), 0.002);
  EXPECT_DOUBLE_EQ(cells[0]["test"]["u"].GetDouble(), 12);
  EXPECT_STREQ(doc["crossovers"][0]["kind"].GetString(),
               CrossoverKindName(CrossoverKind::kCrossover));
  EXPECT_STREQ(doc["crossovers"][1]["kind"].GetString(),
               CrossoverKindName(CrossoverKind::kNeverFaster));
}

TEST(ReportModelJsonTest, NaNAndInfinityBecomeNull) {
  const rapidjson::Document doc = Parse(ReportModelToJson(SampleModel()));
  EXPECT_TRUE(doc["cells"][1]["test"]["p_value"].IsNull());
  EXPECT_TRUE(doc["cells"][1]["test"]["z"].IsNull());
  EXPECT_TRUE(doc["band_max"].IsNull());  // +inf
  EXPECT_TRUE(doc["scaling"][0]["throughput_per_s"][1].IsNull());
  EXPECT_DOUBLE_EQ(doc["scaling"][0]["throughput_per_s"][0].GetDouble(), 20'000);
  EXPECT_TRUE(doc["attribution"][0]["adapters"][1]["handoff_ns"].IsNull());
  EXPECT_TRUE(doc["unfavourable"][1]["worst_factor"].IsNull());
  EXPECT_TRUE(doc["share_thresholds"][1]["share_at_tier"].IsNull());
}

TEST(ReportModelJsonTest, EmptyOptionalBecomesNull) {
  const rapidjson::Document doc = Parse(ReportModelToJson(SampleModel()));
  EXPECT_EQ(doc["share_thresholds"][0]["tier_us"].GetUint(), 300u);
  EXPECT_TRUE(doc["share_thresholds"][1]["tier_us"].IsNull());
  EXPECT_DOUBLE_EQ(doc["units"][0]["stats"]["overhead_ns"].GetDouble(), 1234.5);
  EXPECT_TRUE(doc["units"][1]["stats"]["overhead_ns"].IsNull());
  EXPECT_STREQ(doc["units"][1]["stats"]["overhead_withheld"].GetString(),
               "concurrency 64 exceeds the 2 logical cores");
}

TEST(ReportModelJsonTest, UnitsCarryTheirIdAndSamples) {
  const rapidjson::Document doc = Parse(ReportModelToJson(SampleModel()));
  const rapidjson::Value& u = doc["units"][0];
  EXPECT_STREQ(u["id"].GetString(), "thread_pool/c1/40us");
  EXPECT_STREQ(u["adapter"].GetString(), "thread_pool");
  EXPECT_TRUE(u["ok"].GetBool());
  ASSERT_EQ(u["per_round_end_to_end_ns"].Size(), 2u);
  EXPECT_DOUBLE_EQ(u["per_round_end_to_end_ns"][1].GetDouble(), 51'000.5);
}

// A process's CPU time per task is in its process unit where its rounds recorded it, and
// nowhere else: the model of an archive from before it stays as it was. The machine's caches,
// clock and load go along with the environment, which the gbench export's context reads.
TEST(ReportModelJsonTest, ProcessUnitsCarryCpuTimeOnlyWhereRecorded) {
  ReportModel m = SampleModel();
  m.process_units = m.units;
  m.process_units[0].stats.cpu_per_task_ns = Summarize({30'000, 31'000, 35'000});
  m.environment.caches = {{.type = "Data", .level = 1, .size_bytes = 32768, .num_sharing = 1}};
  m.environment.mhz_per_cpu = 2445.404;
  m.environment.load_avg = {1.5, 0.75, 0.25};
  const rapidjson::Document doc = Parse(ReportModelToJson(m));
  const rapidjson::Value& processes = doc["process_units"];
  ASSERT_EQ(processes.Size(), 2u);
  ASSERT_TRUE(processes[0].HasMember("cpu_per_task_median_ns"));
  EXPECT_DOUBLE_EQ(processes[0]["cpu_per_task_median_ns"].GetDouble(), 31'000);
  EXPECT_FALSE(processes[1].HasMember("cpu_per_task_median_ns"));
  const rapidjson::Value& env = doc["environment"];
  ASSERT_EQ(env["caches"].Size(), 1u);
  EXPECT_EQ(env["caches"][0]["size"].GetUint64(), 32768u);
  EXPECT_DOUBLE_EQ(env["mhz_per_cpu"].GetDouble(), 2445.404);
  EXPECT_EQ(env["load_avg"].Size(), 3u);
  const rapidjson::Document before = Parse(ReportModelToJson(SampleModel()));
  for (const char* key : {"caches", "mhz_per_cpu", "load_avg"}) {
    EXPECT_FALSE(before["environment"].HasMember(key)) << key;
  }
}

TEST(ReportModelJsonTest, StringsSurviveExactly) {
  const ReportModel m = SampleModel();
  const rapidjson::Document doc = Parse(ReportModelToJson(m));
  const rapidjson::Value& text = doc["cells"][3]["text"];
  EXPECT_EQ(std::string(text.GetString(), text.GetStringLength()), m.cells[3].text);
}

TEST(ReportModelJsonTest, SameModelSameBytes) {
  const std::string a = ReportModelToJson(SampleModel());
  const std::string b = ReportModelToJson(SampleModel());
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.find('\n'), std::string::npos) << "compact: one line";
}

TEST(ReportModelJsonTest, EmptyModelIsValid) {
  const rapidjson::Document doc = Parse(ReportModelToJson(ReportModel{}));
  EXPECT_TRUE(doc["cells"].IsArray());
  EXPECT_EQ(doc["cells"].Size(), 0u);
  EXPECT_TRUE(doc["self_checks"]["passed"].GetBool());
}

TEST(ReportModelJsonTest, CostMessagesAreWrittenAsCodeAndArgs) {
  ReportModel model = SampleModel();
  model.cost.messages.push_back(
      {"cost.callgrind_times_meaningless", {{"tool", "valgrind-3.19.0"}}});
  const rapidjson::Document doc = Parse(ReportModelToJson(model));
  const rapidjson::Value& messages = doc["cost"]["messages"];
  ASSERT_EQ(messages.Size(), 1u);
  EXPECT_STREQ(messages[0]["message"]["code"].GetString(), "cost.callgrind_times_meaningless");
  EXPECT_STREQ(messages[0]["message"]["args"]["tool"].GetString(), "valgrind-3.19.0");
}

}  // namespace
}  // namespace zoo
