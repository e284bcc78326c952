// The reference subject zoo_scheduler: it passes the equivalence gate, exposes its semantics
// through zoo.semantics/1, and each item does what it says. Every behavioural check here is
// made deterministic by bodies the test blocks and releases itself; none compares a duration
// with a threshold (CI is a shared 2-core VM). It also takes submit() from any thread
// (zoo.submit_any_thread/1) with a bounded queue that pushes back on outside submitters only.
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/base/sysinfo.h"
#include "core/measure/equivalence_gate.h"
#include "core/measure/host_services.h"
#include "core/plugin/plugin_loader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"
#include "zoo/ext/native.h"
#include "zoo/ext/layers.h"
#include "zoo/ext/semantics.h"
#include "zoo/ext/submit_any_thread.h"

namespace zoo {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;
using ::zoo::testing::BuiltinPlugin;

constexpr std::chrono::seconds kPatience(30);  // only ever hit when something is broken

// Polls `done` until it holds or kPatience has passed; returns whether it held.
bool Eventually(const std::function<bool()>& done) {
  const auto give_up = std::chrono::steady_clock::now() + kPatience;
  while (!done()) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

// One setup() .. teardown() of the adapter, torn down on scope exit if the test did not.
class Instance {
 public:
  Instance(const zoo_adapter_entry_t& entry, const zoo_host_t* host, uint32_t concurrency,
           uint32_t max_batch, const char* options = "", uint32_t workers = 0)
      : entry_(entry) {
    const zoo_config_t config{
        .struct_size = sizeof(zoo_config_t),
        .concurrency = concurrency,
        .max_batch = max_batch,
        .logical_cores = 2,
        .options = options,
        .workers = workers,
        .reserved0 = 0,
    };
    setup_status_ = entry_.setup(host, &config, &state_);
  }
  ~Instance() {
    if (state_ != nullptr) entry_.teardown(state_);
  }
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  zoo_status_t setup_status() const { return setup_status_; }
  zoo_adapter_state_t* state() const { return state_; }
  std::string error() const { return entry_.error_text(state_); }
  zoo_status_t Submit(const zoo_task_t* task) { return entry_.submit(state_, task); }
  zoo_status_t Drain() { return entry_.drain(state_); }
  zoo_status_t Teardown() {
    const zoo_status_t s = entry_.teardown(state_);
    state_ = nullptr;
    return s;
  }

 private:
  const zoo_adapter_entry_t& entry_;
  zoo_adapter_state_t* state_ = nullptr;
  zoo_status_t setup_status_ = ZOO_STATUS_ERROR;
};

// Tasks whose bodies the test controls: a body may block until the test releases it, and each
// records how often it ran, on which thread, and in what order the bodies started.
class ControlledTasks {
 public:
  explicit ControlledTasks(size_t n) : slots_(n) {
    for (size_t i = 0; i < n; ++i) {
      Slot& s = slots_[i];
      s.owner = this;
      s.task = zoo_task_t{.struct_size = sizeof(zoo_task_t),
                          .reserved0 = 0,
                          .id = i,
                          .run = &Run,
                          .host_data = &s};
    }
  }
  const zoo_task_t* task(size_t i) const { return &slots_[i].task; }
  void Block(size_t i) { slots_[i].blocks = true; }  // REQUIRES: before it is submitted
  void Release(size_t i) {
    slots_[i].released.store(true);
    slots_[i].released.notify_all();
  }
  void ReleaseAll() {
    for (size_t i = 0; i < slots_.size(); ++i) Release(i);
  }
  bool started(size_t i) const { return slots_[i].started.load(); }
  bool finished(size_t i) const { return slots_[i].finished.load(); }
  int runs(size_t i) const { return slots_[i].runs.load(); }
  long tid(size_t i) const { return slots_[i].tid.load(); }
  std::vector<uint64_t> order() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return order_;
  }

 private:
  struct Slot {
    ControlledTasks* owner = nullptr;
    zoo_task_t task{};
    bool blocks = false;
    std::atomic<bool> released{false};
    std::atomic<bool> started{false};
    std::atomic<bool> finished{false};
    std::atomic<int> runs{0};
    std::atomic<long> tid{0};
  };

  static void Run(const zoo_task_t* task) {
    Slot& s = *static_cast<Slot*>(task->host_data);
    {
      std::lock_guard<std::mutex> lock(s.owner->mutex_);
      s.owner->order_.push_back(task->id);
    }
    s.tid.store(syscall(SYS_gettid));
    s.runs.fetch_add(1);
    s.started.store(true);
    if (s.blocks) s.released.wait(false);  // returns once released is true
    s.finished.store(true);
  }

  std::vector<Slot> slots_;
  mutable std::mutex mutex_;
  std::vector<uint64_t> order_;  // guarded by mutex_
};

// Declared after the Instance it guards: releases every blocked body before teardown joins
// the workers, so that a failed assertion cannot hang the test.
class ReleaseOnExit {
 public:
  explicit ReleaseOnExit(ControlledTasks& tasks) : tasks_(tasks) {}
  ~ReleaseOnExit() { tasks_.ReleaseAll(); }
  ReleaseOnExit(const ReleaseOnExit&) = delete;
  ReleaseOnExit& operator=(const ReleaseOnExit&) = delete;

