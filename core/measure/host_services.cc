#include "core/measure/host_services.h"

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>
#include <utility>

#include "core/base/build_config.h"
#include "core/base/clock.h"
#include "core/base/timed_clock.h"

namespace zoo {
namespace {

// getpid() and gettid() are system calls; the body's outcome needs both on every task, so
// they are cached per thread and the cache is dropped in a forked child.
thread_local int32_t tls_pid = 0;
thread_local int32_t tls_tid = 0;

void ForgetIdsInChild() {
  tls_pid = 0;
  tls_tid = 0;
}

void CurrentIds(int32_t* pid, int32_t* tid) {
  static const int registered = pthread_atfork(nullptr, nullptr, &ForgetIdsInChild);
  (void)registered;
  if (tls_pid == 0) {
    tls_pid = static_cast<int32_t>(getpid());
    tls_tid = static_cast<int32_t>(syscall(SYS_gettid));
  }
  *pid = tls_pid;
  *tid = tls_tid;
}

HostServices* Self(const zoo_host_t* host) { return static_cast<HostServices*>(host->host_data); }

}  // namespace

HostServices::HostServices(const Body& body, size_t capacity)
    : body_(body), tasks_(capacity), records_(std::make_unique<TaskRecord[]>(capacity)) {
  for (size_t i = 0; i < capacity; ++i) {
    tasks_[i] = zoo_task_t{
        .struct_size = sizeof(zoo_task_t),
        .reserved0 = 0,
        .id = i,
        .run = &HostServices::RunTask,
        .host_data = this,
    };
  }
  table_ = zoo_host_t{
      .struct_size = sizeof(zoo_host_t),
      .abi_major = ZOO_ABI_MAJOR,
      .abi_minor = ZOO_ABI_MINOR,
      .reserved0 = 0,
      .host_name = "zoo-host",
      .host_version = ZOO_HOST_VERSION,
      .host_data = this,
      .now_ns = &HostServices::NowNs,
      .execute = &HostServices::Execute,
      .complete = &HostServices::Complete,
      .log = &HostServices::Log,
      .get_extension = &HostServices::GetExtension,
  };
}

zoo_status_t HostServices::ExecuteBody(uint64_t task_id, zoo_task_outcome_t* outcome) const {
  if (outcome == nullptr) return ZOO_STATUS_INVALID_ARGUMENT;
  if (task_id >= tasks_.size()) {
    unknown_executions_.fetch_add(1, std::memory_order_relaxed);
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  *outcome = zoo_task_outcome_t{};
  outcome->task_id = task_id;
  CurrentIds(&outcome->executor_pid, &outcome->executor_tid);
  if (stamps_ != Stamps::kRound) outcome->body_start_ns = TimedNowNs();
  outcome->checksum = body_.RunTask(task_id);
  if (stamps_ != Stamps::kRound) outcome->body_end_ns = TimedNowNs();
  outcome->status = ZOO_STATUS_OK;
  // A chain's next link, from the thread that ran this body (through run() or execute()),
  // before this task's completion can be recorded. One predictable branch without chains.
  if (!successor_.empty() && task_id < successor_.size()) {
    const uint32_t next = successor_[task_id];
    if (next != kNoSuccessor &&
        chain_entry_->submit(chain_state_, &tasks_[next]) != ZOO_STATUS_OK) {
      failed_chain_submits_.fetch_add(1, std::memory_order_relaxed);
    }
  }
  return ZOO_STATUS_OK;
}

void HostServices::RecordCompletion(const zoo_task_outcome_t& outcome) {
  const int64_t seen = stamps_ == Stamps::kTask ? TimedNowNs() : 0;
  if (outcome.task_id >= tasks_.size()) {
    unknown_completions_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  TaskRecord& r = records_[outcome.task_id];
  if (r.completions.fetch_add(1, std::memory_order_acq_rel) == 0) {
    r.completed_ns.store(seen, std::memory_order_relaxed);
    r.outcome = outcome;
    r.outcome_ready.store(true, std::memory_order_release);
  }
}

int64_t HostServices::NowNs(const zoo_host_t* /*host*/) { return MonotonicNs(); }

zoo_status_t HostServices::Execute(const zoo_host_t* host, uint64_t task_id,
                                   zoo_task_outcome_t* outcome) {
  return Self(host)->ExecuteBody(task_id, outcome);
}

void HostServices::Complete(const zoo_host_t* host, const zoo_task_outcome_t* outcome) {
  if (outcome == nullptr) return;
  Self(host)->RecordCompletion(*outcome);
}

void HostServices::Log(const zoo_host_t* /*host*/, int32_t level, const char* message) {
  static constexpr const char* kLevels[] = {"info", "warning", "error"};
  const char* tag = (level >= 0 && level <= 2) ? kLevels[level] : "log";
  std::fprintf(stderr, "adapter %s: %s\n", tag, message != nullptr ? message : "");
}

const void* HostServices::GetExtension(const zoo_host_t* /*host*/, const char* /*id*/) {
  return nullptr;  // no host-side extensions yet
}

void HostServices::ChainTasks(const zoo_adapter_entry_t* entry, zoo_adapter_state_t* state,
                              std::vector<uint32_t> successor) {
  chain_entry_ = entry;
  chain_state_ = state;
  successor_ = std::move(successor);
}

void HostServices::RunTask(const zoo_task_t* task) {
  auto* self = static_cast<HostServices*>(task->host_data);
  zoo_task_outcome_t outcome;
  self->ExecuteBody(task->id, &outcome);
  self->RecordCompletion(outcome);
}

}  // namespace zoo
