// The zoo_scheduler dispatch core: worker threads fed by one ready queue, an in-flight table of
// every task between submit and completion, and three switchable semantics:
//
//   priority  the ready queue orders by priority (ready_queue.h) instead of FIFO;
//   timeout   each dispatched task gets a deadline; a watchdog thread gives up on a task that
//             passes it and quarantines its worker (below);
//   retry     each dispatch goes through an attempt wrapper that counts attempts and
//             re-enqueues a failed attempt, up to a maximum;
//   metrics   each task's submit time is stored, and its completion counts it and adds its
//             submit-to-completion latency to a log2 histogram.
//
// Submit from any thread (zoo.submit_any_thread/1): every path takes the one mutex, and the
// outstanding count (drain's condition) is raised in submit(), so a task that a running task
// submits is counted before its parent is counted off. The ready queue is bounded by
// `queue_capacity` (0: unbounded): a submit() from a thread that is not one of this
// scheduler's workers waits on a condition variable (no spinning) while the queue holds that
// many tasks, and a worker that pops wakes one such waiter; a submit() from a worker never
// waits (it may overfill the queue), so a chain cannot deadlock its own pool.
//
// Locking: one mutex guards the queue, the table, the switches and the worker list, as in a
// plain condition-variable pool; workers sleep on one condition variable, drain() on another,
// the watchdog on a third. Bodies run with the mutex released.
//
// Timeouts and quarantine: C++ cannot safely kill or cancel a thread, so giving up on a task
// means: erase it from the in-flight table (in_flight() drops at once), count it, mark its
// worker quarantined and start a replacement worker so the pool keeps its size. The body keeps
// running to its end; the task still completes exactly once, drain() still waits for it, and
// the quarantined thread exits when the body returns (joined by the watchdog, or at Stop()).
//
// Nothing on the submit -> dispatch -> complete path allocates: the queue and the table are
// sized to `capacity` (the adapter's max_batch) at construction.
//
// Forms (zoo.native/1, chosen once before the first submit): how a worker runs a body and when
// submit() wakes a worker. kClosure, the default, is the path above: the worker calls the
// task's type-erased run(task). kTyped: the worker calls the host's execute(id) into its own
// preallocated outcome slot and hands that slot to complete(). kBatched: submit() only queues
// (no wake-up); drain() wakes every worker once and they run the queued batch.
#pragma once

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <zoo/adapter.h>

#include "plugins/zoo_scheduler/in_flight_table.h"
#include "plugins/zoo_scheduler/ready_queue.h"

namespace zoo_scheduler {

// One worker thread. The thread object is touched only by whoever starts or joins it; the
// flags are guarded by Scheduler::mutex_.
struct Worker {
  std::thread thread;
  zoo_task_outcome_t outcome{};  // the typed form's slot: execute() writes it, complete() reads
  bool quarantined = false;  // its task was given up on: exit when the body returns
  bool exited = false;       // quarantined and gone: ready to be joined
};

// The metrics item's record. Bucket b counts latencies in [2^(b-1), 2^b) ns (bucket 0: 0 ns).
struct Metrics {
  static constexpr size_t kBuckets = 64;
  uint64_t tasks_completed = 0;  // every completion, also of tasks the watchdog gave up on
  uint64_t latency_samples = 0;  // completions with a latency (still in the in-flight table)
  std::array<uint64_t, kBuckets> latency_log2_ns{};
};

// The levels the scheduler can be driven at (zoo.layers/1), lowest first; each adds to the one
// below. The layer is fixed at construction.
enum class Layer {
  // Workers fed by the FIFO ready queue under the mutex, the outstanding count for drain():
  // no in-flight table, no back-pressure, no semantics hooks.
  kReadyQueue,
  // + completion tracking: the in-flight table (insert at submit with the duplicate-id
  // refusal, the running mark at dispatch, the erase at completion).
  kInFlightTable,
  // + everything a user gets: the bounded queue's back-pressure and the semantics hooks.
  kPublicApi,
};

class Scheduler {
 public:
  enum class SubmitResult { kOk, kFull, kDuplicateId };
  enum class Form { kClosure, kTyped, kBatched };

  // Starts `workers` threads. `capacity` bounds the outstanding tasks (the adapter's
  // max_batch; everything is preallocated to it); `queue_capacity` bounds the ready queue for
  // submitters that are not workers (0: unbounded; ignored below kPublicApi). REQUIRES:
  // workers >= 1, capacity >= 1. Throws std::system_error when a thread cannot be started
  // (nothing is left running then).
  Scheduler(uint32_t workers, uint32_t capacity, uint32_t queue_capacity,
            Layer layer = Layer::kPublicApi);
  ~Scheduler();
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;

