// Writes a whole file so that a reader sees the old content or the new one, never half:
// a temporary file beside it, then rename. Creates the folder.
#pragma once

#include <filesystem>
#include <string_view>

#include "absl/status/status.h"

namespace zoo {

absl::Status WriteFileAtomically(const std::filesystem::path& path, std::string_view content);

}  // namespace zoo
