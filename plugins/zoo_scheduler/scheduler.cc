#include "plugins/zoo_scheduler/scheduler.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace zoo_scheduler {

Scheduler::Scheduler(uint32_t workers, uint32_t capacity)
    : capacity_(capacity), queue_(capacity), table_(capacity) {
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

// ---- control thread --------------------------------------------------------------------

Scheduler::SubmitResult Scheduler::Submit(const zoo_task_t* task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (outstanding_ == capacity_) return SubmitResult::kFull;
    // Cannot be full here: the table holds at most the outstanding tasks.
    if (table_.Insert(task) == nullptr) return SubmitResult::kDuplicateId;
    queue_.Push(task);
    ++outstanding_;
  }
  work_ready_.notify_one();
  return SubmitResult::kOk;
}

void Scheduler::Drain() {
  std::unique_lock<std::mutex> lock(mutex_);
  all_done_.wait(lock, [this] { return outstanding_ == 0; });
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
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left to run
    const zoo_task_t* task = queue_.Pop();
    Dispatch(task, self);
    const bool through_attempt_wrapper = retry_on_;
    lock.unlock();
    Outcome outcome = Outcome::kSucceeded;
    if (through_attempt_wrapper) {
      outcome = Attempt(task);
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
  InFlightEntry* entry = table_.Find(task->id);
  assert(entry != nullptr && entry->state == TaskState::kQueued);  // only running tasks leave
  entry->state = TaskState::kRunning;
  entry->worker = self;
  if (!timeout_on_ && !retry_on_) return;
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

void Scheduler::Finish(const zoo_task_t* task, Outcome outcome) {
  if (InFlightEntry* entry = table_.Find(task->id)) {
    if (outcome == Outcome::kFailed && retry_on_ && entry->attempts < max_attempts_) {
      entry->state = TaskState::kQueued;  // still outstanding, still in flight
      entry->worker = nullptr;
      queue_.Push(task);  // fits: the queue never holds more than the outstanding tasks
      work_ready_.notify_one();
      return;
    }
    table_.Erase(task->id);
  }  // else the watchdog gave up on it: it is no longer in the table
  if (--outstanding_ == 0) all_done_.notify_all();
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
