// Keeps every CPU out of its deep idle states while a run measures, as cyclictest does for
// its latency figures: a PM QoS request written to /dev/cpu_dma_latency (a 32-bit latency in
// microseconds, here 0) lasts exactly as long as the file stays open, so the kernel drops it
// when the hold is destroyed or the process dies, and nothing of the machine's setting
// outlives the run.
//
// Why: a CPU with nothing to run enters an idle state, and a task handed to a thread asleep
// on it pays that state's exit latency. In a virtual machine a halted virtual CPU is woken
// through the hypervisor (tens of microseconds on the VM zoo-host is developed on), and
// whether an adapter's worker sleeps on the busy CPU or on the idle one is settled anew in
// every process: a cell's processes then fall at two levels far apart, which hides small
// differences. With the request held, an idle CPU polls, and both levels are a few µs.
#pragma once

#include <filesystem>
#include <string>
#include <utility>

namespace zoo {

class CpuIdleHold {
 public:
  // Opens `device` and asks for a 0 µs latency. Never fails: a hold that could not be taken
  // (not root, no such device) is not held(), and why() says so in one clause.
  static CpuIdleHold Acquire(const std::filesystem::path& device = "/dev/cpu_dma_latency");
  // A hold that was not asked for (`run --cpu-idle any`).
  static CpuIdleHold NotRequested();

  CpuIdleHold(CpuIdleHold&& other) noexcept;
  CpuIdleHold& operator=(CpuIdleHold&& other) noexcept;
  CpuIdleHold(const CpuIdleHold&) = delete;
  CpuIdleHold& operator=(const CpuIdleHold&) = delete;
  ~CpuIdleHold();

  bool requested() const { return requested_; }
  bool held() const { return fd_ >= 0; }
  // Empty when held; else "not requested", or "<device>: <the system's reason>".
  const std::string& why() const { return why_; }

 private:
  CpuIdleHold(bool requested, int fd, std::string why)
      : requested_(requested), fd_(fd), why_(std::move(why)) {}
  void Release();

  bool requested_ = false;
  int fd_ = -1;
  std::string why_;
};

}  // namespace zoo
