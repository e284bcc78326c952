// FNV-1a, 64 bits: the fixed, portable mix behind the workloads' checksums and the seeds and
// ids drawn from names. Not for security: for results any reader can recompute.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace zoo::fnv {

inline constexpr uint64_t kOffset = 0xcbf29ce484222325ull;
inline constexpr uint64_t kPrime = 0x100000001b3ull;

// Folds `size` bytes into `h`, one byte at a time.
inline uint64_t Bytes(uint64_t h, const char* data, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    h ^= static_cast<unsigned char>(data[i]);
    h *= kPrime;
  }
  return h;
}

inline uint64_t Text(std::string_view s) { return Bytes(kOffset, s.data(), s.size()); }

}  // namespace zoo::fnv
