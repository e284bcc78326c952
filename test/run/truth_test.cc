// The truth suite: whether the verdicts hold on real runs of this machine, with adapters whose
// truth is known (design 3.12). It measures, so it is not part of the default test run:
//   meson test -C build --setup truth --suite truth
// (about 14 minutes on 2 cores). Every figure it asserts is printed, for the README.
//
//   twins    thread_pool_twin is the built-in thread_pool's own source under another name: any
//            winner is a false one.
//   delayed  thread_pool_delayed is that source again with $ZOO_TEST_POOL_DELAY_US of busy
//            work before every submit: a known cost the verdict must find.
// The subject is thread_pool; each run is `zoo-host run --quick` with those three adapters,
// under both conditions of the machine: the deep idle states held off (the default, which needs
// root and a cpuidle driver to change anything) and `--cpu-idle any` (the machine as it is, as
// for a user without root). Every verdict of every run, and of three quick runs of the
// built-ins, is checked against its own cell's end-to-end medians (design 3.16).
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/archive/archive.h"
#include "core/model/compare_model.h"
#include "core/model/report_model.h"
#include "core/worker/child_process.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;
using ::zoo::testing::HostBinary;
using ::zoo::testing::TempDir;
using ::zoo::testing::TestPlugin;

constexpr int kRuns = 5;

struct QuickRunResult {
  fs::path archive;
  ReportModel model;
};

// One quick run; `subject` and the delay (us) of thread_pool_delayed; `busy`: a second process
// keeps one core busy throughout.
// What a run is checked under: the idle hold (the default) or the machine as it is.
enum class Condition { kHeld, kAsIs };
const char* ConditionName(Condition c) { return c == Condition::kHeld ? "held" : "as_is"; }

QuickRunResult ReadRun(const fs::path& results) {
  QuickRunResult run;
  for (const auto& e : fs::recursive_directory_iterator(results)) {
    if (e.path().extension() == ".json") run.archive = e.path();
  }
  absl::StatusOr<Archive> a = ReadArchive(run.archive);
  EXPECT_TRUE(a.ok()) << a.status();
  if (!a.ok()) return run;
  absl::StatusOr<ReportModel> m = BuildReportModel(*a, run.archive.string());
  EXPECT_TRUE(m.ok()) << m.status();
  if (m.ok()) run.model = *std::move(m);
  return run;
}

// Winner cells whose verdict points against the cell's own pooled end-to-end medians by more
// than 3% (design 3.16): printed, and counted.
size_t AgainstEndToEnd(const QuickRunResult& run, size_t* winners) {
  size_t against = 0;
  for (const Cell& c : run.model.cells) {
    if (c.verdict == Verdict::kIndistinguishable || c.floor) continue;
    ++*winners;
    const double medians = c.subject_end_to_end_ns / c.baseline_end_to_end_ns;
    const bool wrong = c.verdict == Verdict::kSubjectFaster ? medians > 1.03 : medians < 1 / 1.03;
    if (wrong) {
      ++against;
      std::printf("truth: %s %s but its end-to-end medians read %.3fx (%s)\n", c.id().c_str(),
                  VerdictName(c.verdict), medians, run.archive.string().c_str());
    }
  }
  return against;
}

QuickRunResult QuickRun(const fs::path& results, const std::string& subject, int delay_us,
                        Condition condition, bool busy = false) {
  pid_t spinner = 0;
  if (busy) {
    spinner = fork();
    if (spinner == 0) {
      volatile unsigned long spins = 0;
      for (;;) spins = spins + 1;
    }
  }
  std::vector<std::string> argv = {
      HostBinary().string(), "run", "--quick", "--plugin", TestPlugin("thread_pool_twin").string(),
      "--plugin", TestPlugin("thread_pool_delayed").string(), "--subject", subject, "--adapters",
      "thread_pool,thread_pool_twin,thread_pool_delayed", "--no-report", "--no-cost",
      "--scenarios", "none", "--results", results.string()};
  if (condition == Condition::kAsIs) {
    argv.push_back("--cpu-idle");
    argv.push_back("any");
  }
  absl::StatusOr<ChildResult> r =
      RunChild({.argv = argv,
                .timeout = std::chrono::seconds(600),
                .extra_env = {"ZOO_TEST_POOL_DELAY_US=" + std::to_string(delay_us)}});
  if (spinner > 0) {
    kill(spinner, SIGKILL);
    waitpid(spinner, nullptr, 0);
  }
  EXPECT_TRUE(r.ok() && r->exited && r->exit_code == 0) << (r.ok() ? r->output_tail : "");
  return ReadRun(results);
}

