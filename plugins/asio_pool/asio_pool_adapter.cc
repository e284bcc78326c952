// asio_pool: a Boost.Asio event loop that hands bodies to a thread pool and hears back from
// it, the C++ analogue of Python's asyncio loop + loop.run_in_executor(ThreadPoolExecutor).
//
//   control thread      loop thread (io_context::run)        pool thread (asio::thread_pool)
//   submit(task) --post--> accept: post body to the pool --post--> host->execute(id): body
//                                                                  |
//                          resume: host->complete(outcome) <--post-+  (the awaiting coroutine
//                          count it; at zero, wake drain()            resumes on the loop)
//   drain() waits until the loop has counted as many completions as were submitted.
//
// The body runs through host->execute() on the pool thread and its outcome is handed to
// host->complete() on the loop thread: that is the moment an asyncio coroutine awaiting
// run_in_executor() would see the result, so the hop back to the loop is part of the "return"
// leg of the attribution, not hidden behind it. (task->run() would record the completion on
// the pool thread, before that hop.)
//
// The pool has `workers` threads (ABI 1.1; `concurrency` when the host leaves it 0). Posting
// to an io_context is thread-safe, and a chained task's submit() (inside its parent's body, on
// a pool thread) counts it before the parent's completion is counted, so drain()'s
// "completed == submitted" cannot hold while a chain goes on: the adapter offers
// zoo.submit_any_thread/1. The only change for it is that the submit count is an atomic (one
// uncontended atomic add on the control thread, no lock).
#include <zoo/adapter.hpp>
#include <zoo/ext/submit_any_thread.h>

#include "plugins/common/boost_version.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/version.hpp>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>

#include "plugins/asio_pool/text_zh.h"
#include "plugins/common/any_thread.h"

namespace {

// "1.0.0 (Boost 1.74)": the Boost this plugin was built against.
constexpr zoo::plugins::BoostVersionText kVersion = zoo::plugins::MakeBoostAdapterVersion();

class AsioPoolAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "asio_pool",
      .version = kVersion.text,
      .description =
          "A Boost.Asio io_context loop thread that posts each body to an asio::thread_pool of "
          "`concurrency` threads and takes the completion back on the loop, like asyncio's "
          "run_in_executor.",
      .kind = "event-loop",
      .caliber_notes =
          "Per task the cost includes three Asio posts, each a handler allocation (Asio keeps "
          "small per-thread caches of handler memory; the control thread only posts and never "
          "frees, so its posts go to malloc) and a locked queue push: submit() to the "
          "io_context, the "
          "loop thread to the thread_pool, the pool thread back to the io_context. Each post "
          "may wake a sleeping thread (20-50 us on a small VM when it sits on another core): "
          "the loop thread when a task arrives, a pool thread for the body, the loop thread "
          "again for the completion. The extra hop through the loop thread is paid twice per "
          "task and is serial: one loop thread accepts and completes every task, so at high "
          "concurrency it is a queue in front of the pool. The completion is recorded on the "
          "loop thread (host->complete there, as an awaiting coroutine would resume there), so "
          "the return leg includes the hop back; once per round a mutex + condition-variable "
          "hand-off wakes drain(), which is harness glue (in asyncio the caller would be a "
          "coroutine on the loop itself). Excluded: coroutine frames, futures and "
          "Python-level costs; no co_await is used, the posts are what a resumption costs.",
      .drive_level = "boost::asio public API (io_context, executor_work_guard, post, "
                     "thread_pool), as an application would use it",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::asio_pool::kTextZh}};

  AsioPoolAdapter(const zoo::Host& host, const zoo::Config& config)
      : host_(host), pool_(config.workers) {
    if (!config.options.empty()) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "asio_pool takes no options, but was given \"" + config.options + "\"");
    }
    work_.emplace(boost::asio::make_work_guard(loop_));
    loop_thread_ = std::thread([this] { loop_.run(); });
  }

  ~AsioPoolAdapter() { Stop(); }

  void Submit(const zoo_task_t* task) {
    // Before the post: the loop cannot count the task done before it is counted submitted.
    submitted_.fetch_add(1, std::memory_order_relaxed);
    boost::asio::post(loop_, [this, task] { Accept(task); });
  }

  // Reads `completed_` first: a chained task was counted submitted before its parent was
  // counted completed (its submit() ran inside the parent's body), so once the acquire load
  // has seen the parent, the load of `submitted_` sees the child.
  void Drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    all_done_.wait(lock, [this] {
      const std::uint64_t completed = completed_.load(std::memory_order_acquire);
      return completed == submitted_.load(std::memory_order_acquire);
    });
  }

  // zoo.submit_any_thread/1: unbounded (the io_context's queue grows).
  static const void* Extension(const char* id) {
    return zoo::plugins::UnboundedAnyThreadExtension(id);
  }

 private:
  // [loop thread] The task arrives on the loop; the loop hands the body to the executor.
  void Accept(const zoo_task_t* task) {
    ++outstanding_;
    const std::uint64_t id = task->id;
    boost::asio::post(pool_, [this, id] { RunBody(id); });
  }

  // [pool thread] The body runs; its outcome goes back to the loop.
  void RunBody(std::uint64_t id) {
    zoo_task_outcome_t outcome;
    std::memset(&outcome, 0, sizeof outcome);
    const zoo_status_t status = host_.Execute(id, &outcome);
    if (status != ZOO_STATUS_OK) {
      std::memset(&outcome, 0, sizeof outcome);
      outcome.task_id = id;
      outcome.status = status;
    }
    boost::asio::post(loop_, [this, outcome] { Resume(outcome); });
  }

  // [loop thread] The awaiting side resumes: the host hears of the completion, and the loop
  // counts it. drain() is woken only when the loop has nothing outstanding.
  void Resume(const zoo_task_outcome_t& outcome) {
    host_.Complete(outcome);
    --outstanding_;
    completed_.fetch_add(1, std::memory_order_release);
    if (outstanding_ == 0) {
      std::lock_guard<std::mutex> lock(mutex_);  // so drain() cannot miss the wake-up
      all_done_.notify_all();
    }
  }

  // Idempotent and noexcept: from the destructor, also when the constructor failed.
  void Stop() noexcept {
    // Nothing is in flight at teardown. The pool first: once it is idle nothing more can be
    // posted back to the loop; then the loop runs what it still has queued and returns.
    pool_.join();
    work_.reset();
    if (loop_thread_.joinable()) loop_thread_.join();
  }

  zoo::Host host_;
  boost::asio::io_context loop_{1};  // concurrency hint 1: one thread runs this loop
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work_;
  boost::asio::thread_pool pool_;
  std::thread loop_thread_;

  std::atomic<std::uint64_t> submitted_{0};  // by any submitting thread
  std::uint64_t outstanding_ = 0;           // loop thread only: accepted, not yet resumed
  std::atomic<std::uint64_t> completed_{0};  // written by the loop thread only
  std::mutex mutex_;                        // pairs with all_done_; guards no data of its own
  std::condition_variable all_done_;
};

}  // namespace

ZOO_EXPORT_ADAPTER(AsioPoolAdapter)
