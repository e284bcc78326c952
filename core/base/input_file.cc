#include "core/base/input_file.h"

#include <fstream>
#include <iterator>
#include <system_error>

#include "absl/strings/str_cat.h"

namespace zoo {

absl::StatusOr<std::string> ReadInputFile(const std::filesystem::path& path,
                                          uintmax_t max_bytes) {
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(st)) {
    return absl::NotFoundError(absl::StrCat(path.string(), ": cannot be read (",
                                            ec ? ec.message() : "no such file", ")"));
  }
  if (!std::filesystem::is_regular_file(st)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path.string(), ": not a regular file (a folder, FIFO or device)"));
  }
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) return absl::NotFoundError(absl::StrCat(path.string(), ": cannot be read"));
  if (size > max_bytes) {
    return absl::InvalidArgumentError(absl::StrCat(path.string(), ": ", size,
                                                   " bytes, more than the ", max_bytes,
                                                   " such a file can be"));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat(path.string(), ": cannot be read"));
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace zoo
