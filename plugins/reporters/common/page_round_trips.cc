// The machine table's round-trip row.
#include "plugins/reporters/common/page_round_trips.h"

#include <string>

namespace zoo::report {

std::optional<Row> RoundTripsRow(PageWriter& page, const rapidjson::Value& environment) {
  const rapidjson::Value* trips = MemberOf(environment, "round_trips");
  if (trips == nullptr) return std::nullopt;
  const rapidjson::Value& handoff = ObjectOf(*trips, "handoff");
  const rapidjson::Value& pipe = ObjectOf(*trips, "pipe");
  const uint32_t handoff_count = UintOf(handoff, "exchanges");
  const uint32_t pipe_count = UintOf(pipe, "exchanges");
  // One count for both unless the time budget cut one of them short.
  const MessageArgs args = {{"handoff", page.Dur(NumberOf(handoff, "median_ns"))},
                            {"pipe", page.Dur(NumberOf(pipe, "median_ns"))},
                            {"batch", std::to_string(UintOf(handoff, "batch"))},
                            {"handoff_count", std::to_string(handoff_count)},
                            {"pipe_count", std::to_string(pipe_count)}};
  return Row{page.T("env.round_trips"),
             page.T(handoff_count == pipe_count ? "env.round_trips_value"
                                                : "env.round_trips_value_counts",
                    args)};
}

}  // namespace zoo::report
