// The cost of code, measured: allocation counts that read back exactly what a test adapter
// allocates, kernel counters that are numbers or say why not, callgrind instruction counts
// that repeat exactly, cost units that stay out of the cells, and counts that survive the
// archive.
#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/archive/archive.h"
#include "core/archive/unit_json.h"
#include "core/measure/alloc_counting.h"
#include "core/measure/callgrind.h"
#include "core/model/report_model.h"
#include "core/worker/child_process.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"
#include "test/zoo_host_cli.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;
using ::testing::AnyOf;
using ::testing::Eq;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::zoo::testing::CliRun;
using ::zoo::testing::HostBinary;
using ::zoo::testing::TempDir;
using ::zoo::testing::TestPlugin;
using ::zoo::testing::ZooHost;

constexpr uint64_t kBlocks = 3;       // allocating_inline's mallocs per submit()
constexpr uint64_t kBlockBytes = 48;  // and their size

fs::path OnlyArchive(const fs::path& results) {
  std::vector<fs::path> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(results, ec);
       !ec && it != fs::recursive_directory_iterator(); ++it) {
    if (it.depth() == 1 && it->path().extension() == ".json") found.push_back(it->path());
  }
  return found.size() == 1 ? found[0] : fs::path();
}

const ArchivedUnit* CostUnit(const Archive& a, const std::string& adapter, uint32_t c) {
  for (const ArchivedUnit& u : a.units) {
    const UnitSpec& s = u.result.spec;
    if (s.adapter == adapter && s.concurrency == c && s.kind == UnitKind::kCounters) return &u;
  }
  return nullptr;
}

// A small run of allocating_inline (subject) against inline, with its cost units: one process
// a cell and no scenarios, which these tests do not read.
class CostRunTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    const fs::path results = dir_->path() / "results";
    CliRun r = ZooHost({"run", "--plugin", TestPlugin("allocating_inline").string(), "--subject",
                        "allocating_inline", "--adapters", "allocating_inline,inline",
                        "--concurrency", "1,2", "--tiers", "40", "--warmup", "1", "--rounds",
                        "6", "--workload", "noop", "--scenarios", "none", "--processes", "1",
                        "--cell-budget", "0", "--no-report", "--results", results.string()});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    absl::StatusOr<Archive> a = ReadArchive(OnlyArchive(results));
    ASSERT_TRUE(a.ok()) << a.status();
    archive_ = new Archive(*std::move(a));
  }
  static void TearDownTestSuite() {
    delete archive_;
    delete dir_;
  }
  static TempDir* dir_;
  static Archive* archive_;
};
TempDir* CostRunTest::dir_ = nullptr;
Archive* CostRunTest::archive_ = nullptr;

TEST_F(CostRunTest, TheArchiveRecordsOneCountersUnitPerAdapterAndConcurrency) {
  ASSERT_NE(archive_, nullptr);
  EXPECT_EQ(archive_->cost.status, "measured");
  EXPECT_EQ(archive_->cost.workload, "noop");
  EXPECT_THAT(archive_->cost.concurrencies, ::testing::ElementsAre(1u, 2u));
  for (const char* adapter : {"allocating_inline", "inline"}) {
    for (uint32_t c : {1u, 2u}) {
      const ArchivedUnit* u = CostUnit(*archive_, adapter, c);
      ASSERT_NE(u, nullptr) << adapter << " c" << c;
      EXPECT_TRUE(u->result.ok) << u->result.failure;
      EXPECT_EQ(u->result.spec.workload, "noop");
      ASSERT_TRUE(u->result.counts.has_value());
      // Noop rounds batch kRoundBatch submit-and-drain cycles (unit_kind.h).
      EXPECT_EQ(u->result.counts->tasks, 6u * c * kRoundBatch);
    }
  }
  // Timed units count nothing and carry no counts.
  for (const ArchivedUnit& u : archive_->units) {
    if (u.result.spec.kind == UnitKind::kTimed) {
      EXPECT_FALSE(u.result.counts.has_value());
    }
  }
}

