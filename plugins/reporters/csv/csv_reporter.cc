// The "csv" reporter: cells.csv, one row per unit of the model, and cost.csv, the cost of
// code (one row per counting unit, per cold start and per callgrind unit), for spreadsheets
// and scripts. Language-independent: the header names the columns in snake_case, numbers are
// written in full precision (text_format.h ExactNumber), a missing figure is an empty field.
// A baseline's row also carries its cell against the subject at the same coordinates; the
// subject's row leaves those fields empty. RFC 4180: CRLF line ends, quoted fields where
// needed.
#include <string>
#include <vector>

#include "plugins/reporters/common/cost_cells.h"

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
    // Appended columns, so that older readers keep their positions.
    "processes",   "repetitions",    "basis",             "basis_median_ns",  "factor_low",
    "factor_high", "floor",
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
  const rapidjson::Value* pooled = MemberOf(unit, "pooled_processes");
  row.push_back(pooled != nullptr && pooled->IsArray() ? std::to_string(pooled->Size())
                                                       : std::string());
  const double repetitions = NumberOf(unit, "repetitions");
  row.push_back(repetitions > 0 ? ExactNumber(repetitions) : std::string());
  row.emplace_back(StringOf(unit, "basis"));
  const rapidjson::Value* basis = MemberOf(unit, "per_round_basis_ns");
  row.push_back(ok && basis != nullptr ? ExactNumber(NumberOf(unit, "basis_median_ns"))
                                       : std::string());
  if (cell == nullptr) {
    row.insert(row.end(), 3, std::string());
  } else {
    row.push_back(ExactNumber(NumberOf(*cell, "factor_low")));
    row.push_back(ExactNumber(NumberOf(*cell, "factor_high")));
    row.emplace_back(BoolOf(*cell, "floor") ? "true" : "false");
  }
  return row;
}

// cost.csv: "kind" says what a row is: "counters" (one counting unit: an adapter at one
// concurrency), "cold_start" (an adapter's setup plus first task), "callgrind" (a unit run
// under callgrind), or "not_run" (the only row when the run counted nothing; "not_run_reason"
// says why: "not_requested", "not_recorded"). Each count has four columns: per task, total,
// and when it could not be taken its code and the core's sentence (both empty otherwise); an
// unavailable count leaves per task and total empty, never 0.
std::vector<std::string> CostColumns() {
  std::vector<std::string> columns = {"kind", "adapter", "concurrency", "tier_us",
                                      "unit", "ok",      "failure",     "tasks",
                                      "setup_ns", "first_task_ns"};
  for (const CostCount& c : kCostCounts) {
    for (const char* suffix : {"_per_task", "_total", "_unavailable_code", "_unavailable_reason"}) {
      columns.push_back(std::string(c.field) + suffix);
    }
  }
  // A callgrind row's second run: its total, and "true"/"false" for exactly the same count
  // (both empty when the second run has no count; its reason is in the report).
  columns.push_back("callgrind_repeat_total");
  columns.push_back("callgrind_repeats_exactly");
  columns.push_back("not_run_reason");
  return columns;
}

// The four fields of one count; empty ones for a count the row does not have.
void AppendCount(const rapidjson::Value* count, std::vector<std::string>& row) {
  if (count == nullptr || !count->IsObject()) {
    row.insert(row.end(), 4, std::string());
    return;
  }
  const bool available = BoolOf(*count, "available");
  const rapidjson::Value* total = MemberOf(*count, "total");
  row.push_back(available ? ExactNumber(NumberOf(*count, "per_task")) : std::string());
  row.push_back(available && total != nullptr && total->IsUint64()
                    ? std::to_string(total->GetUint64())
                    : std::string());
  row.emplace_back(available ? "" : StringOf(*count, "unavailable_code"));
  row.emplace_back(available ? "" : StringOf(*count, "unavailable_reason"));
}

std::vector<std::string> CostRowStart(const char* kind, const rapidjson::Value& row) {
  const rapidjson::Value* tasks = MemberOf(row, "tasks");
  return {kind,
          std::string(StringOf(row, "adapter")),
          MemberOf(row, "concurrency") != nullptr ? std::to_string(UintOf(row, "concurrency"))
                                                  : std::string(),
          MemberOf(row, "tier_us") != nullptr ? std::to_string(UintOf(row, "tier_us"))
                                              : std::string(),
          std::string(StringOf(row, "unit")),
          BoolOf(row, "ok") ? "true" : "false",
          std::string(StringOf(row, "failure")),
          tasks != nullptr && tasks->IsUint64() ? std::to_string(tasks->GetUint64())
                                                : std::string()};
}

