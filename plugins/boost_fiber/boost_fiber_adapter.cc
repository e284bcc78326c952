// boost_fiber: Boost.Fiber's work-stealing scheduler (boost::fibers::algo::work_stealing) over
// one thread per core, one detached fiber per task, driven the way Boost.Fiber's work_stealing
// example drives it: every participating thread installs
// use_scheduling_algorithm<work_stealing>(thread_count) and then parks its main fiber on a
// fiber condition variable, so that its scheduler keeps running (and stealing) fibers.
//
//   control thread (not a pool thread)        worker 0 .. N-1 (work_stealing(N) each)
//   submit(task): ++pending,                  dispatcher fiber (started on worker 0):
//     channel.try_push(task) --------------->   pop(task); fiber([task]{...}).detach()
//                                               -> worker 0's ready queue; idle workers steal
//                                             task fiber, on whichever worker picks it:
//                                               zoo::Run(task); --pending; at zero, wake drain
//   drain(): std::mutex + condition variable, until pending == 0
//   teardown: channel.close() -> the dispatcher ends and wakes every worker's main fiber ->
//             the worker threads return (their schedulers finish what is attached) -> join
//
// The control thread never runs a fiber, but Boost.Fiber gives every thread that touches one
// of its primitives (here: buffered_channel::try_push and close) an implicit main context and
// a round_robin scheduler. That thread-local state is created in setup() (outside the timed
// region) and stays with the control thread until it exits; it refers to nothing of this
// instance. See the caliber notes.
//
// Boost 1.74 work_stealing keeps process-wide state (boostorg/fiber#217): a static counter
// that numbers the schedulers and is never reset, a static registry of them sized once by the
// first pool, and a function-local static barrier whose count is the first pool's thread
// count. A second pool in the same process would index past the registry. So setup() (a) uses
// the same thread count for every instance in a process and refuses another one, and (b) resets
// the counter to 0 while no pool exists; see WorkStealingStatics below.
//
// Pool size (ABI 1.1 `workers`): fibers are M:N, so the pool is one thread per core whatever
// the load, and the equivalence gate runs concurrency 1, 4 and 16 in one process, where Boost
// would refuse a second thread count. So `workers` sizes the pool when the host sets it apart
// from `concurrency` (2..1024; 1 is refused: work_stealing's steal loop never ends alone);
// when it equals concurrency (which is also what 0 and a 1.0 host mean) the pool stays one
// thread per core, as before. The option threads=N wins over both, and a workers value that
// contradicts it is refused.
//
// zoo.submit_any_thread/1: buffered_channel is a multi-producer queue (its own spinlock), so
// try_push is safe from any thread and from a task fiber on a worker; the pending count is
// raised before the push (inside the parent's body for a chained task) and drain() waits for
// it to reach 0. The only change for it is that the per-round max_batch count is an atomic. A
// thread that submits gets Boost.Fiber's implicit per-thread context at its first try_push, as
// the control thread does (in setup(), for it).
#include <zoo/adapter.hpp>
#include <zoo/ext/submit_any_thread.h>

#include "plugins/common/boost_version.h"

#include <boost/fiber/algo/work_stealing.hpp>
#include <boost/fiber/buffered_channel.hpp>
#include <boost/fiber/channel_op_status.hpp>
#include <boost/fiber/condition_variable.hpp>
#include <boost/fiber/context.hpp>
#include <boost/fiber/fiber.hpp>
#include <boost/fiber/mutex.hpp>
#include <boost/fiber/operations.hpp>
#include <boost/version.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <charconv>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "plugins/boost_fiber/text_zh.h"
#include "plugins/common/any_thread.h"

