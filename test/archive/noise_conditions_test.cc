// Each noise condition against a fake /proc and /sys tree: the warning present, absent, and
// not checkable (its source missing).
#include "core/archive/noise_conditions.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;
using ::zoo::testing::TempDir;

std::string Arg(const NoiseCondition& c, const std::string& name) {
  for (const auto& [key, value] : c.message.args) {
    if (key == name) return value;
  }
  return "<absent>";
}

void ExpectState(const NoiseCondition& c, const std::string& code, const char* state,
                 const std::string& variant = "") {
  EXPECT_EQ(c.code, code);
  EXPECT_EQ(c.state, state) << c.detail;
  EXPECT_EQ(c.message.code, "noise." + code + "." + state + (variant.empty() ? "" : "_" + variant));
  EXPECT_FALSE(c.detail.empty());
}

TEST(NoiseGovernorTest, WarnsWhenAnyCpuIsNotOnPerformance) {
  TempDir root;
  root.Write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
  root.Write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave\n");
  // Not CPUs: never read as one.
  root.Write("sys/devices/system/cpu/cpufreq/scaling_governor", "ondemand\n");
  const NoiseCondition c = CheckGovernor(root.path());
  ExpectState(c, "governor", kNoiseWarning);
  EXPECT_EQ(c.observed, "performance,powersave");
  EXPECT_EQ(Arg(c, "count"), "1");
  EXPECT_EQ(Arg(c, "cpus"), "2");
  EXPECT_TRUE(c.warning());
}

TEST(NoiseGovernorTest, FineWhenEveryCpuIsOnPerformance) {
  TempDir root;
  for (const char* cpu : {"cpu0", "cpu1", "cpu10"}) {
    root.Write(std::string("sys/devices/system/cpu/") + cpu + "/cpufreq/scaling_governor",
               "performance\n");
  }
  const NoiseCondition c = CheckGovernor(root.path());
  ExpectState(c, "governor", kNoiseFine);
  EXPECT_EQ(Arg(c, "cpus"), "3");
  EXPECT_FALSE(c.warning());
}

TEST(NoiseGovernorTest, NoCpufreqIsNotCheckableNotFine) {
  TempDir root;
  root.Write("sys/devices/system/cpu/cpu0/online", "1\n");  // a CPU, but no cpufreq
  ExpectState(CheckGovernor(root.path()), "governor", kNoiseNotCheckable);
  TempDir empty;
  ExpectState(CheckGovernor(empty.path()), "governor", kNoiseNotCheckable);
}

TEST(NoiseTurboTest, IntelPstateNoTurboZeroIsAWarning) {
  TempDir root;
  root.Write("sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");
  const NoiseCondition c = CheckTurbo(root.path());
  ExpectState(c, "turbo", kNoiseWarning);
  EXPECT_EQ(c.observed, "intel_pstate/no_turbo = 0");
}

TEST(NoiseTurboTest, CpufreqBoostOneIsAWarningAndZeroIsFine) {
  TempDir on;
  on.Write("sys/devices/system/cpu/cpufreq/boost", "1\n");
  ExpectState(CheckTurbo(on.path()), "turbo", kNoiseWarning);
  TempDir off;
  off.Write("sys/devices/system/cpu/cpufreq/boost", "0\n");
  ExpectState(CheckTurbo(off.path()), "turbo", kNoiseFine);
}

