#include "core/archive/archive.h"

#include <sys/stat.h>

#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/json_util.h"
#include "core/run/self_checks.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/file_size_limit.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;
using ::zoo::testing::FileSizeLimit;
using ::zoo::testing::TempDir;

Archive SampleArchive() {
  Archive a;
  a.run.started_utc = "2026-11-30T13:06:19Z";
  a.run.finished_utc = "2026-11-30T13:07:00Z";
  a.run.wall_s = 41.5;
  a.run.status = RunStatus::kComplete;
  a.run.command = "zoo-host run --quick";
  a.run.quick = true;
  a.run.quick_description = QuickDescription();
  a.run.units_planned = 2;
  a.run.units_measured = 1;
  a.run.units_failed = 1;
  a.run.matrix = DefaultMatrix();
  a.run.matrix.adapters = {"inline", "thread_pool"};
  a.run.matrix.processes = 4;
  a.run.matrix.cell_budget_s = 2.5;
  a.run.calibration = {.status = "json", .workload = "json", .processes = 3,
                       .tiers = {{.tier_us = 40, .repetitions = 31,
                                  .processes = {{11, 30, 1290.5, 150'000'000},
                                                {12, 31, 1282.1, 149'000'000},
                                                {13, 33, 1201.9, 151'000'000}}}}};
  a.environment.cpu_model = "Test CPU \"quoted\"";
  a.environment.logical_cores = 2;
  a.environment.kernel = "6.1.0";
  a.environment.git_commit = "abc";
  a.environment.caches = {{.type = "Data", .level = 1, .size_bytes = 32768, .num_sharing = 1},
                          {.type = "Unified", .level = 3, .size_bytes = 33554432,
                           .num_sharing = 2}};
  a.environment.mhz_per_cpu = 2445.404;
  a.environment.load_avg = {1.5, 0.75, 0.25};
  a.subject = "thread_pool";
  a.subject_version = "1.0.0";
  a.adapters.push_back(AdapterRecord{
      .descriptor = {.name = "thread_pool", .version = "1.0.0", .description = "d",
                     .kind = "stdlib", .caliber_notes = "notes <b>", .drive_level = "std",
                     .abi_major = 1, .abi_minor = 0, .file = "/x/libthread_pool_adapter.so",
                     .text = {{"zh", {{"caliber_notes", "口径 <b>"}, {"description", "说明"}}}}},
      .sha256 = "00ff",
      .build = PluginBuild{.compiler = "GCC: 12", .producer = "GNU C++20 12 -g -O0",
                           .optimization = "-O0", .sanitizers = {"address"},
                           .declared_optimized = false, .declared_assertions = true},
      .gate_passed = true, .gate_reason = ""});

  UnitResult ok;
  ok.spec = {.adapter = "thread_pool", .plugin_file = "/x/libthread_pool_adapter.so",
             .tier_us = 40, .concurrency = 2, .warmup_rounds = 3, .measured_rounds = 2,
             .workload = "json", .semantics = "", .semantics_value = 0, .kind = UnitKind::kTimed,
             .process = 0, .repetitions = 31};
  ok.ok = true;
  ok.bodies_on_calling_thread = 2;
  ok.pid = 4242;
  ok.calibration = {.workload = "json", .target_ns = 40'000, .repetitions = 17,
                    .ns_per_repetition = 2352.9, .calibration_ns = 123456, .checksum = 99};
  ok.setup_ns = 1000;
  ok.teardown_ns = 2000;
  ok.checksum = 1ull << 63;  // survives JSON as an unsigned 64-bit number
  for (int r = 0; r < 2; ++r) {
    RoundSample round{.start_ns = 1'000'000'000'000 + r, .wall_ns = 90'000 + r * 1000,
                      .cpu_ns = 150'000 + r * 2000, .tasks = {}};
    for (int t = 0; t < 2; ++t) {
      round.tasks.push_back({.submit_call_ns = t * 100, .submit_return_ns = t * 100 + 50,
                             .body_start_ns = 2000 + t, .body_end_ns = 42'000 + t,
                             .completed_ns = 45'000 + t, .executor_pid = 4242});
    }
    ok.rounds.push_back(std::move(round));
  }
  UnitResult failed;
  failed.spec = ok.spec;
  failed.spec.adapter = "inline";
  failed.failure = "crashed with signal SIGSEGV (Segmentation fault) during rounds";
  failed.output_tail = "line one\nline two";
  failed.pid = 4243;
  a.units.push_back({.result = ok, .stats = ComputeUnitStats(ok, 2)});
  a.units.push_back({.result = failed, .stats = ComputeUnitStats(failed, 2)});
  a.self_checks.push_back({.name = "process_isolation", .passed = true, .detail = "2 units",
                           .message = {"self_check.process_isolation.passed",
                                       {{"units", "2"}, {"processes", "2"}}}});
  return a;
}

TEST(ArchiveTest, RoundTripsEveryValue) {
  TempDir dir;
  const Archive a = SampleArchive();
  const auto path = dir.path() / "r" / "x.json";
  ASSERT_TRUE(WriteArchive(a, path).ok());
  absl::StatusOr<Archive> b = ReadArchive(path);
  ASSERT_TRUE(b.ok()) << b.status();
  // Writing what was read gives the same bytes: every field survived.
  EXPECT_EQ(ArchiveToJson(*b), ArchiveToJson(a));
  EXPECT_EQ(b->run.matrix.adapters, a.run.matrix.adapters);
  EXPECT_EQ(b->units[0].result.checksum, 1ull << 63);
  EXPECT_EQ(b->units[0].result.rounds[1].tasks[1].completed_ns, 45'001);
  EXPECT_EQ(b->units[1].result.failure, a.units[1].result.failure);
  EXPECT_FALSE(b->units[1].result.ok);
  EXPECT_EQ(b->environment.cpu_model, "Test CPU \"quoted\"");
  EXPECT_EQ(b->adapters[0].descriptor.abi_major, 1u);
  EXPECT_EQ(b->adapters[0].descriptor.text, a.adapters[0].descriptor.text);  // zoo.text/1
  ASSERT_TRUE(b->adapters[0].build.has_value());
  EXPECT_EQ(b->adapters[0].build->optimization, "-O0");
  EXPECT_EQ(b->adapters[0].build->sanitizers, std::vector<std::string>{"address"});
  EXPECT_EQ(b->adapters[0].build->declared_optimized, std::optional<bool>(false));
  EXPECT_EQ(b->adapters[0].build->declared_assertions, std::optional<bool>(true));
  EXPECT_EQ(b->run.matrix.processes, 4u);
  EXPECT_EQ(b->run.matrix.cell_budget_s, 2.5);
  EXPECT_EQ(b->run.calibration.status, "json");
  ASSERT_EQ(b->run.calibration.tiers.size(), 1u);
  EXPECT_EQ(b->run.calibration.tiers[0].repetitions, 31u);
  EXPECT_EQ(b->run.calibration.tiers[0].processes[1].pid, 12);
  EXPECT_EQ(b->units[0].result.spec.repetitions, 31u);
  EXPECT_EQ(b->units[0].result.bodies_on_calling_thread, 2);
  EXPECT_EQ(b->units[0].result.rounds[1].cpu_ns, 152'000);
  EXPECT_EQ(b->units[0].stats.cpu_per_task_ns.n, 2u);
  EXPECT_DOUBLE_EQ(b->units[0].stats.cpu_per_task_ns.median, 75'500);  // (150 + 152) / 2 / 2
  ASSERT_EQ(b->environment.caches.size(), 2u);
  EXPECT_EQ(b->environment.caches[1].type, "Unified");
  EXPECT_EQ(b->environment.caches[1].level, 3u);
  EXPECT_EQ(b->environment.caches[1].size_bytes, 33554432u);
  EXPECT_EQ(b->environment.caches[1].num_sharing, 2u);
  EXPECT_EQ(b->environment.mhz_per_cpu, 2445.404);
  EXPECT_EQ(b->environment.load_avg, (std::vector<double>{1.5, 0.75, 0.25}));
}

// How each unit was timed survives the archive: the run's clock decision, each unit's clock
// record, its kind's purpose, the stamps it took and its batch; a wrong value is refused with
// the unit named, and an archive from before them reads as CLOCK_MONOTONIC with every stamp.
TEST(ArchiveTest, TheTimingOfEveryUnitRoundTripsAndAWrongValueIsRefused) {
  Archive a = SampleArchive();
  a.run.clock = {.asked = "auto", .decision = {.kind = ClockKind::kTsc, .fallback_reason = ""}};
  UnitResult& timed = a.units[0].result;
  timed.spec.clock = ClockKind::kTsc;
  timed.stamps = Stamps::kBody;
  timed.clock = ClockRecord{.kind = ClockKind::kTsc, .read_cost_ns = 20.5,
                            .ticks_per_ns = 2.596, .checked_over_ns = 15'000'000,
                            .drift_ns = -7};
  UnitResult floor = timed;
  floor.spec.kind = UnitKind::kFloor;
  floor.spec.workload = "noop";
  floor.stamps = Stamps::kRound;
  floor.batch = kRoundBatch;
  for (RoundSample& r : floor.rounds) r.tasks.clear();
  a.units.push_back({.result = floor, .stats = ComputeUnitStats(floor, 2)});
  const std::string text = ArchiveToJson(a);
  absl::StatusOr<Archive> b = ArchiveFromJson(text, "t.json");
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(ArchiveToJson(*b), text);
  EXPECT_EQ(b->run.clock.decision.kind, ClockKind::kTsc);
  EXPECT_EQ(b->units[0].result.spec.clock, ClockKind::kTsc);
  ASSERT_TRUE(b->units[0].result.clock.has_value());
  EXPECT_EQ(b->units[0].result.clock->drift_ns, -7);
  EXPECT_EQ(b->units[0].result.stamps, Stamps::kBody);
  EXPECT_EQ(b->units[2].result.spec.kind, UnitKind::kFloor);
  EXPECT_EQ(b->units[2].result.batch, kRoundBatch);
  EXPECT_EQ(b->units[2].result.stamps, Stamps::kRound);

  for (const auto& [from, to, says] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {R"("stamps":"body")", R"("stamps":"some")", "stamps must be"},
           {R"("batch":64)", R"("batch":0)", "batch must be 1 to 1000000"},
           {R"("purpose":"floor")", R"("purpose":"warmup")", "purpose"},
           {R"("clock":"tsc")", R"("clock":"rdtsc")", "clock must be"},
           {R"("kind":"tsc","read_cost_ns")", R"("kind":"hpet","read_cost_ns")",
            "kind must be"}}) {
    std::string bad = text;
    const size_t at = bad.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    bad.replace(at, from.size(), to);
    absl::StatusOr<Archive> refused = ArchiveFromJson(bad, "bad.json");
    ASSERT_FALSE(refused.ok()) << to;
    EXPECT_THAT(refused.status().message(), HasSubstr(says)) << to;
  }

  std::string old = ArchiveToJson(SampleArchive());
  absl::StatusOr<Archive> before = ArchiveFromJson(old, "old.json");
  ASSERT_TRUE(before.ok()) << before.status();
  EXPECT_EQ(before->run.clock.decision.kind, ClockKind::kMonotonic);
}

// An archive written before rounds read the CPU clock and the environment recorded caches,
// clock and load (the committed ones in results/): it reads, with none of them, and writes
// none of them back (its bytes stay as they were).
TEST(ArchiveTest, AnArchiveWithoutCpuTimeAndMachineStateStillReads) {
  Archive a = SampleArchive();
  a.environment.caches.clear();
  a.environment.mhz_per_cpu = 0;
  a.environment.load_avg.clear();
  for (RoundSample& r : a.units[0].result.rounds) r.cpu_ns = -1;
  a.units[0].stats = ComputeUnitStats(a.units[0].result, 2);
  EXPECT_EQ(a.units[0].stats.cpu_per_task_ns.n, 0u);
  const std::string text = ArchiveToJson(a);
  for (const char* absent : {"cpu_ns", "cpu_per_task_ns", "caches", "mhz_per_cpu", "load_avg"}) {
    EXPECT_EQ(text.find(absent), std::string::npos) << absent;
  }
  absl::StatusOr<Archive> old = ArchiveFromJson(text, "old.json");
  ASSERT_TRUE(old.ok()) << old.status();
  EXPECT_EQ(old->units[0].result.rounds[0].cpu_ns, -1);
  EXPECT_EQ(old->units[0].stats.cpu_per_task_ns.n, 0u);
  EXPECT_TRUE(old->environment.caches.empty());
  EXPECT_EQ(old->environment.mhz_per_cpu, 0.0);
  EXPECT_TRUE(old->environment.load_avg.empty());
  EXPECT_EQ(ArchiveToJson(*old), text);

  // A committed archive of the previous schema revision reads the same way.
  absl::StatusOr<Archive> committed = ReadArchive(
      ::zoo::testing::CommittedResultsDir() / "zoo_scheduler-0.1.0" / "20261202T020501Z.json");
  ASSERT_TRUE(committed.ok()) << committed.status();
  EXPECT_TRUE(committed->environment.caches.empty());
  for (const ArchivedUnit& u : committed->units) {
    for (const RoundSample& r : u.result.rounds) ASSERT_EQ(r.cpu_ns, -1);
    ASSERT_EQ(u.stats.cpu_per_task_ns.n, 0u);
  }
}

// A round's CPU time is checked as its wall time is: a negative one is not a measurement.
TEST(ArchiveTest, ANegativeCpuTimeIsRefusedNamingTheRound) {
  std::string text = ArchiveToJson(SampleArchive());
  const size_t at = text.find("\"cpu_ns\":150000");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, std::string("\"cpu_ns\":150000").size(), "\"cpu_ns\":-5");
  absl::StatusOr<Archive> a = ArchiveFromJson(text, "bad.json");
  ASSERT_FALSE(a.ok());
  EXPECT_THAT(a.status().message(), HasSubstr("round 0: cpu_ns is out of range"));
}

// An archive written before every cell ran in several processes: its matrix reads as one
// process, its units as each its cell's first, calibrated in its own process, with no record of
// where the bodies ran.
TEST(ArchiveTest, AnArchiveFromBeforeProcessesAndRunCalibrationStillReads) {
  Archive a = SampleArchive();
  a.units[0].result.spec.process = 2;
  std::string text = ArchiveToJson(a);
  ASSERT_NE(text.find("\"process\":2"), std::string::npos);
  absl::StatusOr<Archive> with = ArchiveFromJson(text, "a.json");
  ASSERT_TRUE(with.ok()) << with.status();
  EXPECT_EQ(with->units[0].result.spec.process, 2u);
  const size_t calibration = text.find(",\"calibration\":{\"status\"");
  ASSERT_NE(calibration, std::string::npos);
  // It ends with its last tier's process list, that tier and the tier list.
  text.erase(calibration,
             text.find("]}]}", text.find("\"tiers\"", calibration)) + 4 - calibration);
  for (const char* field : {",\"processes\":4", ",\"cell_budget_s\":2.5", ",\"process\":2",
                            ",\"repetitions\":31", ",\"bodies_on_calling_thread\":2"}) {
    const size_t at = text.find(field);
    ASSERT_NE(at, std::string::npos) << field;
    text.erase(at, std::string(field).size());
  }
  absl::StatusOr<Archive> old = ArchiveFromJson(text, "a.json");
  ASSERT_TRUE(old.ok()) << old.status() << "\n" << text.substr(0, 600);
  EXPECT_EQ(old->run.matrix.processes, 1u);
  EXPECT_EQ(old->run.matrix.cell_budget_s, 0.0) << "exactly one process per cell";
  EXPECT_EQ(old->run.calibration.status, "per_unit");
  EXPECT_EQ(old->units[0].result.spec.process, 0u);
  EXPECT_EQ(old->units[0].result.spec.repetitions, 0u);
  EXPECT_EQ(old->units[0].result.bodies_on_calling_thread, -1);
}

// A run of thousands of processes wraps the pid space: a pid that comes back with another
// start time is another process; the same pid and start time is one process serving two units.
TEST(ArchiveTest, ProcessIsolationTellsAReusedPidFromASharedProcess) {
  Archive a = SampleArchive();
  a.units[1] = a.units[0];
  a.units[0].result.pid = a.units[1].result.pid = 4242;
  a.units[0].result.process_start_ticks = 100;
  a.units[1].result.process_start_ticks = 9000;
  auto isolation = [](const Archive& x) {
    for (const SelfCheck& c : RunSelfChecks(x, 1)) {
      if (c.name == "process_isolation") return c;
    }
    return SelfCheck{};
  };
  EXPECT_TRUE(isolation(a).passed) << isolation(a).detail;
  a.units[1].result.process_start_ticks = 100;
  EXPECT_FALSE(isolation(a).passed);
  EXPECT_THAT(isolation(a).detail, HasSubstr("shares pid 4242"));
}

// The run's status is one of four words, named at the JSON edge only: each one written reads
// back as itself, and any other word is refused with the field and the words it may be.
TEST(ArchiveTest, RunStatusReadsBackAndAnUnknownOneIsRefused) {
  Archive a = SampleArchive();
  for (RunStatus s : {RunStatus::kRunning, RunStatus::kComplete, RunStatus::kInterrupted,
                      RunStatus::kFailed}) {
    a.run.status = s;
    const std::string text = ArchiveToJson(a);
    ASSERT_NE(text.find(absl::StrCat("\"status\":\"", RunStatusName(s), "\"")), std::string::npos);
    absl::StatusOr<Archive> b = ArchiveFromJson(text, "a.json");
    ASSERT_TRUE(b.ok()) << b.status();
    EXPECT_EQ(b->run.status, s);
  }
  a.run.status = RunStatus::kComplete;
  std::string text = ArchiveToJson(a);
  const size_t at = text.find("\"status\":\"complete\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 19, "\"status\":\"done\"");
  absl::StatusOr<Archive> b = ArchiveFromJson(text, "a.json");
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(b.status().message(), HasSubstr("run: status must be running, complete, "
                                              "interrupted or failed, not \"done\""));
}

// The run's instrument likewise: none ("") or callgrind read back as themselves; another
// word is refused, naming the field.
TEST(ArchiveTest, RunInstrumentReadsBackAndAnUnknownOneIsRefused) {
  Archive a = SampleArchive();
  for (RunInstrument i : {RunInstrument::kNone, RunInstrument::kCallgrind}) {
    a.run.instrument = i;
    const std::string text = ArchiveToJson(a);
    ASSERT_NE(text.find(absl::StrCat("\"instrument\":\"", RunInstrumentName(i), "\"")),
              std::string::npos);
    absl::StatusOr<Archive> b = ArchiveFromJson(text, "a.json");
    ASSERT_TRUE(b.ok()) << b.status();
    EXPECT_EQ(b->run.instrument, i);
  }
  a.run.instrument = RunInstrument::kCallgrind;
  std::string text = ArchiveToJson(a);
  const std::string written = "\"instrument\":\"callgrind\"";
  const size_t at = text.find(written);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, written.size(), "\"instrument\":\"perf\"");
  absl::StatusOr<Archive> b = ArchiveFromJson(text, "a.json");
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(b.status().message(),
              HasSubstr("run: instrument must be \"\" or \"callgrind\", not \"perf\""));
}

// RapidJSON parses and frees nested values recursively: 200,000 nested '[' would overflow the
// stack of analyze, render, compare and index. They are refused before parsing.
TEST(ArchiveTest, JsonNestedTooDeeplyIsRefusedNotParsed) {
  const std::string deep(200'000, '[');
  absl::StatusOr<Archive> a = ArchiveFromJson(deep, "deep.json");
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(a.status().message(), HasSubstr("deep.json: not a zoo-host archive (JSON nested "
                                              "deeper than 128 levels)"));
  // Brackets inside strings are text, not nesting.
  EXPECT_EQ(json::NestingDepth(R"({"a": "[[[[[[", "b": [{"c": "\"]]]"}]})"), 3);
}

// Two runs started in the same second into one results folder: each claims its own name.
TEST(ArchiveTest, TwoRunsInOneSecondClaimTwoArchives) {
  TempDir dir;
  const auto path = ArchivePath(dir.path(), "subj", "1.0", "2026-11-30T13:06:19Z");
  absl::StatusOr<std::filesystem::path> first = ClaimArchivePath(path);
  absl::StatusOr<std::filesystem::path> second = ClaimArchivePath(path);
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(*first, path);
  EXPECT_EQ(second->filename(), "20261130T130619Z-2.json");
  EXPECT_TRUE(std::filesystem::exists(*second)) << "claimed by creating it";
  EXPECT_EQ(ClaimArchivePath(path)->filename(), "20261130T130619Z-3.json");
}

// A FIFO would block the reader forever and /dev/zero never end: only regular files are read.
TEST(ArchiveTest, OnlyARegularFileIsReadAsAnArchive) {
  TempDir dir;
  const auto fifo = dir.path() / "a.json";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  for (const std::filesystem::path& p : {fifo, std::filesystem::path("/dev/zero"), dir.path()}) {
    absl::StatusOr<Archive> a = ReadArchive(p);
    ASSERT_FALSE(a.ok()) << p;
    EXPECT_EQ(a.status().code(), absl::StatusCode::kInvalidArgument) << p;
    EXPECT_THAT(a.status().message(), HasSubstr(p.string() + ": not a regular file")) << p;
  }
  EXPECT_EQ(ReadArchive(dir.path() / "none.json").status().code(), absl::StatusCode::kNotFound);
}

TEST(ArchiveTest, EveryDerivedNumberIsRecomputableFromTheRawSamples) {
  TempDir dir;
  const auto path = dir.path() / "x.json";
  ASSERT_TRUE(WriteArchive(SampleArchive(), path).ok());
  absl::StatusOr<Archive> b = ReadArchive(path);
  ASSERT_TRUE(b.ok()) << b.status();
  for (const ArchivedUnit& u : b->units) {
    const UnitStats again = ComputeUnitStats(u.result, b->environment.logical_cores);
    auto same = [](double x, double y) { return (std::isnan(x) && std::isnan(y)) || x == y; };
    EXPECT_TRUE(same(again.end_to_end_ns.median, u.stats.end_to_end_ns.median));
    EXPECT_TRUE(same(again.body_ns.p99, u.stats.body_ns.p99));
    EXPECT_TRUE(same(again.throughput_per_s, u.stats.throughput_per_s));
    EXPECT_EQ(again.overhead_ns, u.stats.overhead_ns);
    EXPECT_EQ(again.overhead_withheld, u.stats.overhead_withheld);
    EXPECT_TRUE(same(again.cpu_per_task_ns.median, u.stats.cpu_per_task_ns.median));
  }
}

TEST(ArchiveTest, WritesAtomicallyAndLeavesNoTemporaryFile) {
  TempDir dir;
  const auto path = dir.path() / "a.json";
  ASSERT_TRUE(WriteArchive(SampleArchive(), path).ok());
  ASSERT_TRUE(WriteArchive(SampleArchive(), path).ok());  // replaces
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    ++files;
    EXPECT_EQ(e.path().filename(), "a.json");
  }
  EXPECT_EQ(files, 1u);
}

TEST(ArchiveTest, RefusesCorruptAndForeignFilesNamingTheFile) {
  absl::StatusOr<Archive> bad_json = ArchiveFromJson("{\"schema\":", "r/bad.json");
  ASSERT_FALSE(bad_json.ok());
  EXPECT_THAT(bad_json.status().message(), HasSubstr("r/bad.json: not a zoo-host archive"));

  absl::StatusOr<Archive> foreign = ArchiveFromJson(R"({"benchmarks": []})", "gbench.json");
  ASSERT_FALSE(foreign.ok());
  EXPECT_THAT(foreign.status().message(), HasSubstr("gbench.json: not a zoo-host archive"));

  std::string text = ArchiveToJson(SampleArchive());
  text.replace(text.find("\"units_planned\""), 15, "\"units_plannex\"");
  absl::StatusOr<Archive> corrupt = ArchiveFromJson(text, "c.json");
  ASSERT_FALSE(corrupt.ok());
  EXPECT_THAT(corrupt.status().message(),
              HasSubstr("c.json: corrupt archive: run: field 'units_planned' is missing"));

  std::string future = ArchiveToJson(SampleArchive());
  future.replace(future.find("\"schema_version\":1"), 18, "\"schema_version\":9");
  absl::StatusOr<Archive> newer = ArchiveFromJson(future, "f.json");
  ASSERT_FALSE(newer.ok());
  EXPECT_THAT(newer.status().message(), HasSubstr("schema version 9"));
}

// A 10 MB string made `render` take 28 s and write 371 MB: one longer than the limit is
// refused, with where it is; one at the limit still reads.
TEST(ArchiveTest, AStringLongerThanTheLimitIsRefusedWithItsPath) {
  Archive a = SampleArchive();
  a.run.command = std::string(json::kMaxJsonStringBytes, 'x');
  EXPECT_TRUE(ArchiveFromJson(ArchiveToJson(a), "a.json").ok());
  a.run.command.push_back('x');
  absl::StatusOr<Archive> too_long = ArchiveFromJson(ArchiveToJson(a), "a.json");
  ASSERT_FALSE(too_long.ok());
  EXPECT_EQ(too_long.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(too_long.status().message(),
            absl::StrCat("a.json: a string at run.command is ", json::kMaxJsonStringBytes + 1,
                         " bytes; the limit is ", json::kMaxJsonStringBytes));

  Archive b = SampleArchive();
  b.units[1].result.output_tail = std::string(json::kMaxJsonStringBytes + 5, 'y');
  EXPECT_THAT(ArchiveFromJson(ArchiveToJson(b), "b.json").status().message(),
              HasSubstr("b.json: a string at units[1].output_tail is "));
}

// A full disk mid-run: the archive already on disk is marked failed in place, which needs no
// new space, and reads back as a failed run.
TEST(ArchiveTest, MarkingFailedRewritesOnlyTheRunStatusInPlace) {
  TempDir dir;
  const auto path = dir.path() / "a.json";
  Archive a = SampleArchive();
  a.run.status = RunStatus::kRunning;
  ASSERT_TRUE(WriteArchive(a, path).ok());
  const uintmax_t size = std::filesystem::file_size(path);
  ASSERT_TRUE(MarkArchiveFailed(path).ok());
  EXPECT_EQ(std::filesystem::file_size(path), size);
  absl::StatusOr<Archive> b = ReadArchive(path);
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(b->run.status, RunStatus::kFailed);
  EXPECT_EQ(b->units.size(), a.units.size());
  // Only a running run's archive is marked: a complete one, or none at all, is not touched.
  EXPECT_EQ(MarkArchiveFailed(path).code(), absl::StatusCode::kNotFound);
  const auto empty = dir.Write("empty.json", "");
  EXPECT_EQ(MarkArchiveFailed(empty).code(), absl::StatusCode::kNotFound);
}

// A write the machine refuses (here a file size limit, EFBIG, as a full disk gives ENOSPC)
// names the file and the system's reason, is coded kUnavailable (exit 1, not a usage error),
// and leaves no temporary file and the previous archive as it was.
TEST(ArchiveTest, AWriteTheMachineRefusesNamesTheCauseAndLeavesNoTemporaryFile) {
  TempDir dir;
  const auto path = dir.path() / "a.json";
  const Archive a = SampleArchive();
  ASSERT_TRUE(WriteArchive(a, path).ok());
  const uintmax_t size = std::filesystem::file_size(path);
  absl::Status s;
  {
    const FileSizeLimit limit(1024);
    Archive bigger = a;
    bigger.run.note = std::string(4096, 'n');
    s = WriteArchive(bigger, path);
  }
  EXPECT_EQ(s.code(), absl::StatusCode::kUnavailable) << s;
  EXPECT_THAT(s.message(), HasSubstr(path.string() + ": cannot be written (File too large)"));
  EXPECT_EQ(std::filesystem::file_size(path), size);
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    EXPECT_EQ(e.path().filename(), "a.json");
  }
}

TEST(ArchiveTest, PathIsSubjectVersionAndCompactUtc) {
  EXPECT_EQ(ArchivePath("results", "zoo_scheduler", "0.8.0 (beta/2)", "2026-11-30T13:06:19Z"),
            std::filesystem::path("results/zoo_scheduler-0.8.0__beta_2_/20261130T130619Z.json"));
}

}  // namespace
}  // namespace zoo
