// restarts_threads: a correct pool with a costly habit, as a drain() written with Qt's
// QThreadPool::waitForDone() has: drain() joins every worker and the next round starts new
// ones. It passes the gate; the report must show its threads created per round (concurrency
// of them) where the built-in thread_pool shows 0.
#include <zoo/adapter.hpp>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace {

class RestartsThreadsAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "restarts_threads",
      .version = "1.0.0",
      .description = "Test plugin: a pool whose drain() joins its threads; every round starts "
                     "new ones.",
      .kind = "test",
      .caliber_notes = "Correct but churning: concurrency threads created and joined per round.",
      .drive_level = "not applicable: a test plugin",
  };

  RestartsThreadsAdapter(const zoo::Host& /*host*/, const zoo::Config& config)
      : workers_(config.concurrency) {
    batch_.reserve(config.max_batch);
  }

  void Submit(const zoo_task_t* task) { batch_.push_back(task); }

  // Starts the round's workers, lets them take the batch's tasks in turn, joins them all.
  void Drain() {
    next_.store(0, std::memory_order_relaxed);
    std::vector<std::thread> threads;
    threads.reserve(workers_);
    for (uint32_t i = 0; i < workers_ && i < batch_.size(); ++i) {
      threads.emplace_back([this] {
        for (size_t k; (k = next_.fetch_add(1, std::memory_order_relaxed)) < batch_.size();) {
          zoo::Run(batch_[k]);
        }
      });
    }
    for (std::thread& t : threads) t.join();
    batch_.clear();
  }

 private:
  uint32_t workers_;
  std::vector<const zoo_task_t*> batch_;
  std::atomic<size_t> next_{0};
};

}  // namespace

ZOO_EXPORT_ADAPTER(RestartsThreadsAdapter)
