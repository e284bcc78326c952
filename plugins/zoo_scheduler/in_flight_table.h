// The dispatch core's in-flight table: every task from submit() until it completes or the
// watchdog gives up on it, keyed by task id.
//
// Open addressing with linear probing and backward-shift deletion (no tombstones, so a table
// that fills and empties every round never degrades). The slot array is allocated once, at
// construction, at the next power of two >= 2 x capacity: the load factor stays <= 0.5 and
// Insert() never allocates. Not thread-safe: the scheduler guards it with its mutex.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <zoo/adapter.h>

namespace zoo_scheduler {

struct Worker;  // scheduler.h; the table only stores the pointer

using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC on Linux
static_assert(Clock::is_steady);

enum class TaskState : uint8_t {
  kEmpty,    // the slot holds no task
  kQueued,   // submitted, waiting in the ready queue
  kRunning,  // a worker took it and is running its body
};

struct InFlightEntry {
  uint64_t id = 0;
  const zoo_task_t* task = nullptr;
  TaskState state = TaskState::kEmpty;
  uint32_t attempts = 0;              // written only while the retry item is on
  Clock::time_point deadline{};       // meaningful only while the timeout item is on
  Clock::time_point attempt_start{};  // written only while the retry item is on
  Clock::time_point submitted_at{};   // written only while the metrics item is on
  Worker* worker = nullptr;           // who runs it; set when it goes kRunning
};

class InFlightTable {
 public:
  // REQUIRES: capacity >= 1. Holds at most `capacity` entries.
  explicit InFlightTable(size_t capacity);

  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }

  // Adds a kQueued entry for `task`. Returns nullptr when the table is full or `task->id` is
  // already in it. Never allocates.
  InFlightEntry* Insert(const zoo_task_t* task);
  // The entry for `id`, or nullptr when it is not in the table (never was, or was erased).
  InFlightEntry* Find(uint64_t id);
  // Removes `id`; returns false when it was not in the table. Entries after it in its probe
  // run may move, so pointers from Find() are invalid after an Erase().
  bool Erase(uint64_t id);

  // Every slot, occupied or not (state kEmpty), for the watchdog's scan.
  std::span<const InFlightEntry> slots() const { return slots_; }

 private:
  size_t Home(uint64_t id) const;

  size_t capacity_;
  size_t mask_;
  int shift_;
  size_t size_ = 0;
  std::vector<InFlightEntry> slots_;
};

}  // namespace zoo_scheduler
