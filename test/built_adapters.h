// The built-in adapters this configuration built: every one by default, fewer where an option
// left one out (-Dtbb=disabled, or a dependency not found). test/meson.build hands the list to
// the suites through ZOO_TEST_BUILT_ADAPTERS, so a test that checks every built-in adapter
// checks exactly the ones there are.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "test/test_paths.h"

namespace zoo::testing {

inline std::vector<std::string> BuiltAdapters() {
  std::vector<std::string> names;
  std::stringstream list(TestEnv("ZOO_TEST_BUILT_ADAPTERS"));
  for (std::string name; std::getline(list, name, ',');) names.push_back(name);
  return names;
}

}  // namespace zoo::testing
