// zoo.native/1 and zoo.layers/1 as a plugin declares them: the list of its execution forms and
// of the layers it can be driven at (zoo/ext/variant.h), read once at load into plain strings.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "zoo/adapter.h"

namespace zoo {

// One form or layer: what setup()'s "form=NAME" / "layer=NAME" option selects.
struct AdapterVariant {
  std::string name;
  std::string description;
  bool operator==(const AdapterVariant&) const = default;
};

struct AdapterVariants {
  std::vector<AdapterVariant> native_forms;  // zoo.native/1; empty: not offered
  std::vector<AdapterVariant> layers;        // zoo.layers/1, lowest first; empty: not offered
};

// Both lists of `entry` (an ABI 1.1 entry may offer them; a 1.0 entry offers neither). A table
// that is too short, holds too few or too many variants, a null pointer, an invalid or
// repeated name is the plugin's error: one sentence naming `shown` (the file) and the problem.
absl::StatusOr<AdapterVariants> ReadAdapterVariants(const zoo_adapter_entry_t& entry,
                                                    const std::string& shown);

// The setup() option that selects `variant` under `key` ("form" or "layer"), appended to
// `options` (which may be "").
std::string WithVariantOption(const std::string& options, const char* key,
                              const std::string& variant);

}  // namespace zoo
