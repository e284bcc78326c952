#include "core/plugin/variant_extensions.h"

#include <cstddef>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/abi_text.h"
#include "core/plugin/plugin_loader.h"
#include "zoo/ext/layers.h"
#include "zoo/ext/native.h"

namespace zoo {
namespace {

constexpr uint32_t kMaxVariants = 16;

// `count` variants at `list` of the extension `id` (what a list of them is called: `what`).
absl::StatusOr<std::vector<AdapterVariant>> ReadList(const zoo_variant_t* const* list,
                                                     uint32_t count, uint32_t least,
                                                     const char* id, const char* what,
                                                     const std::string& shown) {
  if (count < least || count > kMaxVariants || list == nullptr) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "%s: %s declares %u %s; it must list %u to %u", shown, id, count, what, least,
        kMaxVariants));
  }
  std::vector<AdapterVariant> out;
  std::set<std::string> seen;
  for (uint32_t i = 0; i < count; ++i) {
    const zoo_variant_t* v = list[i];
    if (v == nullptr || v->struct_size < offsetof(zoo_variant_t, description) + sizeof(char*)) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "%s: %s: entry %u of its %s is missing or shorter than zoo_variant_t", shown, id, i,
          what));
    }
    if (!IsValidAdapterName(v->name) || !seen.insert(v->name).second) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "%s: %s: entry %u of its %s has an invalid or repeated name '%s' (1 to 64 of a-z, "
          "0-9 and _, each once)",
          shown, id, i, what, AbiText(v->name)));
    }
    out.push_back({.name = v->name, .description = AbiText(v->description)});
  }
  return out;
}

}  // namespace

absl::StatusOr<AdapterVariants> ReadAdapterVariants(const zoo_adapter_entry_t& entry,
                                                    const std::string& shown) {
  AdapterVariants out;
  if (entry.abi_minor < 1 || entry.get_extension == nullptr) return out;
  if (const auto* native = static_cast<const zoo_native_extension_t*>(
          entry.get_extension(ZOO_EXT_NATIVE));
      native != nullptr) {
    if (native->struct_size < offsetof(zoo_native_extension_t, forms) + sizeof(void*)) {
      return absl::FailedPreconditionError(absl::StrCat(
          shown, ": ", ZOO_EXT_NATIVE, " is shorter than zoo_native_extension_t"));
    }
    absl::StatusOr<std::vector<AdapterVariant>> forms =
        ReadList(native->forms, native->form_count, 1, ZOO_EXT_NATIVE, "forms", shown);
    if (!forms.ok()) return forms.status();
    out.native_forms = *std::move(forms);
  }
  if (const auto* layers = static_cast<const zoo_layers_extension_t*>(
          entry.get_extension(ZOO_EXT_LAYERS));
      layers != nullptr) {
    if (layers->struct_size < offsetof(zoo_layers_extension_t, layers) + sizeof(void*)) {
      return absl::FailedPreconditionError(absl::StrCat(
          shown, ": ", ZOO_EXT_LAYERS, " is shorter than zoo_layers_extension_t"));
    }
    absl::StatusOr<std::vector<AdapterVariant>> list =
        ReadList(layers->layers, layers->layer_count, 2, ZOO_EXT_LAYERS, "layers", shown);
    if (!list.ok()) return list.status();
    out.layers = *std::move(list);
  }
  return out;
}

std::string WithVariantOption(const std::string& options, const char* key,
                              const std::string& variant) {
  const std::string selected = absl::StrCat(key, "=", variant);
  return options.empty() ? selected : absl::StrCat(options, ";", selected);
}

}  // namespace zoo
