// The least a host of zoo-host's C ABI must do, shared by the two peer programs in bench/.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "zoo/adapter.h"

namespace zoo_peer {

// An adapter .so opened with dlopen (RTLD_NOW | RTLD_LOCAL), closed when this goes away.
class Plugin {
 public:
  // Opens `path`, finds `zoo_adapter_entry` and checks its magic, ABI major and size. On any
  // failure prints one sentence to stderr, prefixed with `program`, and exits with status 2.
  static Plugin OpenOrExit(const char* program, const std::string& path);

  const zoo_adapter_entry_t& entry() const { return *entry_; }
  const std::string& path() const { return path_; }
  // The adapter's own name, e.g. "thread_pool".
  const char* name() const { return entry_->name; }

 private:
  struct Closer {
    void operator()(void* handle) const;
  };
  Plugin(std::unique_ptr<void, Closer> handle, const zoo_adapter_entry_t* entry, std::string path)
      : handle_(std::move(handle)), entry_(entry), path_(std::move(path)) {}

  std::unique_ptr<void, Closer> handle_;
  const zoo_adapter_entry_t* entry_;
  std::string path_;
};

// The host table and `capacity` preallocated tasks. A task's body does nothing but the
// bookkeeping a host must do: count its completion (to check exactly once) and add its id to a
// checksum the compiler cannot drop. No clock read, no allocation, no lock per task.
class PeerHost {
 public:
  explicit PeerHost(uint32_t capacity);
  PeerHost(const PeerHost&) = delete;
  PeerHost& operator=(const PeerHost&) = delete;

  const zoo_host_t* table() const { return &table_; }
  uint32_t capacity() const { return static_cast<uint32_t>(tasks_.size()); }
  const zoo_task_t* task(uint32_t i) const { return &tasks_[i]; }

  // After drain() returned: the next round's tasks take fresh ids (an id is unique for the
  // life of an instance), in the same slots.
  void NextIds() {
    for (zoo_task_t& t : tasks_) t.id += tasks_.size();
  }

  // After the last round: "" when every task of `rounds` full rounds completed exactly once
  // and the checksum is the sum of every id handed out; else what went wrong.
  std::string Check(uint64_t rounds) const;
  // The checksum over every slot (read after drain() only).
  uint64_t checksum() const;

 private:
  // One per task slot, on its own cache line: the thread that runs a task writes only its slot.
  struct alignas(64) Slot {
    std::atomic<uint64_t> completions{0};  // counted by the thread that runs the task
    uint64_t checksum = 0;     // written by the running thread, read after drain()
  };
  static void Run(const zoo_task_t* task);

  std::vector<zoo_task_t> tasks_;
  std::unique_ptr<Slot[]> slots_;
  zoo_host_t table_;
};

// One adapter instance: setup() in the constructor, teardown() in the destructor.
class Instance {
 public:
  // concurrency tasks a round, max_batch = concurrency, workers = 0 (= concurrency), no options:
  // what zoo-host hands a measured unit. On failure error() says why and state() is null.
  Instance(const Plugin& plugin, const PeerHost& host, uint32_t concurrency);
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;
  ~Instance();

  zoo_adapter_state_t* state() const { return state_; }
  const std::string& error() const { return error_; }
  // The adapter's error_text() for the state, or for NULL when there is none.
  std::string AdapterError() const;

 private:
  const zoo_adapter_entry_t& entry_;
  zoo_adapter_state_t* state_ = nullptr;
  std::string error_;
};

// One round, the one zoo-host times at concurrency c: submit the host's c tasks, then drain().
// Returns false on a failed call (then the caller asks the instance for the adapter's text).
inline bool RunRound(const zoo_adapter_entry_t& entry, zoo_adapter_state_t* state,
                     PeerHost& host) {
  const uint32_t c = host.capacity();
  for (uint32_t i = 0; i < c; ++i) {
    if (entry.submit(state, host.task(i)) != ZOO_STATUS_OK) [[unlikely]] return false;
  }
  if (entry.drain(state) != ZOO_STATUS_OK) [[unlikely]] return false;
  host.NextIds();
  return true;
}

}  // namespace zoo_peer
