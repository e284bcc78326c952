// drops_task: deliberately broken test plugin.
//
// Inline like the built-in `inline` adapter, except that the 3rd task submitted to each
// instance is silently dropped: submit() returns OK, nothing ever runs it, and drain() returns
// as if everything had completed. A gate must see exactly one task that never ran.
#include <zoo/adapter.hpp>

#include <cstdint>

namespace {

class DropsTaskAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "drops_task",
      .version = "1.0.0",
      .description = "Test plugin: inline, but never runs the 3rd task submitted to an instance.",
      .kind = "test",
      .caliber_notes = "Deliberately broken: loses one task per instance; it must fail the gate.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  DropsTaskAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {}

  void Submit(const zoo_task_t* task) {
    if (++submitted_ == 3) return;  // the defect: dropped without a word
    zoo::Run(task);
  }

  void Drain() {}

 private:
  std::uint64_t submitted_ = 0;  // submits to this instance so far
};

}  // namespace

ZOO_EXPORT_ADAPTER(DropsTaskAdapter)
