// Kernel files ("/proc/loadavg") are read below a root folder, "/" on the machine and a fake
// tree in the tests.
#pragma once

#include <filesystem>
#include <string_view>

namespace zoo {

// `absolute` ("/proc/loadavg") below `root`.
inline std::filesystem::path UnderRoot(const std::filesystem::path& root,
                                       std::string_view absolute) {
  return root / std::filesystem::path(absolute).relative_path();
}

}  // namespace zoo
