#include "core/unit_runner.h"

#include "absl/strings/str_cat.h"
#include "core/child_process.h"
#include "core/unit_json.h"
#include "core/worker_protocol.h"

namespace zoo {

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
  };
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
