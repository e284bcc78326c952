// A cost-of-code section for the reporter tests, with known facts: every adapter's counts at
// each concurrency (allocations and bytes exactly `adapter index + 2` blocks of 64 bytes per
// task), instructions, cycles and context switches available, CPU migrations unavailable
// ("not_permitted", with the kernel's reason), one failed counting unit, a cold start per
// adapter, and callgrind rows (one failed; the subject's second run repeats exactly, the
// second adapter's differs by 2.00%, the third's has no second count). Set on a model after BuildReportModel, so it
// does not depend on how the core fills the section from an archive.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/report_model.h"

namespace zoo::test {

inline constexpr char kFixtureMigrationsReason[] =
    "perf_event_open(PERF_COUNT_SW_CPU_MIGRATIONS) failed: EACCES, perf_event_paranoid is 3";
inline constexpr char kFixtureCostFailure[] = "the counting unit timed out after 30 s";

// `adapters` in the report's order (subject first). The last adapter's unit at the last
// concurrency failed.
CostOfCode FixtureCost(const std::vector<std::string>& adapters,
                       const std::vector<uint32_t>& concurrencies);

}  // namespace zoo::test
