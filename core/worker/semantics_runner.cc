#include "core/worker/semantics_runner.h"

#include "absl/strings/str_cat.h"
#include "core/worker/worker_client.h"
#include "core/worker/worker_protocol.h"

namespace zoo {

absl::StatusOr<SemanticsProbe> RunSemanticsProbeInChild(const std::filesystem::path& zoo_host,
                                                        const std::filesystem::path& plugin,
                                                        uint32_t logical_cores,
                                                        std::chrono::milliseconds timeout) {
  const WorkerReply reply = RunWorker({.zoo_host = zoo_host,
                                       .mode = "semantics",
                                       .flags = {{"logical-cores", absl::StrCat(logical_cores)}},
                                       .file = plugin.string(),
                                       .timeout = timeout});
  if (!reply.status.ok()) return reply.status;
  return SemanticsProbeFromJson(reply.answer);
}

}  // namespace zoo
