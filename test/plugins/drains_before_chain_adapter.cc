// drains_before_chain: deliberately broken test plugin. Declares zoo.submit_any_thread/1 and
// runs every task exactly once, but drain() returns as soon as the tasks submitted from
// outside its workers (the control thread) have completed, without waiting for the tasks that
// running tasks submitted: those complete after drain() returned.
#include "test/plugins/any_thread_pool.h"

namespace {

struct DrainsBeforeChain {
  static constexpr bool kBounded = false;
  static constexpr uint32_t kDefaultCapacity = 0;
  static constexpr bool kDrainIgnoresChained = true;  // the defect
  static constexpr bool kDropWhenFull = false;
  bool DropWorkerSubmit(uint64_t /*k*/) const { return false; }
};

class DrainsBeforeChainAdapter : public zoo_test::AnyThreadPool<DrainsBeforeChain> {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "drains_before_chain",
      .version = "1.0.0",
      .description = "Test plugin: a pool that declares zoo.submit_any_thread/1 but whose "
                     "drain() does not wait for tasks submitted by running tasks.",
      .kind = "test",
      .caliber_notes = "Deliberately broken: chained tasks complete after drain() returned; "
                       "the gate's chain check must reject it.",
      .drive_level = "not applicable: a test plugin, never measured",
  };
  using AnyThreadPool::AnyThreadPool;
};

}  // namespace

ZOO_EXPORT_ADAPTER(DrainsBeforeChainAdapter)
