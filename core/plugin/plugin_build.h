// How a plugin file was built, read from the file itself without loading it: a third party's
// adapter built at Meson's default `debug` (-O0) would otherwise be measured and compared as if
// it were optimised, without a word in the report.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace zoo {

struct PluginBuild {
  // The toolchain's ".comment" lines, e.g. "GCC: (Debian 12.2.0-14) 12.2.0"; empty if none.
  std::string compiler;
  // The first C or C++ compile unit's DW_AT_producer, e.g. "GNU C++20 12.2.0 -mtune=generic
  // -g -O2"; empty when the file carries no debug information (a release build usually).
  std::string producer;
  // The optimisation the producers record: "-O0", "-O1", "-O2", "-O3", "-Os", "-Og", "-Ofast"
  // ... The lowest level any C or C++ unit was built with (one -O0 unit is an -O0 plugin).
  // "-O0" too when GCC recorded its switches and none was -O (GCC's default is -O0). Empty
  // when the file does not tell (no debug information, or a producer that records no flags).
  std::string optimization;
  // Sanitizer runtimes the plugin needs ("address", "thread", "undefined", "memory", "leak"),
  // from its needed libraries and its undefined __asan_/__tsan_/... symbols.
  std::vector<std::string> sanitizers;

  // What the plugin declares of its own compile (zoo/ext/build.h, section ".zoo.build"):
  // whether the compiler optimised, whether assert() is on. nullopt when it declares nothing
  // (a plugin not made with ZOO_EXPORT_ADAPTER or ZOO_DECLARE_BUILD, or older than them).
  std::optional<bool> declared_optimized = std::nullopt;
  std::optional<bool> declared_assertions = std::nullopt;

  // Built without optimisation (-O0 or -Og, or declared so): its timings say little about the
  // framework. A declaration counts even where the debug information records a level: the
  // least optimised part of a plugin is what it is.
  bool Unoptimized() const {
    return optimization == "-O0" || optimization == "-Og" ||
           (declared_optimized.has_value() && !*declared_optimized);
  }
};

// Reads `path` (an ELF shared object). A file that is not ELF is an error naming it.
absl::StatusOr<PluginBuild> ReadPluginBuild(const std::string& path);

// The optimisation flag a producer string records: the last -O... switch, "-O0" for a GCC
// producer that recorded switches but no -O, and "" when it cannot tell. Exposed for tests.
std::string OptimizationOfProducer(const std::string& producer);

}  // namespace zoo
