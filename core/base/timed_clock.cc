#include "core/base/timed_clock.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace zoo {
namespace {

std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

bool HasFlag(std::string_view flags, std::string_view flag) {
  const absl::string_view text(flags.data(), flags.size());
  for (absl::string_view f : absl::StrSplit(text, absl::ByAnyChar(" \t\n"), absl::SkipEmpty())) {
    if (std::string_view(f.data(), f.size()) == flag) return true;
  }
  return false;
}

#if defined(__x86_64__)
// A TSC reading and the CLOCK_MONOTONIC time it stands for: the tightest of a few brackets.
struct Pair {
  uint64_t ticks = 0;
  int64_t ns = 0;
};
Pair ReadPair() {
  Pair best;
  int64_t tightest = INT64_MAX;
  for (int i = 0; i < 7; ++i) {
    unsigned aux;
    const int64_t before = MonotonicNs();
    const uint64_t ticks = __rdtscp(&aux);
    const int64_t after = MonotonicNs();
    if (after - before < tightest) {
      tightest = after - before;
      best = {ticks, before + (after - before) / 2};
    }
  }
  return best;
}
Pair calibration_start;
#endif

constexpr int64_t kCalibrationNs = 2'000'000;

}  // namespace

const char* ClockKindName(ClockKind kind) {
  return kind == ClockKind::kTsc ? "tsc" : "monotonic";
}

const char* ClockChoiceName(ClockChoice choice) {
  switch (choice) {
    case ClockChoice::kAuto: return "auto";
    case ClockChoice::kTsc: return "tsc";
    case ClockChoice::kMonotonic: return "monotonic";
  }
  return "?";
}

std::string TscUnusableReason(std::string_view clocksource, std::string_view cpu_flags,
                              bool x86_64) {
  if (!x86_64) return "the TSC clock is built for x86-64 only";
  const absl::string_view source =
      absl::StripAsciiWhitespace(absl::string_view(clocksource.data(), clocksource.size()));
  if (source != "tsc") {
    return absl::StrCat("the kernel's clock source is '", source.empty() ? "unknown" : source,
                        "', not 'tsc'");
  }
  for (const char* flag : {"constant_tsc", "nonstop_tsc"}) {
    if (!HasFlag(cpu_flags, flag)) {
      return absl::StrCat("the CPU does not report ", flag, " (the TSC may not be invariant)");
    }
  }
  return "";
}

std::string TscUnusableReasonHere(const std::filesystem::path& root) {
  std::string flags;
  std::istringstream cpuinfo(ReadText(root / "proc/cpuinfo"));
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("flags", 0) == 0) {
      flags = line.substr(line.find(':') == std::string::npos ? 0 : line.find(':') + 1);
      break;
    }
  }
  // Tests stand in a CPU without the invariant-TSC flags here, as no test machine lacks them,
  // and a kernel clock source, as virtual machines differ in it from boot to boot.
  if (const char* forced = std::getenv("ZOO_TEST_CPU_FLAGS"); forced != nullptr) flags = forced;
  std::string clocksource =
      ReadText(root / "sys/devices/system/clocksource/clocksource0/current_clocksource");
  if (const char* forced = std::getenv("ZOO_TEST_CLOCKSOURCE"); forced != nullptr) {
    clocksource = forced;
  }
#if defined(__x86_64__)
  constexpr bool kX86 = true;
#else
  constexpr bool kX86 = false;
#endif
  return TscUnusableReason(clocksource, flags, kX86);
}

ClockDecision DecideClock(ClockChoice choice, const std::string& tsc_unusable_reason) {
  if (choice == ClockChoice::kMonotonic) return {};
  if (tsc_unusable_reason.empty()) return {.kind = ClockKind::kTsc, .fallback_reason = ""};
  return {.kind = ClockKind::kMonotonic, .fallback_reason = tsc_unusable_reason};
}

int64_t AllowedDriftNs(int64_t span_ns) {
  return std::max<int64_t>(1000, static_cast<int64_t>(static_cast<double>(span_ns) * 100e-6));
}

void StartTimedClock(ClockKind kind) {
  timed_clock_internal::fit = {};
#if defined(__x86_64__)
  if (kind != ClockKind::kTsc) return;
  const Pair first = ReadPair();
  while (MonotonicNs() - first.ns < kCalibrationNs) {
  }
  const Pair second = ReadPair();
  if (second.ticks <= first.ticks || second.ns <= first.ns) return;  // stays monotonic
  const double ns_per_tick = static_cast<double>(second.ns - first.ns) /
                             static_cast<double>(second.ticks - first.ticks);
  calibration_start = first;
  timed_clock_internal::fit = {.on = true,
                               .tick0 = second.ticks,
                               .ns0 = second.ns,
                               .mult = static_cast<uint64_t>(std::llround(ns_per_tick * 4294967296.0))};
#else
  (void)kind;
#endif
}

ClockRecord FinishTimedClock() {
  ClockRecord r;
  constexpr int kReads = 256;
  const int64_t begin = TimedNowNs();
  int64_t last = begin;
  for (int i = 0; i < kReads; ++i) last = TimedNowNs();
  r.read_cost_ns = static_cast<double>(last - begin) / kReads;
#if defined(__x86_64__)
  const timed_clock_internal::TscFit& f = timed_clock_internal::fit;
  if (!f.on) return r;
  r.kind = ClockKind::kTsc;
  r.ticks_per_ns = 4294967296.0 / static_cast<double>(f.mult);
  const Pair end = ReadPair();
  const int64_t fitted = f.ns0 + timed_clock_internal::ScaledTicks(end.ticks - f.tick0, f.mult);
  r.checked_over_ns = end.ns - calibration_start.ns;
  r.drift_ns = fitted - end.ns;
#endif
  return r;
}

}  // namespace zoo
