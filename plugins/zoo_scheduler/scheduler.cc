#include "plugins/zoo_scheduler/scheduler.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <utility>

namespace zoo_scheduler {

namespace {
// The scheduler whose worker this thread is (nullptr on every other thread): a submit() from
// one of its own workers never waits for room in the bounded queue.
thread_local const Scheduler* t_worker_of = nullptr;
}  // namespace

Scheduler::Scheduler(uint32_t workers, uint32_t capacity, uint32_t queue_capacity, Layer layer)
    : capacity_(capacity),
      queue_capacity_(layer == Layer::kPublicApi ? queue_capacity : 0),
      layer_(layer),
      queue_(capacity),
      table_(capacity) {
  assert(workers >= 1 && capacity >= 1);
  expired_.reserve(capacity);
  workers_.reserve(workers);
  try {
    std::lock_guard<std::mutex> lock(mutex_);
    for (uint32_t i = 0; i < workers; ++i) StartWorker();
  } catch (...) {
    Stop();
    throw;
  }
}

Scheduler::~Scheduler() { Stop(); }

// ---- any thread ------------------------------------------------------------------------

Scheduler::SubmitResult Scheduler::Submit(const zoo_task_t* task) {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    // Back-pressure: only outside threads wait, on a condition variable that a worker's pop
    // signals; with the queue unbounded or the caller a worker, this is one compare.
    if (queue_capacity_ != 0 && queue_.size() >= queue_capacity_ && t_worker_of != this) {
      ++room_waiters_;
      room_.wait(lock, [this] { return queue_.size() < queue_capacity_; });
      --room_waiters_;
    }
    if (outstanding_ == capacity_) return SubmitResult::kFull;
    if (tracks()) {
      // Cannot be full here: the table holds at most the outstanding tasks.
      InFlightEntry* entry = table_.Insert(task);
      if (entry == nullptr) return SubmitResult::kDuplicateId;
      if (metrics_on_) entry->submitted_at = Clock::now();
    }
    queue_.Push(task);  // fits: the queue never holds more than the outstanding tasks
    ++outstanding_;
  }
  // The batched form wakes nobody until drain(), unless drain() already did (a task
  // submitted meanwhile, by a running task or another thread, must not wait unseen).
  if (form_ != Form::kBatched || draining_) work_ready_.notify_one();
  return SubmitResult::kOk;
}

// ---- control thread --------------------------------------------------------------------

void Scheduler::Drain() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (form_ == Form::kBatched) {
    draining_ = true;
    work_ready_.notify_all();  // the batch's one wake-up
  }
  all_done_.wait(lock, [this] { return outstanding_ == 0; });
  draining_ = false;
}

void Scheduler::SetForm(Form form, const zoo_host_t* host) {
  std::lock_guard<std::mutex> lock(mutex_);
  assert(outstanding_ == 0 && (form != Form::kTyped || host != nullptr));
  form_ = form;
  host_ = host;
}

uint32_t Scheduler::InFlight() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<uint32_t>(table_.size());
}

uint32_t Scheduler::Outstanding() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return outstanding_;
}

uint64_t Scheduler::timed_out() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return timed_out_;
}

Metrics Scheduler::metrics() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return metrics_;
}

void Scheduler::SetMetrics(bool on) {
  std::lock_guard<std::mutex> lock(mutex_);
  assert(outstanding_ == 0);
  if (on && !metrics_on_) metrics_ = Metrics{};
  metrics_on_ = on;
}

void Scheduler::SetPriority(bool on) {
  std::lock_guard<std::mutex> lock(mutex_);
  assert(outstanding_ == 0);
  queue_.SetPriorityOrder(on);
}

void Scheduler::SetRetry(bool on, uint32_t max_attempts) {
  assert(!on || max_attempts >= 1);
  std::lock_guard<std::mutex> lock(mutex_);
  assert(outstanding_ == 0);
  retry_on_ = on;
  max_attempts_ = on ? max_attempts : 1;
}

