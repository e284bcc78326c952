// bad_native_forms: test plugin for the loader's reading of zoo.native/1. Inline; its forms
// table is valid (one form) unless ZOO_TEST_BAD_NATIVE, read each time the host asks for the
// extension, picks a defect: "too_many" (17 forms), "null" (a null entry), "repeated" (one name
// twice), "invalid" (a name with a capital and a space).
#include <zoo/adapter.hpp>
#include <zoo/ext/native.h>

#include <cstdlib>
#include <cstring>
#include <string_view>

namespace {

constexpr zoo_variant_t kPlain = {.struct_size = sizeof(zoo_variant_t), .reserved0 = 0,
                                  .name = "plain", .description = "Runs the task inline."};
constexpr zoo_variant_t kOther = {.struct_size = sizeof(zoo_variant_t), .reserved0 = 0,
                                  .name = "other", .description = "Also inline."};
constexpr zoo_variant_t kInvalid = {.struct_size = sizeof(zoo_variant_t), .reserved0 = 0,
                                    .name = "Not Valid", .description = "A bad name."};

constexpr const zoo_variant_t* kValid[] = {&kPlain};
constexpr const zoo_variant_t* kWithNull[] = {&kPlain, nullptr};
constexpr const zoo_variant_t* kRepeated[] = {&kPlain, &kOther, &kPlain};
constexpr const zoo_variant_t* kWithInvalid[] = {&kPlain, &kInvalid};
constexpr const zoo_variant_t* kSeventeen[] = {&kPlain, &kPlain, &kPlain, &kPlain, &kPlain,
                                               &kPlain, &kPlain, &kPlain, &kPlain, &kPlain,
                                               &kPlain, &kPlain, &kPlain, &kPlain, &kPlain,
                                               &kPlain, &kPlain};

constexpr zoo_native_extension_t Table(const zoo_variant_t* const* forms, uint32_t n) {
  return {.struct_size = sizeof(zoo_native_extension_t), .form_count = n, .forms = forms};
}
constexpr zoo_native_extension_t kValidTable = Table(kValid, 1);
constexpr zoo_native_extension_t kNullTable = Table(kWithNull, 2);
constexpr zoo_native_extension_t kRepeatedTable = Table(kRepeated, 3);
constexpr zoo_native_extension_t kInvalidTable = Table(kWithInvalid, 2);
constexpr zoo_native_extension_t kTooManyTable = Table(kSeventeen, 17);

class BadNativeFormsAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "bad_native_forms",
      .version = "1.0.0",
      .description = "Test plugin: inline, with a zoo.native/1 table the test can break.",
      .kind = "test",
      .caliber_notes = "Loader test only.",
      .drive_level = "not applicable: a test plugin",
  };

  BadNativeFormsAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {}
  void Submit(const zoo_task_t* task) { zoo::Run(task); }
  void Drain() {}

  static const void* Extension(const char* id) {
    if (std::strcmp(id, ZOO_EXT_NATIVE) != 0) return nullptr;
    const char* defect = std::getenv("ZOO_TEST_BAD_NATIVE");
    const std::string_view d = defect == nullptr ? "" : defect;
    if (d == "too_many") return &kTooManyTable;
    if (d == "null") return &kNullTable;
    if (d == "repeated") return &kRepeatedTable;
    if (d == "invalid") return &kInvalidTable;
    return &kValidTable;
  }
};

}  // namespace

ZOO_EXPORT_ADAPTER(BadNativeFormsAdapter)