TEST_F(CostRunTest, AllocationsPerTaskReadBackExactlyWhatTheAdapterAllocates) {
  ASSERT_NE(archive_, nullptr);
  const std::string unsupported = AllocCountingUnsupportedReason();
  for (uint32_t c : {1u, 2u}) {
    const ArchivedUnit* u = CostUnit(*archive_, "allocating_inline", c);
    ASSERT_NE(u, nullptr);
    ASSERT_TRUE(u->result.counts.has_value());
    const UnitCounts& n = *u->result.counts;
    if (!unsupported.empty()) {
      EXPECT_FALSE(n.alloc_calls.available);
      EXPECT_EQ(n.alloc_calls.unavailable_reason, unsupported);
      continue;
    }
    ASSERT_TRUE(n.alloc_calls.available) << n.alloc_calls.unavailable_reason;
    EXPECT_EQ(n.alloc_calls.total, kBlocks * n.tasks);
    EXPECT_EQ(n.alloc_bytes.total, kBlocks * kBlockBytes * n.tasks);
    // inline dispatch and the host's recording allocate nothing in a round.
    const ArchivedUnit* floor = CostUnit(*archive_, "inline", c);
    ASSERT_NE(floor, nullptr);
    EXPECT_TRUE(floor->result.counts->alloc_calls.available);
    EXPECT_EQ(floor->result.counts->alloc_calls.total, 0u);
  }
  if (!unsupported.empty()) GTEST_SKIP() << "allocation counting is off in this build: " << unsupported;
}

TEST_F(CostRunTest, KernelCountersAreNumbersOrSayWhyNot) {
  ASSERT_NE(archive_, nullptr);
  const ArchivedUnit* u = CostUnit(*archive_, "allocating_inline", 1);
  ASSERT_NE(u, nullptr);
  const UnitCounts& n = *u->result.counts;
  for (const Count* k : {&n.instructions, &n.cycles, &n.context_switches, &n.cpu_migrations}) {
    if (k->available) continue;
    EXPECT_THAT(k->unavailable_code, AnyOf(Eq("not_permitted"), Eq("not_supported")));
    EXPECT_THAT(k->unavailable_reason, HasSubstr("perf_event_open"));
  }
  // Rounds that ran cannot have taken zero instructions or cycles.
  if (n.instructions.available) {
    EXPECT_GT(n.instructions.total, 0u);
  }
  if (n.cycles.available) {
    EXPECT_GT(n.cycles.total, 0u);
  }
}

TEST_F(CostRunTest, TheColdStartCoversSetupAndTheFirstTask) {
  ASSERT_NE(archive_, nullptr);
  const ArchivedUnit* u = CostUnit(*archive_, "allocating_inline", 1);
  ASSERT_NE(u, nullptr);
  const UnitCounts& n = *u->result.counts;
  EXPECT_TRUE(n.cold_start);
  EXPECT_GT(n.first_task_ns, 0);
  if (AllocCountingUnsupportedReason().empty()) {
    // The first task's own blocks, plus at least the adapter's block table made in setup.
    ASSERT_TRUE(n.cold_alloc_calls.available);
    EXPECT_GE(n.cold_alloc_calls.total, kBlocks + 1);
  }
  const ArchivedUnit* c2 = CostUnit(*archive_, "allocating_inline", 2);
  ASSERT_NE(c2, nullptr);
  EXPECT_FALSE(c2->result.counts->cold_start);
  EXPECT_EQ(c2->result.counts->cold_alloc_calls.unavailable_code, "not_counted");
}

TEST_F(CostRunTest, TheModelCarriesTheCostRowsAndKeepsCostUnitsOutOfTheCells) {
  ASSERT_NE(archive_, nullptr);
  absl::StatusOr<ReportModel> m = BuildReportModel(*archive_, "archive.json");
  ASSERT_TRUE(m.ok()) << m.status();
  for (const Cell& cell : m->cells) {
    EXPECT_EQ(cell.tier_us, 40u) << cell.id();
    EXPECT_THAT(cell.id(), Not(HasSubstr("{")));
  }
  EXPECT_EQ(m->cells.size(), 2u);  // inline against the subject at c1 and c2
  EXPECT_THAT(m->tiers_us, ::testing::ElementsAre(40u));
  const CostOfCode& cost = m->cost;
  EXPECT_EQ(cost.status, "measured");
  ASSERT_EQ(cost.rows.size(), 4u);
  EXPECT_EQ(cost.rows[0].adapter, "allocating_inline");  // the subject first
  EXPECT_EQ(cost.rows[0].unit, "allocating_inline{counters}/c1/0us");
  EXPECT_EQ(cost.rows[0].tasks, 6u * kRoundBatch);
  if (AllocCountingUnsupportedReason().empty()) {
    EXPECT_DOUBLE_EQ(cost.rows[0].alloc_calls.per_task, 3.0);
    EXPECT_DOUBLE_EQ(cost.rows[0].alloc_bytes.per_task, 144.0);
    EXPECT_DOUBLE_EQ(cost.rows[2].alloc_calls.per_task, 0.0);
    EXPECT_TRUE(cost.rows[2].alloc_calls.available);
  }
  ASSERT_EQ(cost.cold_start.size(), 2u);
  EXPECT_TRUE(cost.cold_start[0].ok) << cost.cold_start[0].failure;
  EXPECT_GT(cost.cold_start[0].first_task_ns, 0);
  EXPECT_THAT(cost.counters_status, AnyOf(Eq("available"), Eq("partial"), Eq("unavailable")));
  if (cost.counters_status != "available") {
    EXPECT_THAT(cost.counters_reason, Not(IsEmpty()));
  }
  EXPECT_EQ(cost.callgrind_status, "not_run");
  EXPECT_THAT(cost.messages, IsEmpty());
}

