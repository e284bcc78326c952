// History on generated archives whose truth is known: versions 1.0 to 1.7 of one pool, each
// run with its baselines on a machine whose speed drifts from run to run (same-run ratios
// cancel it), with and without 20 us of busy work per submit from 1.4 on.
#include "core/model/history.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/archive/archive.h"
#include "core/render/history_page.h"
#include "core/render/site_words.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"
#include "test/zoo_host_cli.h"

namespace zoo {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A deterministic value in [-1, 1) from a few integers.
double Jitter(uint64_t a, uint64_t b, uint64_t c) {
  uint64_t x = a * 0x9e3779b97f4a7c15ull ^ b * 0xbf58476d1ce4e5b9ull ^ c * 0x94d049bb133111ebull;
  x ^= x >> 31;
  x *= 0xd6e9c2b17d4a2b47ull;
  x ^= x >> 29;
  return static_cast<double>(x % 2000) / 1000.0 - 1.0;
}

// One process of `adapter` at (c, tier): three rounds of one task each per slot, every task's
// end-to-end `e2e_ns` give or take 1%, its body the tier (so the tier basis reads end to end).
ArchivedUnit Process(const std::string& adapter, uint32_t c, uint32_t tier, uint32_t process,
                     double e2e_ns, uint64_t seed) {
  UnitResult u;
  u.ok = true;
  u.spec = {.adapter = adapter, .plugin_file = "/x/" + adapter + ".so", .tier_us = tier,
            .concurrency = c, .warmup_rounds = 0, .measured_rounds = 3, .workload = "json",
            .semantics = "", .semantics_value = 0};
  u.spec.process = process;
  u.calibration.target_ns = static_cast<int64_t>(tier) * 1000;
  for (uint32_t r = 0; r < 3; ++r) {
    const double e2e = e2e_ns * (1 + 0.01 * Jitter(seed, process, r));
    RoundSample round{.start_ns = 0, .wall_ns = static_cast<int64_t>(e2e * c), .tasks = {}};
    const auto body = static_cast<int64_t>(tier) * 1000;
    for (uint32_t i = 0; i < c; ++i) {
      round.tasks.push_back({.submit_call_ns = 0, .submit_return_ns = 1'000,
                             .body_start_ns = 2'000, .body_end_ns = 2'000 + body,
                             .completed_ns = 3'000 + body, .executor_pid = 7});
    }
    u.rounds.push_back(std::move(round));
  }
  return {.result = u, .stats = ComputeUnitStats(u, 2)};
}

struct Generated {
  std::string machine_cpu = "Test CPU";
  double delay_ns = 0;  // added to the subject's tasks from version 1.4 on
  size_t versions = 8;
};

std::vector<LoadedArchive> Generate(const Generated& g) {
  std::vector<LoadedArchive> out;
  for (size_t v = 0; v < g.versions; ++v) {
    Archive a;
    a.subject = "pool";
    a.subject_version = "1." + std::to_string(v);
    a.run.status = RunStatus::kComplete;
    a.run.started_utc = "2026-12-0" + std::to_string(1 + v % 9) + "T00:00:00Z";
    a.environment.cpu_model = g.machine_cpu;
    a.environment.logical_cores = 2;
    a.environment.kernel = "6.1";
    a.environment.machine = "x86_64";
    a.environment.hostname = "ci";
    a.environment.build_type = "release";
    a.environment.sanitizers = "none";
    for (const char* name : {"pool", "b1", "b2"}) {
      AdapterRecord r;
      r.descriptor.name = name;
      r.gate_passed = true;
      a.adapters.push_back(r);
    }
    const double machine = 1 + 0.05 * Jitter(v, 11, 3);  // this run's speed: cancels in ratios
    for (uint32_t tier : {40u, 300u}) {
      for (uint32_t c : {1u, 2u}) {
        for (uint32_t p = 0; p < 5; ++p) {
          const double base = (tier * 1000.0 + 20'000) * machine;
          const double subject = base + (v >= 4 ? g.delay_ns : 0) * machine;
          a.units.push_back(Process("pool", c, tier, p, subject, v * 100 + p));
          a.units.push_back(Process("b1", c, tier, p, base * 1.1, v * 100 + p + 7));
          a.units.push_back(Process("b2", c, tier, p, base * 0.95, v * 100 + p + 13));
        }
      }
    }
    out.push_back({.path = "results/pool-" + a.subject_version + "/x.json", .archive = std::move(a)});
  }
  return out;
}

TEST(HistoryTest, TwentyMicrosecondsFromOnePointFourIsTheOneStep) {
  const HistoryModel m = BuildHistory(Generate({.delay_ns = 20'000}));
  ASSERT_EQ(m.groups.size(), 1u);
  const HistoryGroup& g = m.groups[0];
  EXPECT_EQ(g.archives.size(), 8u);
  ASSERT_EQ(g.steps.size(), 1u) << "one step, whatever the machine's drift";
  const HistoryStep& s = g.steps[0];
  EXPECT_EQ(s.version, "1.4");
  EXPECT_TRUE(s.slowdown);
  EXPECT_TRUE(s.persists);
  EXPECT_TRUE(s.confirmed);
  for (const char* cell : {"b1/c1/40us", "b2/c1/40us", "b1/c2/40us", "b2/c2/40us"}) {
    EXPECT_THAT(s.cells, Contains(cell));
  }
  // The injected slowdown at 40 us: (60 + 20) / 60 us per task.
  HistoryStep at40;
  for (const HistorySeries& series : g.series) {
    if (series.cell != "b1/c1/40us") continue;
    const std::vector<HistoryStep> found =
        FindSteps(series, {"1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7"}, std::log1p(0.03));
    ASSERT_EQ(found.size(), 1u);
    at40 = found[0];
  }
  EXPECT_LE(at40.low, 80.0 / 60.0);
  EXPECT_GE(at40.high, 80.0 / 60.0);
}

TEST(HistoryTest, NoInjectedChangeIsNoStep) {
  const HistoryModel m = BuildHistory(Generate({}));
  ASSERT_EQ(m.groups.size(), 1u);
  EXPECT_TRUE(m.groups[0].steps.empty());
  EXPECT_FALSE(m.groups[0].series.empty());
  EXPECT_EQ(m.groups[0].series.back().cell, "geomean");
}

TEST(HistoryTest, OneOutlierArchiveIsNotAStepButTheNewestAloneIsUnconfirmed) {
  std::vector<LoadedArchive> archives = Generate({});
  std::vector<LoadedArchive> outlier = Generate({.delay_ns = 20'000});
  archives[5] = std::move(outlier[5]);  // 1.5 alone is slower
  EXPECT_TRUE(BuildHistory(archives).groups[0].steps.empty());

  archives = Generate({});
  outlier = Generate({.delay_ns = 20'000});
  archives[7] = std::move(outlier[7]);  // the newest alone is slower
  const HistoryModel m = BuildHistory(archives);
  ASSERT_FALSE(m.groups[0].steps.empty());
  EXPECT_EQ(m.groups[0].steps[0].version, "1.7");
  EXPECT_FALSE(m.groups[0].steps[0].confirmed);
}

TEST(HistoryTest, TwoMachinesAreTwoSeriesAndAnUnfinishedRunIsLeftOut) {
  std::vector<LoadedArchive> archives = Generate({});
  for (LoadedArchive& l : Generate({.machine_cpu = "Other CPU"})) archives.push_back(std::move(l));
  archives[2].archive.run.status = RunStatus::kInterrupted;
  const HistoryModel m = BuildHistory(archives);
  ASSERT_EQ(m.groups.size(), 2u);
  EXPECT_NE(m.groups[0].machine.id, m.groups[1].machine.id);
  size_t left_out = 0;
  for (const HistoryGroup& g : m.groups) {
    for (const HistoryArchive& a : g.archives) {
      if (a.in_series) continue;
      ++left_out;
      EXPECT_THAT(a.left_out, HasSubstr("did not complete"));
    }
  }
  EXPECT_EQ(left_out, 1u);
  EXPECT_EQ(HistoryPages(m, **SiteWordsFor("en"), [](auto&&...) { return std::string(); }).size(),
            2u)
      << "a page per machine";
}

// `zoo-host history` on folders of such archives, as a CI job would run it.
std::filesystem::path WriteResults(const zoo::testing::TempDir& dir, const Generated& g) {
  const std::filesystem::path results = dir.path() / "results";
  for (const LoadedArchive& l : Generate(g)) {
    const std::filesystem::path file =
        results / ("pool-" + l.archive.subject_version) / "20261201T000000Z.json";
    EXPECT_TRUE(WriteArchive(l.archive, file).ok());
  }
  return results;
}

TEST(HistoryCliTest, FailOnStepTripsOnTheStepAndNotWithout) {
  zoo::testing::TempDir dir;
  const std::filesystem::path stepped = WriteResults(dir, {.delay_ns = 20'000});
  const zoo::testing::CliRun tripped =
      zoo::testing::ZooHost({"history", stepped.string(), "--fail-on-step", "10"});
  EXPECT_EQ(tripped.exit_code, 3) << tripped.output;
  EXPECT_THAT(tripped.output, HasSubstr("step at 1.4: 1.19x slower"));
  EXPECT_THAT(tripped.output, HasSubstr("b1/c1/40us"));
  EXPECT_THAT(tripped.output, HasSubstr("zoo-host compare " + (stepped / "pool-1.3").string()));
  const zoo::testing::CliRun md =
      zoo::testing::ZooHost({"history", stepped.string(), "--format", "md"});
  EXPECT_EQ(md.exit_code, 0);
  EXPECT_THAT(md.output, HasSubstr("| 1.4 | 1.19x slower |"));

  zoo::testing::TempDir flat_dir;
  const std::filesystem::path flat = WriteResults(flat_dir, {});
  const zoo::testing::CliRun passed =
      zoo::testing::ZooHost({"history", flat.string(), "--fail-on-step", "10"});
  EXPECT_EQ(passed.exit_code, 0) << passed.output;
  const zoo::testing::CliRun json = zoo::testing::ZooHost({"history", stepped.string(), "--json"});
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_THAT(json.output, HasSubstr("\"schema\":\"zoo-host-history\""));
  EXPECT_THAT(json.output, HasSubstr("\"version\":\"1.4\",\"archive\":4"));
  EXPECT_THAT(passed.output, HasSubstr("no step"));
  EXPECT_EQ(zoo::testing::ZooHost({"history", flat.string(), "--format", "pdf"}).exit_code, 2);
}

// The site's history page: the step in a table with its compare link, the timeline with a red
// line at the step, the same bytes twice, in both languages.
TEST(HistoryPageTest, TheStepIsTabledLinkedAndMarkedOnTheTimeline) {
  const HistoryModel m = BuildHistory(Generate({.delay_ns = 20'000}));
  std::string asked_older, asked_newer;
  const CompareLinkFn link = [&](const std::string& older, const std::string& newer,
                                 const std::string& ext) {
    asked_older = older, asked_newer = newer;
    return "../compare/x.vs-y/compare." + ext;
  };
  for (const char* lang : {"en", "zh"}) {
    const SiteWords& words = **SiteWordsFor(lang);
    const std::vector<HistoryPage> pages = HistoryPages(m, words, link);
    ASSERT_EQ(pages.size(), 1u);
    const HistoryPage& p = pages[0];
    EXPECT_EQ(p.base, "history/" + m.groups[0].machine.id + "-pool");
    EXPECT_THAT(p.md, HasSubstr("| 1.4 | 1.19× "));
    EXPECT_THAT(p.md, HasSubstr("[compare.md](../compare/x.vs-y/compare.md)"));
    EXPECT_THAT(p.html, HasSubstr("<a href=\"../compare/x.vs-y/compare.html\">"));
    EXPECT_EQ(asked_older, "results/pool-1.3/x.json");
    EXPECT_EQ(asked_newer, "results/pool-1.4/x.json");
    EXPECT_EQ(Count(p.svg, "stroke=\"#c0392b\""), 4u) << "the step in each panel: 2 tiers x 2 concurrencies";
    EXPECT_EQ(HistoryPages(m, words, link)[0].html, p.html) << "the same bytes twice";
  }
}

}  // namespace
}  // namespace zoo