namespace {

// "1.0.0 (Boost 1.74)": the Boost this plugin was built against.
constexpr zoo::plugins::BoostVersionText kVersion = zoo::plugins::MakeBoostAdapterVersion();

// "1.74" for error messages.
std::string DottedBoostVersion() {
  std::string v = BOOST_LIB_VERSION;
  std::replace(v.begin(), v.end(), '_', '.');
  return v;
}

// ---- work_stealing's process-wide state ------------------------------------------------
//
// work_stealing(thread_count) in Boost 1.74 does, in its constructor:
//   id_ = counter_++;                                  // static, never reset
//   static thread_barrier b{thread_count};             // count fixed by the first pool
//   call_once: schedulers_.resize(thread_count);       // sized by the first pool only
//   schedulers_[id_] = this;                           // unchecked index
//   b.wait();
// Both statics are private. An explicit instantiation may name private members, so the class
// template below hands out their addresses (the standard "access by explicit instantiation"
// idiom). It is used only in setup(), while no work_stealing pool exists in the process:
// the counter goes back to 0, and the registry size (the first pool's thread count, which is
// also the barrier's count) is checked against this instance's. If a later Boost renames or
// retypes these members, this stops compiling rather than misbehaving.
using WorkStealing = boost::fibers::algo::work_stealing;
using WsCounter = std::atomic<std::uint32_t>;
using WsRegistry = std::vector<boost::intrusive_ptr<WorkStealing>>;

struct WorkStealingStatics {
  WsCounter* counter;
  WsRegistry* registry;
};

WorkStealingStatics GetWorkStealingStatics();

template <WsCounter* Counter, WsRegistry* Registry>
struct WorkStealingStaticsAccess {
  friend WorkStealingStatics GetWorkStealingStatics() { return {Counter, Registry}; }
};

template struct WorkStealingStaticsAccess<&WorkStealing::counter_, &WorkStealing::schedulers_>;

// ---- options ---------------------------------------------------------------------------

struct Options {
  std::uint32_t threads = 0;  // 0: one per logical core (at least 2)
  bool suspend = false;       // work_stealing's `suspend` argument; Boost's default is false
};

Options ParseOptions(const std::string& text) {
  Options options;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t end = std::min(rest.find(';'), rest.size());
    const std::string_view pair = rest.substr(0, end);
    rest.remove_prefix(std::min(end + 1, rest.size()));
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    const std::string_view key = pair.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? "" : pair.substr(eq + 1);
    std::uint32_t number = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    const bool is_number = !value.empty() && ec == std::errc() && ptr == value.data() + value.size();
    if (key == "threads" && is_number && number >= 2 && number <= 1024) {
      options.threads = number;
    } else if (key == "suspend" && is_number && number <= 1) {
      options.suspend = number == 1;
    } else {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "boost_fiber takes the options threads=<2..1024> and suspend=<0|1>, but "
                       "was given \"" + std::string(pair) + "\"");
    }
  }
  return options;
}

// ---- the adapter -----------------------------------------------------------------------

class BoostFiberAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "boost_fiber",
      .version = kVersion.text,
      .description =
          "Boost.Fiber work_stealing scheduler over one thread per core; one detached fiber "
          "per task, handed in through a buffered_channel to a dispatcher fiber.",
      .kind = "ecosystem",
      .caliber_notes =
          "Pool: max(2, logical_cores) worker threads, one per core, whatever the unit's "
          "concurrency (fibers are M:N: at concurrency 64 on 2 cores, 64 fibers share 2 "
          "threads), unless the host sets `workers` apart from concurrency (then that many, 2 "
          "to 1024) or the option threads=N is given. The count cannot follow concurrency: "
          "Boost 1.74 work_stealing fixes it for "
          "the whole process at the first pool (static registry and barrier), and 1 thread is "
          "refused because its steal loop never ends with no other scheduler to pick. Every "
          "worker installs use_scheduling_algorithm<work_stealing>(N) (suspend=false, Boost's "
          "default and its example's) and parks its main fiber on a fiber condition variable, "
          "as Boost's work_stealing example does; the control thread does not participate. "
          "Measured per task: on the control thread (submit side) an atomic increment and "
          "buffered_channel::try_push (the channel's spinlock, plus, when the dispatcher fiber "
          "is parked in pop(), a remote schedule onto its worker's remote-ready queue); on the "
          "workers, the dispatcher fiber's pop, the creation of one fiber per task (a 128 KiB "
          "fixedsize_stack malloc'ed and later freed, possibly on another thread; glibc trims "
          "worker arenas with madvise, so a new stack's pages often fault in again), its "
          "launch::post into the dispatcher's work_stealing ready queue, the steal by an idle "
          "worker, the context switches into and out of the fiber, and the body itself through "
          "task->run(). The completion is an atomic decrement; the fiber that reaches zero "
          "wakes drain() through a std::mutex + condition variable (harness glue, once per "
          "round: the same hand-off thread_pool uses). Caveats: with suspend=false every worker "
          "spins at 100% CPU in its scheduler loop (steal attempts) for the life of the "
          "instance, also between rounds, so no worker sleeps (no wake-up latency on the "
          "hand-off), but with threads == cores the control thread, waking from drain(), and "
          "any other load compete with spinners for a core: a woken control thread can wait out "
          "a spinner's time slice (about 4 ms on a 2-vCPU VM: setup() takes that long), so tails "
          "are long; under outside load a spinning sibling also slows the worker running a "
          "body, and whether an idle worker steals in time depends on that load. Fibers are "
          "cooperative and the "
          "bodies never yield: a fiber runs to completion on the worker that first picks it; "
          "stealing moves only fibers that have not started (and the dispatcher fiber itself). "
          "work_stealing's steal() takes only the head of a victim's queue and gives up when "
          "that is a pinned context (a scheduler's own dispatcher context is queued there on "
          "every switch), so a steal can fail while stealable fibers wait behind it. The control "
          "thread, by touching the channel, gets Boost.Fiber's implicit per-thread main context "
          "and round_robin scheduler (created in setup(), outside the timed region); it runs "
          "no fiber and outlives teardown as thread-local state until that thread exits. "
          "Work-around, not a user's code: before each pool, setup() resets work_stealing's "
          "private static scheduler counter (boostorg/fiber#217; without it a second pool in "
          "one process writes past the scheduler registry). Not measured: fiber::join, futures, "
          "fiber mutexes inside bodies, pooled stacks, the NUMA work_stealing variant, "
          "suspend=true (option suspend=1: idle workers then sleep and are not woken to steal, "
          "so the bodies run on the dispatcher's worker only).",
      .drive_level =
          "Boost.Fiber public API (use_scheduling_algorithm<work_stealing>, fiber + detach, "
          "buffered_channel, fiber condition_variable) as its work_stealing example uses it; "
          "the per-round wait is a counter, since Boost.Fiber has no wait-for-all for "
          "detached fibers",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::boost_fiber::kTextZh}};

  BoostFiberAdapter(const zoo::Host& /*host*/, const zoo::Config& config)
      : options_(ParseOptions(config.options)),
        threads_(PoolSize(options_, config)),
        round_(config.max_batch),
        // buffered_channel wants a power of two >= 2 and holds one element less than that.
        channel_(std::bit_ceil(static_cast<std::size_t>(config.max_batch) + 1)) {
    // No pool of this adapter exists now (the host never runs two instances at once, and
    // teardown joins every worker), so work_stealing's statics may be looked at and reset.
    const WorkStealingStatics statics = GetWorkStealingStatics();
    if (!statics.registry->empty() && statics.registry->size() != threads_) {
      throw zoo::Error(
          ZOO_STATUS_INVALID_ARGUMENT,
          "Boost.Fiber " + DottedBoostVersion() +
              " fixes the work_stealing thread count for the whole process at its first pool (" +
              std::to_string(statics.registry->size()) + " threads), so a pool of " +
              std::to_string(threads_) + " threads cannot be made in this process");
    }
    statics.counter->store(0, std::memory_order_relaxed);

    // The control thread's implicit Boost.Fiber context (main context + round_robin
    // scheduler), which the first try_push would otherwise create inside the timed region.
    boost::fibers::context::active();

    workers_.reserve(threads_);
    try {
      for (std::uint32_t i = 0; i < threads_; ++i) {
        workers_.emplace_back([this, i] { WorkerMain(i); });
      }
    } catch (...) {
      // Threads already started have not reached work_stealing (whose barrier would wait for
      // all N forever): let them return without touching Boost.Fiber, and join them.
      SetStart(Start::kAbort);
      JoinWorkers();
      throw;
    }
    SetStart(Start::kGo);
    // Every worker has installed work_stealing (its constructor's barrier has passed) and the
    // dispatcher fiber exists before setup() returns.
    std::unique_lock<std::mutex> lock(start_mutex_);
    start_cv_.wait(lock, [this] { return ready_ == threads_; });
  }

  ~BoostFiberAdapter() {
    // Nothing is in flight at teardown; should a failed call have left something, it is run
    // out first: closing the channel still lets the dispatcher pop what it holds, but a fiber
    // already in a ready queue must finish before its worker's scheduler is destroyed.
    WaitForPending();
    channel_.close();  // the dispatcher's pop() returns closed; it then wakes every worker
    JoinWorkers();
  }

  void Submit(const zoo_task_t* task) {
    round_.Take();
    // Counted before the push, so no fiber can take the count below zero.
    pending_.fetch_add(1, std::memory_order_relaxed);
    const boost::fibers::channel_op_status status = channel_.try_push(task);
    if (status != boost::fibers::channel_op_status::success) {
      pending_.fetch_sub(1, std::memory_order_relaxed);
      round_.Return();
      throw zoo::Error(ZOO_STATUS_ERROR,
                       status == boost::fibers::channel_op_status::full
                           ? "the dispatcher's buffered_channel was full"
                           : "the dispatcher's buffered_channel was closed");
    }
  }

  void Drain() {
    WaitForPending();
    round_.Reset();
    if (spawn_failed_.exchange(false, std::memory_order_acq_rel)) {
      throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED,
                       "a fiber could not be created; its task ran on the dispatcher fiber");
    }
  }

  // zoo.submit_any_thread/1: unbounded (the channel holds max_batch, the contract's bound).
  static const void* Extension(const char* id) {
    return zoo::plugins::UnboundedAnyThreadExtension(id);
  }

 private:
  enum class Start { kWaiting, kGo, kAbort };

  // The pool's thread count; see "Pool size" at the top of this file.
  static std::uint32_t PoolSize(const Options& options, const zoo::Config& config) {
    const bool workers_set_apart = config.workers != config.concurrency;
    if (workers_set_apart && (config.workers < 2 || config.workers > 1024)) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "boost_fiber runs 2 to 1024 work_stealing threads (one alone never ends "
                       "its steal loop), but was asked for workers " +
                           std::to_string(config.workers));
    }
    if (options.threads != 0) {
      if (workers_set_apart && config.workers != options.threads) {
        throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                         "boost_fiber was given threads=" + std::to_string(options.threads) +
                             " and workers " + std::to_string(config.workers) +
                             ": two different pool sizes");
      }
      return options.threads;
    }
    if (workers_set_apart) return config.workers;
    return std::max<std::uint32_t>(2, config.logical_cores);
  }

  // [worker thread i]
  void WorkerMain(std::uint32_t index) {
    {
      std::unique_lock<std::mutex> lock(start_mutex_);
      start_cv_.wait(lock, [this] { return start_ != Start::kWaiting; });
      if (start_ == Start::kAbort) return;
    }
    // Returns once all N workers have constructed their work_stealing (its barrier).
    boost::fibers::use_scheduling_algorithm<WorkStealing>(threads_, options_.suspend);
    if (index == 0) boost::fibers::fiber([this] { Dispatch(); }).detach();
    {
      std::lock_guard<std::mutex> lock(start_mutex_);
      ++ready_;
    }
    start_cv_.notify_all();
    // Park the main fiber; this thread's scheduler runs and steals fibers meanwhile.
    {
      std::unique_lock<boost::fibers::mutex> lock(stop_mutex_);
      stop_cv_.wait(lock, [this] { return stopping_.load(std::memory_order_acquire); });
    }
    // Returning ends the thread: its thread-local scheduler is destroyed, which first runs
    // every fiber still attached to it.
  }

  // [dispatcher fiber] One fiber per task, posted to this worker's ready queue.
  void Dispatch() {
    const zoo_task_t* task = nullptr;
    while (channel_.pop(task) == boost::fibers::channel_op_status::success) {
      try {
        boost::fibers::fiber([this, task] { RunTask(task); }).detach();
      } catch (...) {
        spawn_failed_.store(true, std::memory_order_release);
        RunTask(task);  // still exactly once; drain() reports the failure
      }
    }
    {
      std::lock_guard<boost::fibers::mutex> lock(stop_mutex_);
      stopping_.store(true, std::memory_order_release);
    }
    stop_cv_.notify_all();
  }

  // [task fiber] The body; the fiber that brings the count to zero wakes drain(). The count
  // may also touch zero mid-round (a body finishing before the next submit); that wake-up
  // finds drain() not waiting, or waiting on a predicate that is still false.
  void RunTask(const zoo_task_t* task) {
    zoo::Run(task);
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(done_mutex_);  // so drain() cannot miss the wake-up
      done_cv_.notify_all();
    }
  }

  // [control thread]
  void WaitForPending() {
    std::unique_lock<std::mutex> lock(done_mutex_);
    done_cv_.wait(lock, [this] { return pending_.load(std::memory_order_acquire) == 0; });
  }

  void SetStart(Start start) {
    {
      std::lock_guard<std::mutex> lock(start_mutex_);
      start_ = start;
    }
    start_cv_.notify_all();
  }

  void JoinWorkers() noexcept {
    for (std::thread& t : workers_) {
      if (t.joinable()) t.join();
    }
    workers_.clear();
  }

  const Options options_;
  const std::uint32_t threads_;
  zoo::plugins::RoundBudget round_;  // submits since the last drain(), at most max_batch

  boost::fibers::buffered_channel<const zoo_task_t*> channel_;
  std::atomic<std::uint64_t> pending_{0};  // submitted, body not yet finished
  std::atomic<bool> spawn_failed_{false};
  std::mutex done_mutex_;                  // pairs with done_cv_; guards no data of its own
  std::condition_variable done_cv_;

  // Start-up hand-shake between setup() and the workers (plain std primitives: the control
  // thread is not a pool thread).
  std::mutex start_mutex_;
  std::condition_variable start_cv_;
  Start start_ = Start::kWaiting;  // guarded by start_mutex_
  std::uint32_t ready_ = 0;        // guarded by start_mutex_

  // Where the workers' main fibers park until the dispatcher ends (fiber-aware primitives).
  boost::fibers::mutex stop_mutex_;
  boost::fibers::condition_variable stop_cv_;
  // Written and read under stop_mutex_; atomic as well only because that fiber mutex is
  // locked and unlocked inside libboost_fiber.so, where ThreadSanitizer cannot see it.
  std::atomic<bool> stopping_{false};

  std::vector<std::thread> workers_;  // joined in the destructor, before the members above go
};

}  // namespace

ZOO_EXPORT_ADAPTER(BoostFiberAdapter)
