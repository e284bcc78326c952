// zoo_scheduler: zoo-host's reference subject. A small task scheduler (scheduler.h) driven
// through the adapter ABI, with its priority, timeout, retry and metrics semantics exposed
// through the "zoo.semantics/1" extension so that the host can price each one, and submit()
// from any thread with a bounded, back-pressuring queue through "zoo.submit_any_thread/1",
// and its execution forms through "zoo.native/1" (native_forms.h).
//
// This file is the glue only: metadata, options, the ABI calls and the semantics switches.
#include <zoo/adapter.hpp>
#include <zoo/ext/layers.h>
#include <zoo/ext/semantics.h>
#include <zoo/ext/submit_any_thread.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "plugins/zoo_scheduler/layers.h"
#include "plugins/zoo_scheduler/native_forms.h"
#include "plugins/zoo_scheduler/scheduler.h"
#include "plugins/zoo_scheduler/text_zh.h"

namespace {

using zoo_scheduler::Scheduler;

// The indices of kItems below.
enum ItemIndex : uint32_t {
  kPriority = 0,
  kTimeout = 1,
  kRetry = 2,
  kInFlightTable = 3,
  kMetrics = 4,
};

// The ready queue's capacity without the option "capacity=N". 256 is above every unit's
// max_batch in the default and quick matrices (a unit submits `concurrency` tasks per round,
// at most 64 there), so those rounds never meet the bound and stay comparable with an
// unbounded queue; a burst larger than it (the burst scenario's 1,000 tasks from four
// producers, the gate's batches of 4,096) does meet it, and its outside submitters wait while
// the workers catch up: an outside producer never runs more than 256 tasks ahead of them (at
// the host's 40 us body tier, about 10 ms of queued work per worker).
constexpr uint32_t kDefaultQueueCapacity = 256;
// The largest capacity=N taken: the ABI's largest max_batch (a larger one would never bind).
constexpr uint32_t kMaxQueueCapacity = 1'048'576;

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
    {
        .struct_size = sizeof(zoo_semantics_item_t),
        .check = ZOO_SEMANTICS_CHECK_NONE,
        .name = "metrics",
        .layer = "observability",
        .description =
            "Per task, a clock read at submit stored in the in-flight table, and at completion "
            "a second clock read, a completed-task counter and a log2 latency histogram bucket "
            "(submit to completion, ns) incremented, under the mutex the worker already holds.",
        .has_clean_off = 1,
        .reserved0 = 0,
        .off_state = "No clock read, no counter and no histogram: submit and completion skip the "
                     "metrics block on one flag test under the mutex they already hold.",
        .value_unit = "",
        .default_value = 0,
    },
};
constexpr uint32_t kItemCount = sizeof(kItems) / sizeof(kItems[0]);
static_assert(kItemCount == kMetrics + 1);
// The extension hands out pointers, so that an item can grow without moving the next one.
constexpr const zoo_semantics_item_t* kItemList[] = {&kItems[0], &kItems[1], &kItems[2],
                                                     &kItems[3], &kItems[4]};
static_assert(sizeof(kItemList) / sizeof(kItemList[0]) == kItemCount);

class ZooSchedulerAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "zoo_scheduler",
      .version = "0.1.0",
      .description =
          "zoo-host's reference subject: a task scheduler with `workers` workers, one "
          "ready queue and an in-flight table, whose priority, timeout, retry and metrics "
          "semantics switch on and off through zoo.semantics/1.",
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
          "table has no clean off state and is not priced on its own. metrics = a clock read "
          "at submit and one at completion, a counter and a log2 latency-histogram increment, "
          "all under the mutex already held. Pool size: `workers` threads (ABI 1.1; "
          "concurrency unless the host sets it apart). submit() may also come from other "
          "threads and from running tasks (zoo.submit_any_thread/1); the ready queue is "
          "bounded (capacity=N, default 256, 0 = unbounded): an outside submitter waits on a "
          "condition variable while it is full, a worker never waits. Measured rounds "
          "(max_batch = concurrency) stay below the default bound, so they never wait.",
      .drive_level = "public API: submit one task, drain waits for the batch — what an "
                     "application calling the scheduler waits for",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::scheduler::kTextZh}};

  ZooSchedulerAdapter(const zoo::Host& host, const zoo::Config& config)
      : host_(host), scheduler_(MakeScheduler(config)) {
    scheduler_.SetForm(ParseForm(config.options), host.raw());
  }

  ~ZooSchedulerAdapter() {
    scheduler_.Stop();
    // After the last round, outside any timed region: the host's log may allocate and lock.
    if (const uint64_t n = scheduler_.timed_out(); n > 0) {
      const std::string line = "zoo_scheduler: gave up on " + std::to_string(n) +
                               " task(s) after their timeout and quarantined their workers";
      host_.Log(0, line.c_str());
    }
    LogMetrics();
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
    if (scheduler_.layer() != zoo_scheduler::Layer::kPublicApi) {
      throw zoo::Error(ZOO_STATUS_FAILED_PRECONDITION,
                       "set_item() needs the public_api layer: the layers below it have no "
                       "semantics hooks");
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
      case kMetrics:
        scheduler_.SetMetrics(enable);
        return;
    }
  }

  uint32_t InFlight() const { return scheduler_.InFlight(); }

 private:
  struct Options {
    uint32_t queue_capacity = kDefaultQueueCapacity;
    zoo_scheduler::Layer layer = zoo_scheduler::Layer::kPublicApi;
  };
  static Scheduler MakeScheduler(const zoo::Config& config);
  static Options ParseOptions(const std::string& options);
  static Scheduler::Form ParseForm(const std::string& options);

  // [teardown] What the metrics item recorded, if it ever counted a task: the count and the
  // histogram's median bucket.
  void LogMetrics() const {
    const zoo_scheduler::Metrics m = scheduler_.metrics();
    if (m.tasks_completed == 0) return;
    std::string line = "zoo_scheduler: metrics counted " + std::to_string(m.tasks_completed) +
                       " completed task(s)";
    uint64_t seen = 0;
    for (size_t b = 0; b < m.latency_log2_ns.size() && m.latency_samples > 0; ++b) {
      seen += m.latency_log2_ns[b];
      if (2 * seen >= m.latency_samples) {
        line += "; median submit-to-completion latency below " +
                std::to_string(uint64_t{1} << b) + " ns";
        break;
      }
    }
    host_.Log(0, line.c_str());
  }

  zoo::Host host_;
  Scheduler scheduler_;
};

