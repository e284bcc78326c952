// tunable_inline: the inline adapter with a per-task busy-wait in submit() whose length is read
// at setup() from the environment variable ZOO_TEST_TUNABLE_DELAY_US (whole microseconds;
// unset, empty or malformed means 0). Two runs of one build, one without the variable and one
// with a delay several times the tier, give `zoo-host compare` a known regression.
#include <zoo/adapter.hpp>

#include <chrono>
#include <cstdlib>

namespace {

// The variable's value in microseconds; 0 when it is absent or not a plain number.
std::chrono::microseconds DelayFromEnvironment() {
  const char* text = std::getenv("ZOO_TEST_TUNABLE_DELAY_US");
  if (text == nullptr || *text == '\0') return std::chrono::microseconds(0);
  char* end = nullptr;
  const long long us = std::strtoll(text, &end, 10);
  if (*end != '\0' || us < 0) return std::chrono::microseconds(0);
  return std::chrono::microseconds(us);
}

class TunableInline {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "tunable_inline",
      .version = "1.0.0",
      .description = "Test plugin: inline, with a busy-wait of ZOO_TEST_TUNABLE_DELAY_US "
                     "microseconds in submit() before each body.",
      .kind = "test",
      .caliber_notes =
          "Deliberately tunable: setup() reads ZOO_TEST_TUNABLE_DELAY_US (default 0) and every "
          "submit() spins on std::chrono::steady_clock that long, then runs the body inline on "
          "the calling thread. With no delay it is the inline floor. It exists to give compare "
          "a known regression between two runs, not to be compared as an execution model.",
      .drive_level = "not applicable: a test plugin, the host calls the body directly",
  };

  TunableInline(const zoo::Host& /*host*/, const zoo::Config& /*config*/)
      : delay_(DelayFromEnvironment()) {}

  void Submit(const zoo_task_t* task) {
    if (delay_.count() > 0) {
      // Spin rather than sleep: a sleep adds the timer slack and a wake-up.
      const auto until = std::chrono::steady_clock::now() + delay_;
      while (std::chrono::steady_clock::now() < until) {
      }
    }
    zoo::Run(task);
  }
  void Drain() {}

 private:
  std::chrono::microseconds delay_;
};

}  // namespace

ZOO_EXPORT_ADAPTER(TunableInline)
