#include "core/worker/semantics_runner.h"

#include "absl/strings/str_cat.h"
#include "core/worker/child_process.h"
#include "core/worker/worker_protocol.h"

namespace zoo {

absl::StatusOr<SemanticsProbe> RunSemanticsProbeInChild(const std::filesystem::path& zoo_host,
                                                        const std::filesystem::path& plugin,
                                                        std::chrono::milliseconds timeout) {
  ChildOptions options{.argv = {zoo_host.string(), "__worker", "semantics",
                                absl::StrCat("--report-fd=", kChildReportFd), plugin.string()},
                       .timeout = timeout};
  absl::StatusOr<ChildResult> child = RunChild(options);
  if (!child.ok()) return child.status();
  ParsedReport report = ParseReport(child->report);
  if (report.result_json && child->exited && child->exit_code == 0) {
    return SemanticsProbeFromJson(*report.result_json);
  }
  std::string why = DescribeEnd(*child);
  if (!report.last_step.empty()) absl::StrAppend(&why, " during ", report.last_step);
  return absl::InternalError(why);
}

}  // namespace zoo
