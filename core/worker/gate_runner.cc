#include "core/worker/gate_runner.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/sysinfo.h"
#include "core/measure/alloc_counting.h"
#include "core/worker/worker_client.h"
#include "core/worker/worker_protocol.h"

namespace zoo {

namespace {

// The allocation counter preloaded into the gate's process, so a PASS says how much the
// adapter allocates per task; nothing when this build cannot count or the library is missing.
std::vector<std::string> AllocCounterEnv(const std::filesystem::path& zoo_host) {
  if (!AllocCountingUnsupportedReason().empty()) return {};
  std::error_code ec;
  const std::filesystem::path library = AllocCounterLibrary(zoo_host);
  if (!std::filesystem::exists(library, ec)) return {};
  return {absl::StrCat("LD_PRELOAD=", library.string())};
}

}  // namespace

GateVerdict RunGateInChild(const std::filesystem::path& zoo_host,
                           const std::filesystem::path& plugin, const GateRunOptions& options) {
  WorkerCall call{
      .zoo_host = zoo_host,
      .mode = "gate",
      .flags = {{"tasks", absl::StrCat(options.gate.tasks_per_phase)},
                {"large-batch", absl::StrCat(options.gate.large_batch)},
                {"concurrency", absl::StrJoin(options.gate.concurrencies, ",")},
                {"body-ns", absl::StrCat(options.gate.body_ns)},
                {"logical-cores", absl::StrCat(options.gate.logical_cores > 0
                                                   ? options.gate.logical_cores
                                                   : std::max(1u, LogicalCores()))}},
      .file = plugin.string(),
      .timeout = options.timeout,
      .extra_env = AllocCounterEnv(zoo_host),
  };
  if (!options.gate.setup_options.empty()) {
    call.flags.push_back({"options", options.gate.setup_options});
  }
  const WorkerReply reply = RunWorker(call);
  GateVerdict verdict;
  if (!reply.status.ok()) {
    verdict.reason = std::string(reply.status.message());
    return verdict;
  }
  absl::StatusOr<GateReport> gate = GateReportFromJson(reply.answer);
  if (!gate.ok()) {
    verdict.reason = std::string(gate.status().message());
    return verdict;
  }
  verdict.passed = gate->passed;
  verdict.reason = gate->reason;
  verdict.report = *std::move(gate);
  return verdict;
}

std::vector<GateVerdict> RunGatesInChildren(const std::filesystem::path& zoo_host,
                                            const std::vector<std::filesystem::path>& plugins,
                                            const GateRunOptions& options, unsigned parallel) {
  std::vector<GateVerdict> verdicts(plugins.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < plugins.size(); i = next++) {
      verdicts[i] = RunGateInChild(zoo_host, plugins[i], options);
    }
  };
  const size_t threads = std::clamp<size_t>(parallel, 1, std::max<size_t>(1, plugins.size()));
  std::vector<std::jthread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  return verdicts;  // the jthreads join first
}

}  // namespace zoo
