// A small thread pool that keeps every rule of zoo.submit_any_thread/1 (zoo/ext/
// submit_any_thread.h), for the test plugins that declare the extension and break exactly one
// of its rules, so that what the gate catches is that one defect and nothing else.
// (faulty_pool.h counts submits on the control thread only, so it cannot serve here.)
//
// `workers` threads take tasks from one locked queue. submit() is safe from any thread: every
// count is under the mutex. `outstanding_` is raised in submit() (inside the parent's body for
// a chained task) and drain() waits for it to reach 0. With Fault::kBounded the queue holds at
// most `capacity=N` waiting tasks (default Fault::kDefaultCapacity, 0 = unbounded): an outside
// submitter waits on a condition variable for room, a worker never waits.
// A Fault type customises:
//   static constexpr bool kBounded; static constexpr uint32_t kDefaultCapacity;
//   bool DropWorkerSubmit(uint64_t k)  the k-th submit from a worker thread (0-based, per
//                                      instance) is dropped silently
//   static constexpr bool kDrainIgnoresChained  drain() waits only for outside submits
//   static constexpr bool kDropWhenFull         an outside submit into a full queue is
//                                               dropped instead of waiting
#pragma once

#include <zoo/adapter.hpp>
#include <zoo/ext/submit_any_thread.h>

#include <charconv>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace zoo_test {

template <typename Fault>
class AnyThreadPool {
 public:
  AnyThreadPool(const zoo::Host& /*host*/, const zoo::Config& config)
      : capacity_(ParseCapacity(config.options)) {
    for (uint32_t i = 0; i < config.workers; ++i) workers_.emplace_back([this] { Work(); });
  }

  ~AnyThreadPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    ready_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  void Submit(const zoo_task_t* task) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      const bool from_worker = t_pool == this;
      if (from_worker && fault_.DropWorkerSubmit(worker_submits_++)) return;  // a defect
      if (!from_worker && capacity_ != 0 && queue_.size() >= capacity_) {
        if (Fault::kDropWhenFull) return;  // a defect
        room_.wait(lock, [this] { return queue_.size() < capacity_; });
      }
      queue_.push_back(Item{task, !from_worker});
      ++outstanding_;
      if (!from_worker) ++outside_outstanding_;
    }
    ready_.notify_one();
  }

  void Drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] {
      return Fault::kDrainIgnoresChained ? outside_outstanding_ == 0 : outstanding_ == 0;
    });
  }

  static const void* Extension(const char* id) {
    static constexpr zoo_submit_any_thread_extension_t kAnyThread = {
        .struct_size = sizeof(zoo_submit_any_thread_extension_t),
        .flags = Fault::kBounded ? ZOO_SUBMIT_BOUNDED : 0u,
        .default_capacity = Fault::kBounded ? Fault::kDefaultCapacity : 0u,
        .reserved0 = 0,
    };
    return std::string_view(id) == ZOO_EXT_SUBMIT_ANY_THREAD ? &kAnyThread : nullptr;
  }

 private:
  struct Item {
    const zoo_task_t* task;
    bool outside;
  };

  // "capacity=N" with Fault::kBounded; no other option.
  static uint32_t ParseCapacity(const std::string& options) {
    if (options.empty()) return Fault::kBounded ? Fault::kDefaultCapacity : 0;
    const std::string prefix = "capacity=";
    uint32_t n = 0;
    const char* first = options.data() + prefix.size();
    const char* last = options.data() + options.size();
    if (Fault::kBounded && options.rfind(prefix, 0) == 0) {
      const auto [ptr, ec] = std::from_chars(first, last, n);
      if (ec == std::errc() && ptr == last && first != last) return n;
    }
    throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                     std::string(Fault::kBounded ? "this test plugin takes only capacity=N"
                                                 : "this test plugin takes no options") +
                         ", but was given \"" + options + "\"");
  }

  void Work() {
    t_pool = this;
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
      ready_.wait(lock, [this] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stop_ and nothing left
      const Item item = queue_.front();
      queue_.pop_front();
      room_.notify_one();
      lock.unlock();
      zoo::Run(item.task);
      lock.lock();
      if (item.outside) --outside_outstanding_;
      if (--outstanding_ == 0 || outside_outstanding_ == 0) idle_.notify_all();
    }
  }

  static inline thread_local const AnyThreadPool* t_pool = nullptr;

  Fault fault_;
  const uint32_t capacity_;
  std::mutex mutex_;
  std::condition_variable ready_, idle_, room_;
  std::deque<Item> queue_;  // guarded by mutex_, as every count below
  uint64_t worker_submits_ = 0;
  uint64_t outstanding_ = 0;
  uint64_t outside_outstanding_ = 0;
  bool stop_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace zoo_test