bool WithinCores(const ReportModel& m, const Cell& c) {
  return c.concurrency <= m.environment.logical_cores;
}

class TruthTest : public ::testing::TestWithParam<Condition> {};

TEST_P(TruthTest, TwinsHaveNoWinnerAndTheDelayIsFoundAndVerdictsRepeat) {
  TempDir dir;
  std::vector<QuickRunResult> runs;
  for (int i = 0; i < kRuns; ++i) {
    runs.push_back(
        QuickRun(dir.path() / ("d20-" + std::to_string(i)), "thread_pool", 20, GetParam()));
  }
  const char* condition = ConditionName(GetParam());
  size_t winners = 0, against = 0;
  for (const QuickRunResult& run : runs) against += AgainstEndToEnd(run, &winners);
  size_t twin_cells = 0, twin_winners = 0, twin_flagged = 0;
  size_t delayed_cells = 0, delayed_found = 0;
  for (const QuickRunResult& run : runs) {
    for (const Cell& c : run.model.cells) {
      if (c.baseline == "thread_pool_twin") {
        ++twin_cells;
        twin_winners += c.verdict != Verdict::kIndistinguishable;
        twin_flagged += c.test.p_value < 0.05;
      } else if (c.baseline == "thread_pool_delayed" && WithinCores(run.model, c) &&
                 (c.tier_us == 40 || c.tier_us == 300)) {
        ++delayed_cells;
        // The delayed pool is the baseline: the subject is faster where the delay is found.
        delayed_found += c.verdict == Verdict::kSubjectFaster;
        if (c.verdict != Verdict::kSubjectFaster) {
          std::printf("truth: delay not found: %s (%u processes): %s\n", c.id().c_str(),
                      c.subject_processes, c.text.c_str());
        }
      }
    }
  }
  // Back to back: each run against the next, cell by cell.
  size_t compared = 0, agreed = 0, flips = 0;
  for (size_t i = 0; i + 1 < runs.size(); ++i) {
    std::map<std::string, Verdict> before;
    for (const Cell& c : runs[i].model.cells) before[c.id()] = c.verdict;
    for (const Cell& c : runs[i + 1].model.cells) {
      auto it = before.find(c.id());
      if (it == before.end()) continue;
      ++compared;
      agreed += it->second == c.verdict;
      if (it->second != c.verdict) {
        std::printf("truth: run %zu -> %zu: %s %s -> %s (%s)\n", i, i + 1, c.id().c_str(),
                    VerdictName(it->second), VerdictName(c.verdict), c.text.c_str());
      }
      flips += (it->second == Verdict::kSubjectFaster && c.verdict == Verdict::kSubjectSlower) ||
               (it->second == Verdict::kSubjectSlower && c.verdict == Verdict::kSubjectFaster);
    }
  }
  std::printf("truth [%s]: twins: %zu of %zu cells no winner, %zu flagged by the process-level "
              "test\n", condition, twin_cells - twin_winners, twin_cells, twin_flagged);
  std::printf("truth [%s]: +20 us per submit: judged slower in %zu of %zu cells (40 and 300 us, "
              "within the cores)\n", condition, delayed_found, delayed_cells);
  std::printf("truth [%s]: back to back: %zu of %zu verdicts agree, %zu flips\n", condition,
              agreed, compared, flips);
  std::printf("truth [%s]: %zu of %zu winner cells point against their end-to-end medians by "
              "more than 3%%\n", condition, against, winners);
  EXPECT_EQ(against, 0u);
  ASSERT_GT(twin_cells, 0u);
  EXPECT_GE(static_cast<double>(twin_cells - twin_winners), 0.95 * static_cast<double>(twin_cells));
  EXPECT_LE(static_cast<double>(twin_flagged), 0.05 * static_cast<double>(twin_cells));
  ASSERT_GT(delayed_cells, 0u);
  EXPECT_GE(static_cast<double>(delayed_found), 0.90 * static_cast<double>(delayed_cells));
  ASSERT_GT(compared, 0u);
  EXPECT_GE(static_cast<double>(agreed), 0.90 * static_cast<double>(compared));
  EXPECT_EQ(flips, 0u);
}

