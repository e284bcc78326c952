// libuv: uv_queue_work from a loop thread, the way a libuv application offloads blocking work
// to libuv's threadpool and hears back on its loop.
//
//   control thread            loop thread (uv_run DEFAULT)         libuv threadpool thread
//   submit(task): push to the
//   queue, uv_async_send ---> on_async: take the queue,
//                             uv_queue_work per task ------------> work_cb: zoo::Run(task)
//                                                                   (body + completion)
//                             after_work_cb: --outstanding  <------ (libuv's own wq_async)
//                             at zero, wake drain()
//   drain(): mutex + condition variable, until outstanding == 0
//
// The loop lives on its own thread (uv_run(loop, UV_RUN_DEFAULT)), kept alive by one uv_async_t
// that is the only thread-safe way into a libuv loop. The uv_work_t requests are preallocated
// (max_batch of them) and reused round after round through a loop-thread free list.
//
// libuv's threadpool is process-wide: UV_THREADPOOL_SIZE is read once, at the first
// uv_queue_work of the process, and its threads live until the process exits (or libuv is
// unloaded). See ConfigureThreadpool() and the caliber notes. The pool size asked for is
// `workers` (ABI 1.1; `concurrency` when the host leaves it 0).
//
// zoo.submit_any_thread/1: uv_queue_work must be called on the loop thread, and it is: every
// submit(), from the control thread, another thread or a running task on a pool thread, only
// pushes onto the mutex-protected queue and calls uv_async_send (thread-safe, the one way into
// a loop from another thread); the loop thread alone calls uv_queue_work. The outstanding
// count is raised before the push (inside the parent's body for a chained task, so before the
// parent's after_work_cb counts it off), and drain() waits for it to reach 0. The only change
// for it is that the per-round max_batch count is an atomic (no new lock: the queue's mutex
// was there already).
#include <zoo/adapter.hpp>
#include <zoo/ext/submit_any_thread.h>

#include <uv.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "plugins/libuv/text_zh.h"
#include "plugins/common/any_thread.h"

