// runs_one_twice: deliberately broken test plugin.
//
// A thread pool that runs the 777th task submitted to an instance twice.
// A gate that submits a few hundred tasks, or never looks after teardown(), passes it.
#include <zoo/adapter.hpp>

#include <cstdint>

#include "faulty_pool.h"

namespace {

struct RunsOneTwice : zoo_test::NoFault {
  bool RunTwice(uint64_t k) const { return k == 776; }
};

class RunsOneTwiceAdapter : public zoo_test::FaultyPool<RunsOneTwice> {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "runs_one_twice",
      .version = "1.0.0",
      .description = "Test plugin: a thread pool that runs the 777th task submitted to an instance twice.",
      .kind = "test",
      .caliber_notes = "Deliberately broken, rarely: one task per instance runs twice, late enough that a short gate never sees it.",
      .drive_level = "not applicable: a test plugin, never measured",
  };
  using FaultyPool::FaultyPool;
};

}  // namespace

ZOO_EXPORT_ADAPTER(RunsOneTwiceAdapter)
