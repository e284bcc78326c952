// idle_timeout: a valid inline adapter that offers zoo.semantics/1 with items the host must
// refuse to price: a "timeout" whose judgment has no action (the task stays in the in-flight
// table until its body ends, because nothing takes it out), and an item without a clean off
// state. It proves that the timeout item is checked by behaviour before it is priced, and that
// an item is dropped, with its reason, rather than priced from a dirty off state.
#include <zoo/adapter.hpp>
#include <zoo/ext/semantics.h>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

namespace {

class IdleTimeout {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "idle_timeout",
      .version = "1.0.0",
      .description = "Test plugin: one worker thread and a timeout that never acts.",
      .kind = "test",
      .caliber_notes = "A test plugin for the semantics dimension; not an execution model.",
      .drive_level = "not applicable: a test plugin",
  };

  IdleTimeout(const zoo::Host& /*host*/, const zoo::Config& config) {
    pending_.reserve(config.max_batch);
  }

  void Submit(const zoo_task_t* task) {
    in_flight_.fetch_add(1);
    pending_.push_back(task);
    // The body runs on its own thread, so the host can watch in_flight() meanwhile.
    workers_.emplace_back([this, task] {
      zoo::Run(task);
      in_flight_.fetch_sub(1);  // the only way out of the table: the body's end
    });
  }
  void Drain() {
    for (std::thread& t : workers_) t.join();
    workers_.clear();
    pending_.clear();
  }

  void SetItem(uint32_t index, int32_t on, int64_t value) {
    if (index >= 2) throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT, "no such item");
    if (index == 0) timeout_ns_ = on != 0 ? value : 0;  // judged, never acted upon
  }
  uint32_t InFlight() const { return in_flight_.load(); }

  static const void* Extension(const char* id);

 private:
  std::atomic<uint32_t> in_flight_{0};
  int64_t timeout_ns_ = 0;
  std::vector<const zoo_task_t*> pending_;
  std::vector<std::thread> workers_;
};

constexpr zoo_semantics_item_t kTimeout = {
    .struct_size = sizeof(zoo_semantics_item_t), .check = ZOO_SEMANTICS_CHECK_TIMEOUT,
    .name = "timeout", .layer = "dispatch", .description = "a deadline that is never enforced",
    .has_clean_off = 1, .reserved0 = 0, .off_state = "no deadline", .value_unit = "ns",
    .default_value = 1'000'000'000};
constexpr zoo_semantics_item_t kTangled = {
    .struct_size = sizeof(zoo_semantics_item_t), .check = ZOO_SEMANTICS_CHECK_NONE,
    .name = "tangled", .layer = "queue", .description = "always on underneath",
    .has_clean_off = 0, .reserved0 = 0,
    .off_state = "off only hides the flag: the queue keeps doing the work", .value_unit = "",
    .default_value = 0};
constexpr const zoo_semantics_item_t* kItems[] = {&kTimeout, &kTangled};

zoo_status_t SetItem(zoo_adapter_state_t* state, uint32_t index, int32_t on,
                     int64_t value) noexcept {
  return zoo::CallOn<IdleTimeout>(state, [&](IdleTimeout& a) { a.SetItem(index, on, value); });
}
uint32_t InFlight(const zoo_adapter_state_t* state) noexcept {
  return zoo::AdapterOf<IdleTimeout>(state).InFlight();
}

constexpr zoo_semantics_extension_t kSemantics = {
    .struct_size = sizeof(zoo_semantics_extension_t), .item_count = 2, .items = kItems,
    .set_item = &SetItem, .in_flight = &InFlight};

const void* IdleTimeout::Extension(const char* id) {
  return std::strcmp(id, ZOO_EXT_SEMANTICS) == 0 ? &kSemantics : nullptr;
}

}  // namespace

ZOO_EXPORT_ADAPTER(IdleTimeout)
