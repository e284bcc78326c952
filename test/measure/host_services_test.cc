#include "core/measure/host_services.h"

#include <unistd.h>

#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace zoo {
namespace {

// A body that returns a known checksum, so the outcome can be checked.
class FixedBody final : public Body {
 public:
  uint64_t Run() const override { return 42; }
};

TEST(HostServicesTest, TasksAreNumberedAndPointBackAtTheHost) {
  FixedBody body;
  HostServices host(body, 3);
  ASSERT_EQ(host.capacity(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(host.task(i)->id, i);
    EXPECT_EQ(host.task(i)->struct_size, sizeof(zoo_task_t));
    EXPECT_NE(host.task(i)->run, nullptr);
  }
  const zoo_host_t* table = host.table();
  EXPECT_EQ(table->abi_major, static_cast<uint32_t>(ZOO_ABI_MAJOR));
  EXPECT_EQ(table->struct_size, sizeof(zoo_host_t));
  EXPECT_STREQ(table->host_name, "zoo-host");
  EXPECT_EQ(table->get_extension(table, "zoo.none/1"), nullptr);
}

TEST(HostServicesTest, RunRecordsOneCompletionWithTheBodysOutcome) {
  FixedBody body;
  HostServices host(body, 2);
  const zoo_task_t* task = host.task(1);
  task->run(task);
  const TaskRecord& r = host.record(1);
  EXPECT_EQ(r.completions.load(), 1u);
  ASSERT_TRUE(r.outcome_ready.load());
  EXPECT_EQ(r.outcome.task_id, 1u);
  EXPECT_EQ(r.outcome.checksum, 42u);
  EXPECT_EQ(r.outcome.executor_pid, getpid());
  EXPECT_EQ(r.outcome.status, ZOO_STATUS_OK);
  EXPECT_LE(r.outcome.body_start_ns, r.outcome.body_end_ns);
  EXPECT_GE(r.completed_ns.load(), r.outcome.body_end_ns);
  EXPECT_EQ(host.record(0).completions.load(), 0u);
}

TEST(HostServicesTest, ExecuteThenCompleteIsTheCrossProcessPath) {
  FixedBody body;
  HostServices host(body, 1);
  const zoo_host_t* table = host.table();
  zoo_task_outcome_t outcome;
  ASSERT_EQ(table->execute(table, 0, &outcome), ZOO_STATUS_OK);
  EXPECT_EQ(host.record(0).completions.load(), 0u) << "execute alone must not complete";
  table->complete(table, &outcome);
  EXPECT_EQ(host.record(0).completions.load(), 1u);
}

TEST(HostServicesTest, UnknownIdsAreRefusedAndCounted) {
  FixedBody body;
  HostServices host(body, 1);
  const zoo_host_t* table = host.table();
  zoo_task_outcome_t outcome;
  EXPECT_EQ(table->execute(table, 7, &outcome), ZOO_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(host.unknown_executions(), 1u);
  outcome.task_id = 9;
  table->complete(table, &outcome);
  EXPECT_EQ(host.unknown_completions(), 1u);
}

TEST(HostServicesTest, ASecondCompletionIsCountedButKeepsTheFirstOutcome) {
  FixedBody body;
  HostServices host(body, 1);
  const zoo_task_t* task = host.task(0);
  task->run(task);
  const int64_t first_end = host.record(0).outcome.body_end_ns;
  task->run(task);
  EXPECT_EQ(host.record(0).completions.load(), 2u);
  EXPECT_EQ(host.record(0).outcome.body_end_ns, first_end);
}

TEST(HostServicesTest, CompletionsFromManyThreadsAreAllCounted) {
  FixedBody body;
  constexpr size_t kTasks = 4000;
  HostServices host(body, kTasks);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < 4; ++t) {
    threads.emplace_back([&host, t] {
      for (size_t i = t; i < kTasks; i += 4) host.task(i)->run(host.task(i));
    });
  }
  for (std::thread& th : threads) th.join();
  std::vector<int32_t> tids;
  for (size_t i = 0; i < kTasks; ++i) {
    ASSERT_EQ(host.record(i).completions.load(), 1u) << "task " << i;
    tids.push_back(host.record(i).outcome.executor_tid);
  }
  EXPECT_NE(tids[0], tids[1]) << "tasks 0 and 1 ran on different threads";
}

TEST(SpinBodyTest, TakesAtLeastItsDurationAndReturnsAChecksum) {
  SpinBody body(200'000);
  FixedBody fixed;
  HostServices host(body, 1);
  zoo_task_outcome_t outcome;
  ASSERT_EQ(host.table()->execute(host.table(), 0, &outcome), ZOO_STATUS_OK);
  // A lower bound is not a timing threshold: the body never stops before its end time.
  EXPECT_GE(outcome.body_end_ns - outcome.body_start_ns, 200'000);
  EXPECT_NE(outcome.checksum, 0u);
}

}  // namespace
}  // namespace zoo
