#include "core/measure/alloc_counting.h"

#include <dlfcn.h>

#include <string_view>
#include <system_error>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/base/build_config.h"
#include "core/base/build_tree.h"
#include "core/measure/alloc_counter/alloc_counter_api.h"

namespace zoo {

std::string AllocCountingUnsupportedReason() {
  const absl::string_view sanitize = ZOO_BUILD_SANITIZE;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  constexpr bool kCompiledSanitized = true;
#else
  constexpr bool kCompiledSanitized = false;
#endif
  if (kCompiledSanitized || absl::StrContains(sanitize, "address") ||
      absl::StrContains(sanitize, "thread") || absl::StrContains(sanitize, "memory")) {
    return absl::StrCat("this zoo-host is built with a sanitizer (", sanitize,
                        ") whose runtime replaces malloc, so the allocation counter cannot be "
                        "preloaded beside it");
  }
  return "";
}

std::filesystem::path AllocCounterLibrary(const std::filesystem::path& executable) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe_dir = fs::weakly_canonical(executable, ec).parent_path();
  if (!ec && exe_dir == fs::weakly_canonical(build_tree::kToolsDir, ec)) {
    return build_tree::kAllocCounter;
  }
  if (std::string_view(ZOO_ALLOC_COUNTER_FROM_BINDIR).empty()) return ZOO_INSTALLED_ALLOC_COUNTER;
  return (exe_dir / ZOO_ALLOC_COUNTER_FROM_BINDIR).lexically_normal();
}

AllocCounter::AllocCounter() {
  missing_reason_ = AllocCountingUnsupportedReason();
  if (!missing_reason_.empty()) return;
  auto start = reinterpret_cast<zoo_alloc_counter_start_fn>(
      dlsym(RTLD_DEFAULT, ZOO_ALLOC_COUNTER_START));
  auto stop =
      reinterpret_cast<zoo_alloc_counter_stop_fn>(dlsym(RTLD_DEFAULT, ZOO_ALLOC_COUNTER_STOP));
  if (start == nullptr || stop == nullptr) {
    missing_reason_ = "the allocation counter library (libzoo_alloc_counter.so) was not "
                      "preloaded into the unit's process: " ZOO_ALLOC_COUNTER_START
                      " is not defined";
    return;
  }
  start_ = start;
  stop_ = stop;
}

void AllocCounter::Stop(Count* calls, Count* bytes) const {
  if (stop_ == nullptr) {
    *calls = Count{.available = false, .total = 0, .unavailable_code = "not_supported",
                   .unavailable_reason = missing_reason_};
    *bytes = *calls;
    return;
  }
  uint64_t c = 0, b = 0;
  stop_(&c, &b);
  *calls = Count{.available = true, .total = c, .unavailable_code = "", .unavailable_reason = ""};
  *bytes = Count{.available = true, .total = b, .unavailable_code = "", .unavailable_reason = ""};
}

}  // namespace zoo
