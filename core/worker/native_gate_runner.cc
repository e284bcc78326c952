#include "core/worker/native_gate_runner.h"

#include "absl/strings/str_cat.h"
#include "core/archive/native_line_record.h"
#include "core/worker/worker_client.h"

namespace zoo {

absl::StatusOr<std::vector<NativeFormVerdict>> RunNativeGateInChild(
    const std::filesystem::path& zoo_host, const std::filesystem::path& plugin,
    uint32_t logical_cores, uint64_t seed, std::chrono::milliseconds timeout) {
  const WorkerReply reply = RunWorker({.zoo_host = zoo_host,
                                       .mode = "native-gate",
                                       .flags = {{"logical-cores", absl::StrCat(logical_cores)},
                                                 {"seed", absl::StrCat(seed)}},
                                       .file = plugin.string(),
                                       .timeout = timeout});
  if (!reply.status.ok()) return reply.status;
  return NativeGateVerdictsFromJson(reply.answer);
}

}  // namespace zoo
