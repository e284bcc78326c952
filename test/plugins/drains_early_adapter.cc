// drains_early: deliberately broken test plugin.
//
// One worker thread, started in setup(), fed by a mutex-protected queue; it sleeps 2 ms
// before each task, then runs it. drain() returns at once without waiting for anything.
// teardown() lets the worker finish the queue and joins it, so the process still exits
// cleanly and every task does run exactly once, only too late.
//
// Deterministic, not racy: the worker does not touch a task until the drain() that follows
// its submit() has returned. The adapter learns that from the control thread's next call (the
// next submit() or teardown()), so after every drain() none of that round's tasks has run,
// however the threads are scheduled. Those tasks then run during the next round or in
// teardown(): late, after their drain() returned.
#include <zoo/adapter.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <limits>
#include <mutex>
#include <thread>

namespace {

class DrainsEarlyAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "drains_early",
      .version = "1.0.0",
      .description =
          "Test plugin: one worker thread, and a drain() that returns before the tasks ran.",
      .kind = "test",
      .caliber_notes =
          "Deliberately broken: drain() does not wait, so every task completes after the "
          "drain() that should have covered it; it must fail the gate.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  DrainsEarlyAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/)
      : worker_([this] { WorkerLoop(); }) {}

  ~DrainsEarlyAdapter() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      released_ = std::numeric_limits<std::uint64_t>::max();  // every round may run now
      stopping_ = true;
    }
    ready_.notify_one();
    worker_.join();  // after the worker has run the whole queue
  }

  void Submit(const zoo_task_t* task) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      released_ = drains_;  // every earlier drain() has returned: its tasks may run now
      queue_.push_back(Item{task, drains_});
    }
    ready_.notify_one();
  }

  void Drain() {
    std::lock_guard<std::mutex> lock(mutex_);
    ++drains_;  // the defect: nothing waits for the tasks of this round
  }

 private:
  struct Item {
    const zoo_task_t* task;
    std::uint64_t round;  // drains before its submit(): the round it belongs to
  };

  void WorkerLoop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      ready_.wait(lock, [this] {
        return (!queue_.empty() && queue_.front().round < released_) ||
               (stopping_ && queue_.empty());
      });
      if (queue_.empty()) return;  // stopping, and the queue is done
      const Item item = queue_.front();
      queue_.pop_front();
      lock.unlock();
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      zoo::Run(item.task);
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Item> queue_;       // guarded by mutex_
  std::uint64_t drains_ = 0;     // guarded by mutex_: drain() calls so far
  std::uint64_t released_ = 0;   // guarded by mutex_: rounds below this may run
  bool stopping_ = false;        // guarded by mutex_
  std::thread worker_;           // last: starts after everything above is constructed
};

}  // namespace

ZOO_EXPORT_ADAPTER(DrainsEarlyAdapter)
