// Abseil's string functions take absl::string_view, which an Abseil built without C++17's
// std::string_view (as Debian's may be) defines as a type of its own: Sv converts.
#pragma once

#include <string_view>

#include "absl/strings/string_view.h"

namespace zoo {

inline absl::string_view Sv(std::string_view s) { return absl::string_view(s.data(), s.size()); }

}  // namespace zoo
