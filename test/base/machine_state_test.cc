// The machine's caches, clock and load against a fake /proc and /sys tree: read as Google
// Benchmark reads them, and nothing made up where a source is missing or garbled.
#include "core/base/machine_state.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "test/temp_dir.h"

namespace zoo {
namespace {

using ::zoo::testing::TempDir;

void WriteCache(const TempDir& root, int index, const std::string& level, const std::string& type,
                const std::string& size, const std::string& shared) {
  const std::string dir = "sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
  root.Write(dir + "level", level + "\n");
  root.Write(dir + "type", type + "\n");
  root.Write(dir + "size", size + "\n");
  root.Write(dir + "shared_cpu_list", shared + "\n");
}

TEST(MachineStateTest, CachesOfTheFirstCpuInIndexOrder) {
  TempDir root;
  WriteCache(root, 0, "1", "Data", "32K", "0");
  WriteCache(root, 1, "1", "Instruction", "32K", "0");
  WriteCache(root, 2, "2", "Unified", "512K", "0");
  WriteCache(root, 3, "3", "Unified", "32768K", "0-1,4,6-7");
  const std::vector<CpuCache> caches = ReadCpuCaches(root.path());
  ASSERT_EQ(caches.size(), 4u);
  EXPECT_EQ(caches[0].type, "Data");
  EXPECT_EQ(caches[0].level, 1u);
  EXPECT_EQ(caches[0].size_bytes, 32768u);
  EXPECT_EQ(caches[0].num_sharing, 1u);
  EXPECT_EQ(caches[1].type, "Instruction");
  EXPECT_EQ(caches[2].size_bytes, 512u * 1024);
  EXPECT_EQ(caches[3].level, 3u);
  EXPECT_EQ(caches[3].size_bytes, 32u * 1024 * 1024);
  EXPECT_EQ(caches[3].num_sharing, 5u);
}

TEST(MachineStateTest, ACacheWithoutItsSizeOrLevelIsLeftOutNotGuessed) {
  TempDir root;
  WriteCache(root, 0, "1", "Data", "", "0");
  WriteCache(root, 1, "x", "Unified", "1M", "0");
  WriteCache(root, 2, "2", "Unified", "1M", "0-3");
  const std::vector<CpuCache> caches = ReadCpuCaches(root.path());
  ASSERT_EQ(caches.size(), 1u);
  EXPECT_EQ(caches[0].level, 2u);
  EXPECT_EQ(caches[0].size_bytes, 1024u * 1024);
  EXPECT_EQ(caches[0].num_sharing, 4u);
  EXPECT_TRUE(ReadCpuCaches(TempDir().path()).empty());
}

TEST(MachineStateTest, CpuListsCountEveryCpuTheyName) {
  EXPECT_EQ(CountCpuList("0"), 1u);
  EXPECT_EQ(CountCpuList("0-1"), 2u);
  EXPECT_EQ(CountCpuList("0-3,8-11"), 8u);
  EXPECT_EQ(CountCpuList("2,4"), 2u);
  EXPECT_EQ(CountCpuList(""), 0u);
  EXPECT_EQ(CountCpuList("3-1"), 0u);
  EXPECT_EQ(CountCpuList("a-b"), 0u);
}

TEST(MachineStateTest, TheClockIsTheFirstCpuMhzLine) {
  TempDir root;
  root.Write("proc/cpuinfo",
             "processor\t: 0\nmodel name\t: Test CPU\ncpu MHz\t\t: 2445.404\n\n"
             "processor\t: 1\ncpu MHz\t\t: 1200.000\n");
  EXPECT_DOUBLE_EQ(ReadCpuMhz(root.path()), 2445.404);
  TempDir arm;
  arm.Write("proc/cpuinfo", "processor\t: 0\nBogoMIPS\t: 50.00\n");
  EXPECT_EQ(ReadCpuMhz(arm.path()), 0.0) << "no MHz line: none, not a guess";
  EXPECT_EQ(ReadCpuMhz(TempDir().path()), 0.0);
}

TEST(MachineStateTest, LoadIsTheThreeAveragesOrNothing) {
  TempDir root;
  root.Write("proc/loadavg", "1.81 0.95 0.40 3/170 12006\n");
  EXPECT_EQ(ReadLoadAverages(root.path()), (std::vector<double>{1.81, 0.95, 0.40}));
  TempDir short_line;
  short_line.Write("proc/loadavg", "1.81\n");
  EXPECT_TRUE(ReadLoadAverages(short_line.path()).empty());
  TempDir garbled;
  garbled.Write("proc/loadavg", "x y z 1/2 3\n");
  EXPECT_TRUE(ReadLoadAverages(garbled.path()).empty());
  EXPECT_TRUE(ReadLoadAverages(TempDir().path()).empty());
}

}  // namespace
}  // namespace zoo