TEST(CostTest, NoCostSkipsTheCostUnitsAndSaysSo) {
  TempDir dir;
  const fs::path results = dir.path() / "results";
  CliRun r = ZooHost({"run", "--subject", "inline", "--adapters", "inline", "--concurrency", "1",
                      "--tiers", "40", "--warmup", "0", "--rounds", "3", "--workload", "noop",
                      "--no-cost", "--scenarios", "none",
                      "--processes", "1", "--cell-budget", "0", "--no-report", "--results",
                      results.string()});
  ASSERT_EQ(r.exit_code, 0) << r.output;
  absl::StatusOr<Archive> a = ReadArchive(OnlyArchive(results));
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->cost.status, "not_run");
  EXPECT_EQ(a->cost.reason_code, "not_requested");
  // The cell's timed and attribution units, and the harness floor's (inline is in the run);
  // no counters unit.
  std::map<UnitKind, int> kinds;
  for (const ArchivedUnit& u : a->units) {
    ++kinds[u.result.spec.kind];
    EXPECT_FALSE(u.result.counts.has_value()) << UnitKindName(u.result.spec.kind);
  }
  EXPECT_EQ(kinds, (std::map<UnitKind, int>{
                       {UnitKind::kTimed, 1}, {UnitKind::kAttribution, 1}, {UnitKind::kFloor, 3}}));
}

TEST(CostTest, CountsSurviveTheArchive) {
  UnitResult u;
  u.spec = UnitSpec{.adapter = "thread_pool", .plugin_file = "x.so", .tier_us = 0,
                    .concurrency = 2, .warmup_rounds = 1, .measured_rounds = 4,
                    .workload = "noop", .semantics = "", .semantics_value = 0,
                    .kind = UnitKind::kCounters};
  u.ok = true;
  UnitCounts n;
  n.tasks = 8;
  n.alloc_calls = {.available = true, .total = 24, .unavailable_code = "",
                   .unavailable_reason = ""};
  n.alloc_bytes = {.available = true, .total = 1152, .unavailable_code = "",
                   .unavailable_reason = ""};
  n.instructions = {.available = false, .total = 0, .unavailable_code = "not_supported",
                    .unavailable_reason = "perf_event_open(instructions) failed with ENOENT"};
  n.cold_start = true;
  n.first_task_ns = 12345;
  n.cold_alloc_calls = {.available = true, .total = 7, .unavailable_code = "",
                        .unavailable_reason = ""};
  n.cold_callgrind_instructions = {.available = true, .total = 91234, .unavailable_code = "",
                                   .unavailable_reason = ""};
  u.counts = n;
  const std::string json = UnitResultToJson(u);
  absl::StatusOr<UnitResult> back = UnitResultFromJson(json);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->spec.kind, UnitKind::kCounters);
  ASSERT_TRUE(back->counts.has_value());
  EXPECT_EQ(back->counts->tasks, 8u);
  EXPECT_EQ(back->counts->alloc_calls.total, 24u);
  EXPECT_EQ(back->counts->alloc_bytes.total, 1152u);
  EXPECT_FALSE(back->counts->instructions.available);
  EXPECT_EQ(back->counts->instructions.unavailable_code, "not_supported");
  EXPECT_EQ(back->counts->instructions.unavailable_reason,
            "perf_event_open(instructions) failed with ENOENT");
  EXPECT_TRUE(back->counts->cold_start);
  EXPECT_EQ(back->counts->first_task_ns, 12345);
  EXPECT_EQ(back->counts->cold_alloc_calls.total, 7u);
  EXPECT_TRUE(back->counts->cold_callgrind_instructions.available);
  EXPECT_EQ(back->counts->cold_callgrind_instructions.total, 91234u);
  // An archive from before callgrind's cold start: not counted, and it says why.
  std::string before = json;
  const size_t cold = before.find(",\"cold_callgrind_instructions\":");
  ASSERT_NE(cold, std::string::npos);
  before.erase(cold, before.find('}', cold) + 1 - cold);
  absl::StatusOr<UnitResult> older = UnitResultFromJson(before);
  ASSERT_TRUE(older.ok()) << older.status();
  EXPECT_FALSE(older->counts->cold_callgrind_instructions.available);
  EXPECT_THAT(older->counts->cold_callgrind_instructions.unavailable_reason,
              HasSubstr("predates"));

  // A unit archived before counts existed: a timed unit, without counts.
  u.spec.kind = UnitKind::kTimed;
  u.counts.reset();
  std::string old = UnitResultToJson(u);
  const size_t at = old.find(",\"instrument\":\"\"");
  ASSERT_NE(at, std::string::npos);
  old.erase(at, std::string(",\"instrument\":\"\"").size());
  absl::StatusOr<UnitResult> legacy = UnitResultFromJson(old);
  ASSERT_TRUE(legacy.ok()) << legacy.status();
  EXPECT_EQ(legacy->spec.kind, UnitKind::kTimed);
  EXPECT_FALSE(legacy->counts.has_value());
}

