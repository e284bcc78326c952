// Where the build put what the tests load. test/meson.build hands these paths to every suite
// through its environment (test_env), not as compile-time defines: the test sources then hold
// no folder name and compile to the same objects in every clone, so a compiler cache filled
// by one build serves another.
#pragma once

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace zoo::testing {

// The value `meson test` gave the environment variable `name`. A suite started by hand without
// it stops at once with a sentence naming the variable, rather than testing the wrong files.
inline std::string TestEnv(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') {
    std::fprintf(stderr, "%s is not set: run the suites with `meson test -C BUILD`\n", name);
    std::exit(2);
  }
  return value;
}

// test/plugins/ of the build: the deliberately broken and the test-only adapters.
inline std::filesystem::path TestPluginDir() { return TestEnv("ZOO_TEST_PLUGIN_DIR"); }
inline std::filesystem::path TestPlugin(const std::string& stem) {
  return TestPluginDir() / ("lib" + stem + "_adapter.so");
}

inline std::filesystem::path BuiltinPlugin(const std::string& name) {
  return std::filesystem::path(TestEnv("ZOO_TEST_BUILTIN_PLUGIN_DIR")) / name /
         ("lib" + name + "_adapter.so");
}

inline std::filesystem::path HostBinary() { return TestEnv("ZOO_TEST_HOST_BINARY"); }

// test/plugins/reporters/ of the build: the test-only reporters.
inline std::filesystem::path TestReporterDir() { return TestEnv("ZOO_TEST_REPORTER_PLUGIN_DIR"); }

// The committed results/ folder of the source tree.
inline std::filesystem::path CommittedResultsDir() { return TestEnv("ZOO_TEST_RESULTS_DIR"); }

// The committed fuzz/corpus/ folder of the source tree: one folder of seeds per reader.
inline std::filesystem::path FuzzCorpusDir() { return TestEnv("ZOO_TEST_FUZZ_CORPUS_DIR"); }

// A built-in reporter module by name ("markdown", "csv", "json", "gbench", "html"), as
// test/meson.build names it in ZOO_TEST_<NAME>_REPORTER.
inline std::string BuiltinReporter(std::string name) {
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return TestEnv(("ZOO_TEST_" + name + "_REPORTER").c_str());
}

}  // namespace zoo::testing
