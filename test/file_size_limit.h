// Makes the machine refuse writes, as a full disk would, without root, a small mount or a full
// disk: a soft file size limit (RLIMIT_FSIZE) on this process and the children it starts while
// the limit holds, with SIGXFSZ ignored, so that a write beyond it fails with EFBIG ("File too
// large") where a full disk fails with ENOSPC. Lowering one's own soft limit needs no privilege,
// so this works in an unprivileged CI container too.
#pragma once

#include <signal.h>
#include <sys/resource.h>

#include "gtest/gtest.h"

namespace zoo::testing {

class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    EXPECT_EQ(getrlimit(RLIMIT_FSIZE, &saved_), 0);
    rlimit lower = saved_;
    lower.rlim_cur = bytes;
    EXPECT_EQ(setrlimit(RLIMIT_FSIZE, &lower), 0);
    saved_handler_ = signal(SIGXFSZ, SIG_IGN);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &saved_);
    signal(SIGXFSZ, saved_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit saved_{};
  sighandler_t saved_handler_ = SIG_DFL;
};

}  // namespace zoo::testing
