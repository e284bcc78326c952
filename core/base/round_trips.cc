// Measures the hand-off and pipe round trips of round_trips.h.
#include "core/base/round_trips.h"

#include <fcntl.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/clock.h"
#include "core/base/statistics.h"

namespace zoo {
namespace {

// Runs plan.warmup untimed exchanges, then timed batches of plan.batch until plan.exchanges
// or plan.budget_ns; `exchange()` is one round trip and returns false when it failed. The
// batch times go into storage sized before the first exchange, so the loop allocates nothing.
template <typename Exchange>
absl::StatusOr<RoundTrip> TimeRoundTrips(const RoundTripPlan& plan, const char* what,
                                         const char* method, Exchange exchange) {
  const uint32_t batches = plan.batch == 0 ? 0 : plan.exchanges / plan.batch;
  if (batches == 0) {
    return absl::InvalidArgumentError(absl::StrCat(what, ": a plan of no whole batch"));
  }
  std::vector<int64_t> batch_ns(batches, 0);
  for (uint32_t i = 0; i < plan.warmup; ++i) {
    if (!exchange()) return absl::InternalError(absl::StrCat(what, ": ", strerror(errno)));
  }
  const int64_t start = MonotonicNs();
  uint32_t done = 0;
  for (; done < batches; ++done) {
    const int64_t t0 = MonotonicNs();
    for (uint32_t i = 0; i < plan.batch; ++i) {
      if (!exchange()) return absl::InternalError(absl::StrCat(what, ": ", strerror(errno)));
    }
    const int64_t t1 = MonotonicNs();
    batch_ns[done] = t1 - t0;
    if (t1 - start >= plan.budget_ns) {
      ++done;
      break;
    }
  }
  std::vector<double> per_exchange;
  double total_ns = 0;
  for (uint32_t i = 0; i < done; ++i) {
    per_exchange.push_back(static_cast<double>(batch_ns[i]) / plan.batch);
    total_ns += static_cast<double>(batch_ns[i]);
  }
  return RoundTrip{.method = std::string(method),
                   .median_ns = Median(per_exchange),
                   .mean_ns = total_ns / (static_cast<double>(done) * plan.batch),
                   .exchanges = done * plan.batch,
                   .batch = plan.batch};
}

// Two threads, one mutex, one condition variable each way. Each notifies after unlocking, as
// thread_pool does, so the woken thread does not wake into a held mutex.
class CondvarHandOff {
 public:
  // Thread B: answers every exchange until Stop().
  void Echo() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      to_echo_.wait(lock, [this] { return stop_ || sent_ != answered_; });
      if (stop_) return;
      answered_ = sent_;
      lock.unlock();
      to_caller_.notify_one();
      lock.lock();
    }
  }
  // Thread A: one round trip. Always succeeds.
  bool Exchange() {
    std::unique_lock<std::mutex> lock(mu_);
    const uint64_t n = ++sent_;
    lock.unlock();
    to_echo_.notify_one();
    lock.lock();
    to_caller_.wait(lock, [this, n] { return answered_ == n; });
    return true;
  }
  void Stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    to_echo_.notify_one();
  }

 private:
  std::mutex mu_;
  std::condition_variable to_echo_, to_caller_;
  uint64_t sent_ = 0, answered_ = 0;
  bool stop_ = false;
};

// Owns one end of a pipe.
class PipeEnd {
 public:
  PipeEnd() = default;
  PipeEnd(PipeEnd&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  PipeEnd& operator=(PipeEnd&&) = delete;
  ~PipeEnd() { Close(); }
  void Set(int fd) { fd_ = fd; }
  int get() const { return fd_; }
  void Close() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

bool OpenPipe(PipeEnd& read_end, PipeEnd& write_end) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return false;
  read_end.Set(fds[0]);
  write_end.Set(fds[1]);
  return true;
}

// One byte through `fd`, again after a signal; false on an error or the other side's end.
bool WriteByte(int fd, char c) {
  for (;;) {
    const ssize_t n = write(fd, &c, 1);
    if (n == 1) return true;
    if (n < 0 && errno == EINTR) continue;
    return false;
  }
}
bool ReadByte(int fd, char* c) {
  for (;;) {
    const ssize_t n = read(fd, c, 1);
    if (n == 1) return true;
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = EPIPE;  // the other side is gone
    return false;
  }
}

// The forked side: echoes every byte until the parent closes its pipe, and only then exits
// (were it killed from outside, the parent's next write would raise SIGPIPE). Only system calls
// that are safe after a fork of a threaded process (no allocation, no locks), then _exit.
[[noreturn]] void EchoBytes(int in, int out) {
  char c;
  while (ReadByte(in, &c)) {
    if (!WriteByte(out, c)) _exit(1);
  }
  _exit(0);
}

}  // namespace

