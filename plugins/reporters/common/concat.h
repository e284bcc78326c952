// String building for the reporters. Debian's Abseil has its own string_view, which
// absl::StrCat does not take from a std::string_view, so the reporters concatenate here.
#pragma once

#include <string>
#include <string_view>

namespace zoo::report {

// The concatenation of `parts`, each anything a std::string_view can be made from.
template <typename... Parts>
std::string Concat(const Parts&... parts) {
  std::string out;
  out.reserve((std::string_view(parts).size() + ... + 0));
  (out.append(std::string_view(parts)), ...);
  return out;
}

}  // namespace zoo::report
