// What the host knows about an adapter after reading its entry: plain strings, copyable, safe
// to keep after the plugin is unloaded and to send between processes.
#pragma once

#include <cstdint>
#include <string>

#include "core/plugin/plugin_text.h"
#include "core/plugin/variant_extensions.h"

namespace zoo {

struct AdapterDescriptor {
  std::string name;
  std::string version;
  std::string description;
  std::string kind;
  std::string caliber_notes;
  std::string drive_level;
  uint32_t abi_major = 0;
  uint32_t abi_minor = 0;
  std::string file;  // absolute path of the plugin file
  // The texts above (and its semantics items') in other languages: zoo.text/1.
  PluginText text = {};
  // What the plugin declares through zoo.submit_any_thread/1 (ABI 1.1); the gate checks it by
  // behaviour before any scenario relies on it.
  struct SubmitAnyThread {
    bool declared = false;
    bool bounded = false;           // ZOO_SUBMIT_BOUNDED: "capacity=N", submit blocks when full
    uint32_t default_capacity = 0;  // 0: unbounded
  };
  SubmitAnyThread submit_any_thread = {};
  // Its execution forms (zoo.native/1) and the layers it can be driven at (zoo.layers/1).
  AdapterVariants variants = {};
};

}  // namespace zoo
