// The field's own loop over an adapter .so: one clock read before N rounds and one after.
//
//   plain_driver PATH [--concurrency C] [--rounds N] [--repeats R] [--warmup W]
//                [--host zoo|bare]
//
// Sets the adapter up once at concurrency C, runs W rounds untimed, then R repeats of N rounds,
// each timed as a whole, and prints every repeat's ns per task and their median. --host zoo
// (the default) runs the tasks on zoo-host's own host (ZooHost, peer_host.h), so that against
// zoo-host only the loop and its clock reads differ; the clock stops for each lap end (every
// 65536 tasks: two more reads). --host bare runs them on the least host (PeerHost): against
// --host zoo, that shows what zoo-host's host bookkeeping costs.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "bench/peer_host.h"

namespace {

constexpr const char* kProgram = "plain_driver";

[[noreturn]] void Usage(const std::string& why) {
  std::fprintf(stderr,
               "%s: %s\nusage: %s PATH [--concurrency C] [--rounds N] [--repeats R] "
               "[--warmup W] [--host zoo|bare]\n",
               kProgram, why.c_str(), kProgram);
  std::exit(2);
}

uint64_t PositiveOrExit(std::string_view flag, std::string_view text) {
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value == 0) {
    Usage(std::string(flag) + " takes a whole number of at least 1, not \"" +
          std::string(text) + "\"");
  }
  return value;
}

int64_t MonotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

template <class Host>
Host MakeHost(uint32_t concurrency) {
  if constexpr (std::is_same_v<Host, zoo_peer::ZooHost>) {
    return zoo_peer::ZooHost(kProgram, concurrency);
  } else {
    return zoo_peer::PeerHost(concurrency);
  }
}

// The run: setup, W untimed rounds, R timed repeats of N rounds, the check, the summary.
template <class Host>
int Drive(const zoo_peer::Plugin& plugin, const std::string& path, uint64_t concurrency,
          uint64_t rounds, uint64_t repeats, uint64_t warmup) {
  constexpr bool kLaps = std::is_same_v<Host, zoo_peer::ZooHost>;
  const zoo_adapter_entry_t& entry = plugin.entry();
  Host host = MakeHost<Host>(static_cast<uint32_t>(concurrency));
  zoo_peer::Instance instance(plugin, host.table(), static_cast<uint32_t>(concurrency));
  if (instance.state() == nullptr) {
    std::fprintf(stderr, "%s: %s: %s\n", kProgram, plugin.name(), instance.error().c_str());
    return 1;
  }
  zoo_adapter_state_t* const state = instance.state();
  auto fail = [&](uint64_t round) {
    std::fprintf(stderr, "%s: %s: a call failed in round %llu: %s\n", kProgram, plugin.name(),
                 static_cast<unsigned long long>(round), instance.AdapterError().c_str());
    return 1;
  };
  auto broke = [&](const std::string& broken) {
    std::fprintf(stderr, "%s: %s broke the ABI's promise: %s\n", kProgram, plugin.name(),
                 broken.c_str());
    return 1;
  };

  for (uint64_t k = 0; k < warmup; ++k) {
    if (!zoo_peer::RunRound(entry, state, host)) return fail(k);
    if constexpr (kLaps) {
      if (host.lap_done()) {
        if (const std::string broken = host.EndLap(); !broken.empty()) return broke(broken);
      }
    }
  }
  std::printf("%s: %s (%s), host %s, concurrency %llu, %llu repeats of %llu rounds after %llu "
              "warm-up\n",
              kProgram, plugin.name(), path.c_str(), Host::kMode,
              static_cast<unsigned long long>(concurrency),
              static_cast<unsigned long long>(repeats), static_cast<unsigned long long>(rounds),
              static_cast<unsigned long long>(warmup));
  std::vector<double> per_task;
  per_task.reserve(repeats);
  for (uint64_t r = 0; r < repeats; ++r) {
    int64_t elapsed = 0;
    // ---- timed: N rounds, nothing else (zoo: the clock stops for each lap end) ----
    int64_t start = MonotonicNs();
    for (uint64_t k = 0; k < rounds; ++k) {
      if (!zoo_peer::RunRound(entry, state, host)) [[unlikely]] {
        return fail(warmup + r * rounds + k);
      }
      if constexpr (kLaps) {
        if (host.lap_done()) [[unlikely]] {
          elapsed += MonotonicNs() - start;
          if (const std::string broken = host.EndLap(); !broken.empty()) return broke(broken);
          start = MonotonicNs();
        }
      }
    }
    elapsed += MonotonicNs() - start;
    // ----
    const double ns = static_cast<double>(elapsed) / static_cast<double>(rounds * concurrency);
    per_task.push_back(ns);
    std::printf("repeat %llu: %.2f ns per task (%lld ns for %llu tasks)\n",
                static_cast<unsigned long long>(r + 1), ns, static_cast<long long>(elapsed),
                static_cast<unsigned long long>(rounds * concurrency));
  }
  if (const std::string broken = host.Check(warmup + repeats * rounds); !broken.empty()) {
    return broke(broken);
  }
  std::vector<double> sorted = per_task;
  std::sort(sorted.begin(), sorted.end());
  const size_t n = sorted.size();
  const double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  std::printf("median: %.2f ns per task over %llu repeats (min %.2f, max %.2f); checksum %llu\n",
              median, static_cast<unsigned long long>(n), sorted.front(), sorted.back(),
              static_cast<unsigned long long>(host.checksum()));
  return 0;
}
}  // namespace

int main(int argc, char** argv) {
  std::string path;
  uint64_t concurrency = 1, rounds = 100'000, repeats = 5, warmup = 1'000;
  std::string host = zoo_peer::ZooHost::kMode;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    bool known = false;
    for (auto [flag, target] : {std::pair{"--concurrency", &concurrency},
                                std::pair{"--rounds", &rounds}, std::pair{"--repeats", &repeats},
                                std::pair{"--warmup", &warmup}}) {
      const std::string_view f = flag;
      if (arg == f) {
        if (i + 1 >= argc) Usage(std::string(f) + " needs a value");
        *target = PositiveOrExit(f, argv[++i]);
        known = true;
      } else if (arg.starts_with(f) && arg.size() > f.size() && arg[f.size()] == '=') {
        *target = PositiveOrExit(f, arg.substr(f.size() + 1));
        known = true;
      }
    }
    if (known) continue;
    if (arg == "--host" || arg.starts_with("--host=")) {
      if (arg == "--host") {
        if (i + 1 >= argc) Usage("--host needs a value");
        host = argv[++i];
      } else {
        host = arg.substr(std::string_view("--host=").size());
      }
      if (host != zoo_peer::ZooHost::kMode && host != zoo_peer::PeerHost::kMode) {
        Usage("--host takes zoo or bare, not \"" + host + "\"");
      }
      continue;
    }
    if (arg.starts_with("-")) Usage("unknown option " + std::string(arg));
    if (!path.empty()) Usage("one adapter path only");
    path = arg;
  }
  if (path.empty()) Usage("which adapter .so?");
  if (concurrency > 1'048'576) Usage("--concurrency is at most 1048576 (the ABI's max_batch)");

  const zoo::CpuIdleHold idle = zoo_peer::HoldIdleAsZooHostRunDoes(kProgram);
  const auto plugin = zoo_peer::Plugin::OpenOrExit(kProgram, path);
  return host == zoo_peer::ZooHost::kMode
             ? Drive<zoo_peer::ZooHost>(plugin, path, concurrency, rounds, repeats, warmup)
             : Drive<zoo_peer::PeerHost>(plugin, path, concurrency, rounds, repeats, warmup);
}
