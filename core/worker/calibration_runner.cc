#include "core/worker/calibration_runner.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/archive/unit_json.h"
#include "core/worker/worker_client.h"

namespace zoo {

absl::StatusOr<RunCalibration> CalibrateInChildren(const std::filesystem::path& zoo_host,
                                                   const std::string& workload,
                                                   const std::vector<uint32_t>& tiers_us,
                                                   uint32_t processes,
                                                   std::chrono::milliseconds timeout) {
  RunCalibration run;
  run.workload = workload;
  run.processes = processes;
  if (workload != "json") {
    run.status = "none";
    return run;
  }
  run.status = "json";
  for (uint32_t tier : tiers_us) {
    TierCalibration t{.tier_us = tier, .repetitions = 0, .processes = {}};
    std::vector<std::string> failures;
    for (uint32_t p = 0; p < processes; ++p) {
      const WorkerReply reply = RunWorker({.zoo_host = zoo_host,
                                           .mode = "calibrate",
                                           .flags = {{"workload", workload},
                                                     {"tier-us", absl::StrCat(tier)}},
                                           .timeout = timeout});
      absl::StatusOr<Calibration> c =
          reply.status.ok() ? CalibrationFromJson(reply.answer) : reply.status;
      if (!c.ok() || c->repetitions == 0) {
        failures.push_back(c.ok() ? "it found 0 repetitions" : std::string(c.status().message()));
        continue;
      }
      t.processes.push_back({.pid = reply.child.pid, .repetitions = c->repetitions,
                             .ns_per_repetition = c->ns_per_repetition,
                             .calibration_ns = c->calibration_ns});
    }
    if (t.processes.empty()) {
      return absl::InternalError(absl::StrCat("calibrating the ", workload, " body of ", tier,
                                              " us failed in every process: ",
                                              absl::StrJoin(failures, "; ")));
    }
    // The median count (the lower middle of an even number): one odd process is outvoted.
    std::vector<uint64_t> counts;
    for (const TierCalibration::Process& p : t.processes) counts.push_back(p.repetitions);
    std::sort(counts.begin(), counts.end());
    t.repetitions = counts[(counts.size() - 1) / 2];
    run.tiers.push_back(std::move(t));
  }
  return run;
}

}  // namespace zoo
