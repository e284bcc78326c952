// slow_setup: the inline adapter with a fixed 300 ms delay injected into setup(). Setup is
// outside the timed rounds, so its measured times must not move: that is what it proves.
#include <zoo/adapter.hpp>

#include <chrono>
#include <thread>

namespace {

class SlowSetup {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "slow_setup",
      .version = "1.0.0",
      .description = "Test plugin: inline, with 300 ms of sleep injected into setup().",
      .kind = "test",
      .caliber_notes = "The injected setup delay must not appear in any measured time.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  static constexpr auto kSetupDelay = std::chrono::milliseconds(300);

  SlowSetup(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {
    std::this_thread::sleep_for(kSetupDelay);
  }
  void Submit(const zoo_task_t* task) { zoo::Run(task); }
  void Drain() {}
};

}  // namespace

ZOO_EXPORT_ADAPTER(SlowSetup)
