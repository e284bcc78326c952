// process_pool: `concurrency` worker processes, forked in setup(), run the bodies; task ids go
// out on one request pipe per worker and 64-byte outcome records come back on one reply pipe
// that all workers share. The C++ analogue of multiprocessing.Pool / ProcessPoolExecutor with
// the pickling taken out: only an 8-byte id goes out and a fixed 64-byte record comes back.
//
// Layout (N = workers: ABI 1.1's pool size, `concurrency` when the host leaves it 0):
//   request pipe i (one per worker)  host control thread --8-byte task id--> worker i
//   reply pipe (shared by all)       worker 0..N-1 --64-byte zoo_task_outcome_t--> reader thread
// A write of at most PIPE_BUF bytes to a pipe is atomic, so the 64-byte records of several
// workers never interleave in the shared reply pipe. One shared pipe lets the host's reader
// thread sit in one blocking read() (and pick up every record that has arrived in one call),
// where one reply pipe per worker would need poll()/epoll_wait() plus a read per ready pipe on
// every wake-up. The price is that the death of one worker does not end the shared pipe (the
// others still hold its write end); that is covered by a liveness check with waitpid(WNOHANG)
// on the slow paths (see Drain() and SendId()).
//
// Assignment is round-robin: submit() writes the id to the request pipe of worker
// `next_ % N` and moves on. It needs no shared state and no lock. With the harness's rounds
// (concurrency tasks per round, concurrency workers, drain between rounds) every worker gets
// exactly one task per round, which is what least-loaded would pick too.
//
// zoo.submit_any_thread/1 is not offered: the round-robin cursor and the liveness bookkeeping
// are control-thread only (no lock on purpose), and a body runs in a worker process, where a
// submit() from inside a running task is not possible at all (the ABI's submit is for threads
// of the host process).
#include <zoo/adapter.hpp>

#include "plugins/common/fd_io.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "plugins/process_pool/text_zh.h"

namespace {

static_assert(sizeof(zoo_task_outcome_t) == 64, "the outcome record is 64 bytes in ABI 1");
static_assert(sizeof(zoo_task_outcome_t) <= PIPE_BUF, "outcome writes must be atomic");

// How long a blocked drain() or submit() waits before it checks whether a worker died. Only the
// slow path waits this long: a completion wakes drain() at once.
constexpr std::chrono::milliseconds kLivenessPeriod{50};
constexpr int kLivenessPeriodMs = 50;

// The reader takes up to this many records out of the reply pipe per read() call.
constexpr std::size_t kReadRecords = 64;

using ::zoo::plugin_io::CloseFd;
using ::zoo::plugin_io::ErrnoText;
using ::zoo::plugin_io::ReadFully;
using ::zoo::plugin_io::ReadResult;
using ::zoo::plugin_io::WriteFully;

std::string DescribeExit(int status) {
  if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "ended";
}

struct Worker {
  pid_t pid = -1;         // -1 once reaped (or never started)
  int status = -1;        // waitpid() status once reaped; -1 when unknown
  bool reaped = false;    // waitpid() has collected it (or it cannot be: ECHILD)
  int request_r = -1;     // kept open in the host: a write to a dead worker never raises SIGPIPE
  int request_w = -1;     // O_NONBLOCK in the host
};

// The worker process. The host may have other threads when it forks (a watchdog, say), so
// from here on only async-signal-safe calls plus host->execute (which the ABI allows in a
// process forked from the host): no allocation, no locks, no C++ runtime, no atexit handlers
// or static destructors of the host (hence _exit). Never returns.
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
    // 64 bytes <= PIPE_BUF: one atomic write, never interleaved with another worker's record.
    if (!WriteFully(reply_fd, &outcome, sizeof outcome)) ::_exit(3);
  }
}

class ProcessPoolAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "process_pool",
      .version = "1.0.0",
      .description =
          "`concurrency` worker processes forked in setup(); task ids go to them round-robin "
          "through one request pipe each, outcomes come back through one shared reply pipe.",
      .kind = "process",
      .caliber_notes =
          "Per task the cost includes: an 8-byte write() to the chosen worker's request pipe "
          "in submit() (a system call that wakes the worker process if it sleeps), a context "
          "switch into the worker and its read(), the body run there by host->execute(), a "
          "64-byte write() of the outcome to the reply pipe shared by all workers, the wake-up "
          "of the host's reader thread and its read() (one read() can collect several records), "
          "host->complete() in the host, and, once per round, a mutex + condition-variable "
          "hand-off to drain(). submit() takes no lock and allocates nothing. While a round is "
          "still running, drain() wakes every 50 ms to check with waitpid(WNOHANG) that no "
          "worker has died (a few microseconds of control-thread time, only in rounds longer "
          "than 50 ms). A pipe round trip between two processes is ~46 us on a small "
          "VM, so short bodies are dominated by it. Excluded: serialisation (only an 8-byte id "
          "goes out and a fixed 64-byte record comes back; multiprocessing or "
          "ProcessPoolExecutor would pickle the callable, its arguments and its result), and "
          "process start-up: the workers are fork()ed once in setup(), outside the timed "
          "region, directly from the unit process, which was freshly exec'd and is still small "
          "at that point (the design prefers a fork server or posix_spawn over forking a large "
          "parent; exec is not possible because host->execute only works in a process forked "
          "from the host). Assignment is round-robin with no work stealing: a slow body delays "
          "the tasks queued behind it on the same worker. Body times are taken in the worker "
          "(CLOCK_MONOTONIC is machine-wide). With more workers than cores, bodies also wait "
          "in the kernel's run queue.",
      .drive_level = "fork(), pipe(), read() and write() used directly, as a hand-written "
                     "process pool would; bodies run through host->execute() in the workers",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::process_pool::kTextZh}};

  ProcessPoolAdapter(const zoo::Host& host, const zoo::Config& config) : host_(host) {
    if (!config.options.empty()) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "process_pool takes no options, but was given \"" + config.options + "\"");
    }
    try {
      Start(config.workers);
    } catch (...) {
      Stop();
      throw;
    }
  }

  ~ProcessPoolAdapter() { Stop(); }

  // Does not allocate or lock: one atomic increment and one write() of 8 bytes.
  void Submit(const zoo_task_t* task) {
    if (lost_.load(std::memory_order_acquire) != Lost::kNo) {
      throw zoo::Error(ZOO_STATUS_ERROR,
                       "process_pool cannot take the task: " + LostSentence());
    }
    Worker& w = workers_[next_];
    next_ = next_ + 1 == workers_.size() ? 0 : next_ + 1;
    in_flight_.fetch_add(1, std::memory_order_relaxed);  // before the write: the reply may
                                                         // come back before write() returns
    const std::uint64_t id = task->id;  // the id, never the pointer, crosses the boundary
    SendId(w, id);
  }

  void Drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (in_flight_.load(std::memory_order_acquire) != 0) {
      if (lost_.load(std::memory_order_acquire) != Lost::kNo) break;
      if (idle_.wait_for(lock, kLivenessPeriod) == std::cv_status::timeout) {
        lock.unlock();
        CheckWorkers();
        lock.lock();
      }
    }
    const std::size_t left = in_flight_.load(std::memory_order_acquire);
    if (left != 0) {
      throw zoo::Error(ZOO_STATUS_ERROR, "process_pool cannot finish the round: " +
                                             LostSentence() + "; " + std::to_string(left) +
                                             " task(s) were still in flight");
    }
  }

  // teardown(): stops the workers and the reader, and says so if a worker ended badly.
  void Teardown() {
    Stop();
    for (std::size_t i = 0; i < workers_.size(); ++i) {
      const Worker& w = workers_[i];
      if (w.status == -1) continue;  // not reaped (e.g. SIGCHLD is ignored): nothing to say
      if (WIFEXITED(w.status) && WEXITSTATUS(w.status) == 0) continue;
      throw zoo::Error(ZOO_STATUS_ERROR, "process_pool's worker process " + std::to_string(i) +
                                             " " + DescribeExit(w.status));
    }
  }

 private:
  enum class Lost : int { kNo = 0, kReplyEof, kReplyError, kWorkerDead };

  void Start(uint32_t worker_count) {
    workers_.resize(worker_count);
    int reply[2];
    if (::pipe2(reply, O_CLOEXEC) != 0) {
      throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED,
                       "process_pool could not create a pipe: " + ErrnoText(errno));
    }
    reply_r_ = reply[0];
    reply_w_ = reply[1];
    // Every pipe first, so each worker knows every descriptor it must close.
    for (Worker& w : workers_) {
      int request[2];
      if (::pipe2(request, O_CLOEXEC) != 0) {
        throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED,
                         "process_pool could not create a pipe: " + ErrnoText(errno));
      }
      w.request_r = request[0];
      w.request_w = request[1];
      // Non-blocking in the host only (the read end is a separate open file description): a
      // full pipe to a dead worker must not block submit() for ever.
      const int flags = ::fcntl(w.request_w, F_GETFL);
      if (flags < 0 || ::fcntl(w.request_w, F_SETFL, flags | O_NONBLOCK) != 0) {
        throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED,
                         "process_pool could not configure a pipe: " + ErrnoText(errno));
      }
    }

    // Fork every worker before the reader thread exists, so each child is a copy of the
    // control thread only (plus whatever threads the host itself runs, which it cannot touch).
    for (std::size_t i = 0; i < workers_.size(); ++i) {
      const pid_t pid = ::fork();
      if (pid < 0) {
        throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED,
                         "process_pool could not fork worker process " + std::to_string(i) +
                             " of " + std::to_string(workers_.size()) + ": " + ErrnoText(errno));
      }
      if (pid == 0) {
        // The child: keep only its own request read end and the reply write end. Closing the
        // other workers' request write ends matters: otherwise worker j would never see end of
        // file when the host closes its own copy at teardown.
        for (std::size_t j = 0; j < workers_.size(); ++j) {
          if (j != i) ::close(workers_[j].request_r);
          ::close(workers_[j].request_w);
        }
        ::close(reply_r_);
        WorkerMain(host_.raw(), workers_[i].request_r, reply_w_);
      }
      workers_[i].pid = pid;
    }
    // Only the workers write replies now, so the exit of the last one is the reader's end of
    // file. The host keeps its request read ends until teardown: with a reader always present,
    // a write to the request pipe of a worker that died cannot raise SIGPIPE. Likewise the
    // reply read end stays open until every worker is reaped, so no worker sees SIGPIPE.
    CloseFd(reply_w_);
    reader_ = std::thread([this] { ReaderLoop(); });
  }

  // Writes one id to `w`'s request pipe. The fast path is one non-blocking write(); only when
  // the pipe is full (that worker is far behind, or dead) does it wait, checking on the workers
  // every kLivenessPeriod.
  void SendId(Worker& w, std::uint64_t id) {
    for (;;) {
      // 8 bytes <= PIPE_BUF on a non-blocking pipe: all of it is written, or nothing (EAGAIN).
      const ssize_t n = ::write(w.request_w, &id, sizeof id);
      if (n == static_cast<ssize_t>(sizeof id)) return;
      const int error = n < 0 ? errno : EIO;
      if (n < 0 && error == EINTR) continue;
      if (n < 0 && error == EAGAIN) {
        pollfd p{.fd = w.request_w, .events = POLLOUT, .revents = 0};
        const int ready = ::poll(&p, 1, kLivenessPeriodMs);
        if (ready == 0) CheckWorkers();
        if (lost_.load(std::memory_order_acquire) != Lost::kNo) {
          in_flight_.fetch_sub(1, std::memory_order_relaxed);
          throw zoo::Error(ZOO_STATUS_ERROR,
                           "process_pool cannot take the task: " + LostSentence());
        }
        continue;
      }
      in_flight_.fetch_sub(1, std::memory_order_relaxed);
      throw zoo::Error(ZOO_STATUS_ERROR,
                       "process_pool could not send a task to a worker process: " +
                           (n < 0 ? ErrnoText(error) : std::string("a short write")));
    }
  }

  // The host's reader thread: collects outcome records from the shared reply pipe, hands each
  // to host->complete() and then counts them off. A record is only ever split across reads if
  // the kernel hands out part of one; the leftover is kept and completed by the next read.
  void ReaderLoop() noexcept {
    std::size_t have = 0;  // bytes in buffer_ not yet handed to the host
    for (;;) {
      const ssize_t n = ::read(reply_r_, buffer_ + have, sizeof buffer_ - have);
      if (n < 0) {
        if (errno == EINTR) continue;
        MarkLost(Lost::kReplyError);
        return;
      }
      if (n == 0) {
        // End of file: every worker has exited, at teardown or because they died. A partial
        // record left over means one was cut short; either way nothing more can come.
        MarkLost(have == 0 ? Lost::kReplyEof : Lost::kReplyError);
        return;
      }
      have += static_cast<std::size_t>(n);
      const std::size_t records = have / sizeof(zoo_task_outcome_t);
      for (std::size_t r = 0; r < records; ++r) {
        zoo_task_outcome_t outcome;
        std::memcpy(&outcome, buffer_ + r * sizeof outcome, sizeof outcome);
        host_.Complete(outcome);
      }
      const std::size_t used = records * sizeof(zoo_task_outcome_t);
      if (used != have) std::memmove(buffer_, buffer_ + used, have - used);
      have -= used;
      if (records != 0 &&
          in_flight_.fetch_sub(records, std::memory_order_acq_rel) == records) {
        std::lock_guard<std::mutex> lock(mutex_);  // so drain() cannot miss the wake-up
        idle_.notify_all();
      }
    }
  }

  void MarkLost(Lost why) noexcept {
    Lost expected = Lost::kNo;
    lost_.compare_exchange_strong(expected, why, std::memory_order_acq_rel);
    std::lock_guard<std::mutex> lock(mutex_);
    idle_.notify_all();
  }

  // Control thread only: reaps any worker that has ended, without blocking. A worker only ends
  // on its own before teardown if something went wrong, so any ended worker means `lost_`.
  void CheckWorkers() noexcept {
    for (std::size_t i = 0; i < workers_.size(); ++i) {
      Worker& w = workers_[i];
      if (w.reaped || w.pid <= 0) continue;
      int status = 0;
      pid_t got;
      do {
        got = ::waitpid(w.pid, &status, WNOHANG);
      } while (got < 0 && errno == EINTR);
      if (got == 0) continue;  // still running
      w.reaped = true;
      w.status = got == w.pid ? status : -1;  // ECHILD: reaped by someone else (SIGCHLD ignored)
      if (dead_index_ < 0) dead_index_ = static_cast<long>(i);
      MarkLost(Lost::kWorkerDead);
    }
  }

  // Control thread only (allocates): the sentence for `lost_`.
  std::string LostSentence() const {
    switch (lost_.load(std::memory_order_acquire)) {
      case Lost::kReplyEof:
        return "every worker process has ended (the reply pipe reached end of file)";
      case Lost::kReplyError:
        return "the reply pipe from the worker processes failed or ended in the middle of a "
               "record";
      case Lost::kWorkerDead: {
        if (dead_index_ < 0) return "a worker process has ended";
        const Worker& w = workers_[static_cast<std::size_t>(dead_index_)];
        return "worker process " + std::to_string(dead_index_) + " " +
               (w.status == -1 ? std::string("has ended") : DescribeExit(w.status));
      }
      case Lost::kNo:
        break;
    }
    return "no worker process was lost";
  }

  // Idempotent and noexcept: from the destructor, from Teardown(), and after a failed Start().
  void Stop() noexcept {
    for (Worker& w : workers_) CloseFd(w.request_w);  // end of file: each worker exits
    CloseFd(reply_w_);  // only still open if Start() failed before the reader existed
    for (Worker& w : workers_) {
      if (w.reaped || w.pid <= 0) continue;
      int status = 0;
      pid_t got;
      do {
        got = ::waitpid(w.pid, &status, 0);
      } while (got < 0 && errno == EINTR);
      w.reaped = true;
      w.status = got == w.pid ? status : -1;
    }
    // Every worker has exited, so the last write end of the reply pipe is closed: the reader
    // sees end of file and ends.
    if (reader_.joinable()) reader_.join();
    for (Worker& w : workers_) CloseFd(w.request_r);
    CloseFd(reply_r_);
  }

  zoo::Host host_;
  std::vector<Worker> workers_;  // sized in setup; only the control thread touches it
  std::size_t next_ = 0;         // round-robin cursor; control thread only
  long dead_index_ = -1;         // first worker found dead; control thread only
  int reply_r_ = -1;
  int reply_w_ = -1;

  std::atomic<std::size_t> in_flight_{0};  // submitted, not yet completed
  std::atomic<Lost> lost_{Lost::kNo};      // why the pool can no longer finish tasks
  std::mutex mutex_;                       // pairs with idle_; guards no data of its own
  std::condition_variable idle_;
  std::thread reader_;
  alignas(64) unsigned char buffer_[kReadRecords * sizeof(zoo_task_outcome_t)];  // reader only
};

}  // namespace

ZOO_EXPORT_ADAPTER(ProcessPoolAdapter)
