// delayed_inline: the inline adapter with 30 us of busy-waiting injected into every submit(),
// before the body runs. A known, fixed slowdown: the analysis must call it slower than inline
// wherever 30 us is more than the noise band, and may call it a tie where it is not.
#include <zoo/adapter.hpp>

#include <chrono>

namespace {

class DelayedInline {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "delayed_inline",
      .version = "1.0.0",
      .description = "Test plugin: inline, with a 30 us busy-wait in submit() before each body.",
      .kind = "test",
      .caliber_notes =
          "Deliberately slow: every submit() spins on std::chrono::steady_clock for at least "
          "30 us (no sleep, so no scheduler wake-up adds to it) and then runs the body inline on "
          "the calling thread. Per-task time is the inline floor plus 30 us or a little more "
          "(a preemption during the spin lengthens it); a round of N tasks pays it N times, "
          "serially. It exists to give the analysis a known loser, not to be compared as an "
          "execution model.",
      .drive_level = "not applicable: a test plugin, the host calls the body directly",
  };

  static constexpr auto kSubmitDelay = std::chrono::microseconds(30);

  DelayedInline(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {}

  void Submit(const zoo_task_t* task) {
    // Spin rather than sleep: sleep_for rounds up to the timer slack (50 us by default) and
    // adds a wake-up, which would make the injected delay neither 30 us nor steady.
    const auto until = std::chrono::steady_clock::now() + kSubmitDelay;
    while (std::chrono::steady_clock::now() < until) {
    }
    zoo::Run(task);
  }
  void Drain() {}
};

}  // namespace

ZOO_EXPORT_ADAPTER(DelayedInline)
