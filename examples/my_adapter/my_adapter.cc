// my_adapter: an example third-party adapter for zoo-host, written with zoo/adapter.hpp.
//
// The execution model: a pool of `concurrency` worker threads, started in setup(). Each worker
// owns one slot: a small single-producer, single-consumer ring of task pointers and a
// std::binary_semaphore that wakes the worker when it sleeps. submit() hands the tasks to the
// workers in turn (round-robin); drain() waits with std::atomic::wait until the count of tasks
// in flight is zero, and the worker that finishes the last task wakes it.
#include <zoo/adapter.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <semaphore>
#include <string>
#include <thread>
#include <vector>

namespace {

class MyAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "my_adapter",
      .version = "1.0.0",
      .description =
          "A pool of `concurrency` threads; submit() deals tasks out round-robin, one "
          "semaphore-signalled slot per worker.",
      .kind = "stdlib",
      .caliber_notes =
          "Workers are started in setup(). Each task goes to the next worker in turn through "
          "that worker's own lock-free ring: submit() does not allocate or lock, and pays a "
          "semaphore release (a futex wake, several microseconds) only when the worker is "
          "asleep. There is no work stealing: a task waits behind the ones dealt to the same "
          "worker even when other workers are idle. drain() sleeps on the in-flight count "
          "(std::atomic::wait, a futex) and is woken by the worker that completes the last "
          "task, so each round also pays that wake-up.",
      .drive_level =
          "std::thread, std::binary_semaphore and C++20 std::atomic wait/notify, used directly",
  };

  MyAdapter(const zoo::Host& /*host*/, const zoo::Config& config)
      : worker_count_(config.concurrency),
        capacity_((config.max_batch + config.concurrency - 1) / config.concurrency),
        workers_(std::make_unique<Worker[]>(config.concurrency)) {
    if (!config.options.empty()) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "my_adapter takes no options, but was given \"" + config.options + "\"");
    }
    try {
      for (std::size_t i = 0; i < worker_count_; ++i) {
        Worker& w = workers_[i];
        w.ring.assign(capacity_, nullptr);
        w.thread = std::thread([this, &w] { WorkerLoop(w); });
      }
    } catch (...) {
      Stop();
      throw;
    }
  }

  ~MyAdapter() { Stop(); }

  void Submit(const zoo_task_t* task) {
    Worker& w = workers_[next_];
    next_ = next_ + 1 == worker_count_ ? 0 : next_ + 1;

    // Round-robin deals at most ceil(max_batch / concurrency) tasks per round to one worker,
    // and drain() empties every ring: a full ring means more than max_batch submits.
    const std::uint64_t tail = w.tail.load(std::memory_order_relaxed);  // only we write it
    if (tail - w.head.load(std::memory_order_acquire) == capacity_) {
      throw zoo::Error(ZOO_STATUS_FAILED_PRECONDITION,
                       "submit() was called more than max_batch times before drain()");
    }
    w.ring[static_cast<std::size_t>(tail % capacity_)] = task;
    in_flight_.fetch_add(1, std::memory_order_relaxed);
    w.tail.store(tail + 1, std::memory_order_seq_cst);
    Wake(w);
  }

  void Drain() {
    std::uint32_t n = in_flight_.load(std::memory_order_acquire);
    while (n != 0) {
      in_flight_.wait(n, std::memory_order_acquire);
      n = in_flight_.load(std::memory_order_acquire);
    }
  }

 private:
  // One worker's slot. Aligned so that two workers never share a cache line.
  struct alignas(64) Worker {
    std::vector<const zoo_task_t*> ring;  // capacity_ entries; written by submit() only
    std::atomic<std::uint64_t> tail{0};   // tasks put in the ring (control thread)
    std::atomic<bool> sleeping{false};    // the worker is, or is about to be, in acquire()
    std::binary_semaphore wake{0};        // released at most once per sleep
    alignas(64) std::atomic<std::uint64_t> head{0};  // tasks taken out (the worker)
    std::thread thread;
  };

  // Releases the worker's semaphore if it sleeps, or is about to. Only the one who turns
  // `sleeping` from true to false releases, so the semaphore never goes above 1.
  static void Wake(Worker& w) {
    if (w.sleeping.exchange(false, std::memory_order_seq_cst)) w.wake.release();
  }

  void WorkerLoop(Worker& w) {
    std::uint64_t head = w.head.load(std::memory_order_relaxed);
    for (;;) {
      if (head != w.tail.load(std::memory_order_acquire)) {
        const zoo_task_t* task = w.ring[static_cast<std::size_t>(head % capacity_)];
        w.head.store(++head, std::memory_order_release);  // the slot is free again
        zoo::Run(task);
        if (in_flight_.fetch_sub(1, std::memory_order_acq_rel) == 1) in_flight_.notify_all();
        continue;
      }
      if (stopping_.load(std::memory_order_acquire)) return;

      // Announce the sleep, then look again: a submit() (or Stop()) that came in between
      // either is seen here or sees `sleeping` and releases the semaphore.
      w.sleeping.store(true, std::memory_order_seq_cst);
      if (head != w.tail.load(std::memory_order_seq_cst) ||
          stopping_.load(std::memory_order_seq_cst)) {
        // Cancel the sleep; if someone else already took `sleeping`, its release is ours.
        if (!w.sleeping.exchange(false, std::memory_order_seq_cst)) w.wake.acquire();
        continue;
      }
      w.wake.acquire();
    }
  }

  void Stop() noexcept {
    stopping_.store(true, std::memory_order_seq_cst);
    for (std::size_t i = 0; i < worker_count_; ++i) Wake(workers_[i]);
    for (std::size_t i = 0; i < worker_count_; ++i) {
      if (workers_[i].thread.joinable()) workers_[i].thread.join();
    }
  }

  const std::size_t worker_count_;
  const std::size_t capacity_;  // ring entries per worker: ceil(max_batch / concurrency)
  std::unique_ptr<Worker[]> workers_;
  std::size_t next_ = 0;  // the worker that gets the next task (control thread only)
  std::atomic<std::uint32_t> in_flight_{0};
  std::atomic<bool> stopping_{false};
};

}  // namespace

ZOO_EXPORT_ADAPTER(MyAdapter)
