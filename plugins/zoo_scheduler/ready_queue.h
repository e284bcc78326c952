// The scheduler's ready queue: tasks that were submitted (or re-enqueued by the retry item)
// and wait for a worker.
//
// Two orders, one switch (the "priority" semantics item):
//   off: a FIFO ring — one store and one index bump per push or pop;
//   on:  a binary max-heap by (priority, submission order) — O(log n) per push or pop.
// A task's priority is derived from its id (TaskPriority below), so that the host's tasks get
// a deterministic mix of priorities without any ABI field. Both structures are allocated at
// construction for `capacity` tasks: Push() never allocates. Not thread-safe: the scheduler
// guards it with its mutex.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <zoo/adapter.h>

namespace zoo_scheduler {

inline constexpr uint32_t kPriorityLevels = 4;

// 0 (lowest) .. kPriorityLevels - 1 (highest, runs first).
constexpr uint32_t TaskPriority(uint64_t id) {
  return static_cast<uint32_t>(id % kPriorityLevels);
}

class ReadyQueue {
 public:
  // REQUIRES: capacity >= 1.
  explicit ReadyQueue(size_t capacity);

  // REQUIRES: empty(). Switches between FIFO order (false) and priority order (true).
  void SetPriorityOrder(bool on);
  bool priority_order() const { return priority_order_; }

  bool empty() const { return size() == 0; }
  size_t size() const { return priority_order_ ? heap_.size() : ring_count_; }

  // REQUIRES: size() < capacity.
  void Push(const zoo_task_t* task);
  // REQUIRES: !empty(). The oldest task (FIFO), or the oldest of the highest priority.
  const zoo_task_t* Pop();

 private:
  struct HeapEntry {
    uint32_t priority;
    uint64_t seq;  // ties within one priority run in push order
    const zoo_task_t* task;
  };
  // std::push_heap/pop_heap keep the greatest on top: "runs first" must compare greatest.
  struct RunsLater {
    bool operator()(const HeapEntry& a, const HeapEntry& b) const {
      return a.priority != b.priority ? a.priority < b.priority : a.seq > b.seq;
    }
  };

  bool priority_order_ = false;

  std::vector<const zoo_task_t*> ring_;
  size_t ring_head_ = 0;
  size_t ring_count_ = 0;

  std::vector<HeapEntry> heap_;  // reserved to capacity
  uint64_t next_seq_ = 0;
};

}  // namespace zoo_scheduler
