#include "plugins/zoo_scheduler/in_flight_table.h"

#include <bit>
#include <cassert>

namespace zoo_scheduler {

InFlightTable::InFlightTable(size_t capacity)
    : capacity_(capacity), slots_(std::bit_ceil(2 * capacity)) {
  assert(capacity >= 1);
  mask_ = slots_.size() - 1;
  shift_ = 64 - std::countr_zero(slots_.size());  // slots_.size() >= 2: shift_ <= 63
}

// Fibonacci hashing: spreads ids that are not sequential, and keeps sequential ones apart.
size_t InFlightTable::Home(uint64_t id) const {
  return static_cast<size_t>((id * 0x9E3779B97F4A7C15ull) >> shift_);
}

InFlightEntry* InFlightTable::Insert(const zoo_task_t* task) {
  if (size_ == capacity_) return nullptr;
  for (size_t i = Home(task->id);; i = (i + 1) & mask_) {
    InFlightEntry& slot = slots_[i];
    if (slot.state == TaskState::kEmpty) {
      slot = InFlightEntry{.id = task->id, .task = task, .state = TaskState::kQueued};
      ++size_;
      return &slot;
    }
    if (slot.id == task->id) return nullptr;  // load <= 0.5: an empty slot always ends a run
  }
}

InFlightEntry* InFlightTable::Find(uint64_t id) {
  for (size_t i = Home(id);; i = (i + 1) & mask_) {
    InFlightEntry& slot = slots_[i];
    if (slot.state == TaskState::kEmpty) return nullptr;
    if (slot.id == id) return &slot;
  }
}

bool InFlightTable::Erase(uint64_t id) {
  size_t hole = Home(id);
  for (;; hole = (hole + 1) & mask_) {
    if (slots_[hole].state == TaskState::kEmpty) return false;
    if (slots_[hole].id == id) break;
  }
  // Backward shift: pull later members of the probe run into the hole when the hole lies
  // between their home slot and where they sit, so that Find() never meets a gap early.
  for (size_t next = (hole + 1) & mask_; slots_[next].state != TaskState::kEmpty;
       next = (next + 1) & mask_) {
    const size_t home = Home(slots_[next].id);
    if (((next - home) & mask_) >= ((next - hole) & mask_)) {
      slots_[hole] = slots_[next];
      hole = next;
    }
  }
  slots_[hole] = InFlightEntry{};
  --size_;
  return true;
}

}  // namespace zoo_scheduler