TEST_P(TruthTest, FiveMicrosecondsAtFortyMicrosecondsIsFound) {
  TempDir dir;
  int found = 0;
  for (int i = 0; i < kRuns; ++i) {
    const QuickRunResult run =
        QuickRun(dir.path() / ("d5-" + std::to_string(i)), "thread_pool", 5, GetParam());
    for (const Cell& c : run.model.cells) {
      if (c.baseline == "thread_pool_delayed" && c.concurrency == 1 && c.tier_us == 40) {
        found += c.verdict == Verdict::kSubjectFaster;
      }
    }
  }
  std::printf("truth [%s]: +5 us per submit at 40 us, concurrency 1: found in %d of %d runs\n",
              ConditionName(GetParam()), found, kRuns);
  EXPECT_GE(found, 4);
}

INSTANTIATE_TEST_SUITE_P(Conditions, TruthTest,
                         ::testing::Values(Condition::kHeld, Condition::kAsIs),
                         [](const ::testing::TestParamInfo<Condition>& param) {
                           return std::string(param.param == Condition::kHeld ? "IdleHeld"
                                                                              : "MachineAsIs");
                         });

// Three quick runs of every built-in adapter, back to back: no verdict points against its own
// cell's end-to-end medians by more than 3%, and every self-check passes on an idle machine.
TEST(TruthDirectionTest, QuickRunsOfTheBuiltInsPointTheWayTheirMediansDo) {
  TempDir dir;
  size_t winners = 0, against = 0, failed_checks = 0;
  for (int i = 0; i < 3; ++i) {
    const fs::path results = dir.path() / ("builtins-" + std::to_string(i));
    absl::StatusOr<ChildResult> r = RunChild(
        {.argv = {HostBinary().string(), "run", "--quick", "--no-report", "--results",
                  results.string()},
         .timeout = std::chrono::seconds(900)});
    EXPECT_TRUE(r.ok() && r->exited && r->exit_code == 0) << (r.ok() ? r->output_tail : "");
    const QuickRunResult run = ReadRun(results);
    against += AgainstEndToEnd(run, &winners);
    for (const SelfCheck& c : run.model.self_checks.checks) {
      if (c.passed) continue;
      ++failed_checks;
      std::printf("truth: run %d: self-check %s failed: %s\n", i, c.name.c_str(), c.detail.c_str());
    }
  }
  std::printf("truth: three quick runs of the built-ins: %zu of %zu winner cells point against "
              "their end-to-end medians by more than 3%%; %zu self-checks failed\n",
              against, winners, failed_checks);
  EXPECT_EQ(against, 0u);
  EXPECT_EQ(failed_checks, 0u);
}

// compare between runs of one subject (thread_pool_delayed), unchanged (delay 0) or with 20 us
// of busy work per submit, the latter also while a second process keeps one core busy.
TEST(TruthCompareTest, CompareTripsOnTheDelayAndNeverOnTheUnchangedPool) {
  TempDir dir;
  int tripped = 0, tripped_busy = 0, false_trips = 0;
  for (int i = 0; i < kRuns; ++i) {
    const std::string n = std::to_string(i);
    const QuickRunResult old_run =
        QuickRun(dir.path() / ("old-" + n), "thread_pool_delayed", 0, Condition::kHeld);
    const QuickRunResult same =
        QuickRun(dir.path() / ("same-" + n), "thread_pool_delayed", 0, Condition::kHeld);
    const QuickRunResult slower = QuickRun(dir.path() / ("slower-" + n), "thread_pool_delayed",
                                           20, Condition::kHeld, /*busy=*/i % 2 == 1);
    absl::StatusOr<Archive> o = ReadArchive(old_run.archive);
    absl::StatusOr<Archive> s = ReadArchive(same.archive);
    absl::StatusOr<Archive> d = ReadArchive(slower.archive);
    ASSERT_TRUE(o.ok() && s.ok() && d.ok());
    absl::StatusOr<CompareModel> unchanged =
        BuildCompareModel(*o, old_run.archive.string(), *s, same.archive.string());
    absl::StatusOr<CompareModel> changed =
        BuildCompareModel(*o, old_run.archive.string(), *d, slower.archive.string());
    ASSERT_TRUE(unchanged.ok() && changed.ok());
    false_trips += EvaluateRegressionGate(*unchanged, 10).failed;
    const bool trips = EvaluateRegressionGate(*changed, 10).failed;
    (i % 2 == 1 ? tripped_busy : tripped) += trips;
  }
  std::printf("truth: compare --fail-on-regression 10: +20 us trips it in %d of %d tries (%d of "
              "%d with a core kept busy); the unchanged pool trips it in %d of %d\n",
              tripped + tripped_busy, kRuns, tripped_busy, kRuns / 2, false_trips, kRuns);
  EXPECT_GE(tripped + tripped_busy, 4);
  EXPECT_EQ(false_trips, 0);
}

}  // namespace
}  // namespace zoo
