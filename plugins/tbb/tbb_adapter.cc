// tbb: oneTBB driven the way its documentation shows work handed to an arena from a thread
// outside it (task_arena::execute around task_group::run, then around task_group::wait):
//
//   tbb::task_arena arena(n);  tbb::task_group group;
//   arena.execute([&] { group.run([] { ... }); });   // per task
//   arena.execute([&] { group.wait(); });            // per round
//
//   control thread                                   TBB worker (arena slot, stealing)
//   submit(task): arena.execute -> group.run -------> zoo::Run(task): the body, its completion
//                 (task pushed on the control
//                  thread's own slot deque)
//   drain(): arena.execute -> group.wait(): the control thread runs what is still queued
//            itself, then waits (spinning, then sleeping) for what workers are running.
//
// The arena has max_concurrency = workers (ABI 1.1; `concurrency` when the host leaves it 0)
// with TBB's default of one slot reserved for an external thread (the control thread). TBB
// never starts more workers than its global limit (max_allowed_parallelism - 1, i.e. logical
// cores - 1 by default), whatever the arena asks.
//
// zoo.submit_any_thread/1: task_group::run may be called from several threads and while the
// group is being waited for (the group's reference count is atomic; "tasks can be added while
// it executes"), a task of the arena calling arena.execute runs the functor in place, and an
// outside thread that finds the reserved slot taken hands the functor to the arena and waits
// for it (or for a free slot). group.wait() returns only when the count is 0, and a chained
// run() raises it inside its parent, before the parent is counted off. The only change for it
// is that the per-round max_batch count is an atomic (no lock).
#include <zoo/adapter.hpp>
#include <zoo/ext/submit_any_thread.h>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>
#include <oneapi/tbb/version.h>

#include <atomic>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>

#include "plugins/tbb/text_zh.h"
#include "plugins/common/any_thread.h"

#define ZOO_TBB_STR2(x) #x
#define ZOO_TBB_STR(x) ZOO_TBB_STR2(x)

