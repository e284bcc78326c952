// openmp: OpenMP tasks (GCC's libgomp), created by the `single` thread of one persistent
// parallel region, the "single producer + tasks" pattern of the OpenMP examples:
//
//   #pragma omp parallel num_threads(n)
//   #pragma omp single
//   { for each work item:  #pragma omp task firstprivate(item) { work(item); }
//     #pragma omp taskwait }
//
// OpenMP tasks can only be created inside a parallel region, and the host's control thread
// must return from submit() and drain(), so it cannot be inside one. setup() therefore starts
// one std::thread that opens the region and keeps it open until teardown(); that region's
// `single` thread is the dispatcher:
//
//   control thread                      dispatcher (the region's `single`)   the other n-1
//   submit(task): ring[k] = task, -----> #pragma omp task firstprivate(t) --> team threads,
//     publish k, ring the bell           { zoo::Run(t); }                     waiting at the
//   drain(): publish a drain request --> #pragma omp taskwait (it runs         single's barrier,
//     and wait for its answer <--------  queued tasks itself), then answers   run the tasks
//   teardown(): stop request ---------->  leaves `single`; the region ends; the thread is joined
//
// The alternative, one `parallel` region per drain() that spawns the round's queued tasks,
// was not built: it would measure a team start-up per round and run no body before drain().
//
// The team has `workers` threads (ABI 1.1; `concurrency` when the host leaves it 0), at most
// kMaxTeam. zoo.submit_any_thread/1 is not offered: the ring is single-producer (the control
// thread writes a slot, then publishes a plain counter), and `#pragma omp task` can only be
// created by the dispatcher inside the region, so widening it would need a lock or an MPSC
// queue on the submit path that a native OpenMP program would not have.
#include <zoo/adapter.hpp>

#include <omp.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "plugins/openmp/text_zh.h"

// ThreadSanitizer does not see the synchronisation inside libgomp (it is not instrumented). In a
// -fsanitize=thread build only, the two places where this adapter's own data is ordered by a
// libgomp barrier alone are told to TSan explicitly; they compile to nothing in every other
// build. What they cannot cover is libgomp's own task record (malloc'ed and filled inside
// libgomp by the dispatcher, read and freed by the thread that runs the task): TSan still
// reports races on it, which are false positives of an uninstrumented libgomp.
#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#define ZOO_OMP_TSAN_RELEASE(addr) __tsan_release(const_cast<void*>(static_cast<const void*>(addr)))
#define ZOO_OMP_TSAN_ACQUIRE(addr) __tsan_acquire(const_cast<void*>(static_cast<const void*>(addr)))
#else
#define ZOO_OMP_TSAN_RELEASE(addr) static_cast<void>(addr)
#define ZOO_OMP_TSAN_ACQUIRE(addr) static_cast<void>(addr)
#endif

#define ZOO_OMP_STR2(x) #x
#define ZOO_OMP_STR(x) ZOO_OMP_STR2(x)

