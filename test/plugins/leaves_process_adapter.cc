// leaves_process: deliberately broken test plugin.
//
// A thread pool whose teardown() leaves an orphaned process behind.
// A gate that submits a few hundred tasks, or never looks after teardown(), passes it.
#include <zoo/adapter.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>

#include "faulty_pool.h"

namespace {

// Every teardown double-forks: the intermediate child exits at once and is reaped, so its
// child is orphaned (reparented to the nearest subreaper) and keeps running.
struct LeavesProcess : zoo_test::NoFault {
  void AtTeardown() {
    const pid_t child = fork();
    if (child == 0) {
      if (fork() == 0) {
        pause();  // async-signal-safe: nothing else after fork() in a threaded process
      }
      _exit(0);
    }
    if (child > 0) waitpid(child, nullptr, 0);
  }
};

class LeavesProcessAdapter : public zoo_test::FaultyPool<LeavesProcess> {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "leaves_process",
      .version = "1.0.0",
      .description = "Test plugin: a thread pool whose teardown() leaves an orphaned process behind.",
      .kind = "test",
      .caliber_notes = "Deliberately broken: every teardown double-forks a process that outlives it; it must fail the gate.",
      .drive_level = "not applicable: a test plugin, never measured",
  };
  using FaultyPool::FaultyPool;
};

}  // namespace

ZOO_EXPORT_ADAPTER(LeavesProcessAdapter)
