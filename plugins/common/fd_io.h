// Blocking file-descriptor I/O for adapters that ship task ids and outcome records through
// pipes (process_pool, and the fork_executor test plugin). Header-only and internal to this
// repository's plugins: it is not part of the SDK. Every function is async-signal-safe except
// ErrnoText, so the read and write helpers may run in a process forked from a threaded host.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <string>
#include <system_error>

namespace zoo::plugin_io {

enum class ReadResult { kOk, kEof, kError };

// Reads exactly `size` bytes, through EINTR and short reads. kEof only when the file ended
// before the first byte; an end in the middle of a record is an error.
inline ReadResult ReadFully(int fd, void* data, std::size_t size) {
  auto* bytes = static_cast<unsigned char*>(data);
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::read(fd, bytes + done, size - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
    } else if (n == 0) {
      return done == 0 ? ReadResult::kEof : ReadResult::kError;
    } else if (errno != EINTR) {
      return ReadResult::kError;
    }
  }
  return ReadResult::kOk;
}

// Writes exactly `size` bytes to a blocking descriptor, through EINTR and short writes.
inline bool WriteFully(int fd, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(fd, bytes + done, size - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
    } else if (n < 0 && errno != EINTR) {
      return false;
    }
  }
  return true;
}

inline void CloseFd(int& fd) noexcept {
  if (fd >= 0) {
    ::close(fd);  // not retried on EINTR: on Linux the descriptor is gone either way
    fd = -1;
  }
}

inline std::string ErrnoText(int error) { return std::generic_category().message(error); }

}  // namespace zoo::plugin_io
