#include "test/reporters/fixture_model.h"

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "core/archive/archive.h"
#include "core/archive/noise_conditions.h"
#include "core/measure/unit_stats.h"
#include "core/model/report_model.h"
#include "core/model/report_model_json.h"
#include "core/run/self_checks.h"
#include "test/reporters/fixture_cost.h"
#include "test/temp_dir.h"

namespace zoo::test {
namespace {

constexpr uint32_t kCores = 4;
constexpr int32_t kOrchestratorPid = 1;

struct AdapterPlan {
  std::string name;
  std::string kind;
  double overhead_us;  // per task, added to the body
  std::string notes;
};

std::string Repeat(const std::string& sentence, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += sentence;
  return out;
}

// One unit: five measured rounds spread +-2% around body + overhead per task.
ArchivedUnit MakeUnit(const std::string& adapter, uint32_t concurrency, uint32_t tier_us,
                      double overhead_us, int32_t pid, const std::string& semantics = "") {
  UnitResult u;
  u.ok = true;
  u.pid = pid;
  u.spec.adapter = adapter;
  u.spec.plugin_file = "/usr/lib/zoo-host/adapters/lib" + adapter + "_adapter.so";
  u.spec.tier_us = tier_us;
  u.spec.concurrency = concurrency;
  u.spec.warmup_rounds = 2;
  u.spec.measured_rounds = 5;
  u.spec.workload = "json";
  u.spec.semantics = semantics;
  u.spec.kind = semantics.empty() ? UnitKind::kTimed : UnitKind::kSemantics;
  u.calibration.target_ns = static_cast<int64_t>(tier_us) * 1000;
  const double body_ns = tier_us * 1000.0;
  const double per_task = body_ns + overhead_us * 1000.0;
  for (double f : {0.98, 0.99, 1.0, 1.01, 1.02}) {
    RoundSample r;
    r.wall_ns = static_cast<int64_t>(per_task * f * concurrency);
    for (uint32_t i = 0; i < concurrency; ++i) {
      TaskSample t;
      t.submit_call_ns = 0;
      t.submit_return_ns = 1'000;
      t.body_start_ns = 1'000 + static_cast<int64_t>(overhead_us * 500);
      t.body_end_ns = t.body_start_ns + static_cast<int64_t>(body_ns);
      t.completed_ns = t.body_end_ns + 2'000;
      t.executor_pid = pid;
      r.tasks.push_back(t);
    }
    u.rounds.push_back(std::move(r));
  }
  ArchivedUnit a;
  a.result = std::move(u);
  a.stats = ComputeUnitStats(a.result, kCores);
  return a;
}

ArchivedUnit FailedUnit(const std::string& adapter, uint32_t concurrency, uint32_t tier_us,
                        int32_t pid) {
  UnitResult u;
  u.pid = pid;
  u.spec.adapter = adapter;
  u.spec.tier_us = tier_us;
  u.spec.concurrency = concurrency;
  u.spec.measured_rounds = 5;
  u.spec.workload = "json";
  u.failure = "crashed with signal SIGSEGV (Segmentation fault) during round 3";
  ArchivedUnit a;
  a.result = std::move(u);
  a.stats = ComputeUnitStats(a.result, kCores);
  return a;
}

// The noise record of `noise`, from a fake tree the core's checks read as they read "/".
NoiseRecord FixtureNoise(FixtureOptions::Noise noise, SystemInfo* environment,
                         const Matrix& matrix) {
  if (noise == FixtureOptions::Noise::kNotRecorded) return {};
  const zoo::testing::TempDir root;
  const bool warn = noise == FixtureOptions::Noise::kWarnings;
  if (warn) {
    root.Write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave\n");
    root.Write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave\n");
    environment->build_type = "debug";
  }
  root.Write("sys/devices/system/cpu/intel_pstate/no_turbo", warn ? "0\n" : "1\n");
  root.Write("proc/sys/kernel/randomize_va_space", "2\n");
  root.Write("proc/loadavg", warn ? "3.50 2.00 1.00 5/300 4242\n" : "0.05 0.10 0.10 1/300 4242\n");
  root.Write("proc/cpuinfo", std::string("processor\t: 0\nflags\t\t: fpu sse2 ") +
                                 (warn ? "hypervisor " : "") + "avx2\n");
  // A deep idle state; the hold is taken when fine, and fails (no device here) with warnings.
  root.Write("sys/devices/system/cpu/cpu0/cpuidle/state0/name", "POLL\n");
  root.Write("sys/devices/system/cpu/cpu0/cpuidle/state0/latency", "0\n");
  root.Write("sys/devices/system/cpu/cpu0/cpuidle/state1/name", "C1\n");
  root.Write("sys/devices/system/cpu/cpu0/cpuidle/state1/latency", "2\n");
  if (!warn) root.Write("dev/cpu_dma_latency", "");
  const CpuIdleHold idle = CpuIdleHold::Acquire(root.path() / "dev/cpu_dma_latency");
  return ReadNoiseConditions(*environment, matrix, idle, root.path());
}

}  // namespace

std::string FixtureModelJson(const FixtureOptions& options) {
  const std::string subject = "zoo_scheduler";
  const double slow = options.subject_never_slower ? 70 : 0;  // added to the fast baselines
  std::vector<AdapterPlan> plans = {
      {subject, "subject", 45,
       "Drives the scheduler's public submit API with one worker per core. " +
           options.extra_subject_notes},
      {"thread_pool", "stdlib", 20 + slow,
       Repeat("Workers sleep on a condition variable between rounds, so each round pays a "
              "wake-up; the queue is a preallocated ring. ",
              8)},
      {"bare_thread", "bare", 60, "One std::thread per task, created in submit()."},
      {"process_pool", "process", 180,
       Repeat("Bodies run in worker processes started with posix_spawn; the outcome record "
              "travels back over a pipe, and that round trip counts. ",
              6)},
      {"asio_pool", "event-loop", 45.4, "Boost.Asio thread_pool with post()."},
      {"inline", "bare", 0.5 + slow, "Runs the body inside submit(): the floor of any cost."},
      {"tbb", "ecosystem", 8 + slow, "oneTBB task_group::run, drained with wait()."},
  };
  if (options.hostile_names) {
    plans.push_back({"<script>alert(1)</script>", "bare", 50,
                     "Quotes <b>markup</b> & \"entities\" like &amp; and 'quotes' verbatim."});
  }

  Archive a;
  a.subject = subject;
  a.subject_version = "1.0.0";
  a.run.started_utc = "2026-11-30T12:00:00Z";
  a.run.finished_utc = "2026-11-30T12:05:00Z";
  a.run.wall_s = 300;
  a.run.status = RunStatus::kComplete;
  a.run.command = "zoo-host run --subject zoo_scheduler --results results";
  a.run.matrix.subject = subject;
  a.run.matrix.concurrencies = {1, 2, 4, 16};
  a.run.matrix.tiers_us = {40, 300, 2700, 10000};
  a.run.matrix.warmup_rounds = 2;
  a.run.matrix.measured_rounds = 5;
  a.environment.cpu_model = "Fixture CPU @ 3.0GHz";
  a.environment.logical_cores = kCores;
  a.environment.os = "Linux 6.1.0-fixture #1 SMP PREEMPT_DYNAMIC";
  a.environment.kernel = "6.1.0-fixture";
  a.environment.machine = "x86_64";
  a.environment.hostname = "fixture";
  a.environment.compiler = "gcc 12.2.0";
  a.environment.compiler_flags = "-std=c++20 -O2 -g";
  a.environment.build_type = "debugoptimized";
  a.environment.sanitizers = "none";
  a.environment.zoo_host_version = "0.1.0";
  a.environment.git_commit = "0123456789abcdef0123456789abcdef01234567";

  for (const AdapterPlan& p : plans) {
    AdapterRecord r;
    r.descriptor.name = p.name;
    r.descriptor.version = "1.0.0";
    r.descriptor.description = "Fixture adapter " + p.name + ".";
    r.descriptor.kind = p.kind;
    r.descriptor.caliber_notes = p.notes;
    r.descriptor.drive_level = "the framework's public API";
    r.descriptor.abi_major = 1;
    r.descriptor.file = "/usr/lib/zoo-host/adapters/lib" + p.name + "_adapter.so";
    r.sha256 = std::string(64, 'a');
    r.gate_passed = true;
    a.adapters.push_back(r);
  }
  AdapterRecord rejected;
  rejected.descriptor.name = "drops_tasks";
  rejected.descriptor.version = "0.1.0";
  rejected.descriptor.kind = "bare";
  rejected.sha256 = std::string(64, 'b');
  rejected.gate_reason = "2 of 64 bodies never ran";
  a.adapters.push_back(rejected);

  int32_t pid = 1000;
  for (uint32_t c : a.run.matrix.concurrencies) {
    for (uint32_t tier : a.run.matrix.tiers_us) {
      for (const AdapterPlan& p : plans) {
        if (p.name == "tbb" && c == 4 && tier == 300) {
          a.units.push_back(FailedUnit(p.name, c, tier, ++pid));
        } else {
          a.units.push_back(MakeUnit(p.name, c, tier, p.overhead_us, ++pid));
        }
      }
    }
  }

  // The scheduling-semantics dimension: one priced item, one dropped.
  a.semantics.status = "measured";
  a.semantics.reason_code = "";
  a.semantics.tier_us = 300;
  a.semantics.concurrencies = {1, 4};
  SemanticsItemRecord priority;
  priority.item.name = "priority";
  priority.item.layer = "queue";
  priority.item.description = "Orders ready tasks by priority.";
  priority.item.has_clean_off = true;
  priority.item.off_state = "FIFO order";
  priority.item.check = "none";
  priority.priced = true;
  SemanticsItemRecord retry;
  retry.item.name = "retry";
  retry.item.layer = "supervision";
  retry.item.description = "Runs a failed task again.";
  retry.item.off_state = "the retry counter is always consulted";
  retry.item.check = "none";
  retry.dropped_code = "no_clean_off";
  retry.dropped_reason = "the retry counter is always consulted";
  a.semantics.items = {priority, retry};
  for (uint32_t c : a.semantics.concurrencies) {
    a.units.push_back(MakeUnit(subject, c, 300, 44, ++pid, "off"));
    a.units.push_back(MakeUnit(subject, c, 300, 52, ++pid, "priority"));
  }

  a.run.units_planned = static_cast<uint32_t>(a.units.size());
  a.run.units_measured = a.run.units_planned;
  a.run.units_failed = 1;
  a.self_checks = RunSelfChecks(a, kOrchestratorPid);
  a.noise = FixtureNoise(options.noise, &a.environment, a.run.matrix);

  absl::StatusOr<ReportModel> model =
      BuildReportModel(a, "results/zoo_scheduler-1.0.0/20261130T120000Z.json");
  if (!model.ok()) {
    std::cerr << "fixture model: " << model.status() << "\n";
    std::abort();
  }
  if (options.cost) {
    std::vector<std::string> names;
    for (const AdapterPlan& p : plans) names.push_back(p.name);
    model->cost = FixtureCost(names, {1, 2, 4});
  }
  return ReportModelToJson(*model);
}

}  // namespace zoo::test
