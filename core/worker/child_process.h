// Runs a command in a child process of its own process group, with a deadline, and collects
// what it wrote to a report pipe (fd 3 in the child) and the tail of its stdout + stderr.
// A crash (signal) or hang (deadline, then SIGKILL to the whole group) is reported, never
// inherited: the caller always gets control back.
#pragma once

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace zoo {

// The child's fd on which it writes its structured report.
inline constexpr int kChildReportFd = 3;

struct ChildOptions {
  std::vector<std::string> argv;  // argv[0] is the program path
  std::chrono::milliseconds timeout{30'000};
  size_t output_tail_bytes = 2048;
  // When set (e.g. by a SIGINT handler), the child's group is killed and `cancelled` is set.
  const std::atomic<bool>* cancel = nullptr;
  // "NAME=value" entries added to the parent's environment (replacing the same NAME).
  std::vector<std::string> extra_env = {};
  // A child that writes more than this to its report channel is killed (`report_overflow`):
  // a plugin's bug must not take the host's memory. A full unit's result is far below it.
  size_t report_limit_bytes = size_t{1} << 30;
};

struct ChildResult {
  bool exited = false;  // exited normally, with exit_code
  int exit_code = -1;
  int signal = 0;        // the signal that ended it, when it did not exit
  bool timed_out = false;
  bool cancelled = false;
  bool report_overflow = false;  // killed for writing more than report_limit_bytes
  int pid = 0;
  double elapsed_s = 0;
  std::string report;       // everything written to fd 3
  std::string output_tail;  // the last output_tail_bytes of stdout + stderr
};

// kInternal only when the child could not be started at all.
absl::StatusOr<ChildResult> RunChild(const ChildOptions& options);

// "crashed with signal SIGSEGV (Segmentation fault)", "hung: killed after 5.0 s",
// "exited with status 3".
std::string DescribeEnd(const ChildResult& result);

// A sanitizer's "SUMMARY: ..." line when there is one, else the last non-empty line of the
// child's output, trimmed, or "".
std::string LastOutputLine(const ChildResult& result);

}  // namespace zoo