TEST(CostTest, CallgrindTotalsAreReadFromTheTotalsLine) {
  TempDir dir;
  const fs::path out = dir.Write("callgrind.out", "version: 1\nevents: Ir\nsummary: 999\n"
                                                  "fn=main\n0 5\ntotals: 1510\n");
  absl::StatusOr<uint64_t> ir = ReadCallgrindTotal(out);
  ASSERT_TRUE(ir.ok()) << ir.status();
  EXPECT_EQ(*ir, 1510u);
  const fs::path none = dir.Write("empty.out", "version: 1\n");
  EXPECT_FALSE(ReadCallgrindTotal(none).ok());
}

// A callgrind unit asks for two dumps, a cold start and the measured rounds; callgrind numbers
// them OUT.1, OUT.2 in the order asked, and each is found by the name in its header, not by
// its number (a unit above concurrency 1 has no cold start, so its measured rounds are OUT.1).
TEST(CostTest, CallgrindDumpsAreFoundByTheirTrigger) {
  TempDir dir;
  const fs::path out = dir.path() / "callgrind.out";
  auto part = [&](int n, const std::string& trigger, int total) {
    dir.Write(absl::StrCat("callgrind.out.", n),
              absl::StrCat("# callgrind format\nversion: 1\npart: ", n,
                           "\n\n\ndesc: I1 cache:\ndesc: Trigger: Client Request: ", trigger,
                           "\n\npositions: line\nevents: Ir\nsummary: ", total,
                           "\n\nfl=x.cc\nfn=main\n0 1\ntotals: ", total, "\n"));
  };
  part(1, "zoo-host cold start", 50000);
  part(2, "zoo-host measured rounds", 1200);
  // A later part no request of ours wrote (the final dump at exit is OUT itself).
  part(4, "zoo-host measured rounds", 7);
  EXPECT_EQ(CallgrindDumpParts(out).size(), 2u) << "parts are numbered without a gap";
  absl::StatusOr<fs::path> cold = FindCallgrindDump(out, "zoo-host cold start");
  ASSERT_TRUE(cold.ok()) << cold.status();
  EXPECT_EQ(cold->filename(), "callgrind.out.1");
  absl::StatusOr<fs::path> measured = FindCallgrindDump(out, "zoo-host measured rounds");
  ASSERT_TRUE(measured.ok()) << measured.status();
  EXPECT_EQ(*ReadCallgrindTotal(*measured), 1200u);
  absl::StatusOr<fs::path> missing = FindCallgrindDump(out, "zoo-host warm-up");
  EXPECT_TRUE(absl::IsNotFound(missing.status()));
  EXPECT_THAT(missing.status().message(), HasSubstr("zoo-host warm-up"));
}

TEST(CostTest, InstrumentCallgrindWithoutValgrindIsAUsageError) {
  absl::StatusOr<ChildResult> r =
      RunChild({.argv = {HostBinary().string(), "run", "--instrument", "callgrind", "--subject",
                         "inline", "--no-report", "--results", "/nonexistent/results"},
                .timeout = std::chrono::seconds(60),
                .output_tail_bytes = 1 << 16,
                .cancel = nullptr,
                .extra_env = {"PATH=/nonexistent"}});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->exit_code, 2) << r->output_tail;
  EXPECT_THAT(r->output_tail, HasSubstr("needs valgrind"));
}

bool SanitizedBuild() { return !AllocCountingUnsupportedReason().empty(); }

