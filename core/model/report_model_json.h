// The report model as JSON: what `zoo-host analyze --json` prints and what third-party
// reporters receive. One compact object, deterministic (the same model gives the same bytes),
// versioned apart from the tool and from the archive:
//
//   {"schema": "zoo-host-report-model", "model_version": 1,
//    "archive_path", "subject", "subject_version",
//    "run", "environment", "adapters",        (report_model_json_facts.h: the model's own
//                                              layout, member for member the archive's today)
//    "noise": {recorded, warnings: [...], checked: [...]}   (recorded false: the archive
//             predates noise conditions, and reports say "not recorded")
//    "units": [{id, adapter, tier_us, concurrency, ok, failure, stats: {...},
//               per_round_end_to_end_ns: [...], semantics}],   (semantics units too: their
//               id is "subject[item]/cC/Tus" and they enter no cell)
//    "tiers_us", "concurrencies",
//    "cells": [{id, baseline, concurrency, tier_us, subject_median_ns, baseline_median_ns,
//               ratio, faster_factor, difference, band, verdict, test: {u, z, p_value}, overhead_withheld,
//               text}],
//    "subject_faster", "subject_slower", "indistinguishable",   (indices into "cells")
//    "unmeasured": [{baseline, concurrency, tier_us, reason, reason_code, failure}],
//    "band_min", "band_max", "share_threshold",
//    "share_thresholds": [{concurrency, tier_us, share_at_tier, cells, text, message}],
//    "crossovers": [{baseline, concurrency, kind, tier_us, last_faster_tier_us, cells, text,
//                    message}],
//    "scaling": [{adapter, tier_us, concurrencies, throughput_per_s, keeps_rising, text,
//                 steps: [{from, to, trend}]}],
//    "attribution": [{tier_us, concurrency,
//                     adapters: [{adapter, submit_ns, handoff_ns, body_ns, return_ns,
//                                 measurable, not_measurable_reason, not_measurable_code}],
//                     excess: [{baseline, total_excess_ns, largest_segment,
//                               largest_segment_excess_ns, text}]}],
//    "unfavourable": [{baseline, cells_lost, worst_factor, worst_cell, cells}],
//    "conclusions": [{kind, text, cells, message}],
//    "rankings": [{tier_us, concurrency, basis, floor: [adapter],
//                  entries: [{adapter, rank, level_ns, factor_to_best, factor_low,
//                             factor_high, best_group, cell}]}],   (ranking.h; rank order)
//    "picks": [{tier_us, concurrency, within_cores, group, group_cells, subject_rank, ranked,
//               subject_factor, subject_in_group}],   ("what to pick"; subject_rank 0: not
//               ranked there)
//    "semantics": {status, reason_code, reason, tier_us, concurrencies,
//                  items: [{item: {name, layer, description, has_clean_off, off_state,
//                                  value_unit, default_value, check},
//                           priced, dropped_code, dropped_reason,
//                           check: null | {item, passed, timeout_ns, body_ns,
//                                          left_in_flight_ns, body_end_ns, detail},
//                           costs: [{concurrency, off_unit, on_unit, measured, reason_code,
//                                    off_median_ns, on_median_ns, cost_ns, band, band_ns,
//                                    verdict: "costs"|"saves"|"indistinguishable",
//                                    test: {u, z, p_value}}]}]},
//    "cost": {status: "measured"|"not_run", reason_code, workload, tier_us, concurrencies,
//             rows: [{adapter, concurrency, unit, ok, failure, tasks,
//                     alloc_calls, alloc_bytes, instructions, cycles, context_switches,
//                     cpu_migrations}],          (each a count, below)
//             cold_start: [{adapter, unit, ok, failure, setup_ns, first_task_ns,
//                           alloc_calls, alloc_bytes}],
//             counters_status, counters_reason_code, counters_reason,
//             callgrind_status, callgrind_version,
//             callgrind: [{adapter, concurrency, tier_us, unit, ok, failure, tasks,
//                          instructions, instructions_per_task, repeat_available,
//                          repeat_instructions, repeat_unavailable_reason, repeats_exactly,
//                          repeat_difference, cold_start (a count)}]},
//      where a count is {available, total, per_task, unavailable_code, unavailable_reason}
//      (never a zero for a count that could not be taken: available false, with the reason)
//    "self_checks": {passed, checks: [{name, passed, detail, message}], withheld_units,
//                    withheld: [{unit, reason_code, overhead_ns}]}}
//
// Every "message" is {"code", "args": {name: value}} (message.h): the sentence as data, which
// reporters say in their language from the catalog key "msg." + code; "text" and "detail" are
// the same sentence in English for logs.
//
// Field names are the struct field names of report_model.h. Enums are their names
// (VerdictName, CrossoverKindName). NaN and infinities are null (json_util.h), and so is an
// empty std::optional. Every "cells" list and "worst_cell" holds ids as in Cell::id()
// ("thread_pool/c1/40us"); every cell and unit carries its own "id" to be looked up by.
#pragma once

#include <string>

#include "core/model/report_model.h"

namespace zoo {

inline constexpr char kReportModelSchemaName[] = "zoo-host-report-model";

std::string ReportModelToJson(const ReportModel& model);

}  // namespace zoo