// "capacity=N" (the ready queue's bound for outside submitters; 0 = unbounded) and
// "layer=NAME" (zoo.layers/1), pairs separated by ';'; "form=NAME" is ParseForm's. Anything
// else is refused.
ZooSchedulerAdapter::Options ZooSchedulerAdapter::ParseOptions(const std::string& options) {
  Options out;
  std::string_view rest = options;
  while (!rest.empty()) {
    const size_t end = std::min(rest.find(';'), rest.size());
    const std::string_view pair = rest.substr(0, end);
    rest.remove_prefix(std::min(end + 1, rest.size()));
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    const std::string_view key = pair.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? "" : pair.substr(eq + 1);
    if (key == ZOO_LAYERS_OPTION) {
      const std::optional<zoo_scheduler::Layer> layer = zoo_scheduler::LayerNamed(value);
      if (!layer) {
        throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                         "zoo_scheduler has no layer \"" + std::string(value) +
                             "\"; its layers are ready_queue, in_flight_table and public_api");
      }
      out.layer = *layer;
      continue;
    }
    uint32_t number = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    const bool is_number =
        !value.empty() && ec == std::errc() && ptr == value.data() + value.size();
    if (key == ZOO_NATIVE_OPTION) continue;  // ParseForm's
    if (key != "capacity" || !is_number || number > kMaxQueueCapacity) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "zoo_scheduler takes only the options capacity=<0.." +
                           std::to_string(kMaxQueueCapacity) + "> (0: unbounded), "
                           "form=<closure|typed|batched> and layer=<name>, but was given \"" +
                           std::string(pair) + "\"");
    }
    out.queue_capacity = number;
  }
  return out;
}

// "form=NAME" among the options (zoo.native/1): the closure form without it; an unknown name is
// refused.
Scheduler::Form ZooSchedulerAdapter::ParseForm(const std::string& options) {
  Scheduler::Form form = Scheduler::Form::kClosure;
  std::string_view rest = options;
  while (!rest.empty()) {
    const size_t end = std::min(rest.find(';'), rest.size());
    const std::string_view pair = rest.substr(0, end);
    rest.remove_prefix(std::min(end + 1, rest.size()));
    const size_t eq = pair.find('=');
    if (eq == std::string_view::npos || pair.substr(0, eq) != ZOO_NATIVE_OPTION) continue;
    const std::optional<Scheduler::Form> named = ::zoo::scheduler::FormNamed(pair.substr(eq + 1));
    if (!named) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "zoo_scheduler has no form \"" + std::string(pair.substr(eq + 1)) +
                           "\" (its forms: closure, typed, batched)");
    }
    form = *named;
  }
  return form;
}

// Validates the configuration before any thread starts.
Scheduler ZooSchedulerAdapter::MakeScheduler(const zoo::Config& config) {
  const Options options = ParseOptions(config.options);
  if (config.concurrency < 1 || config.max_batch < config.concurrency) {
    throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                     "zoo_scheduler needs concurrency >= 1 and max_batch >= concurrency, but "
                     "was given concurrency " + std::to_string(config.concurrency) +
                         " and max_batch " + std::to_string(config.max_batch));
  }
  try {
    return Scheduler(config.workers, config.max_batch, options.queue_capacity, options.layer);
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

// zoo.submit_any_thread/1: bounded, with kDefaultQueueCapacity unless capacity=N says.
constexpr zoo_submit_any_thread_extension_t kAnyThread = {
    .struct_size = sizeof(zoo_submit_any_thread_extension_t),
    .flags = ZOO_SUBMIT_BOUNDED,
    .default_capacity = kDefaultQueueCapacity,
    .reserved0 = 0,
};

const void* ZooSchedulerAdapter::Extension(const char* id) {
  if (std::strcmp(id, ZOO_EXT_SEMANTICS) == 0) return &kSemantics;
  if (std::strcmp(id, ZOO_EXT_SUBMIT_ANY_THREAD) == 0) return &kAnyThread;
  if (std::strcmp(id, ZOO_EXT_NATIVE) == 0) return &::zoo::scheduler::kNative;
  if (std::strcmp(id, ZOO_EXT_LAYERS) == 0) return &zoo_scheduler::kLayersExtension;
  return nullptr;
}

}  // namespace

ZOO_EXPORT_ADAPTER(ZooSchedulerAdapter)
