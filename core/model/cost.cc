#include "core/model/cost.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace zoo {
namespace {

// An archived process and its view.
using UnitAndView = std::pair<const ArchivedUnit*, const UnitView*>;

CountPerTask PerTask(const Count& c, uint64_t tasks) {
  CountPerTask out;
  out.available = c.available;
  out.total = c.total;
  out.per_task = c.available && tasks > 0
                     ? static_cast<double>(c.total) / static_cast<double>(tasks)
                     : 0;
  out.unavailable_code = c.unavailable_code;
  out.unavailable_reason = c.unavailable_reason;
  return out;
}

CountPerTask UnitFailed(const std::string& failure) {
  CountPerTask out;
  out.unavailable_code = "unit_failed";
  out.unavailable_reason = absl::StrCat("the unit failed: ", failure);
  return out;
}

// The report's adapter order, then adapters the archive does not describe in unit order.
std::vector<std::string> AdapterOrder(const ModelInput& in) {
  std::vector<std::string> order;
  for (const AdapterRecord& a : in.adapters) order.push_back(a.descriptor.name);
  for (const ArchivedUnit& u : in.archive->units) {
    if (std::find(order.begin(), order.end(), u.result.spec.adapter) == order.end()) {
      order.push_back(u.result.spec.adapter);
    }
  }
  return order;
}

// The processes of one kind, by adapter (in `order`), then tier, then concurrency.
std::vector<UnitAndView> UnitsOf(const ModelInput& in, const std::vector<std::string>& order,
                                 UnitKind kind) {
  const std::vector<ArchivedUnit>& units = in.archive->units;
  std::vector<UnitAndView> out;
  for (const std::string& adapter : order) {
    for (size_t i = 0; i < units.size(); ++i) {
      const UnitSpec& s = units[i].result.spec;
      if (s.adapter == adapter && s.kind == kind) {
        out.emplace_back(&units[i], &in.process_units[i]);
      }
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const UnitAndView& a, const UnitAndView& b) {
    return std::tie(a.second->tier_us, a.second->concurrency) <
           std::tie(b.second->tier_us, b.second->concurrency);
  });
  auto rank = [&](const std::string& name) {
    return std::find(order.begin(), order.end(), name) - order.begin();
  };
  std::stable_sort(out.begin(), out.end(), [&](const UnitAndView& a, const UnitAndView& b) {
    return rank(a.second->adapter) < rank(b.second->adapter);
  });
  return out;
}

CostRow CostRowOf(const UnitResult& u, const UnitView& view) {
  CostRow row;
  row.adapter = view.adapter;
  row.concurrency = view.concurrency;
  row.unit = view.id();
  row.ok = u.ok && u.counts.has_value();
  row.failure = u.ok && !u.counts ? "the unit recorded no counts" : u.failure;
  row.tasks = u.counts ? u.counts->tasks : 0;
  if (!row.ok) {
    row.alloc_calls = row.alloc_bytes = row.instructions = row.cycles = row.context_switches =
        row.cpu_migrations = UnitFailed(row.failure);
    return row;
  }
  const UnitCounts& n = *u.counts;
  row.alloc_calls = PerTask(n.alloc_calls, n.tasks);
  row.alloc_bytes = PerTask(n.alloc_bytes, n.tasks);
  row.instructions = PerTask(n.instructions, n.tasks);
  row.cycles = PerTask(n.cycles, n.tasks);
  row.context_switches = PerTask(n.context_switches, n.tasks);
  row.cpu_migrations = PerTask(n.cpu_migrations, n.tasks);
  if (u.threads_created >= 0 && u.spec.measured_rounds > 0) {
    row.threads_created = u.threads_created;
    row.threads_created_per_round =
        static_cast<double>(u.threads_created) / static_cast<double>(u.spec.measured_rounds);
  }
  return row;
}

// REQUIRES: `row` is CostRowOf(u, ...).
ColdStart ColdStartOf(const UnitResult& u, const CostRow& row) {
  ColdStart cold;
  cold.adapter = row.adapter;
  cold.unit = row.unit;
  cold.ok = row.ok && u.counts->cold_start;
  cold.failure = row.ok && !u.counts->cold_start ? "the unit took no cold start" : row.failure;
  if (cold.ok) {
    cold.setup_ns = static_cast<double>(u.setup_ns);
    cold.first_task_ns = static_cast<double>(u.counts->first_task_ns);
    cold.alloc_calls = PerTask(u.counts->cold_alloc_calls, 1);
    cold.alloc_bytes = PerTask(u.counts->cold_alloc_bytes, 1);
  } else {
    cold.alloc_calls = cold.alloc_bytes = UnitFailed(cold.failure);
  }
  return cold;
}

// Whether the kernel counters could be read: over every counted unit's four kernel counts.
void ReadCountersStatus(const std::vector<UnitAndView>& units, CostOfCode* c) {
  size_t available = 0, total = 0;
  const Count* first_refused = nullptr;
  for (const auto& [unit, view] : units) {
    const UnitResult& u = unit->result;
    if (!u.ok || !u.counts) continue;
    const UnitCounts& n = *u.counts;
    for (const Count* k : {&n.instructions, &n.cycles, &n.context_switches, &n.cpu_migrations}) {
      ++total;
      if (k->available) {
        ++available;
      } else if (first_refused == nullptr) {
        first_refused = k;
      }
    }
  }
  if (total == 0) {
    c->counters_status = "unavailable";
    c->counters_reason_code = "not_counted";
    c->counters_reason = "no counters unit was measured";
  } else if (available == total) {
    c->counters_status = "available";
  } else {
    c->counters_status = available == 0 ? "unavailable" : "partial";
    c->counters_reason_code = first_refused->unavailable_code;
    c->counters_reason = first_refused->unavailable_reason;
  }
}

CallgrindRow CallgrindRowOf(const UnitResult& u, const UnitView& view) {
  CallgrindRow row;
  row.adapter = view.adapter;
  row.concurrency = view.concurrency;
  row.tier_us = view.tier_us;
  row.unit = view.id();
  const Count* ir = u.counts ? &u.counts->callgrind_instructions : nullptr;
  row.ok = u.ok && ir != nullptr && ir->available;
  row.failure = !u.ok           ? u.failure
                : ir == nullptr ? std::string("the unit recorded no counts")
                : ir->available ? std::string()
                                : ir->unavailable_reason;
  row.tasks = u.counts ? u.counts->tasks : 0;
  if (!row.ok) {
    row.cold_start = UnitFailed(row.failure);
    return row;
  }
  row.cold_start = PerTask(u.counts->cold_callgrind_instructions, 1);
  row.instructions = ir->total;
  row.instructions_per_task =
      row.tasks > 0 ? static_cast<double>(ir->total) / static_cast<double>(row.tasks) : 0;
  const Count& again = u.counts->callgrind_repeat;
  row.repeat_available = again.available;
  row.repeat_unavailable_reason = again.available ? "" : again.unavailable_reason;
  if (again.available) {
    row.repeat_instructions = again.total;
    row.repeats_exactly = again.total == ir->total;
    const double first = static_cast<double>(ir->total);
    row.repeat_difference =
        first > 0 ? std::fabs(static_cast<double>(again.total) - first) / first : 0;
  }
  return row;
}

}  // namespace