// Every callgrind unit runs twice, in two processes of the same build. Inline's count repeats
// exactly (one thread: nothing for the simulator to interleave), the row says so, and the
// count includes the adapter's own threads (thread_pool runs every body on a worker thread).
// thread_pool's two counts are recorded but not asserted equal: how long its threads wait
// for each other under the simulator is not fixed (the report says so per row).
TEST(CostTest, CallgrindRunsEachUnitTwiceAndInlineRepeatsExactly) {
  if (!FindValgrind()) GTEST_SKIP() << "valgrind is not installed (CI installs it)";
  if (SanitizedBuild()) GTEST_SKIP() << "valgrind cannot run a sanitizer build";
  TempDir dir;
  const fs::path results = dir.path() / "results";
  CliRun r = ZooHost({"run", "--instrument", "callgrind", "--subject", "inline", "--adapters",
                      "inline,thread_pool", "--no-report", "--results", results.string()},
                     600);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  absl::StatusOr<Archive> a = ReadArchive(OnlyArchive(results));
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->run.instrument, RunInstrument::kCallgrind);
  EXPECT_THAT(a->run.instrument_version, HasSubstr("valgrind"));
  EXPECT_EQ(a->cost.reason_code, "callgrind_run");
  ASSERT_EQ(a->units.size(), 2u);  // the tiny default: noop, concurrency 1, one tier
  std::vector<uint64_t> totals;    // inline, thread_pool
  for (const ArchivedUnit& unit : a->units) {
    const UnitResult& u = unit.result;
    ASSERT_TRUE(u.ok) << u.failure;
    EXPECT_EQ(u.spec.kind, UnitKind::kCallgrind);
    EXPECT_EQ(u.spec.workload, "noop");
    EXPECT_EQ(u.spec.measured_rounds, 5u);
    ASSERT_TRUE(u.counts.has_value());
    ASSERT_TRUE(u.counts->callgrind_instructions.available)
        << u.counts->callgrind_instructions.unavailable_reason;
    ASSERT_TRUE(u.counts->callgrind_repeat.available)
        << u.counts->callgrind_repeat.unavailable_reason;
    EXPECT_GT(u.counts->callgrind_instructions.total, 0u);
    EXPECT_GT(u.counts->callgrind_repeat.total, 0u);
    // Concurrency 1: the unit also counted its cold start, setup() and the first task.
    EXPECT_TRUE(u.counts->cold_start);
    ASSERT_TRUE(u.counts->cold_callgrind_instructions.available)
        << u.counts->cold_callgrind_instructions.unavailable_reason;
    EXPECT_GT(u.counts->cold_callgrind_instructions.total, 0u);
    totals.push_back(u.counts->callgrind_instructions.total);
  }
  EXPECT_EQ(a->units[0].result.counts->callgrind_repeat.total, totals[0])
      << "inline's second process counts exactly what the first did";

  absl::StatusOr<ReportModel> m = BuildReportModel(*a, "archive.json");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->cost.callgrind_status, "measured");
  ASSERT_EQ(m->cost.callgrind.size(), 2u);
  const CallgrindRow& inline_row = m->cost.callgrind[0];  // the subject first
  EXPECT_EQ(inline_row.adapter, "inline");
  EXPECT_EQ(inline_row.unit, "inline{callgrind}/c1/1us");
  EXPECT_DOUBLE_EQ(inline_row.instructions_per_task,
                   static_cast<double>(totals[0]) / (5.0 * kRoundBatch));
  EXPECT_TRUE(inline_row.repeat_available);
  EXPECT_TRUE(inline_row.repeats_exactly);
  EXPECT_EQ(inline_row.repeat_instructions, inline_row.instructions);
  EXPECT_DOUBLE_EQ(inline_row.repeat_difference, 0);
  ASSERT_TRUE(inline_row.cold_start.available) << inline_row.cold_start.unavailable_reason;
  EXPECT_EQ(inline_row.cold_start.total,
            a->units[0].result.counts->cold_callgrind_instructions.total);
  const CallgrindRow& pool_row = m->cost.callgrind[1];
  EXPECT_TRUE(pool_row.repeat_available);
  EXPECT_EQ(pool_row.repeats_exactly, pool_row.repeat_instructions == pool_row.instructions);
  ASSERT_EQ(m->cost.messages.size(), 1u);
  EXPECT_EQ(m->cost.messages[0].code, "cost.callgrind_times_meaningless");
  EXPECT_EQ(m->cells.size(), 1u) << "a callgrind run still has its cells, flagged";
  // A worker thread's pop, body call and completion: counted only if every thread is.
  EXPECT_GT(totals[1], 3 * totals[0]) << "thread_pool's worker thread is counted";
}

}  // namespace
}  // namespace zoo
