// rare_drop: deliberately broken test plugin.
//
// A thread pool that silently drops one task in 997 (submits 997, 1994, ... of an instance).
// A gate that submits a few hundred tasks, or never looks after teardown(), passes it.
#include <zoo/adapter.hpp>

#include <cstdint>

#include "faulty_pool.h"

namespace {

struct RareDrop : zoo_test::NoFault {
  bool Skip(uint64_t k) const { return k % 997 == 996; }
};

class RareDropAdapter : public zoo_test::FaultyPool<RareDrop> {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "rare_drop",
      .version = "1.0.0",
      .description = "Test plugin: a thread pool that silently drops one task in 997 (submits 997, 1994, ... of an instance).",
      .kind = "test",
      .caliber_notes = "Deliberately broken, rarely: fine for the first 996 tasks of an instance; it must fail the gate at its defaults.",
      .drive_level = "not applicable: a test plugin, never measured",
  };
  using FaultyPool::FaultyPool;
};

}  // namespace

ZOO_EXPORT_ADAPTER(RareDropAdapter)
