// keeps_runtime_thread: a valid test plugin with a process-wide runtime thread.
//
// Inline, except that the first setup() of the process starts one helper thread that is never
// stopped and that every later instance reuses, as libuv's threadpool is started once and
// lives until the process exits. The gate must tell this from a leak: the repeat instance
// adds no thread.
#include <zoo/adapter.hpp>

#include <condition_variable>
#include <mutex>
#include <thread>

namespace {

// The runtime: one thread, started on first use, idle forever (the process ends it).
void StartRuntimeOnce() {
  static std::once_flag started;
  std::call_once(started, [] {
    std::thread([] {
      std::mutex m;
      std::condition_variable never;
      std::unique_lock<std::mutex> lock(m);
      never.wait(lock, [] { return false; });
    }).detach();
  });
}

class KeepsRuntimeThreadAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "keeps_runtime_thread",
      .version = "1.0.0",
      .description = "Test plugin: inline, with one process-wide runtime thread started once.",
      .kind = "test",
      .caliber_notes = "Valid: its runtime keeps one idle thread from the first setup() on.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  KeepsRuntimeThreadAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {
    StartRuntimeOnce();
  }
  void Submit(const zoo_task_t* task) { zoo::Run(task); }
  void Drain() {}
};

}  // namespace

ZOO_EXPORT_ADAPTER(KeepsRuntimeThreadAdapter)