  // Queues `task` and wakes a worker; first waits for room in a full bounded queue unless the
  // caller is one of this scheduler's workers. kFull when `capacity` tasks are outstanding
  // (submitted, body not yet returned); kDuplicateId when a task with the same id is in the
  // table. [any-thread]
  SubmitResult Submit(const zoo_task_t* task);
  // Returns when every submitted task's body has returned, including bodies whose task the
  // watchdog gave up on and tasks submitted by running tasks while it waits. [control-thread]
  void Drain();
  // Entries in the in-flight table: submitted, neither completed nor given up on.
  uint32_t InFlight() const;
  // Submitted tasks whose body has not returned yet (what Drain() waits on).
  uint32_t Outstanding() const;

  Layer layer() const { return layer_; }

  // The switches. REQUIRES: nothing outstanding (after Drain()) and layer() kPublicApi.
  // [control-thread]
  void SetPriority(bool on);
  // Starts the watchdog thread when turned on (throws std::system_error if it cannot), stops
  // and joins it when turned off. REQUIRES: timeout > 0 when on.
  void SetTimeout(bool on, std::chrono::nanoseconds timeout);
  // REQUIRES: max_attempts >= 1 when on.
  void SetRetry(bool on, uint32_t max_attempts);
  // Turning it on starts counting afresh.
  void SetMetrics(bool on);
  // REQUIRES: nothing outstanding; `host` (kTyped calls its execute and complete) outlives the
  // scheduler's workers.
  void SetForm(Form form, const zoo_host_t* host);

  // Tasks given up on after their deadline, and workers quarantined for them, so far.
  uint64_t timed_out() const;
  // What the metrics item has recorded since it was last turned on.
  Metrics metrics() const;

  // Stops and joins every thread: workers, replacements, quarantined ones, the watchdog.
  // Idempotent. REQUIRES: nothing outstanding.
  void Stop() noexcept;

 private:
  enum class Outcome { kSucceeded, kFailed };

  // Each REQUIRES mutex_ held.
  void StartWorker();
  void Dispatch(const zoo_task_t* task, Worker* self);
  void Finish(const zoo_task_t* task, Outcome outcome);
  void GiveUpOnExpired(Clock::time_point now);
  void Quarantine(Worker* worker);

  void WorkerLoop(Worker* self);
  void WatchdogLoop();
  // Joins one exited quarantined worker, unlocking while it joins. REQUIRES: lock holds mutex_.
  void ReapOneExited(std::unique_lock<std::mutex>& lock);
  void StopWatchdog() noexcept;
  static Outcome Attempt(const zoo_task_t* task);
  // The typed form's body: execute into the worker's slot, then complete from it.
  void RunTyped(const zoo_task_t* task, Worker* self) const;

  void RecordMetrics(const InFlightEntry* entry);

  const uint32_t capacity_;
  const uint32_t queue_capacity_;  // 0: unbounded
  const Layer layer_;
  // What the layer keeps; the semantics switches are refused below kPublicApi (the adapter).
  bool tracks() const { return layer_ != Layer::kReadyQueue; }
  bool full_api() const { return layer_ == Layer::kPublicApi; }

  mutable std::mutex mutex_;
  std::condition_variable work_ready_;     // workers: the queue is not empty, or stopping
  std::condition_variable all_done_;       // drain(): outstanding_ reached 0
  std::condition_variable room_;           // blocked submitters: the bounded queue has room
  std::condition_variable watchdog_wake_;  // watchdog: armed earlier, a worker exited, or stop

  // Everything below is guarded by mutex_, except where noted.
  ReadyQueue queue_;
  InFlightTable table_;
  uint32_t outstanding_ = 0;  // submitted, body not yet returned (drain's condition)
  uint32_t room_waiters_ = 0;  // submitters waiting on room_
  bool stopping_ = false;
  Form form_ = Form::kClosure;
  const zoo_host_t* host_ = nullptr;  // kTyped
  bool draining_ = false;  // kBatched: drain() has woken the workers; submits wake them too

  bool metrics_on_ = false;
  Metrics metrics_;

  bool retry_on_ = false;
  uint32_t max_attempts_ = 1;

  bool timeout_on_ = false;
  std::chrono::nanoseconds timeout_{0};
  bool watchdog_stop_ = false;
  bool watchdog_armed_ = false;      // watchdog_due_ is set; <= every running task's deadline
  Clock::time_point watchdog_due_{};
  std::vector<uint64_t> expired_;    // reserved to capacity: the watchdog scan's scratch
  uint64_t timed_out_ = 0;
  uint32_t exited_workers_ = 0;      // quarantined workers waiting to be joined

  std::vector<std::unique_ptr<Worker>> workers_;  // live, quarantined and exited
  std::thread watchdog_;  // control thread only
};

}  // namespace zoo_scheduler