 private:
  ControlledTasks& tasks_;
};

class ZooSchedulerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(BuiltinPlugin("zoo_scheduler"));
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    adapter_.emplace(std::move(*loaded));
    ext_ = static_cast<const zoo_semantics_extension_t*>(
        entry().get_extension(ZOO_EXT_SEMANTICS));
    ASSERT_NE(ext_, nullptr);
  }

  const zoo_adapter_entry_t& entry() const { return adapter_->entry(); }
  const AdapterDescriptor& descriptor() const { return adapter_->descriptor(); }
  const zoo_semantics_extension_t& ext() const { return *ext_; }

  uint32_t Item(const char* name) const {
    for (uint32_t i = 0; i < ext_->item_count; ++i) {
      if (std::strcmp(ext_->items[i]->name, name) == 0) return i;
    }
    ADD_FAILURE() << "no item named " << name;
    return ext_->item_count;
  }

  zoo_status_t Set(Instance& inst, const char* name, bool on, int64_t value) const {
    return ext_->set_item(inst.state(), Item(name), on ? 1 : 0, value);
  }

  // The equivalence gate's checks, driven by hand so that items can be switched on after
  // setup: rounds of `concurrency` submits + drain over `tasks` tasks; every task must have
  // completed exactly once when its drain returned, and nothing may complete afterwards.
  void RunGateByHand(const std::vector<std::pair<const char*, int64_t>>& items_on,
                     uint32_t concurrency, uint32_t tasks) {
    SCOPED_TRACE(::testing::Message() << "concurrency " << concurrency);
    const SpinBody body(20'000);
    HostServices host(body, tasks);
    Instance inst(entry(), host.table(), concurrency, concurrency);
    ASSERT_EQ(inst.setup_status(), ZOO_STATUS_OK) << inst.error();
    for (const auto& [name, value] : items_on) {
      ASSERT_EQ(Set(inst, name, true, value), ZOO_STATUS_OK) << name << ": " << inst.error();
    }
    for (uint32_t first = 0; first < tasks; first += concurrency) {
      const uint32_t end = std::min(tasks, first + concurrency);
      for (uint32_t i = first; i < end; ++i) {
        ASSERT_EQ(inst.Submit(host.task(i)), ZOO_STATUS_OK) << inst.error();
      }
      ASSERT_EQ(inst.Drain(), ZOO_STATUS_OK) << inst.error();
      for (uint32_t i = first; i < end; ++i) {
        ASSERT_EQ(host.record(i).completions.load(), 1u) << "task " << i << " at its drain";
      }
      ASSERT_EQ(ext().in_flight(inst.state()), 0u);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // room for late completions
    ASSERT_EQ(inst.Teardown(), ZOO_STATUS_OK) << entry().error_text(nullptr);
    for (uint32_t i = 0; i < tasks; ++i) {
      EXPECT_EQ(host.record(i).completions.load(), 1u) << "task " << i << " after teardown";
    }
    EXPECT_EQ(host.unknown_completions(), 0u);
  }

  std::optional<LoadedAdapter> adapter_;
  const zoo_semantics_extension_t* ext_ = nullptr;
};

// ---- Metadata and the extension --------------------------------------------------------

TEST_F(ZooSchedulerTest, DescribesItselfAsTheSubject) {
  EXPECT_EQ(descriptor().name, "zoo_scheduler");
  EXPECT_EQ(descriptor().version, "0.1.0");
  EXPECT_EQ(descriptor().kind, "subject");
  EXPECT_THAT(descriptor().caliber_notes, HasSubstr("quarantined"));
  EXPECT_THAT(descriptor().drive_level, HasSubstr("public API"));
}

TEST_F(ZooSchedulerTest, OffersTheSemanticsAndSubmitAnyThreadExtensionsAndNothingElse) {
  EXPECT_EQ(entry().get_extension("zoo.semantics/2"), nullptr);
  EXPECT_EQ(entry().get_extension("zoo.none/1"), nullptr);
  const auto* any_thread = static_cast<const zoo_submit_any_thread_extension_t*>(
      entry().get_extension(ZOO_EXT_SUBMIT_ANY_THREAD));
  ASSERT_NE(any_thread, nullptr);
  EXPECT_EQ(any_thread->struct_size, sizeof(zoo_submit_any_thread_extension_t));
  EXPECT_EQ(any_thread->flags, ZOO_SUBMIT_BOUNDED);
  EXPECT_EQ(any_thread->default_capacity, 256u);
  EXPECT_EQ(ext().struct_size, sizeof(zoo_semantics_extension_t));
  ASSERT_EQ(ext().item_count, 5u);
  std::vector<std::string> names;
  for (uint32_t i = 0; i < ext().item_count; ++i) {
    const zoo_semantics_item_t& item = *ext().items[i];
    EXPECT_EQ(item.struct_size, sizeof(zoo_semantics_item_t));
    EXPECT_TRUE(item.description != nullptr && *item.description != '\0') << item.name;
    EXPECT_TRUE(item.off_state != nullptr && *item.off_state != '\0') << item.name;
    names.emplace_back(item.name);
  }
  EXPECT_THAT(names, ElementsAre("priority", "timeout", "retry", "in_flight_table", "metrics"));

  const zoo_semantics_item_t& metrics = *ext().items[Item("metrics")];
  EXPECT_STREQ(metrics.layer, "observability");
  EXPECT_EQ(metrics.has_clean_off, 1);
  EXPECT_EQ(metrics.check, static_cast<uint32_t>(ZOO_SEMANTICS_CHECK_NONE));

  const zoo_semantics_item_t& priority = *ext().items[Item("priority")];
  EXPECT_STREQ(priority.layer, "queue");
  EXPECT_EQ(priority.has_clean_off, 1);

  const zoo_semantics_item_t& timeout = *ext().items[Item("timeout")];
  EXPECT_STREQ(timeout.layer, "dispatch");
  EXPECT_EQ(timeout.check, static_cast<uint32_t>(ZOO_SEMANTICS_CHECK_TIMEOUT));
  EXPECT_STREQ(timeout.value_unit, "ns");
  EXPECT_EQ(timeout.default_value, 1'000'000'000);
  EXPECT_EQ(timeout.has_clean_off, 1);

  const zoo_semantics_item_t& retry = *ext().items[Item("retry")];
  EXPECT_STREQ(retry.layer, "supervision");
  EXPECT_STREQ(retry.value_unit, "attempts");
  EXPECT_EQ(retry.default_value, 3);
  EXPECT_EQ(retry.has_clean_off, 1);

  const zoo_semantics_item_t& table = *ext().items[Item("in_flight_table")];
  EXPECT_STREQ(table.layer, "dispatch");
  EXPECT_EQ(table.has_clean_off, 0);
  EXPECT_EQ(table.check, static_cast<uint32_t>(ZOO_SEMANTICS_CHECK_NONE));
  EXPECT_THAT(table.off_state, HasSubstr("always records tasks in its in-flight table"));
}

TEST_F(ZooSchedulerTest, RefusesUnknownItemsBadValuesAndSwitchingTheTableOff) {
  const SpinBody body(0);
  HostServices host(body, 1);
  Instance inst(entry(), host.table(), 1, 1);
  ASSERT_EQ(inst.setup_status(), ZOO_STATUS_OK);

  EXPECT_EQ(ext().set_item(inst.state(), 5, 1, 0), ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(inst.error(), HasSubstr("item index 5"));
  EXPECT_EQ(ext().set_item(inst.state(), 5, 0, 0), ZOO_STATUS_INVALID_ARGUMENT);

  EXPECT_EQ(Set(inst, "in_flight_table", false, 0), ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(inst.error(), HasSubstr("cannot be switched off"));
  EXPECT_EQ(Set(inst, "in_flight_table", true, 0), ZOO_STATUS_OK);

  EXPECT_EQ(Set(inst, "timeout", true, 0), ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(Set(inst, "timeout", true, -5), ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(inst.error(), HasSubstr("-5 ns"));
  EXPECT_EQ(Set(inst, "retry", true, 0), ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(Set(inst, "retry", true, 1001), ZOO_STATUS_INVALID_ARGUMENT);
  // Off takes no value: whatever is passed is ignored.
  EXPECT_EQ(Set(inst, "timeout", false, -1), ZOO_STATUS_OK);
  EXPECT_EQ(Set(inst, "retry", false, -1), ZOO_STATUS_OK);
  EXPECT_EQ(Set(inst, "priority", false, 0), ZOO_STATUS_OK);
  EXPECT_EQ(Set(inst, "metrics", true, 0), ZOO_STATUS_OK);
  EXPECT_EQ(Set(inst, "metrics", false, 0), ZOO_STATUS_OK);
  EXPECT_EQ(ext().in_flight(inst.state()), 0u);
}

TEST_F(ZooSchedulerTest, RefusesSwitchesWhileTasksAreInFlightAndABatchOverMaxBatch) {
  const SpinBody body(0);
  HostServices host(body, 1);
  ControlledTasks tasks(2);
  tasks.Block(0);
  Instance inst(entry(), host.table(), 1, 1);
  ReleaseOnExit release_on_exit(tasks);
  ASSERT_EQ(inst.setup_status(), ZOO_STATUS_OK);
  ASSERT_EQ(inst.Submit(tasks.task(0)), ZOO_STATUS_OK);
  EXPECT_EQ(Set(inst, "priority", true, 0), ZOO_STATUS_FAILED_PRECONDITION);
  EXPECT_THAT(inst.error(), HasSubstr("call drain() first"));
  EXPECT_EQ(inst.Submit(tasks.task(1)), ZOO_STATUS_FAILED_PRECONDITION);
  EXPECT_THAT(inst.error(), HasSubstr("more than max_batch"));
  tasks.Release(0);
  ASSERT_EQ(inst.Drain(), ZOO_STATUS_OK);
  EXPECT_EQ(tasks.runs(0), 1);
  EXPECT_EQ(tasks.runs(1), 0);
  EXPECT_EQ(Set(inst, "priority", true, 0), ZOO_STATUS_OK);
}

// ---- The equivalence gate, with every item off and with each item on --------------------

TEST_F(ZooSchedulerTest, PassesTheEquivalenceGateWithEveryItemOff) {
  GateOptions options;
  options.concurrencies = {1, 4, 16};
  options.tasks_per_phase = 200;
  options.logical_cores = std::max(1u, LogicalCores());
  const GateReport r = RunGate(*adapter_, options);
  EXPECT_TRUE(r.passed) << r.reason;
  // 1, 4, 16, then 16 again with batches up to 4,096.
  EXPECT_EQ(r.tasks_completed, 800u);
  EXPECT_EQ(r.threads_kept, 0u);
}

TEST_F(ZooSchedulerTest, RunsEveryTaskExactlyOnceWithEachItemOn) {
  for (const char* name : {"priority", "timeout", "retry", "in_flight_table", "metrics"}) {
    SCOPED_TRACE(name);
    const int64_t value = ext().items[Item(name)]->default_value;
    for (const uint32_t concurrency : {1u, 4u, 16u}) {
      RunGateByHand({{name, value}}, concurrency, 200);
      if (HasFatalFailure()) return;
    }
  }
}

TEST_F(ZooSchedulerTest, RunsEveryTaskExactlyOnceWithEveryItemOn) {
  for (const uint32_t concurrency : {1u, 4u, 16u}) {
    RunGateByHand({{"priority", 0},
                   {"timeout", 1'000'000'000},
                   {"retry", 3},
                   {"in_flight_table", 0},
                   {"metrics", 0}},
                  concurrency, 200);
    if (HasFatalFailure()) return;
  }
}

TEST_F(ZooSchedulerTest, ATimeoutSoShortThatBodiesOutliveItStillRunsEachTaskOnce) {
  // 1 us: many tasks are given up on while their body spins; each still completes once.
  for (const uint32_t concurrency : {1u, 4u}) {
    RunGateByHand({{"timeout", 1'000}}, concurrency, 100);
    if (HasFatalFailure()) return;
  }
}

// ---- Timeout ------------------------------------------------------------------------------

TEST_F(ZooSchedulerTest, WithoutTimeoutABlockedTaskStaysInFlight) {
  const SpinBody body(0);
  HostServices host(body, 1);
  ControlledTasks tasks(1);
  tasks.Block(0);
  Instance inst(entry(), host.table(), 1, 1);
  ReleaseOnExit release_on_exit(tasks);
  ASSERT_EQ(inst.setup_status(), ZOO_STATUS_OK);
  ASSERT_EQ(inst.Submit(tasks.task(0)), ZOO_STATUS_OK);
  EXPECT_EQ(ext().in_flight(inst.state()), 1u);
  ASSERT_TRUE(Eventually([&] { return tasks.started(0); }));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(ext().in_flight(inst.state()), 1u) << "only a timeout may give up on a task";
  tasks.Release(0);
  ASSERT_EQ(inst.Drain(), ZOO_STATUS_OK);
  EXPECT_EQ(ext().in_flight(inst.state()), 0u);
  EXPECT_EQ(tasks.runs(0), 1);
}

TEST_F(ZooSchedulerTest, TimeoutGivesUpOnABlockedTaskAndAReplacementWorkerRunsTheNext) {
  const SpinBody body(0);
  HostServices host(body, 1);
  ControlledTasks tasks(4);
  tasks.Block(0);
  Instance inst(entry(), host.table(), /*concurrency=*/1, /*max_batch=*/2);
  ReleaseOnExit release_on_exit(tasks);
  ASSERT_EQ(inst.setup_status(), ZOO_STATUS_OK);
  ASSERT_EQ(Set(inst, "timeout", true, 20'000'000), ZOO_STATUS_OK) << inst.error();

  ASSERT_EQ(inst.Submit(tasks.task(0)), ZOO_STATUS_OK);
  ASSERT_TRUE(Eventually([&] { return ext().in_flight(inst.state()) == 0; }))
      << "the watchdog never gave up on the blocked task";
  EXPECT_TRUE(tasks.started(0));
  EXPECT_FALSE(tasks.finished(0)) << "in_flight() must drop while the body is still blocked";

  // The only worker is stuck in task 0's body: task 1 can run only on a replacement.
  ASSERT_EQ(inst.Submit(tasks.task(1)), ZOO_STATUS_OK);
  ASSERT_TRUE(Eventually([&] { return tasks.finished(1); })) << "no replacement worker";
  EXPECT_FALSE(tasks.finished(0));
  EXPECT_NE(tasks.tid(1), tasks.tid(0));

  tasks.Release(0);
  ASSERT_EQ(inst.Drain(), ZOO_STATUS_OK) << inst.error();
  EXPECT_TRUE(tasks.finished(0)) << "drain() must wait for a quarantined body";
  EXPECT_EQ(tasks.runs(0), 1);
  EXPECT_EQ(tasks.runs(1), 1);
  EXPECT_EQ(ext().in_flight(inst.state()), 0u);

  // The pool still serves after the quarantined worker left, and the item switches off.
  ASSERT_EQ(Set(inst, "timeout", false, 0), ZOO_STATUS_OK);
  ASSERT_EQ(inst.Submit(tasks.task(2)), ZOO_STATUS_OK);
  ASSERT_EQ(inst.Submit(tasks.task(3)), ZOO_STATUS_OK);
  ASSERT_EQ(inst.Drain(), ZOO_STATUS_OK);
  EXPECT_EQ(tasks.runs(2), 1);
  EXPECT_EQ(tasks.runs(3), 1);
  EXPECT_EQ(inst.Teardown(), ZOO_STATUS_OK) << entry().error_text(nullptr);
}

// ---- Priority -----------------------------------------------------------------------------

// With one worker held in task 0's body, tasks 1..8 all wait in the ready queue; the order in
// which they start once it is released is the queue's order.
std::vector<uint64_t> OrderBehindABlockedTask(const zoo_adapter_entry_t& entry,
                                              const zoo_semantics_extension_t& ext,
                                              uint32_t priority_item, bool priority_on) {
  const SpinBody body(0);
  HostServices host(body, 1);
  constexpr size_t kTasks = 9;
  ControlledTasks tasks(kTasks);
  tasks.Block(0);
  Instance inst(entry, host.table(), /*concurrency=*/1, /*max_batch=*/kTasks);
  ReleaseOnExit release_on_exit(tasks);
  EXPECT_EQ(inst.setup_status(), ZOO_STATUS_OK);
  EXPECT_EQ(ext.set_item(inst.state(), priority_item, priority_on ? 1 : 0, 0), ZOO_STATUS_OK);
  EXPECT_EQ(inst.Submit(tasks.task(0)), ZOO_STATUS_OK);
  EXPECT_TRUE(Eventually([&] { return tasks.started(0); }));
  for (size_t i = 1; i < kTasks; ++i) EXPECT_EQ(inst.Submit(tasks.task(i)), ZOO_STATUS_OK);
  tasks.Release(0);
  EXPECT_EQ(inst.Drain(), ZOO_STATUS_OK);
  for (size_t i = 0; i < kTasks; ++i) EXPECT_EQ(tasks.runs(i), 1) << "task " << i;
  return tasks.order();
}

TEST_F(ZooSchedulerTest, PriorityOnRunsHigherPrioritiesFirstAndFifoWithinOne) {
  // Priority = id % 4, 3 highest: 3 and 7, then 2 and 6, then 1 and 5, then 4 and 8.
  EXPECT_THAT(OrderBehindABlockedTask(entry(), ext(), Item("priority"), true),
              ElementsAreArray<uint64_t>({0, 3, 7, 2, 6, 1, 5, 4, 8}));
}

TEST_F(ZooSchedulerTest, PriorityOffRunsInSubmissionOrder) {
  EXPECT_THAT(OrderBehindABlockedTask(entry(), ext(), Item("priority"), false),
              ElementsAreArray<uint64_t>({0, 1, 2, 3, 4, 5, 6, 7, 8}));
}

// ---- ABI 1.1: workers, submit from any thread, the bounded queue --------------------------

TEST_F(ZooSchedulerTest, RunsAPoolOfWorkersApartFromConcurrency) {
  const SpinBody body(0);
  HostServices host(body, 1);
  ControlledTasks tasks(3);
  for (size_t i = 0; i < 3; ++i) tasks.Block(i);
  // concurrency 1, but workers 3: three blocked bodies can only all start on three workers.
  Instance inst(entry(), host.table(), 1, 3, "", 3);
  ReleaseOnExit release_on_exit(tasks);
  ASSERT_EQ(inst.setup_status(), ZOO_STATUS_OK) << inst.error();
  for (size_t i = 0; i < 3; ++i) ASSERT_EQ(inst.Submit(tasks.task(i)), ZOO_STATUS_OK);
  EXPECT_TRUE(Eventually([&] { return tasks.started(0) && tasks.started(1) && tasks.started(2); }));
  tasks.ReleaseAll();
  ASSERT_EQ(inst.Drain(), ZOO_STATUS_OK);
}

TEST_F(ZooSchedulerTest, RefusesOptionsOtherThanCapacity) {
  const SpinBody body(0);
  HostServices host(body, 1);
  for (const char* bad : {"threads=2", "capacity=", "capacity=-1", "capacity=2x", "capacity"}) {
    Instance inst(entry(), host.table(), 1, 1, bad);
    EXPECT_EQ(inst.setup_status(), ZOO_STATUS_INVALID_ARGUMENT) << bad;
    EXPECT_THAT(entry().error_text(nullptr), HasSubstr("only the options capacity=")) << bad;
  }
  for (const char* good : {"capacity=0", "capacity=8", "capacity=8;", "form=typed;capacity=8"}) {
    Instance inst(entry(), host.table(), 1, 1, good);
    EXPECT_EQ(inst.setup_status(), ZOO_STATUS_OK) << good << ": " << inst.error();
  }
}

// zoo.native/1: three forms, each described; an unknown form is refused at setup.
TEST_F(ZooSchedulerTest, OffersItsFormsAndRefusesAnUnknownOne) {
  const auto* native = static_cast<const zoo_native_extension_t*>(
      entry().get_extension(ZOO_EXT_NATIVE));
  ASSERT_NE(native, nullptr);
  ASSERT_EQ(native->form_count, 3u);
  EXPECT_STREQ(native->forms[0]->name, "closure");
  EXPECT_STREQ(native->forms[1]->name, "typed");
  EXPECT_STREQ(native->forms[2]->name, "batched");
  for (uint32_t i = 0; i < native->form_count; ++i) {
    EXPECT_GT(std::string(native->forms[i]->description).size(), 20u);
  }
  const SpinBody body(0);
  HostServices host(body, 1);
  Instance inst(entry(), host.table(), 1, 1, "form=vectorised");
  EXPECT_EQ(inst.setup_status(), ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(entry().error_text(nullptr), HasSubstr("has no form \"vectorised\""));
}

TEST_F(ZooSchedulerTest, DeclaresItsLayersLowestFirstWithThePublicApiLast) {
  const auto* layers =
      static_cast<const zoo_layers_extension_t*>(entry().get_extension(ZOO_EXT_LAYERS));
  ASSERT_NE(layers, nullptr);
  EXPECT_EQ(layers->struct_size, sizeof(zoo_layers_extension_t));
  std::vector<std::string> names;
  for (uint32_t i = 0; i < layers->layer_count; ++i) {
    EXPECT_TRUE(layers->layers[i]->description != nullptr && *layers->layers[i]->description)
        << layers->layers[i]->name;
    names.emplace_back(layers->layers[i]->name);
  }
  EXPECT_THAT(names, ElementsAre("ready_queue", "in_flight_table", "public_api"));
}

TEST_F(ZooSchedulerTest, RefusesAnUnknownLayer) {
  const SpinBody body(0);
  HostServices host(body, 1);
  Instance inst(entry(), host.table(), 1, 1, "layer=turbo");
  EXPECT_EQ(inst.setup_status(), ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(entry().error_text(nullptr), HasSubstr("no layer \"turbo\""));
}

TEST_F(ZooSchedulerTest, EveryLayerPassesTheEquivalenceGate) {
  for (const char* layer : {"ready_queue", "in_flight_table", "public_api"}) {
    GateOptions options;
    options.concurrencies = {1, 4};
    options.tasks_per_phase = 200;
    options.logical_cores = std::max(1u, LogicalCores());
    options.setup_options = std::string("layer=") + layer;
    const GateReport r = RunGate(*adapter_, options);
    EXPECT_TRUE(r.passed) << layer << ": " << r.reason;
    EXPECT_EQ(r.tasks_completed, 600u) << layer;
  }
}

TEST_F(ZooSchedulerTest, BelowThePublicApiTheSemanticsSwitchesAreRefusedAndNothingIsTracked) {
  const SpinBody body(0);
  HostServices host(body, 1);
  ControlledTasks tasks(1);
  tasks.Block(0);
  Instance inst(entry(), host.table(), 1, 1, "layer=ready_queue");
  ReleaseOnExit release_on_exit(tasks);
  ASSERT_EQ(inst.setup_status(), ZOO_STATUS_OK) << inst.error();
  EXPECT_EQ(ext().set_item(inst.state(), Item("metrics"), 1, 0), ZOO_STATUS_FAILED_PRECONDITION);
  ASSERT_EQ(inst.Submit(tasks.task(0)), ZOO_STATUS_OK);
  ASSERT_TRUE(Eventually([&] { return tasks.started(0); }));
  EXPECT_EQ(ext().in_flight(inst.state()), 0u);  // no in-flight table at this layer
  tasks.ReleaseAll();
  ASSERT_EQ(inst.Drain(), ZOO_STATUS_OK);
}

TEST_F(ZooSchedulerTest, AFullQueueHoldsBackAnOutsideSubmitterUntilAWorkerMakesRoom) {
  const SpinBody body(0);
  HostServices host(body, 1);
  ControlledTasks tasks(4);
  tasks.Block(0);
  Instance inst(entry(), host.table(), 1, 4, "capacity=2");
  ReleaseOnExit release_on_exit(tasks);
  ASSERT_EQ(inst.setup_status(), ZOO_STATUS_OK) << inst.error();
  ASSERT_EQ(inst.Submit(tasks.task(0)), ZOO_STATUS_OK);
  ASSERT_TRUE(Eventually([&] { return tasks.started(0); }));  // the only worker is busy
  ASSERT_EQ(inst.Submit(tasks.task(1)), ZOO_STATUS_OK);
  ASSERT_EQ(inst.Submit(tasks.task(2)), ZOO_STATUS_OK);  // the queue now holds 2: full
  std::atomic<bool> returned{false};
  std::atomic<zoo_status_t> status{ZOO_STATUS_ERROR};
  std::thread producer([&] {
    status.store(inst.Submit(tasks.task(3)));
    returned.store(true);
  });
  // Nothing can make room while task 0 blocks the worker: the submit must still be waiting.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(returned.load()) << "submit() returned into a full bounded queue";
  tasks.Release(0);
  producer.join();
  EXPECT_EQ(status.load(), ZOO_STATUS_OK);
  ASSERT_EQ(inst.Drain(), ZOO_STATUS_OK);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(tasks.runs(i), 1) << "task " << i;
}

// A binary tree of tasks, each submitting its two children from inside its body: on one
// worker with capacity=1 the second child always meets a full queue, so a worker that waited
// for room would deadlock; drain() from the control thread must wait for the whole tree.
class TaskTree {
 public:
  TaskTree(size_t n, const zoo_adapter_entry_t& entry) : entry_(entry), nodes_(n) {
    for (size_t i = 0; i < n; ++i) {
      nodes_[i].tree = this;
      nodes_[i].task = zoo_task_t{.struct_size = sizeof(zoo_task_t), .reserved0 = 0, .id = i,
                                  .run = &Run, .host_data = &nodes_[i]};
    }
  }
  void set_state(zoo_adapter_state_t* state) { state_ = state; }
  const zoo_task_t* root() const { return &nodes_[0].task; }
  int runs(size_t i) const { return nodes_[i].runs.load(); }
  int failed_submits() const { return failed_submits_.load(); }

 private:
  struct Node {
    TaskTree* tree = nullptr;
    zoo_task_t task{};
    std::atomic<int> runs{0};
  };
  static void Run(const zoo_task_t* task) {
    Node& node = *static_cast<Node*>(task->host_data);
    TaskTree& tree = *node.tree;
    for (const uint64_t child : {2 * task->id + 1, 2 * task->id + 2}) {
      if (child >= tree.nodes_.size()) continue;
      if (tree.entry_.submit(tree.state_, &tree.nodes_[child].task) != ZOO_STATUS_OK) {
        tree.failed_submits_.fetch_add(1);
      }
    }
    node.runs.fetch_add(1);
  }

  const zoo_adapter_entry_t& entry_;
  zoo_adapter_state_t* state_ = nullptr;
  std::vector<Node> nodes_;
  std::atomic<int> failed_submits_{0};
};

TEST_F(ZooSchedulerTest, AWorkerSubmitsPastAFullQueueAndDrainWaitsForTheChain) {
  constexpr size_t kTasks = 63;
  const SpinBody body(0);
  HostServices host(body, 1);
  TaskTree tree(kTasks, entry());
  Instance inst(entry(), host.table(), 1, kTasks, "capacity=1");
  ASSERT_EQ(inst.setup_status(), ZOO_STATUS_OK) << inst.error();
  tree.set_state(inst.state());
  for (const bool metrics : {false, true}) {
    SCOPED_TRACE(metrics ? "metrics on" : "metrics off");
    ASSERT_EQ(Set(inst, "metrics", metrics, 0), ZOO_STATUS_OK);
    ASSERT_EQ(inst.Submit(tree.root()), ZOO_STATUS_OK);
    ASSERT_EQ(inst.Drain(), ZOO_STATUS_OK);
    EXPECT_EQ(ext().in_flight(inst.state()), 0u);
    EXPECT_EQ(tree.failed_submits(), 0);
    const int expected_runs = metrics ? 2 : 1;
    for (size_t i = 0; i < kTasks; ++i) EXPECT_EQ(tree.runs(i), expected_runs) << "task " << i;
  }
}

}  // namespace
}  // namespace zoo
