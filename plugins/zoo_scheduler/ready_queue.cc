#include "plugins/zoo_scheduler/ready_queue.h"

#include <algorithm>
#include <cassert>

namespace zoo_scheduler {

ReadyQueue::ReadyQueue(size_t capacity) : ring_(capacity, nullptr) {
  assert(capacity >= 1);
  heap_.reserve(capacity);
}

void ReadyQueue::SetPriorityOrder(bool on) {
  assert(empty());
  priority_order_ = on;
  ring_head_ = 0;
  next_seq_ = 0;
}

void ReadyQueue::Push(const zoo_task_t* task) {
  if (priority_order_) {
    assert(heap_.size() < heap_.capacity());
    heap_.push_back(HeapEntry{TaskPriority(task->id), next_seq_++, task});  // within reserve
    std::push_heap(heap_.begin(), heap_.end(), RunsLater{});
    return;
  }
  assert(ring_count_ < ring_.size());
  size_t tail = ring_head_ + ring_count_;
  if (tail >= ring_.size()) tail -= ring_.size();
  ring_[tail] = task;
  ++ring_count_;
}

const zoo_task_t* ReadyQueue::Pop() {
  assert(!empty());
  if (priority_order_) {
    std::pop_heap(heap_.begin(), heap_.end(), RunsLater{});
    const zoo_task_t* task = heap_.back().task;
    heap_.pop_back();
    return task;
  }
  const zoo_task_t* task = ring_[ring_head_];
  if (++ring_head_ == ring_.size()) ring_head_ = 0;
  --ring_count_;
  return task;
}

}  // namespace zoo_scheduler
