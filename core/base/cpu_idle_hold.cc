#include "core/base/cpu_idle_hold.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace zoo {

CpuIdleHold CpuIdleHold::Acquire(const std::filesystem::path& device) {
  const int fd = open(device.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return CpuIdleHold(true, -1, absl::StrCat(device.string(), ": ", strerror(errno)));
  // The device takes the latency as a raw 32-bit integer (a decimal string works as well).
  const int32_t latency_us = 0;
  if (write(fd, &latency_us, sizeof latency_us) != static_cast<ssize_t>(sizeof latency_us)) {
    const int err = errno;
    close(fd);
    return CpuIdleHold(true, -1, absl::StrCat(device.string(), ": ", strerror(err)));
  }
  return CpuIdleHold(true, fd, "");
}

CpuIdleHold CpuIdleHold::NotRequested() { return CpuIdleHold(false, -1, "not requested"); }

CpuIdleHold::CpuIdleHold(CpuIdleHold&& other) noexcept
    : requested_(other.requested_), fd_(std::exchange(other.fd_, -1)), why_(std::move(other.why_)) {}

CpuIdleHold& CpuIdleHold::operator=(CpuIdleHold&& other) noexcept {
  if (this != &other) {
    Release();
    requested_ = other.requested_;
    fd_ = std::exchange(other.fd_, -1);
    why_ = std::move(other.why_);
  }
  return *this;
}

CpuIdleHold::~CpuIdleHold() { Release(); }

// Closing the file is what withdraws the request.
void CpuIdleHold::Release() {
  if (fd_ >= 0) close(std::exchange(fd_, -1));
}

}  // namespace zoo