absl::StatusOr<RoundTrip> MeasureHandoffRoundTrip(const RoundTripPlan& plan) {
  CondvarHandOff handoff;
  std::thread echo;
  try {
    echo = std::thread([&handoff] { handoff.Echo(); });
  } catch (const std::system_error& e) {
    return absl::InternalError(absl::StrCat("hand-off round trip: std::thread: ", e.what()));
  }
  absl::StatusOr<RoundTrip> trip = TimeRoundTrips(plan, "hand-off round trip",
                                                  kHandoffRoundTripMethod,
                                                  [&handoff] { return handoff.Exchange(); });
  handoff.Stop();
  echo.join();
  return trip;
}

absl::StatusOr<RoundTrip> MeasurePipeRoundTrip(const RoundTripPlan& plan) {
  PipeEnd to_child_r, to_child_w, to_parent_r, to_parent_w;
  if (!OpenPipe(to_child_r, to_child_w) || !OpenPipe(to_parent_r, to_parent_w)) {
    return absl::InternalError(absl::StrCat("pipe round trip: pipe2: ", strerror(errno)));
  }
  const pid_t pid = fork();
  if (pid < 0) return absl::InternalError(absl::StrCat("pipe round trip: fork: ", strerror(errno)));
  if (pid == 0) {  // the parent's ends closed, so that the parent's close is the child's EOF
    to_child_w.Close();
    to_parent_r.Close();
    EchoBytes(to_child_r.get(), to_parent_w.get());
  }
  to_child_r.Close();
  to_parent_w.Close();
  const int out = to_child_w.get(), in = to_parent_r.get();
  absl::StatusOr<RoundTrip> trip =
      TimeRoundTrips(plan, "pipe round trip", kPipeRoundTripMethod, [out, in] {
        char c = 'z';
        return WriteByte(out, c) && ReadByte(in, &c);
      });
  to_child_w.Close();  // the child reads the end of its pipe and exits
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return trip;
}

absl::StatusOr<RoundTrips> MeasureRoundTrips(const RoundTripPlan& plan) {
  absl::StatusOr<RoundTrip> handoff = MeasureHandoffRoundTrip(plan);
  if (!handoff.ok()) return handoff.status();
  absl::StatusOr<RoundTrip> pipe = MeasurePipeRoundTrip(plan);
  if (!pipe.ok()) return pipe.status();
  return RoundTrips{.handoff = *handoff, .pipe = *pipe};
}

std::string RoundTripsLine(const RoundTrips& t) {
  const std::string counts =
      t.handoff.exchanges == t.pipe.exchanges
          ? absl::StrCat(t.handoff.exchanges, " exchanges each")
          : absl::StrCat(t.handoff.exchanges, " and ", t.pipe.exchanges, " exchanges");
  return absl::StrFormat(
      "condition-variable hand-off %.1f µs, pipe %.1f µs (medians of batches of %u; %s)",
      t.handoff.median_ns / 1000, t.pipe.median_ns / 1000, t.handoff.batch, counts);
}

std::string MeasureRunRoundTrips(std::optional<RoundTrips>& trips) {
  const int64_t start_ns = MonotonicNs();
  absl::StatusOr<RoundTrips> measured = MeasureRoundTrips();
  if (!measured.ok()) {
    return absl::StrCat("round trips: not measured: ", measured.status().message());
  }
  trips = *measured;
  return absl::StrFormat("round trips: %s, in %.2f s", RoundTripsLine(*trips),
                         static_cast<double>(MonotonicNs() - start_ns) / 1e9);
}

}  // namespace zoo
