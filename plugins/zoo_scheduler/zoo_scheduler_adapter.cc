// zoo_scheduler: zoo-host's reference subject. A small task scheduler (scheduler.h) driven
// through the adapter ABI, with its priority, timeout and retry semantics exposed through the
// "zoo.semantics/1" extension so that the host can price each one.
//
// This file is the glue only: metadata, the ABI calls and the semantics switches.
#include <zoo/adapter.hpp>
#include <zoo/ext/semantics.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <system_error>

#include "plugins/zoo_scheduler/scheduler.h"
#include "plugins/zoo_scheduler/text_zh.h"

namespace {

using zoo_scheduler::Scheduler;

// The indices of kItems below.
enum ItemIndex : uint32_t { kPriority = 0, kTimeout = 1, kRetry = 2, kInFlightTable = 3 };

constexpr int64_t kDefaultTimeoutNs = 1'000'000'000;  // 1 s
constexpr int64_t kMaxTimeoutNs = 86'400'000'000'000;  // one day: deadlines cannot overflow
constexpr int64_t kDefaultAttempts = 3;
constexpr int64_t kMaxAttempts = 1000;

constexpr zoo_semantics_item_t kItems[] = {
    {
        .struct_size = sizeof(zoo_semantics_item_t),
        .check = ZOO_SEMANTICS_CHECK_NONE,
        .name = "priority",
        .layer = "queue",
        .description =
            "The ready queue is a binary max-heap by priority (task id % 4, 3 runs first; FIFO "
            "within one priority by a sequence number) instead of a FIFO ring.",
        .has_clean_off = 1,
        .reserved0 = 0,
        .off_state = "A FIFO ring: one store and one index bump per push or pop; the heap is "
                     "not touched.",
        .value_unit = "",
        .default_value = 0,
    },
    {
        .struct_size = sizeof(zoo_semantics_item_t),
        .check = ZOO_SEMANTICS_CHECK_TIMEOUT,
        .name = "timeout",
        .layer = "dispatch",
        .description =
            "Each dispatched task gets a deadline `value` ns after its dispatch; a watchdog "
            "thread sleeping until the earliest deadline gives up on a task that passes it: "
            "removes it from the in-flight table, counts it, quarantines its worker and starts "
            "a replacement. C++ cannot cancel a thread, so the body runs on to its end, the "
            "task still completes exactly once and drain() waits for it.",
        .has_clean_off = 1,
        .reserved0 = 0,
        .off_state = "No deadline is computed or stored and no watchdog thread exists.",
        .value_unit = "ns",
        .default_value = kDefaultTimeoutNs,
    },
    {
        .struct_size = sizeof(zoo_semantics_item_t),
        .check = ZOO_SEMANTICS_CHECK_NONE,
        .name = "retry",
        .layer = "supervision",
        .description =
            "Each dispatch goes through an attempt wrapper that records the attempt (count and "
            "start time), checks the outcome and re-enqueues a failed attempt, up to `value` "
            "attempts. Host bodies never fail, so what is priced is the success path's "
            "bookkeeping, never a re-run.",
        .has_clean_off = 1,
        .reserved0 = 0,
        .off_state = "The worker calls task->run directly: no attempt count, no timestamp, no "
                     "outcome check. Host bodies never fail (task->run returns void), so on "
                     "versus off prices only the retry bookkeeping on the success path.",
        .value_unit = "attempts",
        .default_value = kDefaultAttempts,
    },
    {
        .struct_size = sizeof(zoo_semantics_item_t),
        .check = ZOO_SEMANTICS_CHECK_NONE,
        .name = "in_flight_table",
        .layer = "dispatch",
        .description =
            "Every task is recorded from submit until it completes or is given up on in a "
            "preallocated open-addressing table keyed by task id (state, attempts, deadline, "
            "worker).",
        .has_clean_off = 0,
        .reserved0 = 0,
        .off_state =
            "No clean off state: the dispatch core always records tasks in its in-flight table "
            "(dispatch looks each task up there and the timeout's watchdog reads it), so its "
            "cost is part of every configuration and cannot be priced alone. set_item accepts "
            "on=1 and refuses on=0.",
        .value_unit = "",
        .default_value = 0,
    },
};
constexpr uint32_t kItemCount = sizeof(kItems) / sizeof(kItems[0]);
static_assert(kItemCount == kInFlightTable + 1);
// The extension hands out pointers, so that an item can grow without moving the next one.
constexpr const zoo_semantics_item_t* kItemList[] = {&kItems[0], &kItems[1], &kItems[2],
                                                     &kItems[3]};
static_assert(sizeof(kItemList) / sizeof(kItemList[0]) == kItemCount);

class ZooSchedulerAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "zoo_scheduler",
      .version = "0.1.0",
      .description =
          "zoo-host's reference subject: a task scheduler with `concurrency` workers, one "
          "ready queue and an in-flight table, whose priority, timeout and retry semantics "
          "switch on and off through zoo.semantics/1.",
      .kind = "subject",
      .caliber_notes =
          "Per task, with every semantics item off (the state baselines are compared "
          "against): in submit(), a mutex lock, an insert into the in-flight table (open "
          "addressing keyed by task id, always on) and a push onto a FIFO ring, then a "
          "condition-variable notify that wakes a sleeping worker (20-50 us on a small VM when "
          "it is on another core); on the worker, under the same mutex, a queue pop and a "
          "table lookup to mark the task running, the body with the mutex released, then the "
          "mutex again for the table erase and the outstanding count; once per round a "
          "condition-variable hand-off wakes drain(). The queue and the table are sized to "
          "max_batch in setup(): nothing allocates per task. Items, each priced alone against "
          "all-off: priority = a binary-heap push and pop instead of the ring; timeout = a "
          "clock read, a deadline store in the table and a compare per dispatch, plus a "
          "watchdog thread that sleeps until the earliest deadline and is woken by a dispatch "
          "only when it has no earlier deadline armed (not once per task). A task that passes its deadline is removed from the in-flight table "
          "(in_flight() drops) and counted, and its worker is quarantined: C++ cannot safely "
          "kill or cancel a thread, so the body runs on to its end, a replacement worker keeps "
          "the pool at its size, the quarantined thread exits after its body returns, and the "
          "task still completes exactly once, with drain() waiting for it. retry = the attempt "
          "wrapper's bookkeeping (attempt count, a clock read, an outcome check): host bodies "
          "never fail, so only the success path is measured, never a re-run. The in-flight "
          "table has no clean off state and is not priced on its own.",
      .drive_level = "public API: submit one task, drain waits for the batch — what an "
                     "application calling the scheduler waits for",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::scheduler::kTextZh}};

  ZooSchedulerAdapter(const zoo::Host& host, const zoo::Config& config)
      : host_(host), scheduler_(MakeScheduler(config)) {}

  ~ZooSchedulerAdapter() {
    scheduler_.Stop();
    // After the last round, outside any timed region: the host's log may allocate and lock.
    if (const uint64_t n = scheduler_.timed_out(); n > 0) {
      const std::string line = "zoo_scheduler: gave up on " + std::to_string(n) +
                               " task(s) after their timeout and quarantined their workers";
      host_.Log(0, line.c_str());
    }
  }

  void Submit(const zoo_task_t* task) {
    switch (scheduler_.Submit(task)) {
      case Scheduler::SubmitResult::kOk:
        return;
      case Scheduler::SubmitResult::kFull:
        throw zoo::Error(ZOO_STATUS_FAILED_PRECONDITION,
                         "submit() was called more than max_batch times before drain()");
      case Scheduler::SubmitResult::kDuplicateId:
        throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                         "submit() was given task id " + std::to_string(task->id) +
                             ", which is already in flight");
    }
  }

  void Drain() { scheduler_.Drain(); }

  static const void* Extension(const char* id);

  // zoo.semantics/1 set_item. Throws zoo::Error.
  void SetItem(uint32_t index, int32_t on, int64_t value) {
    if (index >= kItemCount) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "set_item() was given item index " + std::to_string(index) +
                           ", but zoo_scheduler has only " + std::to_string(kItemCount) +
                           " items");
    }
    if (scheduler_.Outstanding() != 0) {
      throw zoo::Error(ZOO_STATUS_FAILED_PRECONDITION,
                       "set_item() was called with tasks in flight; call drain() first");
    }
    const bool enable = on != 0;
    switch (static_cast<ItemIndex>(index)) {
      case kPriority:
        scheduler_.SetPriority(enable);
        return;
      case kTimeout:
        if (enable && (value <= 0 || value > kMaxTimeoutNs)) {
          throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                           "the timeout item takes a value from 1 ns to one day, but was given " +
                               std::to_string(value) + " ns");
        }
        try {
          scheduler_.SetTimeout(enable, std::chrono::nanoseconds(value));
        } catch (const std::system_error& e) {
          throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED,
                           std::string("the timeout's watchdog thread could not be started: ") +
                               e.what());
        }
        return;
      case kRetry:
        if (enable && (value < 1 || value > kMaxAttempts)) {
          throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                           "the retry item takes from 1 to " + std::to_string(kMaxAttempts) +
                               " attempts, but was given " + std::to_string(value));
        }
        scheduler_.SetRetry(enable, static_cast<uint32_t>(enable ? value : 1));
        return;
      case kInFlightTable:
        if (!enable) {
          throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                           "the in_flight_table item cannot be switched off: the dispatch core "
                           "always records tasks in its in-flight table (has_clean_off is 0)");
        }
        return;  // always on
    }
  }

  uint32_t InFlight() const { return scheduler_.InFlight(); }

 private:
  static Scheduler MakeScheduler(const zoo::Config& config);

  zoo::Host host_;
  Scheduler scheduler_;
};

