// The "csv" reporter: cells.csv, one row per unit of the model, for spreadsheets and scripts.
// Language-independent: the header names the columns in snake_case, numbers are written in
// full precision (text_format.h ExactNumber), a missing figure is an empty field. A baseline's
// row also carries its cell against the subject at the same coordinates; the subject's row
// leaves those fields empty. RFC 4180: CRLF line ends, quoted fields where needed.
#include <string>
#include <vector>

#include "plugins/reporters/common/model_document.h"
#include "plugins/reporters/common/reporter_plugin.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

// "semantics" is empty for a unit of the main matrix, "off" or an item name for the units
// the scheduling-semantics dimension prices (core/unit.h).
constexpr const char* kColumns[] = {
    "id",          "adapter",        "concurrency",       "tier_us",          "semantics",
    "ok",          "failure",        "median_ns",         "p50_ns",           "p95_ns",
    "p99_ns",      "mean_ns",        "stdev_ns",          "relative_spread",  "body_median_ns",
    "overhead_ns", "overhead_share", "overhead_withheld", "throughput_per_s", "ratio",
    "difference",  "band",           "verdict",           "p_value",
};

void AppendRow(const std::vector<std::string>& fields, std::string& out) {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i != 0) out += ',';
    out += CsvField(fields[i]);
  }
  out += "\r\n";
}

std::vector<std::string> UnitRow(const ModelDocument& model, const rapidjson::Value& unit) {
  const bool ok = BoolOf(unit, "ok");
  const rapidjson::Value& stats = *MemberOf(unit, "stats");
  const rapidjson::Value* e2e = MemberOf(stats, "end_to_end_ns");
  const rapidjson::Value* body = MemberOf(stats, "body_ns");
  // A failed unit measured nothing: its statistics are left empty rather than printed as 0.
  auto e2e_field = [&](const char* key) {
    return ok && e2e != nullptr ? ExactNumber(NumberOf(*e2e, key)) : std::string();
  };
  auto stat_field = [&](const char* key) {
    return ok ? ExactNumber(NumberOf(stats, key)) : std::string();
  };
  const std::string adapter(StringOf(unit, "adapter"));
  const uint32_t concurrency = UintOf(unit, "concurrency");
  const uint32_t tier_us = UintOf(unit, "tier_us");
  const std::string_view semantics = StringOf(unit, "semantics");
  std::vector<std::string> row = {
      std::string(StringOf(unit, "id")),
      adapter,
      std::to_string(concurrency),
      std::to_string(tier_us),
      std::string(semantics),
      ok ? "true" : "false",
      std::string(StringOf(unit, "failure")),
      e2e_field("median"),
      e2e_field("p50"),
      e2e_field("p95"),
      e2e_field("p99"),
      e2e_field("mean"),
      e2e_field("stdev"),
      e2e_field("relative_spread"),
      ok && body != nullptr ? ExactNumber(NumberOf(*body, "median")) : std::string(),
      stat_field("overhead_ns"),
      stat_field("overhead_share"),
      std::string(StringOf(stats, "overhead_withheld")),
      stat_field("throughput_per_s"),
  };
  const rapidjson::Value* cell = adapter == StringOf(model.root(), "subject") || !semantics.empty()
                                     ? nullptr
                                     : model.CellAt(adapter, concurrency, tier_us);
  if (cell == nullptr) {
    row.insert(row.end(), 5, std::string());
  } else {
    const rapidjson::Value* test = MemberOf(*cell, "test");
    row.push_back(ExactNumber(NumberOf(*cell, "ratio")));
    row.push_back(ExactNumber(NumberOf(*cell, "difference")));
    row.push_back(ExactNumber(NumberOf(*cell, "band")));
    row.emplace_back(StringOf(*cell, "verdict"));
    row.push_back(test != nullptr ? ExactNumber(NumberOf(*test, "p_value")) : std::string());
  }
  return row;
}

absl::Status RenderCsv(const RenderContext& context) {
  std::string out;
  AppendRow(std::vector<std::string>(std::begin(kColumns), std::end(kColumns)), out);
  for (const rapidjson::Value& unit : context.model.root()["units"].GetArray()) {
    AppendRow(UnitRow(context.model, unit), out);
  }
  return context.WriteFile("cells.csv", out);
}

}  // namespace
}  // namespace zoo::report

ZOO_EXPORT_REPORTER("csv", "1.0.0",
                    "cells.csv: one row per unit, with its cell against the subject", "csv",
                    "en,zh", ::zoo::report::RenderCsv, nullptr);
