// Where the build put what the tests load (set by test/meson.build).
#pragma once

#include <filesystem>
#include <string>

namespace zoo::testing {

inline std::filesystem::path TestPlugin(const std::string& stem) {
  return std::filesystem::path(ZOO_TEST_PLUGIN_DIR) / ("lib" + stem + "_adapter.so");
}

inline std::filesystem::path BuiltinPlugin(const std::string& name) {
  return std::filesystem::path(ZOO_TEST_BUILTIN_PLUGIN_DIR) / name / ("lib" + name + "_adapter.so");
}

inline std::filesystem::path HostBinary() { return ZOO_TEST_HOST_BINARY; }

}  // namespace zoo::testing
