// fork_executor: a VALID cross-process test adapter; it must pass the gate.
//
// setup() creates two pipes and fork()s one worker process (fork without exec: only a process
// forked from the host can call host->execute). The worker reads 8-byte task ids from the
// request pipe, runs each body with host->execute() and writes the 64-byte outcome to the
// reply pipe; it exits on end of file. In the host process a reader thread reads the outcomes,
// hands each to host->complete() and counts it off; drain() waits until nothing is in flight.
// Only task ids cross the process boundary, never task pointers.
#include <zoo/adapter.hpp>

#include "plugins/common/fd_io.h"

#include <fcntl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>

namespace {

static_assert(sizeof(zoo_task_outcome_t) == 64, "the outcome record is 64 bytes in ABI 1");

using ::zoo::plugin_io::CloseFd;
using ::zoo::plugin_io::ErrnoText;
using ::zoo::plugin_io::ReadFully;
using ::zoo::plugin_io::ReadResult;
using ::zoo::plugin_io::WriteFully;

// The worker process. The host may have had other threads when it forked, so from here on
// only async-signal-safe calls, plus host->execute (which the ABI allows in a forked child):
// no allocation, no locks, no C++ runtime. Never returns.
[[noreturn]] void WorkerMain(const zoo_host_t* host, int request_fd, int reply_fd) noexcept {
  for (;;) {
    std::uint64_t id = 0;
    const ReadResult r = ReadFully(request_fd, &id, sizeof id);
    if (r == ReadResult::kEof) ::_exit(0);  // the host closed the request pipe: teardown
    if (r == ReadResult::kError) ::_exit(2);

    zoo_task_outcome_t outcome;
    std::memset(&outcome, 0, sizeof outcome);
    const zoo_status_t status = host->execute(host, id, &outcome);
    if (status != ZOO_STATUS_OK) {
      // The body did not run; ship a record that says why, so the host still hears of `id`.
      std::memset(&outcome, 0, sizeof outcome);
      outcome.task_id = id;
      outcome.executor_pid = static_cast<int32_t>(::getpid());
      outcome.status = status;
    }
    if (!WriteFully(reply_fd, &outcome, sizeof outcome)) ::_exit(3);
  }
}

class ForkExecutorAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "fork_executor",
      .version = "1.0.0",
      .description =
          "Test plugin: one worker process, forked in setup(), runs every body; task ids go "
          "there and outcomes come back through two pipes.",
      .kind = "test",
      .caliber_notes =
          "A test adapter that proves the cross-process path (host->execute in a forked child, "
          "host->complete in the host); it is not tuned. Per task the cost includes: a mutex "
          "lock and an 8-byte pipe write in submit() (a system call that may wake the worker), "
          "a context switch to the worker process and its read, the body run there by "
          "host->execute(), a 64-byte pipe write of the outcome, the wake-up of the host's "
          "reader thread and its read, host->complete(), and a mutex + condition-variable "
          "hand-off to drain(). One worker runs the bodies one at a time, so concurrency adds "
          "no parallelism. Body times are taken in the worker (CLOCK_MONOTONIC is "
          "machine-wide). The fork is paid once, in setup(), not per task.",
      .drive_level = "fork(), pipe(), read() and write() used directly; bodies run through "
                     "host->execute() in the forked worker",
  };

  ForkExecutorAdapter(const zoo::Host& host, const zoo::Config& config) : host_(host) {
    if (!config.options.empty()) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "fork_executor takes no options, but was given \"" + config.options + "\"");
    }
    try {
      Start();
    } catch (...) {
      Stop();
      throw;
    }
  }

  ~ForkExecutorAdapter() { Stop(); }

  void Submit(const zoo_task_t* task) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (worker_lost_) {
        throw zoo::Error(ZOO_STATUS_ERROR,
                         "fork_executor's worker process is gone; the task was not submitted");
      }
      ++in_flight_;
    }
    const std::uint64_t id = task->id;  // the id, never the pointer, crosses the boundary
    if (!WriteFully(request_w_, &id, sizeof id)) {
      const int error = errno;
      std::lock_guard<std::mutex> lock(mutex_);
      --in_flight_;
      throw zoo::Error(ZOO_STATUS_ERROR,
                       "fork_executor could not send a task to its worker process: " +
                           ErrnoText(error));
    }
  }

  void Drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return in_flight_ == 0 || worker_lost_; });
    if (in_flight_ != 0) {
      // The worker is gone: these tasks can never complete. Say so once, and count them off.
      const std::size_t lost = in_flight_;
      in_flight_ = 0;
      throw zoo::Error(ZOO_STATUS_ERROR, "fork_executor's worker process ended with " +
                                             std::to_string(lost) + " task(s) still in flight");
    }
  }

  // teardown(): stops the worker and the reader, and says so if the worker ended badly.
  void Teardown() {
    Stop();
    if (worker_status_ == -1) return;  // not reaped (e.g. SIGCHLD is ignored): nothing to say
    if (WIFEXITED(worker_status_) && WEXITSTATUS(worker_status_) == 0) return;
    if (WIFSIGNALED(worker_status_)) {
      throw zoo::Error(ZOO_STATUS_ERROR, "fork_executor's worker process was killed by signal " +
                                             std::to_string(WTERMSIG(worker_status_)));
    }
    throw zoo::Error(ZOO_STATUS_ERROR, "fork_executor's worker process exited with status " +
                                           std::to_string(WEXITSTATUS(worker_status_)));
  }

 private:
  void Start() {
    int request[2];
    int reply[2];
    if (::pipe2(request, O_CLOEXEC) != 0) {
      throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED,
                       "fork_executor could not create a pipe: " + ErrnoText(errno));
    }
    request_r_ = request[0];
    request_w_ = request[1];
    if (::pipe2(reply, O_CLOEXEC) != 0) {
      throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED,
                       "fork_executor could not create a pipe: " + ErrnoText(errno));
    }
    reply_r_ = reply[0];
    reply_w_ = reply[1];

    // Fork before the reader thread exists, so the child is a copy of the control thread only.
    const pid_t pid = ::fork();
    if (pid < 0) {
      throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED,
                       "fork_executor could not fork its worker process: " + ErrnoText(errno));
    }
    if (pid == 0) {
      ::close(request_w_);  // else the worker would never see end of file on its requests
      ::close(reply_r_);
      WorkerMain(host_.raw(), request_r_, reply_w_);
    }
    worker_pid_ = pid;
    // Only the worker writes replies now, so its exit is the reader's end of file. The host
    // keeps its copy of request_r_ until teardown: with a reader always present, a write to
    // the request pipe after the worker died cannot raise SIGPIPE; the reader thread notices
    // the death instead, and submit() and drain() report it.
    CloseFd(reply_w_);
    reader_ = std::thread([this] { ReaderLoop(); });
  }

  void ReaderLoop() noexcept {
    for (;;) {
      zoo_task_outcome_t outcome;
      if (ReadFully(reply_r_, &outcome, sizeof outcome) != ReadResult::kOk) {
        // End of file: the worker exited, at teardown or because it died.
        std::lock_guard<std::mutex> lock(mutex_);
        worker_lost_ = true;
        idle_.notify_all();
        return;
      }
      host_.Complete(outcome);
      std::lock_guard<std::mutex> lock(mutex_);
      if (--in_flight_ == 0) idle_.notify_all();
    }
  }

  // Idempotent and noexcept: from the destructor, from Teardown(), and after a failed Start().
  void Stop() noexcept {
    CloseFd(request_w_);  // end of file: the worker runs what is queued, then exits
    if (worker_pid_ > 0) {
      int status = 0;
      pid_t reaped;
      do {
        reaped = ::waitpid(worker_pid_, &status, 0);
      } while (reaped < 0 && errno == EINTR);
      worker_status_ = reaped == worker_pid_ ? status : -1;
      worker_pid_ = -1;
    }
    // The worker's exit closed the last write end of the reply pipe: the reader ends.
    if (reader_.joinable()) reader_.join();
    CloseFd(request_r_);
    CloseFd(reply_r_);
    CloseFd(reply_w_);
  }

  zoo::Host host_;
  int request_r_ = -1;
  int request_w_ = -1;
  int reply_r_ = -1;
  int reply_w_ = -1;
  pid_t worker_pid_ = -1;
  int worker_status_ = -1;  // waitpid() status once reaped; -1 when never reaped

  std::mutex mutex_;
  std::condition_variable idle_;
  std::size_t in_flight_ = 0;  // guarded by mutex_: submitted, not yet completed
  bool worker_lost_ = false;   // guarded by mutex_: the reply pipe reached end of file
  std::thread reader_;
};

}  // namespace

ZOO_EXPORT_ADAPTER(ForkExecutorAdapter)
