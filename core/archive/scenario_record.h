// The scenarios as the archive records them (top-level "scenarios", scenario.h): which were
// asked for, and every (scenario, adapter) pair that was not measured with why. The units
// themselves are ordinary archive units whose spec names the scenario.
//   "scenarios": {"requested": ["roundtrip", ...],
//                 "not_applicable": [{"scenario", "adapter", "reason_code"}, ...]}
// Archives written before scenarios have none: requested is empty.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/measure/scenario.h"
#include "rapidjson/document.h"

namespace zoo {

struct ScenarioNotApplicable {
  Scenario scenario = Scenario::kNone;
  std::string adapter;
  // "no_submit_any_thread": the adapter does not declare zoo.submit_any_thread/1;
  // "no_bounded_queue": it declares it without ZOO_SUBMIT_BOUNDED; "abi_1_0": built against
  // ABI 1.0, which has no zoo_config.workers.
  std::string reason_code;
};

struct ScenarioRecord {
  std::vector<Scenario> requested;
  std::vector<ScenarioNotApplicable> not_applicable;
};

void WriteScenarioRecord(json::Writer& w, const char* key, const ScenarioRecord& record);
absl::StatusOr<ScenarioRecord> ReadScenarioRecord(const rapidjson::Value& v,
                                                  std::string_view where);

}  // namespace zoo
