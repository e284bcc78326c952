// The unit worker's per-round CPU time: read around every measured round of a timed unit, and
// a measure of CPU, not of wall time (bodies that sleep cost their round almost none).
#include "core/measure/unit_worker.h"

#include <cstdint>

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

}  // namespace
}  // namespace zoo
