// leaves_thread: deliberately broken test plugin.
//
// A thread pool whose teardown() leaves one detached thread running.
// A gate that submits a few hundred tasks, or never looks after teardown(), passes it.
#include <zoo/adapter.hpp>

#include <chrono>
#include <thread>

#include <cstdint>

#include "faulty_pool.h"

namespace {

// Every teardown starts one more thread that outlives it (as a pool that detaches its workers
// instead of joining them). It sleeps far longer than any gate takes.
struct LeavesThread : zoo_test::NoFault {
  void AtTeardown() {
    std::thread([] { std::this_thread::sleep_for(std::chrono::minutes(10)); }).detach();
  }
};

class LeavesThreadAdapter : public zoo_test::FaultyPool<LeavesThread> {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "leaves_thread",
      .version = "1.0.0",
      .description = "Test plugin: a thread pool whose teardown() leaves one detached thread running.",
      .kind = "test",
      .caliber_notes = "Deliberately broken: every instance leaves a thread behind; it must fail the gate.",
      .drive_level = "not applicable: a test plugin, never measured",
  };
  using FaultyPool::FaultyPool;
};

}  // namespace

ZOO_EXPORT_ADAPTER(LeavesThreadAdapter)
