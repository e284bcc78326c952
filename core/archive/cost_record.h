// The cost-of-code units as the archive records them (top-level "cost"): whether they ran,
// and where (workload, tier, concurrencies). The units themselves are ordinary archive units
// whose spec says instrument "counters" and whose result carries "counts" (unit.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "rapidjson/document.h"

namespace zoo {

struct CostRecord {
  // "measured": counters units were planned; "not_run": see reason_code.
  std::string status = "not_run";
  // "" when measured; "not_requested" (--no-cost), "callgrind_run" (an --instrument
  // callgrind run counts instructions in its own units instead), "not_recorded" (an archive
  // from before cost units).
  std::string reason_code = "not_recorded";
  std::string workload = "noop";
  uint32_t tier_us = 0;
  std::vector<uint32_t> concurrencies;
};

void WriteCostRecord(json::Writer& w, const char* key, const CostRecord& record);
absl::StatusOr<CostRecord> ReadCostRecord(const rapidjson::Value& v, std::string_view where);

}  // namespace zoo
