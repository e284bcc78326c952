// loses_worker_submit: deliberately broken test plugin. Declares zoo.submit_any_thread/1 but
// silently drops every 37th submit() that comes from one of its own worker threads (a task
// posting its successor): a chain of 100 tasks loses at least one, for sure. Submits from the
// control thread are never dropped, so it passes the ABI 1.0 gate.
#include "test/plugins/any_thread_pool.h"

namespace {

struct LosesWorkerSubmit {
  static constexpr bool kBounded = false;
  static constexpr uint32_t kDefaultCapacity = 0;
  static constexpr bool kDrainIgnoresChained = false;
  static constexpr bool kDropWhenFull = false;
  bool DropWorkerSubmit(uint64_t k) const { return k % 37 == 36; }  // the defect
};

class LosesWorkerSubmitAdapter : public zoo_test::AnyThreadPool<LosesWorkerSubmit> {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "loses_worker_submit",
      .version = "1.0.0",
      .description = "Test plugin: a pool that declares zoo.submit_any_thread/1 but drops one "
                     "submit in 37 made from its own worker threads.",
      .kind = "test",
      .caliber_notes = "Deliberately broken: a task submitted from inside a running task is "
                       "sometimes lost; the gate's chain check must reject it.",
      .drive_level = "not applicable: a test plugin, never measured",
  };
  using AnyThreadPool::AnyThreadPool;
};

}  // namespace

ZOO_EXPORT_ADAPTER(LosesWorkerSubmitAdapter)
