// The machine's caches, clock and load, read at run start for the archive's environment
// record, as Google Benchmark's sysinfo reads them for its JSON context (caches of cpu0,
// "cpu MHz", /proc/loadavg). One function per source; each path hangs off `root` ("/" in a
// run) so that tests can point it at a fake /proc and /sys tree. A source that is missing or
// unreadable gives the empty value (no caches, 0 MHz, no load), which the archive then leaves
// out: never a made-up figure.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace zoo {

// One cache of the first CPU, /sys/devices/system/cpu/cpu0/cache/index<N>/.
struct CpuCache {
  std::string type;          // "Data", "Instruction", "Unified", as the kernel writes it
  uint32_t level = 0;
  uint64_t size_bytes = 0;   // "32K" -> 32768
  uint32_t num_sharing = 0;  // the CPUs in shared_cpu_list
};

// Every index<N> of cpu0's cache folder, in index order; empty when there is none.
std::vector<CpuCache> ReadCpuCaches(const std::filesystem::path& root = "/");

// The first "cpu MHz" of /proc/cpuinfo (x86 writes one per CPU); 0 when there is none.
double ReadCpuMhz(const std::filesystem::path& root = "/");

// The 1, 5 and 15 minute load averages of /proc/loadavg; empty when it cannot be read.
std::vector<double> ReadLoadAverages(const std::filesystem::path& root = "/");

// "0-1,4" -> 3: the CPUs a kernel CPU list names; 0 when it does not parse.
uint32_t CountCpuList(std::string_view list);

}  // namespace zoo
