// Text a plugin hands over through the C ABI: a NUL-terminated string the plugin owns, or NULL
// where the ABI lets it leave an optional text out.
#pragma once

#include <string>

namespace zoo {

// A copy of `s`, or "" for NULL.
inline std::string AbiText(const char* s) { return s != nullptr ? std::string(s) : std::string(); }

}  // namespace zoo
