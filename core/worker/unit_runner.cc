#include "core/worker/unit_runner.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/archive/unit_json.h"
#include "core/base/sysinfo.h"
#include "core/measure/callgrind.h"
#include "core/measure/callgrind_requests.h"
#include "core/worker/worker_client.h"

namespace zoo {

namespace {

// Removes callgrind's output files (the final one and every dump) however the unit ends.
struct RemoveOnExit {
  std::filesystem::path file;
  ~RemoveOnExit() {
    std::error_code ec;
    if (file.empty()) return;
    for (const std::filesystem::path& part : CallgrindDumpParts(file)) {
      std::filesystem::remove(part, ec);
    }
    std::filesystem::remove(file, ec);
  }
};

std::filesystem::path CallgrindOutFile() {
  static std::atomic<int> serial{0};
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
  if (ec) dir = "/tmp";
  return dir / absl::StrCat("zoo-host-callgrind-", getpid(), "-", serial.fetch_add(1), ".out");
}

// The Ir of the dump named `trigger` that the worker asked callgrind for (the measured
// rounds, or a cold start).
Count DumpedCallgrindCount(const std::filesystem::path& out_file, const char* trigger) {
  absl::StatusOr<std::filesystem::path> dump = FindCallgrindDump(out_file, trigger);
  absl::StatusOr<uint64_t> ir = dump.ok() ? ReadCallgrindTotal(*dump) : dump.status();
  // No dump: the worker could not ask for one.
  if (!ir.ok() && absl::IsNotFound(ir.status()) && !ZOO_HAVE_CALLGRIND_H) {
    ir = absl::FailedPreconditionError(
        "callgrind dumped no counts for the measured rounds: this zoo-host was built "
        "without valgrind/callgrind.h, so the worker cannot ask for them");
  }
  return ir.ok() ? Count{.available = true, .total = *ir, .unavailable_code = "",
                         .unavailable_reason = ""}
                 : Count{.available = false, .total = 0, .unavailable_code = "not_supported",
                         .unavailable_reason = std::string(ir.status().message())};
}

// A callgrind unit's second run, in a new process of its own, identical to the first: only
// its count is kept (the unit's rounds are the first run's). Whether the two counts agree is
// part of the result: they do where the dispatch runs on one thread, and need not where the
// simulator's interleaving of the adapter's threads decides how long they wait or spin.
Count RepeatCallgrindCount(WorkerCall call, const std::filesystem::path& valgrind) {
  RemoveOnExit out;
  out.file = CallgrindOutFile();
  call.launcher = CallgrindCommand(valgrind, out.file, {});
  const WorkerReply reply = RunWorker(call);
  if (reply.status.ok()) return DumpedCallgrindCount(out.file, kCallgrindMeasuredDump);
  return {.available = false, .total = 0, .unavailable_code = "not_counted",
          .unavailable_reason = absl::StrCat("the second run under callgrind failed: ",
                                             reply.status.message())};
}

// The call that measures `spec`: a counters unit with the allocation counter preloaded, a
// callgrind unit under valgrind (writing to `callgrind_out`).
WorkerCall UnitCall(const std::filesystem::path& zoo_host, const UnitSpec& spec,
                    const UnitRunOptions& options, const std::filesystem::path& callgrind_out) {
  WorkerCall call{.zoo_host = zoo_host,
                  .mode = "unit",
                  .flags = {{"spec", UnitSpecToJson(spec)}},
                  .file = spec.plugin_file,
                  .timeout = options.timeout,
                  .cancel = options.cancel};
  if (CountsAllocations(spec.kind) && !options.alloc_counter.empty()) {
    call.extra_env.push_back(absl::StrCat("LD_PRELOAD=", options.alloc_counter.string()));
  }
  if (!callgrind_out.empty()) {
    call.launcher = CallgrindCommand(options.valgrind, callgrind_out, {});
  }
  return call;
}

}  // namespace

UnitRun RunUnitInChild(const std::filesystem::path& zoo_host, const UnitSpec& planned,
                       const UnitRunOptions& options) {
  // The unit tells its adapter the parent's count of cores, never one of its own.
  UnitSpec spec = planned;
  if (spec.logical_cores == 0) spec.logical_cores = std::max(1u, LogicalCores());
  UnitRun run;
  run.result.spec = spec;
  RemoveOnExit callgrind_out;
  if (UnderCallgrind(spec.kind) && !options.valgrind.empty()) {
    callgrind_out.file = CallgrindOutFile();
  }
  WorkerCall call = UnitCall(zoo_host, spec, options, callgrind_out.file);
  const WorkerReply reply = RunWorker(call);
  run.result.pid = reply.child.pid;
  run.cancelled = absl::IsCancelled(reply.status);
  absl::StatusOr<UnitResult> parsed =
      reply.status.ok() ? UnitResultFromJson(reply.answer) : reply.status;
  if (reply.status.ok() && !parsed.ok()) {
    parsed = absl::InvalidArgumentError(
        absl::StrCat("the unit's result could not be read: ", parsed.status().message()));
  }
  if (!parsed.ok()) {
    run.result.ok = false;
    run.result.failure = std::string(parsed.status().message());
    if (reply.child.pid != 0 && !run.cancelled) run.result.output_tail = reply.child.output_tail;
    return run;
  }
  run.result = *std::move(parsed);
  if (!run.result.ok) run.result.output_tail = reply.child.output_tail;
  if (!callgrind_out.file.empty() && run.result.counts) {
    UnitCounts& counts = *run.result.counts;
    counts.callgrind_instructions =
        DumpedCallgrindCount(callgrind_out.file, kCallgrindMeasuredDump);
    if (counts.cold_start) {
      counts.cold_callgrind_instructions =
          DumpedCallgrindCount(callgrind_out.file, kCallgrindColdStartDump);
    }
    if (run.result.ok && counts.callgrind_instructions.available) {
      counts.callgrind_repeat = RepeatCallgrindCount(std::move(call), options.valgrind);
    }
  }
  return run;
}

}  // namespace zoo
