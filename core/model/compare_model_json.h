// The compare model as JSON: what `zoo-host compare` writes as compare.json and hands to
// reporters. One compact object, deterministic, versioned apart from the report model:
//
//   {"schema": "zoo-host-compare", "model_version": 1, "subject",
//    "old": {archive_path, subject_version, started_utc, finished_utc, hostname, cpu_model,
//            kernel, logical_cores, zoo_host_version}, "new": {same},
//    "same_machine", "machine": message, "summary": message,
//    "counts": {shared, regressed, improved, within_noise},
//    "cells": [{id, baseline, concurrency, tier_us, basis: "tier_body"|"end_to_end",
//               old_subject_processes, new_subject_processes,
//               old_ratio, new_ratio (on the basis), old_end_to_end_ratio,
//               new_end_to_end_ratio (the reports' raw ratios), change, magnitude,
//               within_band, baseline_own_move, noise_band, test: {u, z, p_value}, beyond_noise,
//               direction: "regressed"|"improved"|"within_noise", message,
//               old_subject_median_ns, new_subject_median_ns, absolute}],
//               (the last three only when same_machine is true: absolute times are labelled)
//    "shares": [{concurrency, tier_us, old_share, new_share, change_pp, message}],
//    "drift": [{concurrency, tier_us, basis, baselines, drift, message}],
//    "geomean": {baseline: "", cells, change, message},
//    "geomean_per_baseline": [{baseline, cells, change, message}],
//    "only_in_one": [{kind: "cell"|"adapter"|"tier"|"concurrency", value, side: "old"|"new",
//                     message}]}
//
// Messages are {"code", "args"} (message.h); reporters say them from "msg." + code. NaN and
// an empty optional are null.
#pragma once

#include <string>

#include "core/model/compare_model.h"

namespace zoo {

inline constexpr char kCompareModelSchemaName[] = "zoo-host-compare";

std::string CompareModelToJson(const CompareModel& model);

}  // namespace zoo
