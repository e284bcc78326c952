#include "core/measure/perf_counters.h"

#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"

namespace zoo {
namespace {

struct CounterKind {
  const char* name;
  uint32_t type;
  uint64_t config;
  // Hardware counters count user space only, which perf_event_paranoid=2 allows. The
  // software ones must include the kernel: a context switch happens in the kernel, so a
  // user-only count of it is always zero.
  bool exclude_kernel;
};

constexpr CounterKind kKinds[ProcessCounters::kCount] = {
    {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, true},
    {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, true},
    {"context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, false},
    {"cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS, false},
};

std::string Paranoid() {
  std::ifstream in("/proc/sys/kernel/perf_event_paranoid");
  std::string value;
  if (!(in >> value)) return "unreadable";
  return value;
}

Count Refused(const CounterKind& kind, int err) {
  Count c;
  const std::string call = absl::StrFormat("perf_event_open(%s) failed with %s (%s)", kind.name,
                                           strerrorname_np(err) ? strerrorname_np(err) : "?",
                                           strerror(err));
  if (err == EACCES || err == EPERM) {
    c.unavailable_code = "not_permitted";
    c.unavailable_reason = absl::StrCat(call, ": not permitted with kernel.perf_event_paranoid = ",
                                        Paranoid(), " (or a seccomp filter)");
  } else if (err == ENOENT || err == EOPNOTSUPP || err == ENODEV) {
    c.unavailable_code = "not_supported";
    c.unavailable_reason = absl::StrCat(call, ": this machine has no such counter (a virtual "
                                              "machine without a PMU, or a kernel without it)");
  } else if (err == ENOSYS) {
    c.unavailable_code = "not_supported";
    c.unavailable_reason = absl::StrCat(call, ": this kernel has no perf_event_open");
  } else {
    c.unavailable_code = "not_supported";
    c.unavailable_reason = call;
  }
  return c;
}

}  // namespace

ProcessCounters::ProcessCounters() {
  for (int i = 0; i < kCount; ++i) {
    perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = kKinds[i].type;
    attr.config = kKinds[i].config;
    attr.disabled = 1;
    attr.inherit = 1;
    attr.exclude_kernel = kKinds[i].exclude_kernel ? 1 : 0;
    attr.exclude_hv = 1;
    attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    const long fd = syscall(SYS_perf_event_open, &attr, 0 /*this process*/, -1 /*any CPU*/,
                            -1 /*no group*/, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) {
      refused_[i] = Refused(kKinds[i], errno);
    } else {
      fd_[i] = static_cast<int>(fd);
    }
  }
}

ProcessCounters::~ProcessCounters() {
  for (int fd : fd_) {
    if (fd >= 0) close(fd);
  }
}

void ProcessCounters::Enable() const {
  for (int fd : fd_) {
    if (fd >= 0) ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
  }
}

void ProcessCounters::Disable() const {
  for (int fd : fd_) {
    if (fd >= 0) ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
  }
}

Count ProcessCounters::Read(Index i) const {
  if (fd_[i] < 0) return refused_[i];
  // value, time enabled, time running (PERF_FORMAT_TOTAL_TIME_*); live threads included.
  uint64_t v[3] = {0, 0, 0};
  const ssize_t n = read(fd_[i], v, sizeof v);
  Count c;
  if (n != static_cast<ssize_t>(sizeof v)) {
    c.unavailable_code = "not_supported";
    c.unavailable_reason = absl::StrFormat("reading the %s counter failed (%s)", kKinds[i].name,
                                           n < 0 ? strerror(errno) : "short read");
    return c;
  }
  if (v[2] < v[1]) {
    // Multiplexed with other events: the count covers part of the rounds only, and scaling
    // it up would be a guess.
    c.unavailable_code = "not_supported";
    c.unavailable_reason = absl::StrFormat(
        "the %s counter ran only %.0f%% of the measured time (the PMU was shared), so its "
        "count is partial",
        kKinds[i].name, v[1] > 0 ? 100.0 * static_cast<double>(v[2]) / static_cast<double>(v[1])
                                 : 0.0);
    return c;
  }
  c.available = true;
  c.total = v[0];
  return c;
}

}  // namespace zoo
