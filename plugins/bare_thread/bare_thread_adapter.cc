// bare_thread: a new std::thread per task, joined in drain(). The cost of not having a pool.
#include <zoo/adapter.hpp>

#include <thread>
#include <vector>

#include "plugins/bare_thread/text_zh.h"

namespace {

class BareThreadAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "bare_thread",
      .version = "1.0.0",
      .description = "Starts one std::thread per task in submit() and joins them all in drain().",
      .kind = "bare",
      .caliber_notes =
          "Thread creation is paid inside submit(), so the submit side is large and the "
          "handoff (submit return to body start) can be negative: the new thread may start the "
          "body before submit() returns. Thread exit and join are paid in drain(). No reuse "
          "of any kind: every task pays a full create + join (about 40 us on a small VM).",
      .drive_level = "std::thread directly, as hand-written code would use it",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::bare_thread::kTextZh}};

  BareThreadAdapter(const zoo::Host& /*host*/, const zoo::Config& config) {
    // Reserve the slots up front so that submit() allocates only what std::thread needs.
    threads_.reserve(config.max_batch);
  }

  ~BareThreadAdapter() { JoinAll(); }

  void Submit(const zoo_task_t* task) {
    threads_.emplace_back([task] { zoo::Run(task); });
  }

  void Drain() { JoinAll(); }

 private:
  void JoinAll() {
    for (std::thread& t : threads_) {
      if (t.joinable()) t.join();
    }
    threads_.clear();
  }

  std::vector<std::thread> threads_;
};

}  // namespace

ZOO_EXPORT_ADAPTER(BareThreadAdapter)
