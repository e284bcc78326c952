// Writes a whole file so that a reader sees the old content or the new one, never half:
// a temporary file beside it, then rename. Creates the folder. A whole folder of files (a
// report) is written the same way: into a staging folder beside it, then moved into place.
//
// Errors name the path and the system's reason ("No space left on device"). Their code says
// whose fault it is: kUnavailable when the machine failed (a full disk or quota, a file size
// limit, an I/O error: nothing the user typed was wrong), kInvalidArgument when the path is
// the problem (not a folder, not writable, a symlink loop).
#pragma once

#include <filesystem>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace zoo {

absl::Status WriteFileAtomically(const std::filesystem::path& path, std::string_view content);

// "PATH: <doing> (<strerror(err)>)", coded as above.
absl::Status FileError(const std::filesystem::path& path, std::string_view doing, int err);

// Whether files can be made in `dir`, found by making (and removing) a probe folder in `dir`,
// or, when `dir` does not exist yet, in its nearest existing ancestor, as writing there would
// (permission bits say nothing for root, a read-only mount or /proc). OK, or a FileError.
absl::Status ProbeWritableFolder(const std::filesystem::path& dir);

// A new empty folder to write what belongs in `dest` into, on the same file system so that
// PublishFolder only renames: a hidden sibling of `dest` (".<name>.tmp-<pid>-<n>") when `dest`
// does not exist yet, else a hidden folder inside it (a mount point's parent is another file
// system). kInvalidArgument when `dest` exists but is not a folder.
absl::StatusOr<std::filesystem::path> MakeStagingFolder(const std::filesystem::path& dest);

// Moves everything in `staged` (from MakeStagingFolder(dest)) into `dest`, then removes
// `staged`. When `dest` does not exist, `staged` is renamed to it in one step; otherwise each
// file is renamed over its namesake, so files of `dest` that `staged` does not hold stay (a
// user's --out folder may hold other things).
absl::Status PublishFolder(const std::filesystem::path& staged, const std::filesystem::path& dest);

}  // namespace zoo
