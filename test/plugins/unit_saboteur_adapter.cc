// unit_saboteur: a test plugin that passes the gate (it is a correct inline adapter at the
// gate's concurrencies 1, 4 and 16) but breaks single units of a run: setup at concurrency 3
// dies of SIGSEGV, setup at concurrency 5 never returns, setup at concurrency 7 fails with a
// status and a sentence. It proves that a broken unit costs only that unit.
#include <zoo/adapter.hpp>

#include <chrono>
#include <thread>

namespace {

int* volatile g_null = nullptr;

__attribute__((noinline, no_sanitize("undefined", "address"))) void Crash() {
  volatile int* p = g_null;
  *p = 1;
}

class UnitSaboteur {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "unit_saboteur",
      .version = "1.0.0",
      .description = "Test plugin: inline, but breaks the units at concurrency 3, 5 and 7.",
      .kind = "test",
      .caliber_notes = "Deliberately broken in single units; never a real baseline.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  UnitSaboteur(const zoo::Host& /*host*/, const zoo::Config& config) {
    switch (config.concurrency) {
      case 3: Crash(); break;
      case 5:
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
      case 7: throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED, "no workers at concurrency 7");
      default: break;
    }
  }
  void Submit(const zoo_task_t* task) { zoo::Run(task); }
  void Drain() {}
};

}  // namespace

ZOO_EXPORT_ADAPTER(UnitSaboteur)
