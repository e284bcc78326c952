// The layer line (zoo.layers/1): the same no-op workload run through the bare
// clients and through each layer of the subject, lowest first, as range bars
// from the best round to the slowest with the median marked and zero at the
// matching bare client's best round; a table of the best round (the median in
// brackets) and each layer's extra cost over the one below; and the cost of
// code per layer. Measured apart from the matrix: no figure here enters a cell.
#include <cmath>
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

// A row's name: a bare client's, or the subject's layer as code.
std::string RowName(PageWriter& page, const rapidjson::Value& row) {
  if (BoolOf(row, "bare")) {
    return page.T("layers.row.bare", {{"adapter", page.QuoteOf(row, "adapter")}});
  }
  return page.Code(StringOf(row, "layer"));
}

std::string ExtraCost(PageWriter& page, const rapidjson::Value& row) {
  const std::string_view verdict = StringOf(row, "verdict");
  if (BoolOf(row, "bare") || verdict.empty()) return page.Text(kNoFigure);
  const std::string below = page.Quote(StringOf(row, "below"));
  if (verdict == "indistinguishable") {
    return page.T("layers.extra.indistinguishable", {{"below", below}});
  }
  return page.T(Concat("layers.extra.", verdict),
                {{"pct", page.Text(SignedPercent(NumberOf(row, "factor") - 1))}, {"below", below}});
}

Row RangeCells(PageWriter& page, const rapidjson::Value& row) {
  if (!BoolOf(row, "gate_passed")) {
    return {RowName(page, row),
            page.T("layers.rejected", {{"reason", page.Record(StringOf(row, "gate_reason"))}}),
            page.Text(kNoFigure)};
  }
  if (!BoolOf(row, "measured")) {
    return {RowName(page, row), page.T("layers.failed"), page.Text(kNoFigure)};
  }
  return {RowName(page, row),
          page.T("layers.best_median", {{"best", page.Dur(NumberOf(row, "best_ns"))},
                                        {"median", page.Dur(NumberOf(row, "median_ns"))},
                                        {"slowest", page.Dur(NumberOf(row, "slowest_ns"))}}),
          ExtraCost(page, row)};
}

// A row's cold start: callgrind's instructions (a callgrind run), the allocation counter's
// allocations and first task (a run that counts), or both; a dash when neither was taken.
std::string ColdStart(PageWriter& page, const rapidjson::Value& row) {
  const double allocs = NumberOf(row, "cold_alloc_calls");
  // NaN (not counted) in a model from before callgrind's cold start, which has no member.
  const double instructions = NumberOf(row, "cold_callgrind_instructions");
  const MessageArgs args = {{"allocs", page.Text(Count(allocs))},
                            {"first", page.Dur(NumberOf(row, "first_task_ns"))},
                            {"instructions", page.Text(Count(instructions))}};
  if (std::isnan(allocs) && std::isnan(instructions)) return page.Text(kNoFigure);
  if (std::isnan(instructions)) return page.T("layers.cost.cold", args);
  if (std::isnan(allocs)) return page.T("layers.cost.cold_instructions", args);
  return page.T("layers.cost.cold_both", args);
}

Row CostCells(PageWriter& page, const rapidjson::Value& row) {
  const std::string_view repeat = StringOf(row, "callgrind_repeat");
  std::string instructions = page.Text(Count(NumberOf(row, "callgrind_instructions_per_task")));
  if (!repeat.empty()) {
    instructions = page.T(Concat("layers.cost.repeat.", repeat), {{"count", instructions}});
  }
  return {page.Quote(StringOf(row, "label")), instructions,
          page.Text(Count(NumberOf(row, "allocs_per_task"))), ColdStart(page, row)};
}

void Descriptions(PageWriter& page, const rapidjson::Value& table) {
  std::vector<std::string> lines;
  for (const rapidjson::Value& row : ArrayOf(table, "rows").GetArray()) {
    if (BoolOf(row, "bare")) continue;
    const std::string_view layer = StringOf(row, "layer");
    lines.push_back(page.T("layers.description",
                           {{"layer", page.Code(layer)},
                            {"text", page.PluginText(StringOf(row, "adapter"),
                                                     Concat("layers.", layer, ".description"),
                                                     StringOf(row, "description"))}}));
  }
  page.Bullets(std::move(lines));
}

}  // namespace

void WriteLayers(PageWriter& page) {
  page.AddNote("layers.intro", {{"ext", page.Code("zoo.layers/1")}});
  const rapidjson::Value* layers = MemberOf(page.root(), "layers");
  if (layers == nullptr) {
    page.AddLead("layers.not_recorded");
    return;
  }
  const std::string_view status = StringOf(*layers, "status");
  if (status != "measured") {
    const MessageArgs named = {{"subject", page.QuoteOf(*layers, "subject")},
                               {"ext", page.Code("zoo.layers/1")},
                               {"flag", page.Code("--no-layers")}};
    const std::string_view code = StringOf(*layers, "reason_code");
    page.AddLead(Concat("layers.status.", status),
                 {{"reason", page.TOr(Concat("layers.reason.", code),
                                      page.T("layers.reason.other", {{"code", page.Quote(code)}}),
                                      named)}});
    return;
  }
  const rapidjson::Value& tables = ArrayOf(*layers, "tables");
  if (!tables.Empty()) Descriptions(page, tables[0]);
  page.AddText("layers.zero",
               {{"bare", page.QuoteOf(*layers, "zero_at")},
                {"why", page.T(Concat("layers.zero.", StringOf(*layers, "zero_reason")))}});
  if (const Figure* f = page.FigureNamed("layers.svg"); f != nullptr) {
    page.AddFigure(*f, page.T("layers.figure.caption"));
  }
  page.AbsoluteNote();
  for (const rapidjson::Value& table : tables.GetArray()) {
    page.Heading(
        page.T("layers.table.title", {{"concurrency", page.NumberText(table, "concurrency")}}), 4);
    page.Table({"layers.col.row", "layers.col.best_median#", "layers.col.extra"},
               MapEach(ArrayOf(table, "rows").GetArray(),
                       [&](const rapidjson::Value& row) { return RangeCells(page, row); }));
  }
  page.AddHeading("layers.cost.title");
  page.AddNote("layers.cost.intro");
  page.Table(
      {"layers.col.row", "layers.col.instructions#", "layers.col.allocs#", "layers.col.cold#"},
      MapEach(ArrayOf(*layers, "cost").GetArray(),
              [&](const rapidjson::Value& row) { return CostCells(page, row); }));
}

}  // namespace zoo::report
