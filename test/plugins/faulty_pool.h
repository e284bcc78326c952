// A small correct thread pool for the deliberately broken test plugins whose fault is rare or
// shows only after teardown: each plugin is this pool plus one defect, so that what the gate
// catches is the defect and nothing else.
//
// `concurrency` worker threads take tasks from a locked queue; drain() waits until every
// submitted task has finished; the destructor (teardown) stops and joins the workers.
// A Fault type customises three points:
//   bool Skip(uint64_t k)          submit k (0-based, per instance) is dropped silently
//   bool RunTwice(uint64_t k)      submit k runs twice
//   bool Late(uint64_t k)          submit k is counted finished first and run 2 ms later
//   void AtTeardown()              runs after the workers were joined
#pragma once

#include <zoo/adapter.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace zoo_test {

template <typename Fault>
class FaultyPool {
 public:
  FaultyPool(const zoo::Host& /*host*/, const zoo::Config& config) {
    for (uint32_t i = 0; i < config.concurrency; ++i) workers_.emplace_back([this] { Work(); });
  }

  ~FaultyPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    ready_.notify_all();
    for (std::thread& t : workers_) t.join();
    fault_.AtTeardown();
  }

  void Submit(const zoo_task_t* task) {
    const uint64_t k = submitted_++;
    if (fault_.Skip(k)) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back({task, k});
      ++pending_;
    }
    ready_.notify_one();
  }

  void Drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return pending_ == 0; });
  }

 private:
  struct Item {
    const zoo_task_t* task;
    uint64_t k;
  };

  void Work() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
      ready_.wait(lock, [this] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stop_ and nothing left
      const Item item = queue_.front();
      queue_.pop_front();
      const bool late = fault_.Late(item.k);
      if (late) Finished(lock);  // the defect: drain() may return before this task ran
      lock.unlock();
      if (late) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      zoo::Run(item.task);
      if (fault_.RunTwice(item.k)) zoo::Run(item.task);
      lock.lock();
      if (!late) Finished(lock);
    }
  }

  void Finished(std::unique_lock<std::mutex>& /*held*/) {
    if (--pending_ == 0) idle_.notify_all();
  }

  Fault fault_;
  uint64_t submitted_ = 0;  // control thread only
  std::mutex mutex_;
  std::condition_variable ready_, idle_;
  std::deque<Item> queue_;
  uint64_t pending_ = 0;
  bool stop_ = false;
  std::vector<std::thread> workers_;
};

// The default: no defect.
struct NoFault {
  bool Skip(uint64_t) const { return false; }
  bool RunTwice(uint64_t) const { return false; }
  bool Late(uint64_t) const { return false; }
  void AtTeardown() {}
};

}  // namespace zoo_test
