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
                                                   uint32_t processes, uint32_t cores,
                                                   std::chrono::milliseconds timeout) {
  RunCalibration run;
  run.workload = workload;
  run.processes = processes;
  if (workload != "json") {
    run.status = "none";
    return run;
  }
  run.status = "json";
  // Process p of every tier before process p + 1 of any: a tier's processes spread over the
  // whole calibration, so that a CPU slowed for a second is caught unslowed by another of them.
  std::vector<TierCalibration> tiers;
  std::vector<std::vector<std::string>> failures(tiers_us.size());
  for (uint32_t tier : tiers_us) tiers.push_back({.tier_us = tier, .repetitions = 0, .processes = {}});
  for (uint32_t p = 0; p < processes; ++p) {
    const int32_t cpu = static_cast<int32_t>(p % std::max(1u, cores));
    for (size_t i = 0; i < tiers.size(); ++i) {
      const WorkerReply reply = RunWorker({.zoo_host = zoo_host,
                                           .mode = "calibrate",
                                           .flags = {{"workload", workload},
                                                     {"tier-us", absl::StrCat(tiers[i].tier_us)},
                                                     {"cpu", absl::StrCat(cpu)}},
                                           .timeout = timeout});
      absl::StatusOr<Calibration> c =
          reply.status.ok() ? CalibrationFromJson(reply.answer) : reply.status;
      if (!c.ok() || c->repetitions == 0) {
        failures[i].push_back(c.ok() ? "it found 0 repetitions" : std::string(c.status().message()));
        continue;
      }
      tiers[i].processes.push_back({.pid = reply.child.pid, .repetitions = c->repetitions,
                                    .ns_per_repetition = c->ns_per_repetition,
                                    .calibration_ns = c->calibration_ns, .cpu = cpu});
    }
  }
  for (size_t i = 0; i < tiers.size(); ++i) {
    TierCalibration& t = tiers[i];
    if (t.processes.empty()) {
      return absl::InternalError(absl::StrCat("calibrating the ", workload, " body of ", t.tier_us,
                                              " us failed in every process: ",
                                              absl::StrJoin(failures[i], "; ")));
    }
    // The fastest count: the body's length on an unslowed CPU (calibration.h).
    for (const TierCalibration::Process& p : t.processes) {
      t.repetitions = std::max(t.repetitions, p.repetitions);
    }
    run.tiers.push_back(std::move(t));
  }
  return run;
}

}  // namespace zoo
