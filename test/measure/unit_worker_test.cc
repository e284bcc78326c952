// The unit worker's per-round CPU time: read around every measured round of a timed unit, and
// a measure of CPU, not of wall time (bodies that sleep cost their round almost none). Which
// stamps a unit takes: a timed unit its rounds' and its bodies', an attribution unit every
// per-task stamp, a noop unit none per task and a batch of cycles a round.
#include "core/measure/unit_worker.h"

#include <cstdint>

#include "core/measure/unit_stats.h"

#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using zoo::testing::BuiltinPlugin;

UnitSpec SleepUnit(const std::string& adapter, uint32_t concurrency) {
  UnitSpec spec;
  spec.adapter = adapter;
  spec.plugin_file = BuiltinPlugin(adapter).string();
  spec.tier_us = 2700;
  spec.concurrency = concurrency;
  spec.warmup_rounds = 1;
  spec.measured_rounds = 5;
  spec.workload = "sleep";
  return spec;
}

TEST(UnitWorkerTest, EveryMeasuredRoundOfATimedUnitCarriesTheProcessCpuTime) {
  for (const char* adapter : {"inline", "thread_pool"}) {
    const UnitResult r = MeasureUnit(SleepUnit(adapter, 2), nullptr);
    ASSERT_TRUE(r.ok) << adapter << ": " << r.failure;
    ASSERT_EQ(r.rounds.size(), 5u);
    int64_t cpu = 0, wall = 0;
    for (const RoundSample& round : r.rounds) {
      EXPECT_GE(round.cpu_ns, 0) << adapter << ": the CPU clock was read around the round";
      cpu += round.cpu_ns;
      wall += round.wall_ns;
    }
    // Two bodies per round each sleep 2.7 ms on a clock, on one thread or two: the process
    // spends its rounds waiting, so its CPU time is below the rounds' wall time whatever the
    // machine's speed or load (a figure equal to the wall time would be a copy of it).
    EXPECT_GT(cpu, 0) << adapter;
    EXPECT_LT(cpu, wall) << adapter;
  }
}

TEST(UnitWorkerTest, ATimedUnitStampsItsBodiesAndAnAttributionUnitEveryStep) {
  UnitSpec spec = SleepUnit("thread_pool", 2);
  const UnitResult timed = MeasureUnit(spec, nullptr);
  ASSERT_TRUE(timed.ok) << timed.failure;
  EXPECT_EQ(timed.stamps, Stamps::kBody);
  EXPECT_EQ(timed.batch, 1u);
  for (const RoundSample& round : timed.rounds) {
    ASSERT_EQ(round.tasks.size(), 2u);
    for (const TaskSample& t : round.tasks) {
      EXPECT_EQ(t.submit_call_ns, 0) << "no submit stamp in a timed unit";
      EXPECT_EQ(t.submit_return_ns, 0);
      EXPECT_EQ(t.completed_ns, 0) << "no completion stamp in a timed unit";
      EXPECT_GT(t.body_end_ns, t.body_start_ns) << "the body's own stamps stay";
      EXPECT_LE(t.body_end_ns, round.wall_ns);
    }
  }
  const UnitStats ts = ComputeUnitStats(timed, 2);
  EXPECT_EQ(ts.submit_ns.n, 0u) << "the segments are an attribution unit's";
  EXPECT_EQ(ts.body_ns.n, 10u);

  spec.kind = UnitKind::kAttribution;
  const UnitResult attributed = MeasureUnit(spec, nullptr);
  ASSERT_TRUE(attributed.ok) << attributed.failure;
  EXPECT_EQ(attributed.stamps, Stamps::kTask);
  for (const RoundSample& round : attributed.rounds) {
    ASSERT_EQ(round.tasks.size(), 2u);
    EXPECT_EQ(round.tasks[0].submit_call_ns, 0) << "the round starts at its first submit call";
    for (const TaskSample& t : round.tasks) {
      EXPECT_GE(t.submit_return_ns, t.submit_call_ns);
      EXPECT_GE(t.completed_ns, t.body_end_ns);
      EXPECT_LE(t.completed_ns, round.wall_ns);
    }
  }
  const UnitStats as = ComputeUnitStats(attributed, 2);
  EXPECT_EQ(as.submit_ns.n, 10u);
  EXPECT_EQ(as.return_ns.n, 10u);
}

TEST(UnitWorkerTest, ANoopUnitTimesABatchOfCyclesPerRoundAndNoTask) {
  UnitSpec spec = SleepUnit("inline", 2);
  spec.workload = "noop";
  spec.tier_us = 0;
  const UnitResult r = MeasureUnit(spec, nullptr);
  ASSERT_TRUE(r.ok) << r.failure;
  EXPECT_EQ(r.stamps, Stamps::kRound);
  EXPECT_EQ(r.batch, kRoundBatch);
  EXPECT_EQ(r.bodies_on_calling_thread, 5 * 2 * static_cast<int64_t>(kRoundBatch));
  for (const RoundSample& round : r.rounds) EXPECT_TRUE(round.tasks.empty());
  const UnitStats s = ComputeUnitStats(r, 2);
  ASSERT_EQ(s.end_to_end_ns.n, 5u);
  EXPECT_DOUBLE_EQ(s.round_wall_ns.median / (2.0 * kRoundBatch), s.end_to_end_ns.median)
      << "a task's share of a round is its wall over batch x concurrency";
  ASSERT_TRUE(s.overhead_ns.has_value()) << "a noop body's whole time is overhead";
  EXPECT_DOUBLE_EQ(*s.overhead_share, 1.0);
}

}  // namespace
}  // namespace zoo
