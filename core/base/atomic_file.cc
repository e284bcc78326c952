#include "core/base/atomic_file.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <system_error>

#include "absl/strings/str_cat.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;

// What the machine refuses, as opposed to a path that cannot be used.
bool IsMachineFailure(int err) {
  switch (err) {
    case ENOSPC:
    case EDQUOT:
    case EFBIG:
    case EIO:
    case ENOMEM:
    case EMFILE:
    case ENFILE:
      return true;
    default:
      return false;
  }
}

absl::Status CreateFolder(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return FileError(dir, "cannot create the folder", ec.value());
  return absl::OkStatus();
}

// Writes all of `content` to `fd`: 0, or the errno of the write that failed.
int WriteAll(int fd, std::string_view content) {
  while (!content.empty()) {
    const ssize_t n = write(fd, content.data(), content.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    content.remove_prefix(static_cast<size_t>(n));
  }
  return 0;
}

// `base` + "<pid>-<n>" made with mkdir (so the folder gets the umask's mode, as any folder
// the user makes; mkdtemp's is 0700): the path, or the errno.
int MakeUniqueFolder(const std::string& base, fs::path* made) {
  static std::atomic<uint64_t> counter{
      static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count())};
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::string name = absl::StrCat(base, getpid(), "-", counter.fetch_add(1) % 1000000);
    if (mkdir(name.c_str(), 0777) == 0) {
      *made = name;
      return 0;
    }
    if (errno != EEXIST) return errno;
  }
  return EEXIST;
}

}  // namespace

absl::Status FileError(const fs::path& path, std::string_view doing, int err) {
  const std::string message =
      absl::StrCat(path.string(), ": ", absl::string_view(doing.data(), doing.size()), " (",
                   std::strerror(err), ")");
  return IsMachineFailure(err) ? absl::UnavailableError(message)
                               : absl::InvalidArgumentError(message);
}

absl::Status WriteFileAtomically(const fs::path& path, std::string_view content) {
  if (path.has_parent_path()) {
    if (absl::Status s = CreateFolder(path.parent_path()); !s.ok()) return s;
  }
  const fs::path tmp = path.string() + ".tmp-" + std::to_string(getpid());
  const int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return FileError(path, "cannot be written", errno);
  // No fsync: a run saves its archive after every unit, and what a crash of the machine could
  // lose is the last save, not a half file (the rename is what a reader sees).
  int err = WriteAll(fd, content);
  if (close(fd) != 0 && err == 0) err = errno;
  if (err != 0) {
    unlink(tmp.c_str());
    return FileError(path, "cannot be written", err);
  }
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    err = errno;
    unlink(tmp.c_str());
    return FileError(path, "cannot be replaced", err);
  }
  return absl::OkStatus();
}

absl::Status ProbeWritableFolder(const fs::path& dir) {
  if (dir.empty()) return absl::InvalidArgumentError("an empty path is not a folder");
  std::error_code ec;
  const fs::path wanted = fs::absolute(dir, ec);
  if (ec) return FileError(dir, "cannot be used", ec.value());
  fs::path at = wanted;
  fs::file_status st;
  for (;;) {
    st = fs::status(at, ec);
    if (ec && st.type() != fs::file_type::not_found) {
      return FileError(at, "cannot be used", ec.value());  // a symlink loop, a denied search
    }
    if (st.type() != fs::file_type::not_found || at == at.root_path()) break;
    at = at.parent_path();
  }
  const bool itself = at == wanted;  // else the nearest ancestor that exists
  if (!fs::is_directory(st)) {
    return absl::InvalidArgumentError(
        itself ? absl::StrCat(dir.string(), ": not a folder")
               : absl::StrCat(dir.string(), ": cannot be created: ", at.string(),
                              " is not a folder"));
  }
  std::string probe = (at / ".zoo-host-probe-XXXXXX").string();
  if (mkdtemp(probe.data()) == nullptr) {
    return itself ? FileError(dir, "cannot be written", errno)
                  : FileError(dir, absl::StrCat("cannot be created in ", at.string()), errno);
  }
  rmdir(probe.c_str());
  return absl::OkStatus();
}

absl::StatusOr<fs::path> MakeStagingFolder(const fs::path& dest) {
  std::error_code ec;
  fs::path target = fs::absolute(dest, ec).lexically_normal();
  if (ec) return FileError(dest, "cannot be used", ec.value());
  if (!target.has_filename()) target = target.parent_path();
  fs::path made;
  const fs::file_status st = fs::status(target, ec);
  if (st.type() != fs::file_type::not_found && !fs::is_directory(st)) {
    return ec ? FileError(target, "cannot be used", ec.value())
              : absl::InvalidArgumentError(absl::StrCat(target.string(), ": not a folder"));
  }
  if (fs::is_directory(st)) {
    // Inside an existing folder: on its file system whatever its parent's is (a mount point).
    if (const int err = MakeUniqueFolder((target / ".zoo-host-staging-").string(), &made);
        err != 0) {
      return FileError(target, "cannot be written", err);
    }
    return made;
  }
  if (absl::Status s = CreateFolder(target.parent_path()); !s.ok()) return s;
  // Beside it, named after it (a long name cut short of NAME_MAX).
  const std::string name = target.filename().string().substr(0, 200);
  if (const int err =
          MakeUniqueFolder((target.parent_path() / absl::StrCat(".", name, ".tmp-")).string(),
                           &made);
      err != 0) {
    return FileError(target.parent_path(), "cannot be written", err);
  }
  return made;
}

absl::Status PublishFolder(const fs::path& staged, const fs::path& dest) {
  std::error_code ec;
  auto fail = [&](const fs::path& path, std::string_view doing, int err) {
    fs::remove_all(staged, ec);
    return FileError(path, doing, err);
  };
  const fs::file_status st = fs::status(dest, ec);
  if (st.type() == fs::file_type::not_found) {
    if (rename(staged.c_str(), dest.c_str()) != 0) {
      return fail(dest, "cannot be moved into place", errno);
    }
    return absl::OkStatus();
  }
  if (!fs::is_directory(st)) return fail(dest, "cannot be replaced by a folder", ENOTDIR);
  for (fs::recursive_directory_iterator it(staged, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path target = dest / it->path().lexically_relative(staged);
    if (it->is_directory(ec)) {
      fs::create_directories(target, ec);
      if (ec) return fail(target, "cannot create the folder", ec.value());
    } else if (rename(it->path().c_str(), target.c_str()) != 0) {
      return fail(target, "cannot be replaced", errno);
    }
  }
  if (ec) return fail(staged, "cannot be read", ec.value());
  fs::remove_all(staged, ec);
  return absl::OkStatus();
}

}  // namespace zoo