void Scheduler::SetTimeout(bool on, std::chrono::nanoseconds timeout) {
  assert(!on || timeout.count() > 0);
  if (!on) {
    StopWatchdog();
    std::lock_guard<std::mutex> lock(mutex_);
    timeout_on_ = false;
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    assert(outstanding_ == 0);
    timeout_ = timeout;
    watchdog_stop_ = false;
    watchdog_armed_ = false;
  }
  // Started before the switch flips, so a failure leaves the item off.
  if (!watchdog_.joinable()) watchdog_ = std::thread([this] { WatchdogLoop(); });
  std::lock_guard<std::mutex> lock(mutex_);
  timeout_on_ = true;
}

void Scheduler::StopWatchdog() noexcept {
  if (!watchdog_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    watchdog_stop_ = true;
  }
  watchdog_wake_.notify_all();
  watchdog_.join();
}

void Scheduler::Stop() noexcept {
  StopWatchdog();  // first: it is the only other thread that changes workers_
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (std::unique_ptr<Worker>& w : workers_) {
    if (w->thread.joinable()) w->thread.join();
  }
  workers_.clear();
}

// ---- workers -----------------------------------------------------------------------------

void Scheduler::StartWorker() {
  workers_.push_back(std::make_unique<Worker>());
  Worker* w = workers_.back().get();
  try {
    w->thread = std::thread([this, w] { WorkerLoop(w); });
  } catch (...) {
    workers_.pop_back();
    throw;
  }
}

void Scheduler::WorkerLoop(Worker* self) {
  t_worker_of = this;
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left to run
    const zoo_task_t* task = queue_.Pop();
    // One slot freed, one blocked submitter woken; nobody waiting costs one compare.
    if (room_waiters_ != 0 && queue_.size() < queue_capacity_) room_.notify_one();
    Dispatch(task, self);
    const bool through_attempt_wrapper = retry_on_;
    const bool typed = form_ == Form::kTyped;
    lock.unlock();
    Outcome outcome = Outcome::kSucceeded;
    if (through_attempt_wrapper) {
      outcome = Attempt(task);
    } else if (typed) {
      RunTyped(task, self);
    } else {
      task->run(task);  // retry off: a direct call
    }
    lock.lock();
    Finish(task, outcome);
    if (self->quarantined) {
      self->exited = true;
      ++exited_workers_;
      watchdog_wake_.notify_one();  // so the watchdog joins this thread soon
      return;
    }
  }
}

void Scheduler::Dispatch(const zoo_task_t* task, Worker* self) {
  if (!tracks()) return;
  InFlightEntry* entry = table_.Find(task->id);
  assert(entry != nullptr && entry->state == TaskState::kQueued);  // only running tasks leave
  entry->state = TaskState::kRunning;
  entry->worker = self;
  if (!full_api() || (!timeout_on_ && !retry_on_)) return;
  const Clock::time_point now = Clock::now();
  if (retry_on_) {
    ++entry->attempts;
    entry->attempt_start = now;
  }
  if (timeout_on_) {
    entry->deadline = now + timeout_;
    // Deadlines mostly grow in dispatch order, so the watchdog is woken only when it is idle
    // or due later than this task: one compare per task, not one wake-up per task.
    if (!watchdog_armed_ || entry->deadline < watchdog_due_) {
      watchdog_armed_ = true;
      watchdog_due_ = entry->deadline;
      watchdog_wake_.notify_one();
    }
  }
}

// The retry item's attempt wrapper. task->run returns void and the ABI lets no exception
// cross it, so a host body cannot fail: a throw is the only failure this wrapper could see,
// and with the host's bodies only the success path ever runs.
Scheduler::Outcome Scheduler::Attempt(const zoo_task_t* task) {
  try {
    task->run(task);
    return Outcome::kSucceeded;
  } catch (...) {
    return Outcome::kFailed;
  }
}