// Validates the configuration before any thread starts.
Scheduler ZooSchedulerAdapter::MakeScheduler(const zoo::Config& config) {
  if (!config.options.empty()) {
    throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                     "zoo_scheduler takes no options, but was given \"" + config.options + "\"");
  }
  if (config.concurrency < 1 || config.max_batch < config.concurrency) {
    throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                     "zoo_scheduler needs concurrency >= 1 and max_batch >= concurrency, but "
                     "was given concurrency " + std::to_string(config.concurrency) +
                         " and max_batch " + std::to_string(config.max_batch));
  }
  try {
    return Scheduler(config.concurrency, config.max_batch);
  } catch (const std::system_error& e) {
    throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED,
                     std::string("zoo_scheduler could not start its workers: ") + e.what());
  }
}

// ---- zoo.semantics/1 ----------------------------------------------------------------------

zoo_status_t SetItem(zoo_adapter_state_t* state, uint32_t index, int32_t on,
                     int64_t value) noexcept {
  return zoo::CallOn<ZooSchedulerAdapter>(
      state, [&](ZooSchedulerAdapter& adapter) { adapter.SetItem(index, on, value); });
}

uint32_t InFlight(const zoo_adapter_state_t* state) noexcept {
  return state == nullptr ? 0 : zoo::AdapterOf<ZooSchedulerAdapter>(state).InFlight();
}

constexpr zoo_semantics_extension_t kSemantics = {
    .struct_size = sizeof(zoo_semantics_extension_t),
    .item_count = kItemCount,
    .items = kItemList,
    .set_item = &SetItem,
    .in_flight = &InFlight,
};

const void* ZooSchedulerAdapter::Extension(const char* id) {
  return std::strcmp(id, ZOO_EXT_SEMANTICS) == 0 ? &kSemantics : nullptr;
}

}  // namespace

ZOO_EXPORT_ADAPTER(ZooSchedulerAdapter)
