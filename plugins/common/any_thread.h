// What every pool that declares zoo.submit_any_thread/1 without a bounded queue of its own
// shares: the extension's table, and the round's submit budget (max_batch) counted from any
// thread. Header-only and internal to this repository's plugins: it is not part of the SDK.
#pragma once

#include <atomic>
#include <cstdint>
#include <string_view>

#include "zoo/adapter.hpp"
#include "zoo/ext/submit_any_thread.h"

namespace zoo::plugins {

// The table of zoo.submit_any_thread/1 for an unbounded queue (max_batch, the contract's own
// bound, limits a round) when `id` names it; nullptr for any other id.
inline const void* UnboundedAnyThreadExtension(const char* id) {
  static constexpr zoo_submit_any_thread_extension_t kAnyThread = {
      .struct_size = sizeof(zoo_submit_any_thread_extension_t),
      .flags = 0,
      .default_capacity = 0,
      .reserved0 = 0,
  };
  return std::string_view(id) == ZOO_EXT_SUBMIT_ANY_THREAD ? &kAnyThread : nullptr;
}

// The submits of one round (since the last drain()), taken from any thread at once.
class RoundBudget {
 public:
  explicit RoundBudget(uint32_t max_batch) : max_batch_(max_batch) {}

  // One submit(); past max_batch it throws FAILED_PRECONDITION and leaves the count as it was.
  void Take() {
    if (taken_.fetch_add(1, std::memory_order_relaxed) >= max_batch_) {
      taken_.fetch_sub(1, std::memory_order_relaxed);
      throw Error(ZOO_STATUS_FAILED_PRECONDITION,
                  "submit() was called more than max_batch times before drain()");
    }
  }
  // Gives back a submit() that failed after Take().
  void Return() { taken_.fetch_sub(1, std::memory_order_relaxed); }
  // At drain()'s end: every other thread's submit() has returned (the extension's contract),
  // so nothing races this.
  void Reset() { taken_.store(0, std::memory_order_relaxed); }

 private:
  std::atomic<uint32_t> taken_{0};
  const uint32_t max_batch_;
};

}  // namespace zoo::plugins