namespace {

#define ZOO_LIBUV_STR2(x) #x
#define ZOO_LIBUV_STR(x) ZOO_LIBUV_STR2(x)

// libuv's own cap on UV_THREADPOOL_SIZE (MAX_THREADPOOL_SIZE in src/threadpool.c, since 1.30).
constexpr unsigned kMaxThreadpoolSize = 1024;

// The size libuv gives its pool for this value of UV_THREADPOOL_SIZE: the same arithmetic as
// init_threads() in libuv's src/threadpool.c (unset: 4; atoi; 0 becomes 1; capped at 1024).
unsigned ThreadpoolSizeFor(const char* value) {
  if (value == nullptr) return 4;
  unsigned n = static_cast<unsigned>(std::atoi(value));
  if (n == 0) n = 1;
  return std::min(n, kMaxThreadpoolSize);
}

// Process-wide: what the first instance of this process did to UV_THREADPOOL_SIZE. Touched only
// in setup(), which runs on the control thread with no other instance alive.
struct ThreadpoolChoice {
  bool decided = false;      // an instance was set up in this process: the size is fixed
  bool set_by_us = false;    // UV_THREADPOOL_SIZE was unset and this plugin set it
  unsigned size = 0;         // the pool size libuv uses (or will use at its first work item)
};
ThreadpoolChoice g_threadpool;

std::string UvError(const char* call, int rc) {
  return std::string(call) + " failed: " + uv_strerror(rc);
}

class LibuvAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "libuv",
      .version = "1.0.0 (libuv " ZOO_LIBUV_STR(UV_VERSION_MAJOR) "." ZOO_LIBUV_STR(
          UV_VERSION_MINOR) "." ZOO_LIBUV_STR(UV_VERSION_PATCH) ")",
      .description =
          "A libuv loop on its own thread that offloads each body with uv_queue_work to libuv's "
          "threadpool and counts it done in after_work_cb, as a libuv application offloads "
          "blocking work.",
      .kind = "event-loop",
      .caliber_notes =
          "Per task: submit() pushes onto a preallocated mutex-protected queue and calls "
          "uv_async_send (an eventfd write when the loop is not already signalled; sends "
          "coalesce); the loop thread wakes from epoll, takes the queue and calls uv_queue_work "
          "for each task (a preallocated uv_work_t, no allocation; libuv's global pool mutex "
          "and a condition-variable signal to an idle pool thread); the pool thread runs the "
          "body through task->run(), so the completion is recorded there, on the pool thread, "
          "before libuv hands the request back; then libuv posts it to the loop (its internal "
          "wq_async: a mutex and another eventfd write) and after_work_cb runs on the loop "
          "thread, where an application would see the result. That hop back to the loop is NOT "
          "in the per-task return leg (body end to completion, which is about zero here); it "
          "is in the round wall time and end-to-end, because drain() returns only after "
          "after_work_cb has counted every task. Up to four thread wake-ups per round "
          "(20-50 us each on a small VM when the woken thread sleeps on another core): loop, "
          "pool thread, loop again, control thread; the loop thread is serial and sits in "
          "front of the pool at high concurrency. drain() is harness glue: after_work_cb "
          "decrements an atomic outstanding count and the callback that takes it to zero "
          "wakes drain() through a mutex + condition variable (once per round; the same "
          "hand-off thread_pool and asio_pool use). Pool size: libuv's threadpool is "
          "process-wide, sized once from UV_THREADPOOL_SIZE at the first uv_queue_work of the "
          "process (default 4, capped at 1024). If the variable is unset, the first setup() "
          "in the process sets it to `workers` (the unit's pool size: concurrency unless the "
          "host sets it apart; capped at 1024); if the user set it, it is "
          "left alone. Either way the size is then fixed for the process: a later instance in "
          "the same process keeps the first size, whatever its workers, and setup() logs "
          "a warning whenever the pool size differs from `workers`. zoo-host measures one "
          "unit per process, so measured units get pool size == workers unless "
          "UV_THREADPOOL_SIZE was set by the user (or workers > 1024); the equivalence "
          "gate runs its concurrencies in one process, so its later phases run on the first "
          "phase's pool (still a full correctness check, not a parallelism check). The pool "
          "threads are libuv's: libuv starts them at the first uv_queue_work of the process, "
          "so setup() queues one empty work item to have that happen there and not in the "
          "first round, and they outlive teardown() (libuv has no API to stop them; they "
          "sleep on a condition variable until the process exits or libuv is unloaded). Not measured: libuv I/O, timers, uv_cancel, and any "
          "script-runtime cost (Node.js wraps this same path in JavaScript callbacks).",
      .drive_level = "libuv public API (uv_loop_init, uv_run, uv_async_t, uv_queue_work) on a "
                     "dedicated loop thread, as a libuv application offloads blocking work",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::libuv_adapter::kTextZh}};

  LibuvAdapter(const zoo::Host& host, const zoo::Config& config)
      : queue_(config.max_batch, nullptr),
        taken_(config.max_batch, nullptr),
        requests_(config.max_batch),
        round_(config.max_batch) {
    if (!config.options.empty()) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "libuv takes no options, but was given \"" + config.options + "\"");
    }
    ConfigureThreadpool(host, config.workers);

    free_requests_.reserve(requests_.size());
    for (uv_work_t& r : requests_) free_requests_.push_back(&r);

    int rc = uv_loop_init(&loop_);
    if (rc != 0) throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED, UvError("uv_loop_init", rc));
    loop_.data = this;
    rc = uv_async_init(&loop_, &async_, &LibuvAdapter::OnAsync);
    if (rc != 0) {
      uv_loop_close(&loop_);
      throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED, UvError("uv_async_init", rc));
    }
    async_.data = this;
    // One empty work item, queued before the loop thread exists (the loop is still this
    // thread's): libuv starts its pool threads at the first uv_queue_work of the process and
    // waits for them to be up, so that cost lands in setup() and not in the first round. Its
    // after_work_cb runs on the loop thread once uv_run starts.
    rc = uv_queue_work(&loop_, &start_request_, &LibuvAdapter::StartWork,
                       &LibuvAdapter::StartAfterWork);
    if (rc != 0) {
      uv_close(reinterpret_cast<uv_handle_t*>(&async_), nullptr);
      uv_run(&loop_, UV_RUN_DEFAULT);
      uv_loop_close(&loop_);
      throw zoo::Error(ZOO_STATUS_ERROR, UvError("uv_queue_work", rc));
    }
    try {
      loop_thread_ = std::thread([this] { uv_run(&loop_, UV_RUN_DEFAULT); });
    } catch (...) {
      // No loop thread: close the handle and let this thread run the loop to its end.
      uv_close(reinterpret_cast<uv_handle_t*>(&async_), nullptr);
      uv_run(&loop_, UV_RUN_DEFAULT);
      uv_loop_close(&loop_);
      throw;
    }
    running_ = true;
  }

  ~LibuvAdapter() { Stop(); }

  void Submit(const zoo_task_t* task) {
    round_.Take();
    // Counted before the task is visible to the loop, so no completion can go below zero.
    outstanding_.fetch_add(1, std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> lock(queue_mutex_);
      queue_[queued_++] = task;  // queued_ <= this round's submits <= max_batch
    }
    const int rc = uv_async_send(&async_);
    if (rc != 0) {
      // Cannot happen on Linux (uv_async_send only fails on a closing handle); if it did, the
      // task would be stranded: say so rather than let drain() hang unexplained.
      throw zoo::Error(ZOO_STATUS_ERROR, UvError("uv_async_send", rc));
    }
  }

  void Drain() {
    {
      std::unique_lock<std::mutex> lock(done_mutex_);
      all_done_.wait(lock, [this] { return outstanding_.load(std::memory_order_acquire) == 0; });
    }
    round_.Reset();
    const int failure = loop_failure_.exchange(0, std::memory_order_acq_rel);
    if (failure != 0) throw zoo::Error(ZOO_STATUS_ERROR, UvError("uv_queue_work", failure));
  }

  // zoo.submit_any_thread/1: unbounded (the queue holds max_batch, the contract's own bound).
  static const void* Extension(const char* id) {
    return zoo::plugins::UnboundedAnyThreadExtension(id);
  }

  // Stops the loop and closes it; a failure to close is reported (then the destructor runs).
  void Teardown() {
    const int rc = Stop();
    if (rc != 0) throw zoo::Error(ZOO_STATUS_ERROR, UvError("uv_loop_close", rc));
  }

 private:
  // [control thread, setup] Sizes libuv's process-wide pool to `workers`; see the caliber
  // notes.
  static void ConfigureThreadpool(const zoo::Host& host, std::uint32_t workers) {
    const unsigned wanted = std::min<unsigned>(workers, kMaxThreadpoolSize);
    if (!g_threadpool.decided) {
      // Before the loop thread exists, so before libuv can read it (pthread_create orders the
      // two). setenv() is not thread-safe against getenv() on other threads; the host's other
      // threads do not read the environment while an adapter is being set up.
      if (std::getenv("UV_THREADPOOL_SIZE") == nullptr) {
        const std::string value = std::to_string(wanted);
        if (setenv("UV_THREADPOOL_SIZE", value.c_str(), 1) != 0) {
          throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED, "setenv(UV_THREADPOOL_SIZE) failed");
        }
        g_threadpool.set_by_us = true;
      }
      g_threadpool.size = ThreadpoolSizeFor(std::getenv("UV_THREADPOOL_SIZE"));
      g_threadpool.decided = true;
    }
    if (g_threadpool.size != workers) {
      const std::string why =
          !g_threadpool.set_by_us
              ? std::string("UV_THREADPOOL_SIZE was set by the user")
          : workers > kMaxThreadpoolSize
              ? std::string("libuv caps its pool at 1024 threads")
              : std::string("libuv sizes its pool once per process and an earlier instance in "
                            "this process already fixed it");
      const std::string message = "libuv: the threadpool has " +
                                  std::to_string(g_threadpool.size) + " thread(s), not " +
                                  std::to_string(workers) + " (workers): " + why + ".";
      host.Log(1, message.c_str());
    }
  }

  // [loop thread] Takes every queued task and hands each to libuv's pool. Sends coalesce:
  // libuv clears the pending flag before this runs, so a task queued after the take below is
  // followed by a send that runs this again.
  static void OnAsync(uv_async_t* handle) {
    static_cast<LibuvAdapter*>(handle->data)->Accept();
  }

  void Accept() {
    std::size_t n = 0;
    {
      std::lock_guard<std::mutex> lock(queue_mutex_);
      n = queued_;
      std::copy_n(queue_.begin(), n, taken_.begin());
      queued_ = 0;
    }
    for (std::size_t i = 0; i < n; ++i) {
      const zoo_task_t* task = taken_[i];
      // Never empty: at most max_batch tasks are in flight (submit() enforces max_batch per
      // round and drain() waits for every after_work_cb), and each holds one request.
      uv_work_t* req = free_requests_.back();
      free_requests_.pop_back();
      req->data = const_cast<zoo_task_t*>(task);
      const int rc = uv_queue_work(&loop_, req, &LibuvAdapter::Work, &LibuvAdapter::AfterWork);
      if (rc != 0) {
        // Only for a NULL work_cb in libuv 1.x; kept honest anyway: run it here, count it, and
        // let drain() report the failure.
        zoo::Run(task);
        int expected = 0;
        loop_failure_.compare_exchange_strong(expected, rc, std::memory_order_acq_rel);
        free_requests_.push_back(req);
        Finished();
      }
    }
    if (stopping_.load(std::memory_order_acquire)) {
      // Teardown: nothing is in flight; closing the only referenced handle ends uv_run().
      uv_close(reinterpret_cast<uv_handle_t*>(&async_), nullptr);
    }
  }

  static void StartWork(uv_work_t* /*req*/) {}
  static void StartAfterWork(uv_work_t* /*req*/, int /*status*/) {}

  // [libuv threadpool thread] The body, its timing and its completion.
  static void Work(uv_work_t* req) { zoo::Run(static_cast<const zoo_task_t*>(req->data)); }

  // [loop thread] libuv hands the finished request back: where an application sees the result.
  static void AfterWork(uv_work_t* req, int status) {
    auto* self = static_cast<LibuvAdapter*>(req->loop->data);
    if (status != 0) {  // UV_ECANCELED only, and nothing here cancels
      int expected = 0;
      self->loop_failure_.compare_exchange_strong(expected, status, std::memory_order_acq_rel);
    }
    self->free_requests_.push_back(req);  // capacity reserved in setup: no allocation
    self->Finished();
  }

  // [loop thread] The callback that takes the count to zero wakes drain(). The count may also
  // touch zero mid-round (a task finishing before the next submit); that wake-up finds drain()
  // not waiting, or waiting on a predicate that is still false.
  void Finished() {
    if (outstanding_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(done_mutex_);  // so drain() cannot miss the wake-up
      all_done_.notify_all();
    }
  }

  // Idempotent and noexcept: stops the loop thread and closes the loop; returns what
  // uv_loop_close() returned (0 when there was nothing to close).
  int Stop() noexcept {
    if (!running_) return 0;
    running_ = false;
    stopping_.store(true, std::memory_order_release);
    uv_async_send(&async_);  // OnAsync sees stopping_ and closes the handle; uv_run returns
    loop_thread_.join();
    return uv_loop_close(&loop_);
  }

  // Control thread -> loop thread: the tasks submitted and not yet taken.
  std::mutex queue_mutex_;
  std::vector<const zoo_task_t*> queue_;  // guarded by queue_mutex_; max_batch slots
  std::size_t queued_ = 0;                // guarded by queue_mutex_

  // Loop thread only.
  std::vector<const zoo_task_t*> taken_;  // what Accept() took from queue_
  std::vector<uv_work_t> requests_;       // preallocated, reused round after round
  std::vector<uv_work_t*> free_requests_;

  zoo::plugins::RoundBudget round_;  // submits since the last drain(), at most max_batch
  std::atomic<std::uint64_t> outstanding_{0};  // submitted, after_work_cb not yet run
  std::atomic<int> loop_failure_{0};           // first libuv error seen on the loop thread
  std::atomic<bool> stopping_{false};
  std::mutex done_mutex_;  // pairs with all_done_; guards no data of its own
  std::condition_variable all_done_;

  uv_loop_t loop_{};
  uv_async_t async_{};
  uv_work_t start_request_{};  // the empty work item of setup()
  std::thread loop_thread_;
  bool running_ = false;  // control thread only: the loop thread was started and not joined
};

}  // namespace

ZOO_EXPORT_ADAPTER(LibuvAdapter)
