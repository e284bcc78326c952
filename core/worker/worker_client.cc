#include "core/worker/worker_client.h"

#include "absl/strings/str_cat.h"
#include "core/worker/worker_protocol.h"

namespace zoo {
namespace {

std::string FailureSentence(const WorkerCall& call, const ChildResult& child,
                            const std::string& last_step) {
  std::string out = call.subject.empty() ? "" : absl::StrCat(call.subject, " ");
  absl::StrAppend(&out, DescribeEnd(child));
  if (child.cancelled) return out;  // a request, not a fault: nothing more to say
  if (!call.place.empty()) {
    absl::StrAppend(&out, " ", call.place);
  } else if (!last_step.empty()) {
    absl::StrAppend(&out, " during ", last_step);
  }
  if (std::string last = LastOutputLine(child); !last.empty()) {
    absl::StrAppend(&out, " (last output: ", last, ")");
  }
  return out;
}

}  // namespace

std::vector<std::string> WorkerArgv(const WorkerCall& call) {
  std::vector<std::string> argv = call.launcher;
  argv.insert(argv.end(), {call.zoo_host.string(), "__worker", call.mode,
                           absl::StrCat("--report-fd=", kChildReportFd)});
  for (const auto& [name, value] : call.flags) argv.push_back(absl::StrCat("--", name, "=", value));
  argv.push_back(call.file);
  return argv;
}

WorkerReply RunWorker(const WorkerCall& call) {
  WorkerReply reply;
  absl::StatusOr<ChildResult> child = RunChild({.argv = WorkerArgv(call),
                                                .timeout = call.timeout,
                                                .output_tail_bytes = 2048,
                                                .cancel = call.cancel,
                                                .extra_env = call.extra_env});
  if (!child.ok()) {
    reply.status = child.status();
    reply.sentence = std::string(child.status().message());
    return reply;
  }
  reply.child = *std::move(child);
  const ParsedReport report = ParseReport(reply.child.report);
  reply.sentence = FailureSentence(call, reply.child, report.last_step);
  if (reply.child.cancelled) {
    reply.status = absl::CancelledError(reply.sentence);
  } else if (report.result_json &&
             (call.answer_suffices || (reply.child.exited && reply.child.exit_code == 0))) {
    reply.answer = *report.result_json;
  } else {
    reply.status = absl::InternalError(reply.sentence);
  }
  return reply;
}

}  // namespace zoo
