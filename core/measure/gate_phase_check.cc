#include "core/measure/gate_phase_check.h"

#include <algorithm>

#include "absl/strings/str_format.h"

namespace zoo {

std::optional<std::string> CheckPhase(const HostServices& host, const std::string& where,
                                      const std::vector<uint32_t>& completions_at_drain,
                                      const std::vector<int64_t>& drain_return_ns,
                                      uint64_t* completed_once) {
  if (host.unknown_completions() > 0) {
    return absl::StrFormat(
        "completed %u task id(s) that were never submitted at %s",
        host.unknown_completions(), where);
  }
  const size_t n = completions_at_drain.size();
  size_t dropped = 0, repeated = 0, late = 0;
  std::optional<size_t> first_dropped, first_repeated, first_late;
  uint32_t most_runs = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t final_count = host.record(i).completions.load(std::memory_order_acquire);
    if (final_count == 0) {
      ++dropped;
      if (!first_dropped) first_dropped = i;
    } else if (final_count > 1) {
      ++repeated;
      most_runs = std::max(most_runs, final_count);
      if (!first_repeated) first_repeated = i;
    } else if (completions_at_drain[i] == 0 ||
               host.record(i).completed_ns.load(std::memory_order_relaxed) > drain_return_ns[i]) {
      // Late by the count read after drain() returned, or by the completion's own stamp: on a
      // loaded machine the count may be read only after a late completion already landed.
      ++late;
      if (!first_late) first_late = i;
    } else {
      ++*completed_once;
    }
  }
  if (repeated > 0) {
    return absl::StrFormat(
        "ran %u of %u tasks more than once at %s (task %u ran %u times); every "
        "task must run exactly once",
        repeated, n, where, *first_repeated,
        host.record(*first_repeated).completions.load());
  }
  if (dropped > 0) {
    return absl::StrFormat(
        "dropped %u of %u tasks at %s: task %u was submitted but never ran", dropped,
        n, where, *first_dropped);
  }
  if (late > 0) {
    const int64_t late_ns =
        host.record(*first_late).completed_ns.load() - drain_return_ns[*first_late];
    return absl::StrFormat(
        "drain() returned before every task had finished: %u of %u tasks completed after "
        "drain() returned at %s (task %u, %.3f ms late)",
        late, n, where, *first_late, static_cast<double>(late_ns) / 1e6);
  }
  for (size_t i = 0; i < n; ++i) {
    const TaskRecord& r = host.record(i);
    if (r.outcome_ready.load(std::memory_order_acquire) && r.outcome.status != ZOO_STATUS_OK) {
      return absl::StrFormat("task %u's body could not run (status %d) at %s", i,
                             r.outcome.status, where);
    }
  }
  return std::nullopt;
}

}  // namespace zoo
