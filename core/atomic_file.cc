#include "core/atomic_file.h"

#include <unistd.h>

#include <fstream>
#include <string>
#include <system_error>

#include "absl/strings/str_cat.h"

namespace zoo {

absl::Status WriteFileAtomically(const std::filesystem::path& path, std::string_view content) {
  std::error_code ec;
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) {
      return absl::InvalidArgumentError(absl::StrCat(
          path.parent_path().string(), ": cannot create the folder: ", ec.message()));
    }
  }
  const std::filesystem::path tmp = path.string() + ".tmp-" + std::to_string(getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      std::filesystem::remove(tmp, ec);
      return absl::InternalError(absl::StrCat(tmp.string(), ": could not be written"));
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return absl::InternalError(
        absl::StrCat(path.string(), ": could not be replaced: ", ec.message()));
  }
  return absl::OkStatus();
}

}  // namespace zoo
