// hangs_in_drain: deliberately broken test plugin.
//
// Inline submit(); drain() never returns. A host must give up on it after a timeout (by
// running the plugin in a child process it can kill) and say which call hung.
#include <zoo/adapter.hpp>

#include <chrono>
#include <thread>

namespace {

class HangsInDrainAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "hangs_in_drain",
      .version = "1.0.0",
      .description = "Test plugin: inline submit(), and a drain() that never returns.",
      .kind = "test",
      .caliber_notes =
          "Deliberately broken: drain() blocks forever; it must fail the gate by timeout.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  HangsInDrainAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {}

  void Submit(const zoo_task_t* task) { zoo::Run(task); }

  void Drain() {
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));  // the defect
  }
};

}  // namespace

ZOO_EXPORT_ADAPTER(HangsInDrainAdapter)