namespace {

class TbbAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "tbb",
      .version = "1.0.0 (oneTBB " ZOO_TBB_STR(TBB_VERSION_MAJOR) "." ZOO_TBB_STR(
          TBB_VERSION_MINOR) "." ZOO_TBB_STR(TBB_VERSION_PATCH) ")",
      .description =
          "oneTBB task_arena(concurrency) + task_group: submit is arena.execute(group.run), "
          "drain is arena.execute(group.wait); work-stealing workers that spin before they "
          "sleep.",
      .kind = "ecosystem",
      .caliber_notes =
          "Per task: one task_arena::execute (the control thread enters the arena in its "
          "reserved slot and leaves again) around task_group::run, which takes a task object "
          "from TBB's small-object allocator and pushes it on that slot's deque, where an idle "
          "worker steals it; the body runs through task->run() on the worker, so its completion "
          "is recorded as soon as it returns. drain() is arena.execute around "
          "task_group::wait(): the control thread itself runs whatever is still queued, then "
          "waits for what workers are running. The arena is task_arena(workers) (workers = "
          "concurrency unless the host sets it apart) with one "
          "slot reserved for the calling thread (TBB's default), so at workers 1 TBB has no "
          "worker at all and every body runs on the control thread inside drain(): no "
          "cross-thread hop, read those cells like 'inline'. Above 1, oneTBB never starts more "
          "workers than its global limit, max_allowed_parallelism - 1 (logical cores - 1: one "
          "worker on a 2-core machine; TBB prints 'TBB Warning: The number of workers is "
          "currently limited' once per instance): an arena of 4, 16 or 64 does not oversubscribe, at most "
          "`cores` threads (the control thread and the workers) run bodies, where thread_pool "
          "starts `workers` threads. Workers out of work spin (pause, then yield) for a "
          "while before they sleep, so a round trip that finds a worker still spinning costs "
          "a few microseconds instead of the 20-50 us wake-up of a condition-variable pool; "
          "the CPU burnt spinning is not measured anywhere. Workers are started in setup() "
          "(arena.initialize() and one warm-up round of empty tasks, outside the timed rounds) "
          "and joined in teardown() with tbb::finalize on a task_scheduler_handle. Not "
          "measured: parallel_for and the other algorithms, flow graph, task_arena::enqueue, "
          "isolation, affinity and NUMA constraints, stealing among many workers.",
      .drive_level =
          "oneTBB public API (task_arena, task_group, task_scheduler_handle) as its "
          "documentation shows work handed in from a thread outside the arena",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::tbb_adapter::kTextZh}};

  TbbAdapter(const zoo::Host& host, const zoo::Config& config)
      : arena_size_(ArenaSize(config)), round_(config.max_batch), arena_(arena_size_) {
    arena_.initialize();
    // One warm-up round, so that TBB's worker threads exist before the timed rounds.
    arena_.execute([this] {
      for (int i = 0; i < arena_size_; ++i) group_.run([] {});
      group_.wait();
    });
    const std::size_t allowed = oneapi::tbb::global_control::active_value(
        oneapi::tbb::global_control::max_allowed_parallelism);
    if (config.workers > allowed) {
      const std::string line =
          "tbb: task_arena(" + std::to_string(config.workers) +
          ") but oneTBB caps its workers at max_allowed_parallelism - 1 = " +
          std::to_string(allowed - 1) + ", so at most " + std::to_string(allowed) +
          " threads run bodies (oneTBB runtime " + TBB_runtime_version() + ")";
      host.Log(0, line.c_str());
    }
  }

  ~TbbAdapter() { Stop(); }

  void Submit(const zoo_task_t* task) {
    round_.Take();
    arena_.execute([this, task] { group_.run([task] { zoo::Run(task); }); });
  }

  void Drain() {
    arena_.execute([this] { group_.wait(); });
    round_.Reset();
  }

  // zoo.submit_any_thread/1: unbounded (the group's deques grow; max_batch bounds a round).
  static const void* Extension(const char* id) {
    return zoo::plugins::UnboundedAnyThreadExtension(id);
  }

  // Joins TBB's worker threads; fails if oneTBB cannot (something else in the process still
  // holds its scheduler).
  void Teardown() {
    Stop();
    if (scheduler_ && !oneapi::tbb::finalize(scheduler_, std::nothrow)) {
      throw zoo::Error(ZOO_STATUS_ERROR,
                       "tbb::finalize could not join oneTBB's worker threads: another part of "
                       "the process still holds the TBB scheduler");
    }
  }

 private:
  // Refuses options; runs before any TBB object is made.
  static int ArenaSize(const zoo::Config& config) {
    if (!config.options.empty()) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "tbb takes no options, but was given \"" + config.options + "\"");
    }
    if (config.workers > static_cast<uint32_t>(INT_MAX)) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "tbb cannot size a task_arena beyond INT_MAX slots");
    }
    return static_cast<int>(config.workers);
  }

  // Idempotent and noexcept: nothing is in flight at teardown, but a failed round may have
  // left tasks in the group; wait for them before the group and the arena go away.
  void Stop() noexcept {
    if (arena_.is_active()) {
      arena_.execute([this] { group_.wait(); });
      arena_.terminate();
    }
  }

  const int arena_size_;  // first: checked before any TBB object is made
  zoo::plugins::RoundBudget round_;  // submits since the last drain(), at most max_batch
  // Before the arena: holds a reference to TBB's scheduler for the life of the arena, so that
  // teardown() can join the workers with tbb::finalize.
  oneapi::tbb::task_scheduler_handle scheduler_{oneapi::tbb::attach{}};
  oneapi::tbb::task_arena arena_;
  oneapi::tbb::task_group group_;
};

}  // namespace

ZOO_EXPORT_ADAPTER(TbbAdapter)
