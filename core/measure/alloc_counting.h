// Allocation counting for cost units, both sides of it. The host finds the preload library
// (core/alloc_counter/) and says whether this build can use it at all; the worker, in the
// unit's process, attaches to the counter the library exports, if it was preloaded.
#pragma once

#include <filesystem>
#include <string>

#include "core/measure/unit.h"

namespace zoo {

// Why this build cannot count allocations ("" when it can): a sanitizer's runtime replaces
// the allocator itself, so a second interposer would conflict with it.
std::string AllocCountingUnsupportedReason();

// The preload library for a zoo-host at `executable`: the build tree's when it runs from the
// build tree, else the installed one. The path may not exist (the caller checks).
std::filesystem::path AllocCounterLibrary(const std::filesystem::path& executable);

// The counter in this process, or why there is none. Start() and Stop() neither allocate nor
// lock: they are two calls into the preloaded library.
class AllocCounter {
 public:
  AllocCounter();  // looks the library's functions up (dlsym)
  bool available() const { return start_ != nullptr; }
  void Start() const {
    if (start_ != nullptr) start_();
  }
  // Stops counting; the calls and bytes since Start(), or "not_supported" with the reason.
  void Stop(Count* calls, Count* bytes) const;

 private:
  void (*start_)() = nullptr;
  void (*stop_)(uint64_t*, uint64_t*) = nullptr;
  std::string missing_reason_;
};

}  // namespace zoo