std::string CostCsv(const rapidjson::Value& cost) {
  const std::vector<std::string> columns = CostColumns();
  std::string out;
  AppendRow(columns, out);
  if (StringOf(cost, "status") != "measured") {
    std::vector<std::string> row(columns.size());
    row[0] = "not_run";
    row.back() = std::string(StringOf(cost, "reason_code"));
    AppendRow(row, out);
    // A run under callgrind has no counting units, only its instruction counts.
    if (StringOf(cost, "callgrind_status") != "measured") return out;
  }
  for (const rapidjson::Value& r : ArrayOf(cost, "rows").GetArray()) {
    std::vector<std::string> row = CostRowStart("counters", r);
    row.insert(row.end(), 2, std::string());  // setup_ns, first_task_ns
    for (const CostCount& c : kCostCounts) AppendCount(MemberOf(r, c.field), row);
    row.insert(row.end(), 3, std::string());  // the callgrind repeat, not_run_reason
    AppendRow(row, out);
  }
  for (const rapidjson::Value& r : ArrayOf(cost, "cold_start").GetArray()) {
    std::vector<std::string> row = CostRowStart("cold_start", r);
    const bool ok = BoolOf(r, "ok");
    row.push_back(ok ? ExactNumber(NumberOf(r, "setup_ns")) : std::string());
    row.push_back(ok ? ExactNumber(NumberOf(r, "first_task_ns")) : std::string());
    for (const CostCount& c : kCostCounts) AppendCount(MemberOf(r, c.field), row);
    row.insert(row.end(), 3, std::string());  // the callgrind repeat, not_run_reason
    AppendRow(row, out);
  }
  if (StringOf(cost, "callgrind_status") == "measured") {
    for (const rapidjson::Value& r : ArrayOf(cost, "callgrind").GetArray()) {
      std::vector<std::string> row = CostRowStart("callgrind", r);
      row.insert(row.end(), 2, std::string());
      const bool ok = BoolOf(r, "ok");
      const rapidjson::Value* instructions = MemberOf(r, "instructions");
      for (const CostCount& c : kCostCounts) {
        if (std::string_view(c.field) != "instructions") {
          row.insert(row.end(), 4, std::string());
          continue;
        }
        if (!ok) {
          row.insert(row.end(), 2, std::string());
          row.emplace_back("unit_failed");
          row.emplace_back(StringOf(r, "failure"));
          continue;
        }
        row.push_back(ExactNumber(NumberOf(r, "instructions_per_task")));
        row.push_back(instructions != nullptr && instructions->IsUint64()
                          ? std::to_string(instructions->GetUint64())
                          : std::string());
        row.insert(row.end(), 2, std::string());
      }
      const rapidjson::Value* again = MemberOf(r, "repeat_instructions");
      const bool repeated = ok && BoolOf(r, "repeat_available");
      row.push_back(repeated && again != nullptr && again->IsUint64()
                        ? std::to_string(again->GetUint64())
                        : std::string());
      row.emplace_back(repeated ? (BoolOf(r, "repeats_exactly") ? "true" : "false") : "");
      row.emplace_back();
      AppendRow(row, out);
    }
  }
  return out;
}

absl::Status RenderCsv(const RenderContext& context) {
  std::string out;
  AppendRow(std::vector<std::string>(std::begin(kColumns), std::end(kColumns)), out);
  for (const rapidjson::Value& unit : context.model.root()["units"].GetArray()) {
    AppendRow(UnitRow(context.model, unit), out);
  }
  if (absl::Status s = context.WriteFile("cells.csv", out); !s.ok()) return s;
  return context.WriteFile("cost.csv", CostCsv(context.model.Cost()));
}

}  // namespace
}  // namespace zoo::report

ZOO_EXPORT_REPORTER("csv", "1.0.0",
                    "cells.csv: one row per unit, with its cell against the subject; cost.csv: "
                    "the cost of code per counting unit, cold start and callgrind unit",
                    "csv",
                    "en,zh", ::zoo::report::RenderCsv, nullptr);
