// thread_pool: a fixed pool of `workers` threads (ABI 1.1; `concurrency` when the host leaves
// it 0) fed by one mutex + condition-variable queue. This is what most hand-written C++ pools
// look like. Every queue access already holds the mutex, so submit() is safe from any thread and
// from inside a running task, and drain() waits on an in-flight count that a chained submit
// raises before its parent finishes: it offers zoo.submit_any_thread/1 without a new lock.
#include <zoo/adapter.hpp>
#include <zoo/ext/submit_any_thread.h>

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string_view>
#include <thread>
#include <vector>

#include "plugins/thread_pool/text_zh.h"
#include "plugins/common/any_thread.h"

// Lets the build compile this same file under another name (test/plugins: thread_pool_twin),
// and, for the truth suite's injected delay (test/plugins: thread_pool_delayed), with busy work
// of $ZOO_TEST_SUBMIT_DELAY_ENV microseconds before every submit. The built-in has neither.
#ifndef ZOO_ADAPTER_NAME_OVERRIDE
#define ZOO_ADAPTER_NAME_OVERRIDE "thread_pool"
#endif
#ifdef ZOO_TEST_SUBMIT_DELAY_ENV
#include <chrono>
#include <cstdlib>
#endif

namespace {

class ThreadPoolAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = ZOO_ADAPTER_NAME_OVERRIDE,
      .version = "1.0.0",
      .description =
          "A fixed pool of `concurrency` threads sharing one mutex + condition-variable queue.",
      .kind = "stdlib",
      .caliber_notes =
          "Workers are started in setup() and sleep on a condition variable between rounds, so "
          "each round pays a wake-up (20-50 us on a small VM when the worker is on another "
          "core) and the lock hand-offs of one shared queue. The queue is a preallocated ring "
          "of max_batch slots: submit() does not allocate. drain() waits on a second condition "
          "variable until the in-flight count reaches zero.",
      .drive_level = "std::thread, std::mutex and std::condition_variable, used directly",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::thread_pool::kTextZh}};

  ThreadPoolAdapter(const zoo::Host& /*host*/, const zoo::Config& config)
      : ring_(config.max_batch, nullptr) {
#ifdef ZOO_TEST_SUBMIT_DELAY_ENV
    if (const char* us = std::getenv(ZOO_TEST_SUBMIT_DELAY_ENV)) delay_us_ = std::atoi(us);
#endif
    workers_.reserve(config.workers);
    try {
      for (uint32_t i = 0; i < config.workers; ++i) {
        workers_.emplace_back([this] { WorkerLoop(); });
      }
    } catch (...) {
      Stop();
      throw;
    }
  }

  ~ThreadPoolAdapter() { Stop(); }

  void Submit(const zoo_task_t* task) {
#ifdef ZOO_TEST_SUBMIT_DELAY_ENV
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(delay_us_);
    while (std::chrono::steady_clock::now() < until) {
    }
#endif
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (queued_ == ring_.size()) {
        throw zoo::Error(ZOO_STATUS_FAILED_PRECONDITION,
                         "submit() was called more than max_batch times before drain()");
      }
      ring_[(head_ + queued_) % ring_.size()] = task;
      ++queued_;
      ++in_flight_;
    }
    work_ready_.notify_one();
  }

  // in_flight_ counts a chained task from its submit (inside its parent's body, so before the
  // parent is counted off): the wait below covers tasks submitted while it waits.
  void Drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    all_done_.wait(lock, [this] { return in_flight_ == 0; });
  }

  // zoo.submit_any_thread/1: unbounded (the ring holds max_batch, the contract's own bound).
  static const void* Extension(const char* id) {
    return zoo::plugins::UnboundedAnyThreadExtension(id);
  }

 private:
  void WorkerLoop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      work_ready_.wait(lock, [this] { return stopping_ || queued_ > 0; });
      if (queued_ == 0) return;  // stopping and nothing left
      const zoo_task_t* task = ring_[head_];
      head_ = (head_ + 1) % ring_.size();
      --queued_;
      lock.unlock();
      zoo::Run(task);
      lock.lock();
      if (--in_flight_ == 0) all_done_.notify_all();
    }
  }

  void Stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& t : workers_) {
      if (t.joinable()) t.join();
    }
    workers_.clear();
  }

  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable all_done_;
  std::vector<const zoo_task_t*> ring_;  // guarded by mutex_
  std::size_t head_ = 0;                 // guarded by mutex_
  std::size_t queued_ = 0;               // guarded by mutex_
  std::size_t in_flight_ = 0;            // guarded by mutex_
  bool stopping_ = false;                // guarded by mutex_
  std::vector<std::thread> workers_;
#ifdef ZOO_TEST_SUBMIT_DELAY_ENV
  int delay_us_ = 0;
#endif
};

}  // namespace

ZOO_EXPORT_ADAPTER(ThreadPoolAdapter)
