// Reading a file a user hands zoo-host (an archive, a matrix): only a regular file is read (a
// FIFO would block forever and /dev/zero never end), and no more than a bound, so a wrong path
// costs one sentence, not a hang or all the memory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "absl/status/statusor.h"

namespace zoo {

// A full default run's archive is about 11 MB; a thousand times that is not an archive.
inline constexpr uintmax_t kMaxArchiveBytes = uintmax_t{1} << 30;
inline constexpr uintmax_t kMaxMatrixBytes = uintmax_t{1} << 20;

// The file's bytes, or kNotFound (missing, unreadable) / kInvalidArgument (not a regular file,
// larger than `max_bytes`) with "PATH: why".
absl::StatusOr<std::string> ReadInputFile(const std::filesystem::path& path,
                                          uintmax_t max_bytes);

}  // namespace zoo
