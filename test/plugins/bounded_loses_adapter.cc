// bounded_loses: deliberately broken test plugin. Declares zoo.submit_any_thread/1 with
// ZOO_SUBMIT_BOUNDED (capacity=N, default 8), but when its queue is full a submit() from
// outside its workers drops the task and returns OK instead of waiting for room. With the
// control thread's rounds of `concurrency` tasks on `concurrency` workers the queue rarely
// fills; a burst beyond the capacity into busy workers loses tasks for sure.
#include "test/plugins/any_thread_pool.h"

namespace {

struct BoundedLoses {
  static constexpr bool kBounded = true;
  static constexpr uint32_t kDefaultCapacity = 8;
  static constexpr bool kDrainIgnoresChained = false;
  static constexpr bool kDropWhenFull = true;  // the defect
  bool DropWorkerSubmit(uint64_t /*k*/) const { return false; }
};

class BoundedLosesAdapter : public zoo_test::AnyThreadPool<BoundedLoses> {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "bounded_loses",
      .version = "1.0.0",
      .description = "Test plugin: a bounded pool (capacity=N, default 8) whose submit() drops "
                     "the task and returns OK when the queue is full.",
      .kind = "test",
      .caliber_notes = "Deliberately broken: no back-pressure, a full queue loses tasks; the "
                       "gate's bounded-queue check must reject it.",
      .drive_level = "not applicable: a test plugin, never measured",
  };
  using AnyThreadPool::AnyThreadPool;
};

}  // namespace

ZOO_EXPORT_ADAPTER(BoundedLosesAdapter)
