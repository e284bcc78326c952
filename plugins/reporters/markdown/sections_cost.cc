// The cost of code: what a task costs beyond time (allocations, kernel counters, exact
// instruction counts under callgrind) and each adapter's cold start, with what the counts
// include. Every number is the model's; a count that could not be taken says why in a note.
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/cost_cells.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/markdown/pivot.h"
#include "plugins/reporters/markdown/sections.h"

namespace zoo::report::markdown {
namespace {

std::string CellText(Page& page, const CostCell& cell) {
  if (cell.note == 0) return cell.figure;
  return page.T("cost.unavailable", {{"note", std::to_string(cell.note)}});
}

// The notes of one table, below it: the reason in the report's language, then the core's
// own sentence (with the errno) quoted.
void WriteNotes(Page& page, const CostNotes& notes) {
  std::vector<std::string> lines;
  for (size_t i = 0; i < notes.notes().size(); ++i) {
    const CostNote& note = notes.notes()[i];
    const std::string key = Concat("cost.reason.", note.code);
    const std::string reason = page.Has(key)
                                   ? page.T(key)
                                   : page.T("cost.reason.other", {{"code", page.Quote(note.code)}});
    lines.push_back(page.T("cost.note", {{"note", std::to_string(i + 1)},
                                         {"reason", reason},
                                         {"detail", page.Quote(note.detail)}}));
  }
  page.out().Bullets(lines);
}

void CountsTable(Page& page, const rapidjson::Value& cost) {
  const rapidjson::Value& rows = ArrayOf(cost, "rows");
  if (rows.Empty()) return;
  page.out().Heading(3, page.T("cost.counts.title"));
  std::vector<std::string> header = {page.T("col.adapter"), page.T("col.concurrency"),
                                     page.T("cost.col.tasks")};
  for (const CostCount& c : kCostCounts) header.push_back(page.T(c.column_key));
  CostNotes notes;
  std::vector<std::vector<std::string>> table;
  for (const rapidjson::Value& row : rows.GetArray()) {
    const std::string_view failure = BoolOf(row, "ok") ? "" : StringOf(row, "failure");
    std::vector<std::string> cells = {AdapterColumn(page, StringOf(row, "adapter")),
                                      std::to_string(UintOf(row, "concurrency")),
                                      Count(NumberOf(row, "tasks"))};
    for (const CostCount& c : kCostCounts) {
      cells.push_back(CellText(page, notes.Cell(MemberOf(row, c.field), c.format, failure)));
    }
    table.push_back(std::move(cells));
  }
  page.out().Table(header, table);
  WriteNotes(page, notes);
}

void ColdStartTable(Page& page, const rapidjson::Value& cost) {
  const rapidjson::Value& rows = ArrayOf(cost, "cold_start");
  if (rows.Empty()) return;
  page.out().Heading(3, page.T("cost.cold.title"));
  page.out().Paragraph(page.T("cost.cold.intro"));
  page.out().Paragraph(page.T("table.absolute"));
  CostNotes notes;
  std::vector<std::vector<std::string>> table;
  for (const rapidjson::Value& row : rows.GetArray()) {
    const bool ok = BoolOf(row, "ok");
    const std::string_view failure = ok ? "" : StringOf(row, "failure");
    std::vector<std::string> cells = {AdapterColumn(page, StringOf(row, "adapter"))};
    if (ok) {
      cells.push_back(Duration(NumberOf(row, "setup_ns")));
      cells.push_back(Duration(NumberOf(row, "first_task_ns")));
    } else {
      const std::string failed = CellText(page, notes.Failed(failure));
      cells.push_back(failed);
      cells.push_back(failed);
    }
    cells.push_back(
        CellText(page, notes.Cell(MemberOf(row, "alloc_calls"), Count, failure, "total")));
    cells.push_back(
        CellText(page, notes.Cell(MemberOf(row, "alloc_bytes"), Bytes, failure, "total")));
    table.push_back(std::move(cells));
  }
  page.out().Table({page.T("col.adapter"), page.T("cost.col.setup"), page.T("cost.col.first_task"),
                    page.T("cost.col.cold_alloc_calls"), page.T("cost.col.cold_alloc_bytes")},
                   table);
  WriteNotes(page, notes);
}

void CallgrindTable(Page& page, const rapidjson::Value& cost) {
  if (StringOf(cost, "callgrind_status") != "measured") {
    page.out().Paragraph(page.T("cost.callgrind.not_run",
                                {{"command", page.Code("zoo-host run --instrument callgrind")}}));
    return;
  }
  page.out().Heading(3, page.T("cost.callgrind.title"));
  page.out().Paragraph(page.T("cost.callgrind.intro",
                              {{"tool", page.Code("valgrind --tool=callgrind")},
                               {"version", page.Quote(StringOf(cost, "callgrind_version"))}}));
  page.out().Paragraph(page.T("msg.cost.callgrind_times_meaningless"));
  CostNotes notes;
  std::vector<std::vector<std::string>> table;
  for (const rapidjson::Value& row : ArrayOf(cost, "callgrind").GetArray()) {
    std::vector<std::string> cells = {AdapterColumn(page, StringOf(row, "adapter")),
                                      std::to_string(UintOf(row, "concurrency")),
                                      Tier(UintOf(row, "tier_us")), Count(NumberOf(row, "tasks"))};
    if (BoolOf(row, "ok")) {
      cells.push_back(Count(NumberOf(row, "instructions_per_task")));
      cells.push_back(Count(NumberOf(row, "instructions")));
      if (BoolOf(row, "repeat_available")) {
        cells.push_back(Count(NumberOf(row, "repeat_instructions")));
        cells.push_back(BoolOf(row, "repeats_exactly")
                            ? page.T("cost.repeats.yes")
                            : page.T("cost.repeats.no",
                                     {{"difference", Percent(NumberOf(row, "repeat_difference"), 2)}}));
      } else {
        const std::string unknown =
            CellText(page, notes.NotRepeated(StringOf(row, "repeat_unavailable_reason")));
        cells.push_back(unknown);
        cells.push_back(unknown);
      }
    } else {
      const std::string failed = CellText(page, notes.Failed(StringOf(row, "failure")));
      cells.insert(cells.end(), 4, failed);
    }
    table.push_back(std::move(cells));
  }
  page.out().Table({page.T("col.adapter"), page.T("col.concurrency"), page.T("col.tier"),
                    page.T("cost.col.tasks"), page.T("cost.col.instructions"),
                    page.T("cost.col.instructions_total"), page.T("cost.col.instructions_again"),
                    page.T("cost.col.repeats")},
                   table);
  WriteNotes(page, notes);
}

void Caveats(Page& page, const rapidjson::Value& cost) {
  page.out().Heading(3, page.T("cost.caveats.title"));
  const std::string workload = page.Code(StringOf(cost, "workload"));
  page.out().Bullets(
      {page.T("cost.caveat.threads"), page.T("cost.caveat.host"),
       page.T("cost.caveat.body", {{"workload", workload}}),
       page.T("cost.caveat.allocations",
              {{"functions",
                page.Code("malloc, calloc, realloc, aligned_alloc, memalign, operator new")}}),
       page.T("cost.caveat.steady")});
}

}  // namespace

void WriteCost(Page& page) {
  SectionHeading(page, "section.cost.title");
  const rapidjson::Value& cost = page.model().Cost();
  const std::string_view workload = StringOf(cost, "workload");
  page.out().Paragraph(
      page.T("cost.intro", {{"workload", page.Code(workload.empty() ? "noop" : workload)},
                            {"perf", page.Code("perf_event_open")}}));
  if (StringOf(cost, "status") != "measured") {
    const std::string_view code = StringOf(cost, "reason_code");
    if (code == "not_requested") {
      page.out().Paragraph(
          page.T("cost.not_run.not_requested", {{"flag", page.Code("--no-cost")}}));
    } else if (code == "not_recorded" || code.empty()) {
      page.out().Paragraph(page.T("cost.not_run.not_recorded"));
    } else if (code == "callgrind_run") {
      page.out().Paragraph(page.T("cost.not_run.callgrind_run"));
    } else {
      page.out().Paragraph(page.T("cost.not_run.other", {{"reason", page.Quote(code)}}));
    }
    // A run under callgrind counts nothing else, but its instruction counts are the point.
    if (StringOf(cost, "callgrind_status") == "measured") {
      CallgrindTable(page, cost);
      Caveats(page, cost);
    }
    return;
  }
  std::vector<std::string> concurrencies;
  for (const rapidjson::Value& c : ArrayOf(cost, "concurrencies").GetArray()) {
    if (c.IsUint()) concurrencies.push_back(std::to_string(c.GetUint()));
  }
  std::vector<std::string> status = {
      page.T("cost.status.measured", {{"concurrencies", page.Join(concurrencies)}})};
  const std::string_view counters = StringOf(cost, "counters_status");
  const std::string counters_key = Concat("cost.counters.", counters);
  status.push_back(page.Has(counters_key) ? page.T(counters_key)
                                          : page.T("cost.counters.unavailable"));
  if (const std::string_view reason = StringOf(cost, "counters_reason");
      counters != "available" && !reason.empty()) {
    status.push_back(page.T("cost.counters.reason", {{"reason", page.Quote(reason)}}));
  }
  page.out().Bullets(status);
  CountsTable(page, cost);
  ColdStartTable(page, cost);
  CallgrindTable(page, cost);
  Caveats(page, cost);
}

}  // namespace zoo::report::markdown
