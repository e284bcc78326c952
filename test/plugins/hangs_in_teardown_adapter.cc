// hangs_in_teardown: deliberately broken test plugin.
//
// Inline submit() and an empty drain(), both correct; teardown() never returns. A host must
// give up on it after a timeout (by running the plugin in a child process it can kill) and
// say which call hung.
#include <zoo/adapter.hpp>

#include <chrono>
#include <thread>

namespace {

class HangsInTeardownAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "hangs_in_teardown",
      .version = "1.0.0",
      .description = "Test plugin: inline submit(), and a teardown() that never returns.",
      .kind = "test",
      .caliber_notes =
          "Deliberately broken: teardown() blocks forever; it must fail the gate by timeout.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  HangsInTeardownAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {}

  void Submit(const zoo_task_t* task) { zoo::Run(task); }

  void Drain() {}

  // Called by the helper's teardown() before the destructor.
  void Teardown() {
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));  // the defect
  }
};

}  // namespace

ZOO_EXPORT_ADAPTER(HangsInTeardownAdapter)