CostOfCode CostOfCodeOf(const ModelInput& in) {
  CostOfCode c;
  const CostRecord& r = in.archive->cost;
  c.status = r.status;
  c.reason_code = r.reason_code;
  c.workload = r.workload;
  c.tier_us = r.tier_us;
  c.concurrencies = r.concurrencies;
  const std::vector<std::string> order = AdapterOrder(in);
  const std::vector<UnitAndView> counted = UnitsOf(in, order, UnitKind::kCounters);
  for (const auto& [unit, view] : counted) {
    c.rows.push_back(CostRowOf(unit->result, *view));
    if (view->concurrency == 1) c.cold_start.push_back(ColdStartOf(unit->result, c.rows.back()));
  }
  ReadCountersStatus(counted, &c);
  const RunRecord& run = in.archive->run;
  if (run.instrument != RunInstrument::kCallgrind) return c;
  c.callgrind_status = "measured";
  c.callgrind_version = run.instrument_version;
  c.messages.push_back({"cost.callgrind_times_meaningless",
                        {{"tool", c.callgrind_version.empty() ? std::string("valgrind")
                                                              : c.callgrind_version}}});
  for (const auto& [unit, view] : UnitsOf(in, order, UnitKind::kCallgrind)) {
    c.callgrind.push_back(CallgrindRowOf(unit->result, *view));
  }
  return c;
}

}  // namespace zoo
