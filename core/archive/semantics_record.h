// The scheduling-semantics dimension as the archive records it: what probing found, which
// items are priced and which were dropped (with the reason), and where they were measured.
// The units themselves are ordinary archive units whose spec names the item (unit.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/measure/semantics_probe.h"
#include "rapidjson/document.h"

namespace zoo {

struct SemanticsItemRecord {
  SemanticsItem item;
  bool priced = false;
  // Why an item is not priced: "no_clean_off" (its off state is not clean: `off_state` says
  // why) or "check_failed" (its behavioural check failed: `check` says how).
  std::string dropped_code;
  std::string dropped_reason;  // English
  std::optional<TimeoutCheck> check;
};

struct SemanticsRecord {
  // "measured": items were priced (units planned); "not_applicable": the subject has no
  // usable extension; "probe_failed": probing it crashed or hung (reason says how).
  std::string status = "not_applicable";
  // "no_extension", "extension_unusable", "probe_failed", "nothing_to_price", or "" when
  // measured.
  std::string reason_code = "no_extension";
  std::string reason;  // English
  uint32_t tier_us = 0;                // the tier the items are priced at
  std::vector<uint32_t> concurrencies;  // the concurrencies they are priced at
  std::vector<SemanticsItemRecord> items;
};

// What to record for the subject given its probe (or the probe's failure).
SemanticsRecord PlanSemantics(const absl::StatusOr<SemanticsProbe>& probe,
                              const std::string& subject, uint32_t tier_us,
                              std::vector<uint32_t> concurrencies);

void WriteSemanticsRecord(json::Writer& w, const char* key, const SemanticsRecord& record);
absl::StatusOr<SemanticsRecord> ReadSemanticsRecord(const rapidjson::Value& v,
                                                    std::string_view where);

}  // namespace zoo
