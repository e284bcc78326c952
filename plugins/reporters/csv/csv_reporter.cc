// The "csv" reporter: cells.csv, one row per unit of the model, and cost.csv, the cost of
// code (one row per counting unit, per cold start and per callgrind unit), scenarios.csv and
// the subject's lines and round trips (csv_lines.h), for spreadsheets and scripts, each with its typed schema beside it (cells.csv-metadata.json,
// cost.csv-metadata.json: CSV on the Web, csv_schema.h). Language-independent: the header
// names the columns in snake_case, numbers are written in full precision (text_format.h
// ExactNumber), a missing figure is an empty field, which the schema declares NULL. A
// baseline's row also carries its cell against the subject at the same coordinates; the
// subject's row leaves those fields empty. RFC 4180: CRLF line ends, quoted fields where
// needed.
#include <cassert>
#include <cmath>
#include <string>
#include <vector>

#include "plugins/reporters/common/cost_cells.h"

#include "plugins/reporters/common/model_document.h"
#include "plugins/reporters/common/reporter_plugin.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/csv/csv_lines.h"
#include "plugins/reporters/csv/csv_schema.h"

namespace zoo::report {
namespace {

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
  const rapidjson::Value* rank =
      semantics.empty() ? model.RankAt(adapter, concurrency, tier_us) : nullptr;
  if (rank == nullptr) {
    row.insert(row.end(), 3, std::string());
  } else {
    row.push_back(std::to_string(UintOf(*rank, "rank")));
    row.push_back(ExactNumber(NumberOf(*rank, "factor_to_best")));
    row.emplace_back(BoolOf(*rank, "best_group") ? "true" : "false");
  }
  assert(row.size() == CellColumns().size());
  return row;
}

// cost.csv: "kind" says what a row is (csv_schema.cc describes every column). Each count
// has four columns: per task, total, and when it could not be taken its code and the core's
// sentence (both empty otherwise); an unavailable count leaves per task and total empty,
// never 0.
std::vector<std::string> Names(const std::vector<CsvColumn>& columns) {
  std::vector<std::string> names;
  for (const CsvColumn& c : columns) names.push_back(c.name);
  return names;
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
  const std::vector<std::string> columns = Names(CostColumns());
  std::string out;
  AppendCsvRow(columns, out);
  if (StringOf(cost, "status") != "measured") {
    std::vector<std::string> row(columns.size());
    row[0] = "not_run";
    row.back() = std::string(StringOf(cost, "reason_code"));
    AppendCsvRow(row, out);
    // A run under callgrind has no counting units, only its instruction counts.
    if (StringOf(cost, "callgrind_status") != "measured") return out;
  }
  for (const rapidjson::Value& r : ArrayOf(cost, "rows").GetArray()) {
    std::vector<std::string> row = CostRowStart("counters", r);
    row.insert(row.end(), 2, std::string());  // setup_ns, first_task_ns
    for (const CostCount& c : kCostCounts) AppendCount(MemberOf(r, c.field), row);
    row.insert(row.end(), 4, std::string());  // the callgrind repeat and cold, not_run_reason
    AppendCsvRow(row, out);
  }
  for (const rapidjson::Value& r : ArrayOf(cost, "cold_start").GetArray()) {
    std::vector<std::string> row = CostRowStart("cold_start", r);
    const bool ok = BoolOf(r, "ok");
    row.push_back(ok ? ExactNumber(NumberOf(r, "setup_ns")) : std::string());
    row.push_back(ok ? ExactNumber(NumberOf(r, "first_task_ns")) : std::string());
    for (const CostCount& c : kCostCounts) AppendCount(MemberOf(r, c.field), row);
    row.insert(row.end(), 4, std::string());  // the callgrind repeat and cold, not_run_reason
    AppendCsvRow(row, out);
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
      const rapidjson::Value* cold = MemberOf(r, "cold_start");
      row.push_back(cold != nullptr && BoolOf(*cold, "available")
                        ? ExactNumber(NumberOf(*cold, "total"))
                        : std::string());
      row.emplace_back();
      AppendCsvRow(row, out);
    }
  }
  return out;
}

