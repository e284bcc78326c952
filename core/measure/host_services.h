// The host side of the C ABI: the zoo_host_t table handed to setup(), the host-owned tasks
// handed to submit(), and what the host records as each task completes.
//
// Tasks are preallocated before the first submit (ids 0..capacity-1, id == slot index), so
// nothing on the path submit -> run -> complete allocates or takes a lock.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/measure/body.h"
#include "core/measure/unit_kind.h"
#include "zoo/adapter.h"

namespace zoo {

// What the host saw of one task. Written by whichever thread completes it; read by the
// control thread after drain() (or after teardown, to catch late and double completions).
struct TaskRecord {
  std::atomic<uint32_t> completions{0};
  std::atomic<int64_t> completed_ns{0};      // when the host saw the first completion
  std::atomic<bool> outcome_ready{false};    // release: `outcome` is written
  zoo_task_outcome_t outcome{};              // the first completion's outcome record
};

class HostServices {
 public:
  // REQUIRES: `body` outlives this object; capacity >= 1.
  HostServices(const Body& body, size_t capacity);
  HostServices(const HostServices&) = delete;
  HostServices& operator=(const HostServices&) = delete;

  // The table for setup(); valid while this object lives.
  const zoo_host_t* table() const { return &table_; }

  size_t capacity() const { return tasks_.size(); }
  // REQUIRES: index < capacity().
  const zoo_task_t* task(size_t index) const { return &tasks_[index]; }
  const TaskRecord& record(size_t index) const { return records_[index]; }

  // complete() calls whose id was never handed out, and execute() calls likewise.
  uint64_t unknown_completions() const { return unknown_completions_.load(); }
  uint64_t unknown_executions() const { return unknown_executions_.load(); }

  // Continuation chains (zoo.submit_any_thread/1): `successor[i]` is the slot task i submits
  // right after its body, on the thread that ran it (inside run(), or inside execute() for an
  // adapter that calls execute() and complete()), before its completion can be recorded, so
  // that an adapter's drain() never sees the chain's tasks all complete between two links;
  // kNoSuccessor ends a chain. REQUIRES: called after setup() and before the first submit();
  // `entry` and `state` stay valid until the last task ran; successor.size() == capacity().
  static constexpr uint32_t kNoSuccessor = UINT32_MAX;
  void ChainTasks(const zoo_adapter_entry_t* entry, zoo_adapter_state_t* state,
                  std::vector<uint32_t> successor);
  // Successors whose submit() from inside a task failed (each is then never run).
  uint64_t failed_chain_submits() const { return failed_chain_submits_.load(); }

  // Which stamps ExecuteBody and RecordCompletion take (unit_kind.h): the body's start and end
  // unless kRound, the completion's unless kTask; a stamp not taken is 0. kTask until set.
  // REQUIRES: set before the first submit().
  void set_stamps(Stamps stamps) { stamps_ = stamps; }

  // Runs the body for `task_id` here and fills the outcome (start/end, checksum, pid, tid).
  zoo_status_t ExecuteBody(uint64_t task_id, zoo_task_outcome_t* outcome) const;
  // Records a completion.
  void RecordCompletion(const zoo_task_outcome_t& outcome);

 private:
  static int64_t NowNs(const zoo_host_t* host);
  static zoo_status_t Execute(const zoo_host_t* host, uint64_t task_id,
                              zoo_task_outcome_t* outcome);
  static void Complete(const zoo_host_t* host, const zoo_task_outcome_t* outcome);
  static void Log(const zoo_host_t* host, int32_t level, const char* message);
  static const void* GetExtension(const zoo_host_t* host, const char* id);
  static void RunTask(const zoo_task_t* task);

  const Body& body_;
  Stamps stamps_ = Stamps::kTask;
  std::vector<zoo_task_t> tasks_;
  std::unique_ptr<TaskRecord[]> records_;
  zoo_host_t table_;
  mutable std::atomic<uint64_t> unknown_executions_{0};
  const zoo_adapter_entry_t* chain_entry_ = nullptr;
  zoo_adapter_state_t* chain_state_ = nullptr;
  std::vector<uint32_t> successor_;  // empty: no chains
  mutable std::atomic<uint64_t> failed_chain_submits_{0};
  std::atomic<uint64_t> unknown_completions_{0};
};

}  // namespace zoo
