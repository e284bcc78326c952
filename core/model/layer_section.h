// The layer line's section of the model (report_model.h, ReportModel::layers; layers.h builds
// it): per concurrency, each row's rounds per task from its best to its slowest with the
// median, zero at the best round of the bare client that matches the subject's execution
// model, and each row's extra cost over the row below by the cells' verdict method; then the
// cost of code per row.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace zoo {

struct LayerRangeRow {
  std::string label;  // "thread_pool", "zoo_scheduler/ready_queue"
  std::string adapter;
  std::string layer;  // "" for a bare client
  std::string description;
  bool bare = false;
  bool gate_passed = false;
  std::string gate_reason;  // the gate's sentence when rejected (never measured)
  bool measured = false;    // at least one process ran
  uint32_t processes = 0;
  // Per task (a round's wall / its tasks), over every measured round of every process.
  double best_ns = 0, median_ns = 0, slowest_ns = 0;
  // The same, relative to the section's zero (the reference bare client's best round):
  // best_ns / zero - 1.
  double best_rel = 0, median_rel = 0, slowest_rel = 0;
  // Against the row below (`below`, its label; "" for a bare client, which is judged against
  // nothing): the factor of the levels, its bootstrap interval, and "slower", "faster" or
  // "indistinguishable".
  std::string below;
  double factor = 1, low = 1, high = 1;
  std::string verdict;
};

struct LayerTable {
  uint32_t concurrency = 0;
  std::vector<LayerRangeRow> rows;  // lowest first: the bare clients, then the layers
};

// One row's cost of code, from its counters unit (and callgrind unit, in a callgrind run).
// NaN where not counted.
struct LayerCostRow {
  std::string label;
  double allocs_per_task = 0;
  double instructions_per_task = 0;  // perf_event_open, user space
  double callgrind_instructions_per_task = 0;
  // The callgrind count of a second process: "repeated" (the same), "differs", or "" when
  // not taken.
  std::string callgrind_repeat;
  double cold_alloc_calls = 0;  // setup() and the first task
  double first_task_ns = 0;
  // The same cold start's instructions, from the row's callgrind unit (a callgrind run).
  double cold_callgrind_instructions = 0;
};

struct LayerSection {
  // "measured", "not_applicable" or "not_run", with the archive's reason code.
  std::string status = "not_run";
  std::string reason_code = "not_recorded";
  std::string subject;
  // The bare client the zero is taken at, and why: "thread_pool" for a subject that runs its
  // bodies on other threads (a pool), "inline" for one that runs them on the caller's.
  std::string zero_at;
  std::string zero_reason;         // "pool" or "inline"
  std::vector<LayerTable> tables;  // one per concurrency, ascending
  std::vector<LayerCostRow> cost;  // one per measured row, lowest first
};

}  // namespace zoo
