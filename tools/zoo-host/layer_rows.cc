#include "tools/zoo-host/layer_rows.h"

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"

namespace zoo::cli {
namespace {

std::string PerTask(const Count& c, uint64_t tasks) {
  if (!c.available || tasks == 0) return "-";
  return absl::StrFormat("%.1f", static_cast<double>(c.total) / static_cast<double>(tasks));
}

// The row's units at `concurrency` (0: any): its process medians, and its
// counted figures.
void PrintRow(const Archive& a, const LayerRow& row, uint32_t concurrency) {
  std::vector<double> medians;
  std::string allocs = "-", instructions = "-";
  for (const ArchivedUnit& u : a.units) {
    const UnitSpec& s = u.result.spec;
    if (!IsLayer(s.kind) || s.adapter != row.adapter || s.options != row.Options() ||
        !u.result.ok) {
      continue;
    }
    if (s.kind == UnitKind::kLayer && s.concurrency == concurrency) {
      medians.push_back(u.stats.end_to_end_ns.median);
    } else if (u.result.counts && concurrency == 1) {
      const UnitCounts& n = *u.result.counts;
      if (s.kind == UnitKind::kLayerCounters) allocs = PerTask(n.alloc_calls, n.tasks);
      if (s.kind == UnitKind::kLayerCallgrind) {
        instructions = PerTask(n.callgrind_instructions, n.tasks);
      }
    }
  }
  std::sort(medians.begin(), medians.end());
  const std::string per_task = !row.gate_passed ? "REJECTED"
                               : medians.empty()
                                   ? "-"
                                   : absl::StrFormat("%.0f ns", medians[medians.size() / 2]);
  std::cout << absl::StrFormat("%-36s %5u %10u %14s %12s %14s\n", row.Label(), concurrency,
                               medians.size(), per_task, allocs, instructions);
}

}  // namespace

void PrintLayerRows(const Archive& a) {
  const LayerRecord& r = a.layers;
  if (r.reason_code == "not_recorded") return;
  if (r.status != "measured") {
    std::cout << "layers: " << (r.reason_code == "no_layers" ? "not applicable" : r.status)
              << " (" << (r.reason_code == "no_layers" ? "no zoo.layers/1" : r.reason_code)
              << ")\n\n";
    return;
  }
  std::cout << absl::StrFormat("%-36s %5s %10s %14s %12s %14s\n", "LAYER ROW", "CONC", "PROCESSES",
                               "PER TASK", "ALLOCS/TASK", "INSTR/TASK");
  for (uint32_t c : r.concurrencies) {
    for (const LayerRow& row : r.rows) PrintRow(a, row, c);
  }
  for (const LayerRow& row : r.rows) {
    if (!row.gate_passed) std::cout << row.Label() << ": rejected: " << row.gate_reason << "\n";
  }
  std::cout << "\n";
}

}  // namespace zoo::cli