namespace {

// The largest team this adapter asks for; a larger `workers` is served by this many
// threads (and said so in the run's log).
constexpr uint32_t kMaxTeam = 256;
// How long a waiting side of the adapter's own hand-offs spins before it sleeps.
constexpr std::chrono::nanoseconds kPauseFor{2'000};
constexpr std::chrono::nanoseconds kSpinFor{50'000};
// How long teardown() waits for libgomp's (detached) threads to exit.
constexpr std::chrono::seconds kExitTimeout{10};

inline void CpuRelax() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// A word one side bumps and the other waits on, for the adapter's own hand-offs between the
// control thread and the dispatcher. The waiter checks its condition while it spins (pause
// for kPauseFor, then sched_yield until kSpinFor) and then sleeps in std::atomic::wait (a
// futex). Ring() is one atomic add, plus a futex wake only when the other side sleeps.
class Bell {
 public:
  void Ring() noexcept {
    word_.fetch_add(1, std::memory_order_seq_cst);
    if (sleepers_.load(std::memory_order_seq_cst) != 0) word_.notify_all();
  }

  template <typename Ready>
  void WaitUntil(Ready ready) noexcept {
    if (ready()) return;
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    for (unsigned i = 1;; ++i) {
      if (ready()) return;
      if (i % 16 != 0) {
        CpuRelax();
        continue;
      }
      const Clock::duration spent = Clock::now() - start;
      if (spent >= kSpinFor) break;
      if (spent >= kPauseFor) std::this_thread::yield();
    }
    for (;;) {
      sleepers_.fetch_add(1, std::memory_order_seq_cst);
      const uint32_t seen = word_.load(std::memory_order_seq_cst);
      if (ready()) {
        sleepers_.fetch_sub(1, std::memory_order_relaxed);
        return;
      }
      word_.wait(seen, std::memory_order_seq_cst);
      sleepers_.fetch_sub(1, std::memory_order_relaxed);
    }
  }

 private:
  std::atomic<uint32_t> word_{0};
  std::atomic<uint32_t> sleepers_{0};
};

class OpenMpAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "openmp",
      .version = "1.0.0 (OpenMP " ZOO_OMP_STR(_OPENMP) ", libgomp)",
      .description =
          "OpenMP tasks in one persistent parallel region of `concurrency` threads: its "
          "`single` thread turns each submit into `#pragma omp task` and each drain into "
          "`#pragma omp taskwait`.",
      .kind = "ecosystem",
      .caliber_notes =
          "Design: one persistent parallel region (num_threads(workers), at most 256; workers = "
          "concurrency unless the host sets it apart), "
          "opened in setup() on a std::thread of the adapter and closed in teardown(); its "
          "`single` thread is a dispatcher. OpenMP tasks can only be created inside a parallel "
          "region and the host's control thread cannot be in one, so every task crosses one "
          "hand-off that a native OpenMP program would not have: submit() writes the task into "
          "a preallocated ring of max_batch slots and bumps an atomic (no lock, no "
          "allocation), and the dispatcher, spinning or woken, creates `#pragma omp task "
          "firstprivate(t)` for it (libgomp allocates the task and, if team threads sleep, "
          "wakes one with a futex). The other workers - 1 team threads wait at the "
          "single's barrier and run tasks; at workers 1 the team is the dispatcher alone, "
          "which runs the body inside its taskwait. drain() posts a request, the dispatcher "
          "does `#pragma omp taskwait` (running queued tasks itself) and answers; that "
          "request/answer pair is a second adapter hand-off per round. Both hand-offs spin "
          "(pause 2 us, then sched_yield until 50 us) and then sleep on a futex, so a round "
          "whose waiting side has fallen asleep pays a 20-50 us wake-up that is adapter "
          "plumbing, not OpenMP. OMP_WAIT_POLICY is not set: libgomp's defaults apply (team threads spin "
          "GOMP_SPINCOUNT = 300,000 iterations, about 3 ms, before they sleep on a futex, but "
          "only 100 iterations when the process has more libgomp threads than cores, i.e. "
          "from workers 3 on a 2-core machine). libgomp does not count the control "
          "thread: when the team is exactly as large as the cores (workers 2 on 2 cores) "
          "it spins unthrottled although three threads share the cores, and a libgomp thread "
          "that spins without yielding can then hold a core the control thread or a body "
          "needs for a scheduler time slice: such cells can be slow and unstable (rounds of "
          "milliseconds), which OMP_WAIT_POLICY=passive in the environment avoids. A team "
          "larger than the cores oversubscribes them, as thread_pool does. The CPU burnt "
          "spinning is not measured. "
          "libgomp runs a task inline in its creator instead of queueing it once more than "
          "64 x team-size tasks are pending. Not built: one parallel region per drain() (it "
          "would time a team start-up per round). Not measured: worksharing loops, taskloop, "
          "depend clauses, priorities, affinity (OMP_PROC_BIND), nested parallelism.",
      .drive_level =
          "OpenMP 4.5 directives (parallel, single, task, taskwait) compiled by GCC onto "
          "libgomp, fed through an adapter-owned dispatcher thread inside the region",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::openmp_adapter::kTextZh}};

  OpenMpAdapter(const zoo::Host& host, const zoo::Config& config)
      : team_requested_(TeamSize(config)),
        ring_(config.max_batch, nullptr),
        team_tids_(static_cast<std::size_t>(team_requested_), 0) {
    region_ = std::thread([this] { Region(); });
    to_control_.WaitUntil([this] { return started_.load(std::memory_order_acquire); });
    if (team_size_ != static_cast<int>(config.workers)) {
      const std::string line = "openmp: workers " + std::to_string(config.workers) +
                               " is served by a team of " + std::to_string(team_size_) +
                               " OpenMP threads (adapter cap " + std::to_string(kMaxTeam) +
                               ", OMP_THREAD_LIMIT and OMP_DYNAMIC apply)";
      host.Log(1, line.c_str());
    }
  }

  ~OpenMpAdapter() { Stop(); }

  void Submit(const zoo_task_t* task) {
    if (submitted_in_round_ == ring_.size()) {
      throw zoo::Error(ZOO_STATUS_FAILED_PRECONDITION,
                       "submit() was called more than max_batch times before drain()");
    }
    ++submitted_in_round_;
    ring_[submitted_total_ % ring_.size()] = task;
    ++submitted_total_;
    submitted_.store(submitted_total_, std::memory_order_release);
    to_dispatcher_.Ring();
  }

  void Drain() {
    const uint64_t request = ++drains_requested_;
    drain_request_.store(request, std::memory_order_release);
    to_dispatcher_.Ring();
    to_control_.WaitUntil(
        [this, request] { return drained_.load(std::memory_order_acquire) == request; });
    submitted_in_round_ = 0;
  }

