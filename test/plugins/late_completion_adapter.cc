// late_completion: deliberately broken test plugin.
//
// A thread pool whose drain() lets one task in 500 finish 2 ms after it returned.
// A gate that submits a few hundred tasks, or never looks after teardown(), passes it.
#include <zoo/adapter.hpp>

#include <cstdint>

#include "faulty_pool.h"

namespace {

struct LateCompletion : zoo_test::NoFault {
  bool Late(uint64_t k) const { return k % 500 == 499; }
};

class LateCompletionAdapter : public zoo_test::FaultyPool<LateCompletion> {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "late_completion",
      .version = "1.0.0",
      .description = "Test plugin: a thread pool whose drain() lets one task in 500 finish 2 ms after it returned.",
      .kind = "test",
      .caliber_notes = "Deliberately broken, rarely: counts every 500th task finished before it ran; it must fail the gate at its defaults.",
      .drive_level = "not applicable: a test plugin, never measured",
  };
  using FaultyPool::FaultyPool;
};

}  // namespace

ZOO_EXPORT_ADAPTER(LateCompletionAdapter)