TEST(NoiseTurboTest, NoTurboOneIsFineAndNoSourceIsNotCheckable) {
  TempDir root;
  root.Write("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
  ExpectState(CheckTurbo(root.path()), "turbo", kNoiseFine);
  TempDir empty;
  ExpectState(CheckTurbo(empty.path()), "turbo", kNoiseNotCheckable);
}

TEST(NoiseAslrTest, OnOffAndUnreadable) {
  TempDir on;
  on.Write("proc/sys/kernel/randomize_va_space", "2\n");
  const NoiseCondition c = CheckAslr(on.path());
  ExpectState(c, "aslr", kNoiseWarning);
  EXPECT_EQ(c.observed, "2");
  EXPECT_EQ(Arg(c, "value"), "2");
  TempDir off;
  off.Write("proc/sys/kernel/randomize_va_space", "0\n");
  ExpectState(CheckAslr(off.path()), "aslr", kNoiseFine);
  TempDir empty;
  ExpectState(CheckAslr(empty.path()), "aslr", kNoiseNotCheckable);
}

TEST(NoiseBuildTest, DebugAndSanitizerBuildsWarnAndOptimizedOnesDoNot) {
  SystemInfo e;
  e.build_type = "debug";
  e.sanitizers = "none";
  ExpectState(CheckBuild(e), "build", kNoiseWarning);
  e.build_type = "debugoptimized";
  e.sanitizers = "address,undefined";
  const NoiseCondition sanitized = CheckBuild(e);
  ExpectState(sanitized, "build", kNoiseWarning);
  EXPECT_EQ(Arg(sanitized, "sanitizers"), "address,undefined");
  EXPECT_THAT(sanitized.observed, HasSubstr("address,undefined"));
  e.sanitizers = "none";
  ExpectState(CheckBuild(e), "build", kNoiseFine);
  e.build_type = "release";
  ExpectState(CheckBuild(e), "build", kNoiseFine);
  e.build_type = "";
  ExpectState(CheckBuild(e), "build", kNoiseNotCheckable);
}

TEST(NoiseLoadTest, AboveAQuarterOfTheCoresIsAWarning) {
  TempDir root;
  root.Write("proc/loadavg", "1.52 0.80 0.40 3/250 12345\n");
  const NoiseCondition c = CheckLoad(root.path(), 4);  // threshold 1.00
  ExpectState(c, "load", kNoiseWarning);
  EXPECT_EQ(c.observed, "1.52");
  EXPECT_EQ(Arg(c, "threshold"), "1.00");
  EXPECT_EQ(Arg(c, "cores"), "4");
  // The same load on 8 cores (threshold 2.00) is fine; the threshold itself is not above.
  ExpectState(CheckLoad(root.path(), 8), "load", kNoiseFine);
  root.Write("proc/loadavg", "1.00 0.80 0.40 3/250 12345\n");
  ExpectState(CheckLoad(root.path(), 4), "load", kNoiseFine);
}

TEST(NoiseLoadTest, MissingGarbledOrCoreless) {
  TempDir empty;
  ExpectState(CheckLoad(empty.path(), 4), "load", kNoiseNotCheckable);
  TempDir garbled;
  garbled.Write("proc/loadavg", "high\n");
  ExpectState(CheckLoad(garbled.path(), 4), "load", kNoiseNotCheckable);
  TempDir fine;
  fine.Write("proc/loadavg", "0.01 0.02 0.03 1/100 1\n");
  ExpectState(CheckLoad(fine.path(), 0), "load", kNoiseNotCheckable);
}

TEST(NoiseHypervisorTest, CpuinfoFlagOrSysHypervisorTypeIsAWarning) {
  TempDir flagged;
  flagged.Write("proc/cpuinfo",
                "processor\t: 0\nmodel name\t: X\nflags\t\t: fpu vme hypervisor lahf_lm\n");
  const NoiseCondition c = CheckHypervisor(flagged.path());
  ExpectState(c, "hypervisor", kNoiseWarning);
  EXPECT_THAT(Arg(c, "evidence"), HasSubstr("hypervisor"));
  TempDir xen;
  xen.Write("sys/hypervisor/type", "xen\n");
  const NoiseCondition x = CheckHypervisor(xen.path());
  ExpectState(x, "hypervisor", kNoiseWarning);
  EXPECT_THAT(x.observed, HasSubstr("xen"));
}

TEST(NoiseHypervisorTest, FlagsWithoutItAreFineAndNoFlagsAreNotCheckable) {
  TempDir bare;
  // "hypervisor" only as part of another word must not count.
  bare.Write("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme nothypervisor\n");
  ExpectState(CheckHypervisor(bare.path()), "hypervisor", kNoiseFine);
  TempDir arm;
  arm.Write("proc/cpuinfo", "processor\t: 0\nFeatures\t: fp asimd\n");
  ExpectState(CheckHypervisor(arm.path()), "hypervisor", kNoiseNotCheckable);
  TempDir empty;
  ExpectState(CheckHypervisor(empty.path()), "hypervisor", kNoiseNotCheckable);
}

// cpu0's idle states as the kernel lists them: state<N>/{name,latency[,disable]}.
void WriteIdleState(const TempDir& root, int n, const std::string& name, int latency_us,
                    bool disabled = false) {
  const std::string dir = "sys/devices/system/cpu/cpu0/cpuidle/state" + std::to_string(n) + "/";
  root.Write(dir + "name", name + "\n");
  root.Write(dir + "latency", std::to_string(latency_us) + "\n");
  if (disabled) root.Write(dir + "disable", "1\n");
}

TEST(NoiseIdleTest, ADeepStateIsAWarningUnlessTheRunHoldsItOff) {
  TempDir root;
  WriteIdleState(root, 0, "POLL", 0);
  WriteIdleState(root, 1, "C1", 2);
  WriteIdleState(root, 2, "C6", 133);
  WriteIdleState(root, 3, "C10", 890, /*disabled=*/true);  // never entered: not the deepest
  root.Write("sys/devices/system/cpu/cpuidle/current_driver", "intel_idle\n");

  const NoiseCondition failed =
      CheckIdleStates(root.path(), CpuIdleHold::Acquire(root.path() / "dev/cpu_dma_latency"));
  ExpectState(failed, "idle", kNoiseWarning);
  EXPECT_EQ(Arg(failed, "deepest"), "C6");
  EXPECT_EQ(Arg(failed, "latency"), "133");
  EXPECT_EQ(Arg(failed, "driver"), "intel_idle");
  EXPECT_THAT(Arg(failed, "reason"), HasSubstr("No such file or directory"));
  EXPECT_EQ(Arg(failed, "command"), "sudo zoo-host run");

  const NoiseCondition declined = CheckIdleStates(root.path(), CpuIdleHold::NotRequested());
  ExpectState(declined, "idle", kNoiseWarning, "not_requested");
  EXPECT_EQ(Arg(declined, "command"), "--cpu-idle shallow");

  root.Write("dev/cpu_dma_latency", "");  // a file that takes the request as the device would
  const NoiseCondition held =
      CheckIdleStates(root.path(), CpuIdleHold::Acquire(root.path() / "dev/cpu_dma_latency"));
  ExpectState(held, "idle", kNoiseFine, "held");
  EXPECT_THAT(held.observed, HasSubstr("held off"));
}

TEST(NoiseIdleTest, PollingOnlyIsFineAndNoStatesAreNotCheckable) {
  TempDir polling;
  WriteIdleState(polling, 0, "POLL", 0);
  ExpectState(CheckIdleStates(polling.path(), CpuIdleHold::NotRequested()), "idle", kNoiseFine);
  TempDir none;
  ExpectState(CheckIdleStates(none.path(), CpuIdleHold::NotRequested()), "idle",
              kNoiseNotCheckable);
  TempDir garbled;
  garbled.Write("sys/devices/system/cpu/cpu0/cpuidle/state0/name", "POLL\n");
  garbled.Write("sys/devices/system/cpu/cpu0/cpuidle/state0/latency", "soon\n");
  ExpectState(CheckIdleStates(garbled.path(), CpuIdleHold::NotRequested()), "idle",
              kNoiseNotCheckable);
}

TEST(NoiseRoundsTest, FewerThanTheMinimumProcessesOrRoundsIsAWarning) {
  EXPECT_EQ(kMinTrustworthyRounds, 20u);
  EXPECT_EQ(kMinTrustworthyProcesses, 3u);
  const NoiseCondition one = CheckRounds(1, 30);  // one process, however many rounds
  ExpectState(one, "samples", kNoiseWarning);
  EXPECT_EQ(Arg(one, "processes"), "1");
  EXPECT_EQ(Arg(one, "minimum_processes"), "3");
  EXPECT_EQ(Arg(one, "command"), "--processes 3 --rounds 30");
  const NoiseCondition few = CheckRounds(3, 5);  // 15 rounds in all
  ExpectState(few, "samples", kNoiseWarning);
  EXPECT_EQ(Arg(few, "total"), "15");
  EXPECT_EQ(Arg(few, "command"), "--processes 3 --rounds 7");
  ExpectState(CheckRounds(5, 5), "samples", kNoiseFine);  // --quick
  ExpectState(CheckRounds(4, 8), "samples", kNoiseFine);  // the full matrix
}

TEST(NoiseRecordTest, EveryConditionIsRecordedInOrderWhateverItsState) {
  TempDir root;  // nothing readable: every file-backed condition is not checkable
  SystemInfo e;
  e.build_type = "release";
  e.sanitizers = "none";
  e.logical_cores = 2;
  Matrix m = DefaultMatrix();
  m.measured_rounds = 5;
  const NoiseRecord r = ReadNoiseConditions(e, m, CpuIdleHold::NotRequested(), root.path());
  EXPECT_TRUE(r.recorded);
  ASSERT_EQ(r.conditions.size(), std::size(kNoiseCodes));
  for (size_t i = 0; i < r.conditions.size(); ++i) EXPECT_EQ(r.conditions[i].code, kNoiseCodes[i]);
  EXPECT_EQ(r.conditions[0].state, kNoiseNotCheckable);  // governor
  EXPECT_EQ(r.conditions[3].state, kNoiseFine);          // build
  EXPECT_EQ(r.conditions[6].state, kNoiseNotCheckable);  // idle
  EXPECT_EQ(r.conditions[7].state, kNoiseWarning);       // samples
}

}  // namespace
}  // namespace zoo
