// The hosts of zoo-host's C ABI that the two peer programs in bench/ drive an adapter with:
// `bare` (PeerHost), the least a host must do, and `zoo` (ZooHost), zoo-host's own host.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/base/cpu_idle_hold.h"
#include "core/measure/body.h"
#include "core/measure/host_services.h"
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
// checksum the compiler cannot drop. No clock read, no allocation, no lock per task. Much less
// than zoo-host's host does per task (ZooHost): a ratio against it measures that bookkeeping too.
class PeerHost {
 public:
  // The host mode's name, as --host takes it.
  static constexpr const char* kMode = "bare";

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

// zoo-host's own host: zoo::HostServices from libzoo-core (its table, preallocated tasks and
// completion records) with the noop body of a `noop` unit, and the stamps a timed noop unit
// takes (Stamps::kRound: ExecuteBody and RecordCompletion read no clock). A task costs this host
// what it costs zoo-host in RunRounds (core/measure/unit_worker.cc), so that against zoo-host
// only the loop and its clock reads differ.
//
// Ids: HostServices' task ids are its slot indices, and zoo-host makes one slot per task of a
// unit. A peer runs far more tasks than it could hold records for, so this host is a ring of
// about kRingSlots slots (a whole number of rounds), reused lap after lap: a task id comes back
// once a lap. The ABI promises ids unique for the life of an instance; the inline and
// thread_pool adapters do not depend on it (they call run() on the task pointer they were
// handed and never read its id), which is why the peer check drives only them with this host
// (nothing here stops another .so; one that keys on ids may misbehave). HostServices counts a
// completion in the record of the task's id and copies the outcome on the first one only, so at
// the end of each lap, outside the timed region (after drain(), no task in flight), EndLap()
// checks that every slot of the lap completed exactly once, and resets the records as a fresh
// HostServices has them: each task of the next lap again does the first completion's work, as
// every task in zoo-host does. A completion that came a lap late would be counted in the next
// lap (then twice, or one missing), so the check still catches it there, but an id that is
// reused cannot say which lap's task completed: beyond that count per lap, nothing checks
// exactly-once in this mode.
class ZooHost {
 public:
  static constexpr const char* kMode = "zoo";
  static constexpr uint32_t kRingSlots = 65536;

  // REQUIRES: 1 <= concurrency <= 1048576. Exits with status 2 (a sentence on stderr, prefixed
  // with `program`) if the noop body cannot be made.
  ZooHost(const char* program, uint32_t concurrency);
  ZooHost(const ZooHost&) = delete;
  ZooHost& operator=(const ZooHost&) = delete;

  const zoo_host_t* table() const { return host_.table(); }
  uint32_t concurrency() const { return concurrency_; }

  // One round's submit calls, from the next free slot of the ring (as RunRounds: base + i).
  // REQUIRES: !lap_done().
  zoo_status_t SubmitRound(const zoo_adapter_entry_t& entry, zoo_adapter_state_t* state) {
    const size_t base = next_;
    for (uint32_t i = 0; i < concurrency_; ++i) {
      const zoo_status_t s = entry.submit(state, host_.task(base + i));
      if (s != ZOO_STATUS_OK) [[unlikely]] return s;
    }
    next_ = base + concurrency_;
    return ZOO_STATUS_OK;
  }
  // Every slot of the ring has been handed out: EndLap() before the next round.
  bool lap_done() const { return next_ == host_.capacity(); }
  // After drain(), outside the timed region: "" when every slot of the lap completed exactly
  // once with the noop body's outcome, else what went wrong; then the records are reset and
  // the ring starts again at slot 0.
  std::string EndLap();

  // After the last round: "" when `rounds` rounds' tasks were handed out and each completed
  // (full laps as EndLap() found them, the last partial lap likewise, no slot beyond it), and
  // the host saw no unknown id; else what went wrong.
  std::string Check(uint64_t rounds);
  // The sum of the outcomes' checksums over the tasks checked so far.
  uint64_t checksum() const { return checksum_; }

 private:
  // Checks slots [0, end): exactly one completion each, the noop body's outcome; resets them.
  std::string CheckAndReset(size_t end);

  std::unique_ptr<zoo::Body> body_;
  zoo::HostServices host_;
  uint32_t concurrency_;
  uint64_t body_checksum_;  // what the noop body returns
  size_t next_ = 0;         // the next slot to hand out
  uint64_t tasks_checked_ = 0;
  uint64_t checksum_ = 0;
};

// One adapter instance: setup() in the constructor, teardown() in the destructor.
class Instance {
 public:
  // concurrency tasks a round, max_batch = concurrency, workers = 0 (= concurrency), no options:
  // what zoo-host hands a measured unit. On failure error() says why and state() is null.
  Instance(const Plugin& plugin, const zoo_host_t* table, uint32_t concurrency);
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

// The same round with zoo-host's host, as RunRounds runs it (its stamps aside): submit the
// ring's next c tasks, then drain(). The caller ends the lap (EndLap) outside its timed region.
inline bool RunRound(const zoo_adapter_entry_t& entry, zoo_adapter_state_t* state,
                     ZooHost& host) {
  if (host.SubmitRound(entry, state) != ZOO_STATUS_OK) [[unlikely]] return false;
  return entry.drain(state) == ZOO_STATUS_OK;
}

// Holds the CPUs out of deep idle states for the program's life, as `zoo-host run` does by
// default (cpu_idle_hold.h): a pool's wake-up on an idle vCPU costs tens of microseconds, so a
// peer without the hold would compare another machine state, not another loop. Says on stderr
// whether it holds.
zoo::CpuIdleHold HoldIdleAsZooHostRunDoes(const char* program);

}  // namespace zoo_peer
