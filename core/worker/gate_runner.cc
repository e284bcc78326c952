#include "core/worker/gate_runner.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/worker/child_process.h"
#include "core/worker/worker_protocol.h"

namespace zoo {

GateVerdict RunGateInChild(const std::filesystem::path& zoo_host,
                           const std::filesystem::path& plugin, const GateRunOptions& options) {
  ChildOptions child_options{
      .argv = {zoo_host.string(), "__worker", "gate",
               absl::StrCat("--report-fd=", kChildReportFd),
               absl::StrCat("--tasks=", options.gate.tasks_per_phase),
               absl::StrCat("--large-batch=", options.gate.large_batch),
               absl::StrCat("--concurrency=", absl::StrJoin(options.gate.concurrencies, ",")),
               absl::StrCat("--body-ns=", options.gate.body_ns), plugin.string()},
      .timeout = options.timeout,
  };
  GateVerdict verdict;
  absl::StatusOr<ChildResult> child = RunChild(child_options);
  if (!child.ok()) {
    verdict.reason = std::string(child.status().message());
    return verdict;
  }
  ParsedReport report = ParseReport(child->report);
  if (report.result_json && child->exited && child->exit_code == 0) {
    absl::StatusOr<GateReport> gate = GateReportFromJson(*report.result_json);
    if (!gate.ok()) {
      verdict.reason = std::string(gate.status().message());
      return verdict;
    }
    verdict.passed = gate->passed;
    verdict.reason = gate->reason;
    verdict.report = *std::move(gate);
    return verdict;
  }
  verdict.reason = DescribeEnd(*child);
  if (!report.last_step.empty()) absl::StrAppend(&verdict.reason, " during ", report.last_step);
  if (std::string last = LastOutputLine(*child); !last.empty()) {
    absl::StrAppend(&verdict.reason, " (last output: ", last, ")");
  }
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
