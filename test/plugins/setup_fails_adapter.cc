// setup_fails: deliberately broken test plugin.
//
// setup() always fails with ZOO_STATUS_INVALID_ARGUMENT and a sentence naming the logical
// cores it was told, through the C++ helper (the exception becomes the status and
// error_text(NULL)). A host must report that
// sentence and never call submit, drain or teardown on the missing instance.
#include <zoo/adapter.hpp>

#include <string>

namespace {

class SetupFailsAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "setup_fails",
      .version = "1.0.0",
      .description = "Test plugin: setup() refuses every configuration.",
      .kind = "test",
      .caliber_notes = "Deliberately broken: no instance can ever be created; it must fail the "
                       "gate with the plugin's own error text.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  SetupFailsAdapter(const zoo::Host& /*host*/, const zoo::Config& config) {
    throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                     "setup_fails refuses every configuration on purpose (told " +
                         std::to_string(config.logical_cores) + " logical cores)");
  }

  void Submit(const zoo_task_t* task) { zoo::Run(task); }
  void Drain() {}
};

}  // namespace

ZOO_EXPORT_ADAPTER(SetupFailsAdapter)
