#include "test/reporters/fixture_cost.h"

namespace zoo::test {
namespace {

constexpr uint64_t kRounds = 5;

CountPerTask Counted(uint64_t total, uint64_t tasks) {
  return {.available = true,
          .total = total,
          .per_task = static_cast<double>(total) / static_cast<double>(tasks),
          .unavailable_code = "",
          .unavailable_reason = ""};
}

CountPerTask Unavailable(std::string code, std::string reason) {
  return {.available = false,
          .total = 0,
          .per_task = 0,
          .unavailable_code = std::move(code),
          .unavailable_reason = std::move(reason)};
}

}  // namespace

CostOfCode FixtureCost(const std::vector<std::string>& adapters,
                       const std::vector<uint32_t>& concurrencies) {
  CostOfCode cost;
  cost.status = "measured";
  cost.reason_code = "";
  cost.workload = "noop";
  cost.tier_us = 0;
  cost.concurrencies = concurrencies;
  cost.counters_status = "partial";
  cost.counters_reason_code = "not_permitted";
  cost.counters_reason = kFixtureMigrationsReason;
  for (size_t i = 0; i < adapters.size(); ++i) {
    for (size_t j = 0; j < concurrencies.size(); ++j) {
      const uint32_t c = concurrencies[j];
      CostRow row;
      row.adapter = adapters[i];
      row.concurrency = c;
      row.unit = adapters[i] + "{counters}/c" + std::to_string(c) + "/0us";
      row.tasks = kRounds * c;
      if (i + 1 == adapters.size() && j + 1 == concurrencies.size()) {
        row.ok = false;
        row.failure = kFixtureCostFailure;
        for (CountPerTask* count : {&row.alloc_calls, &row.alloc_bytes, &row.instructions,
                                    &row.cycles, &row.context_switches, &row.cpu_migrations}) {
          *count = Unavailable("unit_failed", kFixtureCostFailure);
        }
        cost.rows.push_back(row);
        continue;
      }
      row.ok = true;
      const uint64_t blocks = i + 2;
      row.alloc_calls = Counted(blocks * row.tasks, row.tasks);
      row.alloc_bytes = Counted(blocks * 64 * row.tasks, row.tasks);
      // 1,843.4 instructions per task for the subject at c1: a fraction, grouped.
      row.instructions = Counted((18'434 + 1'000 * i) * row.tasks / 10, row.tasks);
      row.cycles = Counted((4'000 + 500 * i) * row.tasks, row.tasks);
      row.context_switches = Counted(row.tasks / 2 + i, row.tasks);
      row.cpu_migrations = Unavailable("not_permitted", kFixtureMigrationsReason);
      cost.rows.push_back(row);
    }
    ColdStart cold;
    cold.adapter = adapters[i];
    cold.unit = adapters[i] + "{counters}/c1/0us";
    cold.ok = true;
    cold.setup_ns = 250'000.0 * static_cast<double>(i + 1);  // 250.0 µs, 500.0 µs, ...
    cold.first_task_ns = 41'000.0 + 1'000.0 * static_cast<double>(i);
    cold.alloc_calls = Counted(17 + i, 1);
    cold.alloc_bytes = Counted(73'728 + 1'024 * i, 1);  // 72.00 KiB for the subject
    cost.cold_start.push_back(cold);
  }
  cost.callgrind_status = "measured";
  cost.callgrind_version = "valgrind-3.19.0";
  for (size_t i = 0; i < adapters.size(); ++i) {
    CallgrindRow row;
    row.adapter = adapters[i];
    row.concurrency = 1;
    row.tier_us = 0;
    row.unit = adapters[i] + "/c1/0us";
    row.tasks = kRounds;
    if (i + 1 == adapters.size()) {
      row.ok = false;
      row.failure = "valgrind exited with status 1";
      row.cold_start = {.available = false, .total = 0, .per_task = 0,
                        .unavailable_code = "unit_failed",
                        .unavailable_reason = "valgrind exited with status 1"};
    } else {
      // Every row is at concurrency 1, so each counted its cold start: 2,345,678 for the
      // subject, 1,000 more per adapter after it.
      const uint64_t cold = 2'345'678 + 1'000 * i;
      row.cold_start = {.available = true, .total = cold, .per_task = static_cast<double>(cold),
                        .unavailable_code = "", .unavailable_reason = ""};
      row.ok = true;
      row.instructions = (1'234'567 + 1'000 * i) * kRounds;
      row.instructions_per_task = static_cast<double>(row.instructions) / kRounds;
      // The subject repeats exactly; the next differs by 2.00%; the third (when it is not the
      // failed last) has no second count.
      if (i == 2) {
        row.repeat_unavailable_reason = "the second run under callgrind failed: killed by SIGKILL";
      } else {
        row.repeat_available = true;
        // The fourth (near) differs by 247 in 6,187,835: 0.0040%, which two decimals hide.
        row.repeat_instructions = i == 0   ? row.instructions
                                  : i == 3 ? row.instructions + 247
                                           : row.instructions / 50 * 51;
        row.repeats_exactly = i == 0;
        row.repeat_difference =
            i == 0 ? 0
                   : static_cast<double>(row.repeat_instructions - row.instructions) /
                         static_cast<double>(row.instructions);
      }
    }
    cost.callgrind.push_back(row);
  }
  return cost;
}

}  // namespace zoo::test
