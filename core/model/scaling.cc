#include "core/model/scaling.h"

#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace zoo {
namespace {

// The steps between the row's concurrencies, and its sentence.
void ReadSteps(ScalingRow* row) {
  std::vector<std::string> steps;
  row->keeps_rising = true;
  for (size_t i = 1; i < row->concurrencies.size(); ++i) {
    const double prev = row->throughput_per_s[i - 1], next = row->throughput_per_s[i];
    std::string how = "unknown";
    if (std::isfinite(prev) && std::isfinite(next) && prev > 0) {
      how = next > prev * 1.05 ? "rises" : next < prev * 0.95 ? "falls" : "flat";
    }
    row->keeps_rising &= how == "rises";
    row->steps.push_back({row->concurrencies[i - 1], row->concurrencies[i], how});
    steps.push_back(
        absl::StrFormat("%s %u->%u", how, row->concurrencies[i - 1], row->concurrencies[i]));
  }
  row->text = absl::StrJoin(steps, ", ");
}

}  // namespace

std::vector<ScalingRow> Scaling(const ModelInput& in) {
  std::vector<ScalingRow> out;
  for (const std::string& adapter : in.SubjectAndBaselines()) {
    for (uint32_t tier : in.tiers_us) {
      ScalingRow row;
      row.adapter = adapter;
      row.tier_us = tier;
      for (uint32_t c : in.concurrencies) {
        const UnitView* u = in.Unit(adapter, c, tier);
        if (u == nullptr) continue;
        row.concurrencies.push_back(c);
        row.throughput_per_s.push_back(u->ok ? u->stats.throughput_per_s
                                             : std::numeric_limits<double>::quiet_NaN());
      }
      if (row.concurrencies.size() < 2) continue;
      ReadSteps(&row);
      out.push_back(std::move(row));
    }
  }
  return out;
}

}  // namespace zoo
