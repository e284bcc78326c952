// The same rounds as zoo-host's, driven through the C ABI by Google Benchmark's own loop.
//
//   abi_peer_gbench PATH... [--concurrency=1,2] [--host=zoo|bare] [--benchmark_...]
//
// One benchmark per adapter .so and concurrency; one iteration is one round (submit c tasks,
// then drain()), timed in real time. `per_task` is seconds per task (the round's time / c).
// --host zoo (the default) runs the tasks on zoo-host's own host (ZooHost, peer_host.h), so
// that against zoo-host only the loop and its clock reads differ; its lap ends (every 65536
// tasks) are checked with the timing paused. --host bare runs them on the least host
// (PeerHost): against --host zoo, that shows what zoo-host's host bookkeeping costs.
#include <benchmark/benchmark.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "bench/peer_host.h"

namespace {

constexpr const char* kProgram = "abi_peer_gbench";

[[noreturn]] void Usage(const std::string& why) {
  std::fprintf(stderr,
               "%s: %s\nusage: %s PATH... [--concurrency=C[,C...]] [--host=zoo|bare] "
               "[--benchmark_...]\n",
               kProgram, why.c_str(), kProgram);
  std::exit(2);
}

enum class HostMode { kZoo, kBare };

HostMode ParseHost(std::string_view name) {
  if (name == zoo_peer::ZooHost::kMode) return HostMode::kZoo;
  if (name == zoo_peer::PeerHost::kMode) return HostMode::kBare;
  Usage("--host takes zoo or bare, not \"" + std::string(name) + "\"");
}

template <class Host>
Host MakeHost(uint32_t concurrency) {
  if constexpr (std::is_same_v<Host, zoo_peer::ZooHost>) {
    return zoo_peer::ZooHost(kProgram, concurrency);
  } else {
    return zoo_peer::PeerHost(concurrency);
  }
}

std::vector<int64_t> ParseConcurrencies(std::string_view list) {
  std::vector<int64_t> out;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    const std::string_view item = list.substr(0, comma);
    int64_t value = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (ec != std::errc() || end != item.data() + item.size() || value < 1 || value > 1'048'576) {
      Usage("--concurrency takes whole numbers from 1 to 1048576, not \"" + std::string(item) +
            "\"");
    }
    out.push_back(value);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
  }
  if (out.empty()) Usage("--concurrency needs at least one value");
  return out;
}

// Set when any benchmark stopped on an error, so that the exit status says so.
bool g_failed = false;

void Fail(benchmark::State& state, const std::string& why) {
  g_failed = true;
  state.SkipWithError(why.c_str());
}

template <class Host>
void Rounds(benchmark::State& state, const zoo_peer::Plugin& plugin) {
  const auto c = static_cast<uint32_t>(state.range(0));
  Host host = MakeHost<Host>(c);
  zoo_peer::Instance instance(plugin, host.table(), c);
  if (instance.state() == nullptr) return Fail(state, instance.error());
  const zoo_adapter_entry_t& entry = plugin.entry();
  zoo_adapter_state_t* const s = instance.state();
  for (auto _ : state) {
    if (!zoo_peer::RunRound(entry, s, host)) [[unlikely]] {
      return Fail(state, "a call failed: " + instance.AdapterError());
    }
    if constexpr (std::is_same_v<Host, zoo_peer::ZooHost>) {
      if (host.lap_done()) [[unlikely]] {
        state.PauseTiming();
        const std::string broken = host.EndLap();
        state.ResumeTiming();
        if (!broken.empty()) return Fail(state, "the adapter broke the ABI's promise: " + broken);
      }
    }
  }
  const auto rounds = static_cast<uint64_t>(state.iterations());
  const std::string broken = host.Check(rounds);
  if (!broken.empty()) return Fail(state, "the adapter broke the ABI's promise: " + broken);
  benchmark::DoNotOptimize(host.checksum());
  state.SetItemsProcessed(static_cast<int64_t>(rounds) * c);
  state.counters["per_task"] = benchmark::Counter(
      static_cast<double>(c), benchmark::Counter::kIsIterationInvariantRate |
                                  benchmark::Counter::kInvert);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);  // takes out the --benchmark_ flags
  std::vector<std::string> paths;
  std::vector<int64_t> concurrencies = {1, 2};
  HostMode host = HostMode::kZoo;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--concurrency") {
      if (i + 1 >= argc) Usage("--concurrency needs a value");
      concurrencies = ParseConcurrencies(argv[++i]);
    } else if (arg.starts_with("--concurrency=")) {
      concurrencies = ParseConcurrencies(arg.substr(std::string_view("--concurrency=").size()));
    } else if (arg == "--host") {
      if (i + 1 >= argc) Usage("--host needs a value");
      host = ParseHost(argv[++i]);
    } else if (arg.starts_with("--host=")) {
      host = ParseHost(arg.substr(std::string_view("--host=").size()));
    } else if (arg.starts_with("-")) {
      Usage("unknown option " + std::string(arg));
    } else {
      paths.emplace_back(arg);
    }
  }
  if (paths.empty()) Usage("which adapter .so?");
  const zoo::CpuIdleHold idle = zoo_peer::HoldIdleAsZooHostRunDoes(kProgram);

  // Every plugin is loaded (or the program stops) before any benchmark runs; they stay loaded
  // until the last one has.
  const char* const mode =
      host == HostMode::kZoo ? zoo_peer::ZooHost::kMode : zoo_peer::PeerHost::kMode;
  benchmark::AddCustomContext("host", mode);
  std::vector<zoo_peer::Plugin> plugins;
  plugins.reserve(paths.size());
  for (const std::string& path : paths) {
    plugins.push_back(zoo_peer::Plugin::OpenOrExit(kProgram, path));
    benchmark::AddCustomContext(std::string("adapter ") + plugins.back().name(), path);
  }
  for (const zoo_peer::Plugin& plugin : plugins) {
    auto* b = benchmark::RegisterBenchmark(
        (std::string("abi_peer_") + mode + "/" + plugin.name()).c_str(),
        [&plugin, host](benchmark::State& state) {
          if (host == HostMode::kZoo) {
            Rounds<zoo_peer::ZooHost>(state, plugin);
          } else {
            Rounds<zoo_peer::PeerHost>(state, plugin);
          }
        });
    b->ArgName("concurrency")->UseRealTime();
    for (int64_t c : concurrencies) b->Arg(c);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return g_failed ? 1 : 0;
}
