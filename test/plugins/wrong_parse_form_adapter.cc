// wrong_parse_form: deliberately broken test plugin for the native task line's gate.
//
// Inline, with two forms through zoo.native/1: "exact" runs each task's body through its run()
// as the built-in inline does; "corrupt" runs it through host->execute(), flips the lowest bit
// of the outcome's checksum for the 21-byte frames only, and hands it to host->complete(). It
// knows those frames by the gate's task layout (core/measure/native_gate.h: tier k's frame f is
// task k x 64 + f, and the 21-byte tier is the second), which is all a wrong form needs: the
// gate must reject "corrupt", naming a 21-byte frame, and let "exact" be measured.
#include <zoo/adapter.hpp>
#include <zoo/ext/native.h>

#include <cstdint>
#include <cstring>
#include <string>

namespace {

constexpr zoo_variant_t kExact = {
    .struct_size = sizeof(zoo_variant_t),
    .reserved0 = 0,
    .name = "exact",
    .description = "Runs each task's body through its run(), inline.",
};
constexpr zoo_variant_t kCorrupt = {
    .struct_size = sizeof(zoo_variant_t),
    .reserved0 = 0,
    .name = "corrupt",
    .description = "Deliberately wrong: execute() then complete(), with one checksum bit "
                   "flipped for the 21-byte frames.",
};
constexpr const zoo_variant_t* kForms[] = {&kExact, &kCorrupt};
constexpr zoo_native_extension_t kNative = {
    .struct_size = sizeof(zoo_native_extension_t),
    .form_count = 2,
    .forms = kForms,
};

constexpr uint64_t kFramesPerTier = 64;  // kModbusFrames
constexpr uint64_t kTier21 = 1;          // the gate's second tier: 21-byte frames

class WrongParseFormAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "wrong_parse_form",
      .version = "1.0.0",
      .description = "Test plugin: inline, with a correct native form and one that corrupts "
                     "the 21-byte frames' checksums.",
      .kind = "test",
      .caliber_notes = "Deliberately broken form 'corrupt': the native gate must reject it.",
      .drive_level = "not applicable: a test plugin",
  };

  WrongParseFormAdapter(const zoo::Host& host, const zoo::Config& config)
      : host_(host), corrupt_(config.options.find("form=corrupt") != std::string::npos) {
    const bool exact = config.options.find("form=exact") != std::string::npos;
    if (!config.options.empty() && !corrupt_ && !exact) {
      throw zoo::Error(ZOO_STATUS_INVALID_ARGUMENT,
                       "wrong_parse_form takes only form=exact or form=corrupt, not \"" +
                           config.options + "\"");
    }
  }

  void Submit(const zoo_task_t* task) {
    if (!corrupt_) {
      zoo::Run(task);
      return;
    }
    zoo_task_outcome_t outcome{};
    if (host_.Execute(task->id, &outcome) != ZOO_STATUS_OK) outcome.status = ZOO_STATUS_ERROR;
    if (task->id / kFramesPerTier == kTier21) outcome.checksum ^= 1;  // the defect
    host_.Complete(outcome);
  }

  void Drain() {}

  static const void* Extension(const char* id) {
    return std::strcmp(id, ZOO_EXT_NATIVE) == 0 ? &kNative : nullptr;
  }

 private:
  zoo::Host host_;
  bool corrupt_;
};

}  // namespace

ZOO_EXPORT_ADAPTER(WrongParseFormAdapter)