  // Ends the region and joins its thread, then waits until libgomp's team threads (detached
  // threads, which nobody can join) have exited.
  void Teardown() {
    Stop();
    const std::chrono::steady_clock::time_point deadline =
        std::chrono::steady_clock::now() + kExitTimeout;
    const pid_t pid = getpid();
    for (pid_t& tid : team_tids_) {
      while (tid != 0) {
        if (syscall(SYS_tgkill, pid, tid, 0) != 0 && errno == ESRCH) {
          tid = 0;
        } else if (std::chrono::steady_clock::now() > deadline) {
          throw zoo::Error(ZOO_STATUS_ERROR,
                           "libgomp's team threads had not exited " +
                               std::to_string(kExitTimeout.count()) +
                               " s after the parallel region ended");
        } else {
          std::this_thread::sleep_for(std::chrono::microseconds(50));
        }
      }
    }
  }

 private:
  // Refuses options; runs before the region's thread is started.
  static int TeamSize(const zoo::Config& config) {
    if (!config.options.empty()) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "openmp takes no options, but was given \"" + config.options + "\"");
    }
    return static_cast<int>(std::min(config.workers, kMaxTeam));
  }

  // [region thread] The whole life of the parallel region.
  void Region() noexcept {
#pragma omp parallel num_threads(team_requested_)
    {
      const int me = omp_get_thread_num();
      if (me < team_requested_) {
        team_tids_[static_cast<std::size_t>(me)] = static_cast<pid_t>(syscall(SYS_gettid));
      }
      ZOO_OMP_TSAN_RELEASE(&team_tids_);
#pragma omp barrier
#pragma omp single
      {
        ZOO_OMP_TSAN_ACQUIRE(&team_tids_);
        team_size_ = omp_get_num_threads();
        // This thread (the master) is joined by std::thread::join; the others are libgomp's.
        team_tids_[0] = 0;
        started_.store(true, std::memory_order_release);
        to_control_.Ring();
        Dispatch();
        ZOO_OMP_TSAN_RELEASE(this);  // the dispatcher may not be the master: see below
      }
    }
    // The region's end barrier orders the dispatcher's last accesses before this thread's
    // exit (and so before teardown() frees the adapter); TSan cannot see that barrier.
    ZOO_OMP_TSAN_ACQUIRE(this);
  }

  // [dispatcher: the single thread of the region] Turns the ring into OpenMP tasks, answers
  // drain requests after a taskwait, and returns on the stop request.
  void Dispatch() noexcept {
    uint64_t consumed = 0;
    uint64_t answered = 0;
    for (;;) {
      to_dispatcher_.WaitUntil([this, consumed, answered] {
        return submitted_.load(std::memory_order_acquire) != consumed ||
               drain_request_.load(std::memory_order_acquire) != answered ||
               stop_.load(std::memory_order_acquire);
      });
      // Requests first: every submit before a drain request is then seen below.
      const bool stop = stop_.load(std::memory_order_acquire);
      const uint64_t request = drain_request_.load(std::memory_order_acquire);
      const uint64_t available = submitted_.load(std::memory_order_acquire);
      for (; consumed < available; ++consumed) {
        const zoo_task_t* t = ring_[consumed % ring_.size()];
#pragma omp task default(none) firstprivate(t)
        zoo::Run(t);
      }
      if (request != answered || stop) {
#pragma omp taskwait
        answered = request;
        drained_.store(request, std::memory_order_release);
        to_control_.Ring();
      }
      if (stop) return;
    }
  }

  // Idempotent and noexcept: nothing is in flight at teardown.
  void Stop() noexcept {
    if (!region_.joinable()) return;
    stop_.store(true, std::memory_order_release);
    to_dispatcher_.Ring();
    region_.join();
  }

  const int team_requested_;
  std::vector<const zoo_task_t*> ring_;  // written by the control thread before it publishes
  uint32_t submitted_in_round_ = 0;     // control thread only
  uint64_t submitted_total_ = 0;        // control thread only
  uint64_t drains_requested_ = 0;       // control thread only

  // Control thread -> dispatcher.
  alignas(64) std::atomic<uint64_t> submitted_{0};
  std::atomic<uint64_t> drain_request_{0};
  std::atomic<bool> stop_{false};
  Bell to_dispatcher_;

  // Dispatcher -> control thread.
  alignas(64) std::atomic<uint64_t> drained_{0};
  std::atomic<bool> started_{false};
  Bell to_control_;

  alignas(64) int team_size_ = 0;  // written by the dispatcher before started_
  std::vector<pid_t> team_tids_;   // written by the team before started_; 0 = not to wait for
  std::thread region_;             // last: started when everything above exists
};

}  // namespace

ZOO_EXPORT_ADAPTER(OpenMpAdapter)