void Scheduler::RunTyped(const zoo_task_t* task, Worker* self) const {
  zoo_task_outcome_t& slot = self->outcome;
  if (host_->execute(host_, task->id, &slot) != ZOO_STATUS_OK) {
    slot = zoo_task_outcome_t{};
    slot.task_id = task->id;
    slot.status = ZOO_STATUS_ERROR;  // the host refused the id: report it, never drop it
  }
  host_->complete(host_, &slot);
}

void Scheduler::Finish(const zoo_task_t* task, Outcome outcome) {
  if (!tracks()) {
    if (--outstanding_ == 0) all_done_.notify_all();
    return;
  }
  InFlightEntry* entry = table_.Find(task->id);  // nullptr: the watchdog gave up on it
  if (entry != nullptr && outcome == Outcome::kFailed && retry_on_ &&
      entry->attempts < max_attempts_) {
    entry->state = TaskState::kQueued;  // still outstanding, still in flight
    entry->worker = nullptr;
    queue_.Push(task);  // fits: the queue never holds more than the outstanding tasks
    work_ready_.notify_one();
    return;
  }
  if (metrics_on_) RecordMetrics(entry);
  if (entry != nullptr) table_.Erase(task->id);
  if (--outstanding_ == 0) all_done_.notify_all();
}

// The metrics item's hot-path work, under the mutex already held: a clock read, two counters
// and a histogram bucket. A task the watchdog gave up on (no entry) is counted without a
// latency.
void Scheduler::RecordMetrics(const InFlightEntry* entry) {
  ++metrics_.tasks_completed;
  if (entry == nullptr) return;
  const auto latency = std::chrono::duration_cast<std::chrono::nanoseconds>(
      Clock::now() - entry->submitted_at);
  const uint64_t ns = latency.count() > 0 ? static_cast<uint64_t>(latency.count()) : 0;
  const size_t bucket = std::min<size_t>(std::bit_width(ns), Metrics::kBuckets - 1);
  ++metrics_.latency_samples;
  ++metrics_.latency_log2_ns[bucket];
}

// ---- watchdog ----------------------------------------------------------------------------

void Scheduler::WatchdogLoop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!watchdog_stop_) {
    if (exited_workers_ > 0) {
      ReapOneExited(lock);
    } else if (!watchdog_armed_) {
      watchdog_wake_.wait(lock);
    } else if (const Clock::time_point now = Clock::now(); now < watchdog_due_) {
      watchdog_wake_.wait_until(lock, watchdog_due_);  // pthread_cond_clockwait(MONOTONIC)
    } else {
      GiveUpOnExpired(now);
    }
  }
}

void Scheduler::GiveUpOnExpired(Clock::time_point now) {
  // Collect first: erasing moves entries around under a scan.
  expired_.clear();
  Clock::time_point next_due = Clock::time_point::max();
  for (const InFlightEntry& e : table_.slots()) {
    if (e.state != TaskState::kRunning) continue;
    if (e.deadline <= now) {
      expired_.push_back(e.id);  // within the reserve: at most `capacity` entries
    } else {
      next_due = std::min(next_due, e.deadline);
    }
  }
  for (const uint64_t id : expired_) {
    Worker* worker = table_.Find(id)->worker;
    table_.Erase(id);
    ++timed_out_;
    Quarantine(worker);
  }
  watchdog_armed_ = next_due != Clock::time_point::max();
  watchdog_due_ = next_due;
}

void Scheduler::Quarantine(Worker* worker) {
  worker->quarantined = true;
  try {
    StartWorker();  // the replacement: the pool keeps its size
  } catch (...) {
    // No thread to spare: the worker serves on after its body rather than shrink the pool.
    worker->quarantined = false;
  }
}

void Scheduler::ReapOneExited(std::unique_lock<std::mutex>& lock) {
  auto it = std::find_if(workers_.begin(), workers_.end(),
                         [](const std::unique_ptr<Worker>& w) { return w->exited; });
  assert(it != workers_.end());
  std::unique_ptr<Worker> done = std::move(*it);
  workers_.erase(it);
  --exited_workers_;
  lock.unlock();
  done->thread.join();  // it has left WorkerLoop: this returns at once
  lock.lock();
}

}  // namespace zoo_scheduler
