#include "core/worker/unit_runner.h"

#include <unistd.h>

#include <atomic>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/archive/unit_json.h"
#include "core/measure/callgrind.h"
#include "core/worker/child_process.h"
#include "core/worker/worker_protocol.h"

namespace zoo {

namespace {

// Removes callgrind's output files (the final one and the measured rounds' dump) however
// the unit ends.
struct RemoveOnExit {
  std::filesystem::path file;
  ~RemoveOnExit() {
    std::error_code ec;
    if (file.empty()) return;
    std::filesystem::remove(file, ec);
    std::filesystem::remove(CallgrindMeasuredDump(file), ec);
  }
};

std::filesystem::path CallgrindOutFile() {
  static std::atomic<int> serial{0};
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
  if (ec) dir = "/tmp";
  return dir / absl::StrCat("zoo-host-callgrind-", getpid(), "-", serial.fetch_add(1), ".out");
}

// The Ir of the measured rounds, from the dump the worker asked callgrind for.
Count MeasuredCallgrindCount(const std::filesystem::path& out_file) {
  absl::StatusOr<uint64_t> ir = ReadCallgrindTotal(CallgrindMeasuredDump(out_file));
  // No dump: the worker could not ask for one.
  if (!ir.ok() && absl::IsNotFound(ir.status())) {
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
Count RepeatCallgrindCount(ChildOptions options, const std::vector<std::string>& worker_argv,
                           const std::filesystem::path& valgrind) {
  RemoveOnExit out;
  out.file = CallgrindOutFile();
  options.argv = CallgrindCommand(valgrind, out.file, worker_argv);
  absl::StatusOr<ChildResult> child = RunChild(options);
  std::string failure;
  if (!child.ok()) {
    failure = std::string(child.status().message());
  } else if (child->cancelled || !child->exited || child->exit_code != 0) {
    failure = DescribeEnd(*child);
  } else if (ParsedReport report = ParseReport(child->report); !report.result_json) {
    failure = "it reported no result";
  } else {
    return MeasuredCallgrindCount(out.file);
  }
  return {.available = false, .total = 0, .unavailable_code = "not_counted",
          .unavailable_reason = absl::StrCat("the second run under callgrind failed: ", failure)};
}

}  // namespace

UnitRun RunUnitInChild(const std::filesystem::path& zoo_host, const UnitSpec& spec,
                       const UnitRunOptions& options) {
  UnitRun run;
  run.result.spec = spec;
  ChildOptions child_options{
      .argv = {zoo_host.string(), "__worker", "unit",
               absl::StrCat("--report-fd=", kChildReportFd),
               absl::StrCat("--spec=", UnitSpecToJson(spec)), spec.plugin_file},
      .timeout = options.timeout,
      .output_tail_bytes = 2048,
      .cancel = options.cancel,
      .extra_env = {},
  };
  if (spec.instrument == "counters" && !options.alloc_counter.empty()) {
    child_options.extra_env.push_back(absl::StrCat("LD_PRELOAD=", options.alloc_counter.string()));
  }
  RemoveOnExit callgrind_out;
  const std::vector<std::string> worker_argv = child_options.argv;
  if (spec.instrument == "callgrind" && !options.valgrind.empty()) {
    callgrind_out.file = CallgrindOutFile();
    child_options.argv = CallgrindCommand(options.valgrind, callgrind_out.file, worker_argv);
  }
  absl::StatusOr<ChildResult> child = RunChild(child_options);
  if (!child.ok()) {
    run.result.failure = std::string(child.status().message());
    return run;
  }
  run.result.pid = child->pid;
  if (child->cancelled) {
    run.cancelled = true;
    run.result.failure = DescribeEnd(*child);
    return run;
  }
  ParsedReport report = ParseReport(child->report);
  if (report.result_json && child->exited && child->exit_code == 0) {
    absl::StatusOr<UnitResult> parsed = UnitResultFromJson(*report.result_json);
    if (parsed.ok()) {
      run.result = *std::move(parsed);
      if (!run.result.ok) run.result.output_tail = child->output_tail;
      if (!callgrind_out.file.empty() && run.result.counts) {
        UnitCounts& counts = *run.result.counts;
        counts.callgrind_instructions = MeasuredCallgrindCount(callgrind_out.file);
        if (run.result.ok && counts.callgrind_instructions.available) {
          counts.callgrind_repeat = RepeatCallgrindCount(child_options, worker_argv,
                                                         options.valgrind);
        }
      }
      return run;
    }
    run.result.failure = absl::StrCat("the unit's result could not be read: ",
                                      parsed.status().message());
  } else {
    run.result.failure = DescribeEnd(*child);
    if (!report.last_step.empty()) absl::StrAppend(&run.result.failure, " during ", report.last_step);
    if (std::string last = LastOutputLine(*child); !last.empty()) {
      absl::StrAppend(&run.result.failure, " (last output: ", last, ")");
    }
  }
  run.result.ok = false;
  run.result.output_tail = child->output_tail;
  return run;
}

}  // namespace zoo