// scenarios.csv: one row per scenario row; NaN figures (a failed row, an uncounted
// allocation) are empty fields.
std::string ScenariosCsv(const rapidjson::Value& scenarios) {
  std::string out;
  AppendCsvRow(Names(ScenarioColumns()), out);
  auto number = [](const rapidjson::Value& row, const char* key) {
    const double v = NumberOf(row, key);
    return std::isfinite(v) ? ExactNumber(v) : std::string();
  };
  for (const rapidjson::Value& table : ArrayOf(scenarios, "tables").GetArray()) {
    for (const rapidjson::Value& r : ArrayOf(table, "rows").GetArray()) {
      const bool ok = BoolOf(r, "ok");
      std::vector<std::string> row = {
          std::string(StringOf(table, "scenario")), std::string(StringOf(r, "adapter")),
          std::to_string(UintOf(r, "workers")), std::to_string(UintOf(table, "tasks_per_round")),
          std::to_string(UintOf(r, "processes")), ok ? "true" : "false",
          std::string(StringOf(r, "failure"))};
      for (const char* key : {"level_ns", "spread_ns", "tasks_per_s", "factor", "low", "high"}) {
        row.push_back(ok ? number(r, key) : std::string());
      }
      row.emplace_back(StringOf(r, "verdict"));
      row.push_back(number(r, "allocs_per_task"));
      row.push_back(number(r, "bytes_per_task"));
      row.emplace_back(StringOf(r, "unit"));
      assert(row.size() == ScenarioColumns().size());
      AppendCsvRow(row, out);
    }
  }
  return out;
}

absl::Status WriteScenarios(const RenderContext& context) {
  const rapidjson::Value* scenarios = MemberOf(context.model.root(), "scenarios");
  if (scenarios == nullptr) return absl::OkStatus();  // a run without scenarios
  if (absl::Status s = context.WriteFile("scenarios.csv", ScenariosCsv(*scenarios)); !s.ok()) {
    return s;
  }
  return context.WriteFile(
      "scenarios.csv-metadata.json",
      CsvwMetadata("scenarios.csv",
                   "The scenarios of a zoo-host run: one row per adapter and pool size, per "
                   "task, judged against the scenario's fastest row.",
                   ScenarioColumns()));
}

absl::Status RenderCsv(const RenderContext& context) {
  std::string out;
  AppendCsvRow(Names(CellColumns()), out);
  for (const rapidjson::Value& unit : context.model.root()["units"].GetArray()) {
    if (MemberOf(unit, "scenario") != nullptr) continue;  // in scenarios.csv
    AppendCsvRow(UnitRow(context.model, unit), out);
  }
  if (absl::Status s = context.WriteFile("cells.csv", out); !s.ok()) return s;
  if (absl::Status s = context.WriteFile(
          "cells.csv-metadata.json",
          CsvwMetadata("cells.csv",
                       "One row per unit of a zoo-host run, with its cell against the subject. "
                       "Times are valid only within this run; compare by the ratios.",
                       CellColumns()));
      !s.ok()) {
    return s;
  }
  if (absl::Status s = context.WriteFile("cost.csv", CostCsv(context.model.Cost())); !s.ok()) {
    return s;
  }
  if (absl::Status s = WriteScenarios(context); !s.ok()) return s;
  if (absl::Status s = WriteLineTables(context); !s.ok()) return s;
  return context.WriteFile(
      "cost.csv-metadata.json",
      CsvwMetadata("cost.csv",
                   "The cost of code of a zoo-host run: one row per counting unit, cold start "
                   "and callgrind unit.",
                   CostColumns()));
}

}  // namespace
}  // namespace zoo::report

namespace {
// The description in Chinese (zoo.text/1); the entry's own is the English.
constexpr zoo_text_string_t kTextZh[] = {
    {"description", "cells.csv：每个单元一行，附它所在的格相对被测框架的结果；cost.csv：按计数单元、冷启动单元与 callgrind 单元列出的代码成本；另有场景、原生任务线、分层与往返时延各表；各附带有类型的模式（CSVW .csv-metadata.json）"}};
constexpr ::zoo::Translation kTranslations[] = {{"zh", kTextZh}};
}  // namespace

ZOO_EXPORT_REPORTER("csv", "1.0.0",
                    "cells.csv: one row per unit, with its cell against the subject; cost.csv: "
                    "the cost of code per counting unit, cold start and callgrind unit; the "
                    "scenarios, native line, layers and round trips; each "
                    "with its typed schema (CSVW .csv-metadata.json)",
                    "csv",
                    "en,zh", ::zoo::report::RenderCsv, nullptr, kTranslations);
