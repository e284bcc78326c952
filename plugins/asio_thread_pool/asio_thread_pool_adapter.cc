// asio_thread_pool: boost::asio::thread_pool driven the way its documentation shows it:
//
//   boost::asio::thread_pool pool(n);
//   boost::asio::post(pool, [] { ... });
//
// One post per task straight into the pool's own scheduler queue. Unlike asio_pool there is no
// io_context loop thread in between: the control thread posts, a pool thread runs the body.
//
//   control thread                           pool thread (asio::thread_pool, `concurrency`)
//   submit(task): ++outstanding, post ------> zoo::Run(task): the body, its completion
//                                             --outstanding; at zero, wake drain()
//   drain(): mutex + condition variable, until outstanding == 0
//
// What the documentation does to wait, pool.join(), ends the pool for good (its threads exit),
// so a per-round completion counter stands in for it; that counter and its wake-up are harness
// glue, the same mutex + condition-variable hand-off thread_pool and asio_pool use.
//
// The pool has `workers` threads (ABI 1.1; `concurrency` when the host leaves it 0). post() to
// a thread_pool is thread-safe, and the outstanding count is raised before the post, inside a
// parent's body for a chained task, so the adapter offers zoo.submit_any_thread/1: the only
// change for it is that the per-round max_batch count is an atomic (one uncontended atomic add
// on the control thread, no lock).
#include <zoo/adapter.hpp>
#include <zoo/ext/submit_any_thread.h>

#include "plugins/common/boost_version.h"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/version.hpp>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string_view>

#include "plugins/asio_thread_pool/text_zh.h"
#include "plugins/common/any_thread.h"

namespace {

// "1.0.0 (Boost 1.74)": the Boost this plugin was built against.
constexpr zoo::plugins::BoostVersionText kVersion = zoo::plugins::MakeBoostAdapterVersion();

class AsioThreadPoolAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "asio_thread_pool",
      .version = kVersion.text,
      .description =
          "boost::asio::thread_pool of `concurrency` threads, one boost::asio::post(pool, ...) "
          "per task: the pool's own locked queue, no event-loop hop.",
      .kind = "ecosystem",
      .caliber_notes =
          "Per task: one boost::asio::post from the control thread into the pool's scheduler "
          "queue. Each post allocates a handler (a small operation object wrapping the lambda): "
          "Asio recycles handler memory through a per-thread cache of the thread that runs it, "
          "but the control thread is not a pool thread and only posts, so every submit pays a "
          "malloc, and the free happens on the pool thread (cached there or returned to "
          "malloc). Each post also takes the scheduler's mutex and, when a pool thread is idle, "
          "signals its condition variable: waking a sleeping pool thread (20-50 us on a small "
          "VM when it sits on another core) is part of the hand-off. The body runs through "
          "task->run() on the pool thread, so the completion is recorded there as soon as the "
          "body returns; the return leg holds no hop. drain() is harness glue: "
          "pool.join(), what the documentation shows for waiting, would end the pool, so an "
          "atomic outstanding-task counter is decremented after each body and the thread that "
          "takes it to zero wakes drain() through a mutex + condition variable (once per "
          "round; the same hand-off thread_pool and asio_pool use). Threads are started in "
          "setup() and sleep between rounds. Not measured: executors with "
          "outstanding_work_tracked, strands, completion tokens, futures, io_context.",
      .drive_level = "boost::asio public API (thread_pool, post), as the Asio documentation "
                     "shows it; the per-round wait is a counter, since join() ends the pool",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::asio_thread_pool::kTextZh}};

  AsioThreadPoolAdapter(const zoo::Host& /*host*/, const zoo::Config& config)
      : round_(config.max_batch), pool_(PoolSize(config)) {}

  ~AsioThreadPoolAdapter() { Stop(); }

  void Submit(const zoo_task_t* task) {
    round_.Take();
    // Counted before the post, so no body can take the counter below zero.
    outstanding_.fetch_add(1, std::memory_order_relaxed);
    boost::asio::post(pool_, [this, task] {
      zoo::Run(task);
      Finished();
    });
  }

  void Drain() {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      all_done_.wait(lock, [this] { return outstanding_.load(std::memory_order_acquire) == 0; });
    }
    round_.Reset();
  }

  // zoo.submit_any_thread/1: unbounded (asio's queue grows; max_batch bounds a round).
  static const void* Extension(const char* id) {
    return zoo::plugins::UnboundedAnyThreadExtension(id);
  }

 private:
  // Refuses options before any thread is started.
  static std::size_t PoolSize(const zoo::Config& config) {
    if (!config.options.empty()) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "asio_thread_pool takes no options, but was given \"" + config.options +
                           "\"");
    }
    return config.workers;
  }

  // [pool thread] After a body: the one that brings the count to zero wakes drain(). The count
  // may also touch zero mid-round (a body finishing before the next submit); that wake-up
  // finds drain() not waiting, or waiting on a predicate that is still false.
  void Finished() {
    if (outstanding_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(mutex_);  // so drain() cannot miss the wake-up
      all_done_.notify_all();
    }
  }

  // Idempotent and noexcept. Nothing is in flight at teardown; join() returns once the pool
  // has no work left and its threads have exited (no stop(): nothing queued is abandoned).
  void Stop() noexcept { pool_.join(); }

  zoo::plugins::RoundBudget round_;  // submits since the last drain(), at most max_batch
  std::atomic<std::uint64_t> outstanding_{0};   // submitted, body not yet finished
  std::mutex mutex_;                            // pairs with all_done_; guards no data of its own
  std::condition_variable all_done_;
  boost::asio::thread_pool pool_;  // last: destroyed (and joined) before what its handlers use
};

}  // namespace

ZOO_EXPORT_ADAPTER(AsioThreadPoolAdapter)
