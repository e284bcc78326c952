// runs_twice: deliberately broken test plugin.
//
// Inline like the built-in `inline` adapter, except that the 3rd task submitted to each
// instance is run twice in a row on the control thread. A gate must see exactly one task that
// completed twice.
#include <zoo/adapter.hpp>

#include <cstdint>

namespace {

class RunsTwiceAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "runs_twice",
      .version = "1.0.0",
      .description = "Test plugin: inline, but runs the 3rd task submitted to an instance twice.",
      .kind = "test",
      .caliber_notes =
          "Deliberately broken: one task per instance runs and completes twice; it must fail "
          "the gate.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  RunsTwiceAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {}

  void Submit(const zoo_task_t* task) {
    zoo::Run(task);
    if (++submitted_ == 3) zoo::Run(task);  // the defect: a second run of the same task
  }

  void Drain() {}

 private:
  std::uint64_t submitted_ = 0;  // submits to this instance so far
};

}  // namespace

ZOO_EXPORT_ADAPTER(RunsTwiceAdapter)
