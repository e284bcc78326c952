// The cost of code: what a task costs beyond time (allocations, kernel counters, exact
// instruction counts under callgrind) and each adapter's cold start, with what the counts
// include. Every number is the model's; a count that could not be taken says why in a note.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/cost_cells.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

std::string CellText(PageWriter& page, const CostCell& cell) {
  if (cell.note == 0) return page.Text(cell.figure);
  return page.T("cost.unavailable", {{"note", std::to_string(cell.note)}});
}

// A cost table, a row per element of `rows` (a model array) by `row(element, notes)`, then the
// notes its cells point to: the reason in the report's language, then the core's own sentence
// (with the errno) quoted.
template <typename F>
void NotedTable(PageWriter& page, std::vector<PageColumn> columns, const rapidjson::Value& rows,
                F row) {
  CostNotes notes;
  page.Table(std::move(columns), MapEach(rows.GetArray(), [&](const rapidjson::Value& element) {
               return row(element, notes);
             }));
  size_t number = 0;
  page.NoteItems(MapEach(notes.notes(), [&](const CostNote& note) {
    return page.T("cost.note", {{"note", std::to_string(++number)},
                                {"reason", page.NamedOr("cost.reason.", note.code, "code")},
                                {"detail", page.Record(note.detail)}});
  }));
}

void CountsTable(PageWriter& page, const rapidjson::Value& cost) {
  const rapidjson::Value& rows = ArrayOf(cost, "rows");
  if (rows.Empty()) return;
  page.AddHeading("cost.counts.title");
  std::vector<PageColumn> header =
      page.Columns({"col.adapter", "col.concurrency#", "cost.col.tasks#"});
  for (const CostCount& c : kCostCounts) header.push_back({page.T(c.column_key), true});
  // Threads created per round: a column once the units record it (older archives do not).
  const bool threads = AnyHas(rows, "threads_created");
  if (threads) header.push_back({page.T("cost.col.threads_created"), true});
  NotedTable(page, std::move(header), rows, [&](const rapidjson::Value& row, CostNotes& notes) {
    const std::string_view failure = BoolOf(row, "ok") ? "" : StringOf(row, "failure");
    Row cells = {page.AdapterOf(row), page.NumberText(row, "concurrency"),
                 page.CountOf(row, "tasks")};
    for (const CostCount& c : kCostCounts) {
      cells.push_back(CellText(page, notes.Cell(MemberOf(row, c.field), c.format, failure)));
    }
    if (threads) {
      cells.push_back(page.Text(row.HasMember("threads_created")
                                    ? Count(NumberOf(row, "threads_created_per_round"))
                                    : std::string(kNoFigure)));
    }
    return cells;
  });
}

void ColdStartTable(PageWriter& page, const rapidjson::Value& cost) {
  const rapidjson::Value& rows = ArrayOf(cost, "cold_start");
  if (rows.Empty()) return;
  page.AddHeading("cost.cold.title");
  page.AddNote("cost.cold.intro");
  page.AbsoluteNote();
  const std::vector<PageColumn> columns =
      page.Columns({"col.adapter", "cost.col.setup#", "cost.col.first_task#",
                    "cost.col.cold_alloc_calls#", "cost.col.cold_alloc_bytes#"});
  NotedTable(page, columns, rows, [&](const rapidjson::Value& row, CostNotes& notes) -> Row {
    const bool ok = BoolOf(row, "ok");
    const std::string_view failure = ok ? "" : StringOf(row, "failure");
    const std::string failed = ok ? "" : CellText(page, notes.Failed(failure));
    return {page.AdapterOf(row), ok ? page.DurOf(row, "setup_ns") : failed,
            ok ? page.DurOf(row, "first_task_ns") : failed,
            CellText(page, notes.Cell(MemberOf(row, "alloc_calls"), Count, failure, "total")),
            CellText(page, notes.Cell(MemberOf(row, "alloc_bytes"), Bytes, failure, "total"))};
  });
}

// Digits that keep two runs' difference visible: two decimals of a percent, more where the
// runs differ by less than 0.01% (a few hundred instructions in millions read "0.00%").
int DifferenceDigits(double fraction) {
  const double pct = fraction * 100;
  if (!(pct > 0) || pct >= 0.01) return 2;
  return std::min(8, static_cast<int>(std::ceil(-std::log10(pct))) + 1);
}

Row CallgrindRow(PageWriter& page, const rapidjson::Value& row, CostNotes& notes) {
  Row cells = {page.AdapterOf(row), page.NumberText(row, "concurrency"), page.TierOf(row),
               page.CountOf(row, "tasks")};
  if (!BoolOf(row, "ok")) {
    cells.insert(cells.end(), 5, CellText(page, notes.Failed(StringOf(row, "failure"))));
    return cells;
  }
  // A concurrency-1 unit's cold start (a model from before it has none: a dash).
  const rapidjson::Value* cold = MemberOf(row, "cold_start");
  const std::string cold_text =
      cold == nullptr ? page.Text(kNoFigure) : CellText(page, notes.Cell(cold, Count, "", "total"));
  cells.push_back(page.CountOf(row, "instructions_per_task"));
  cells.push_back(page.CountOf(row, "instructions"));
  if (!BoolOf(row, "repeat_available")) {
    cells.insert(cells.end(), 2,
                 CellText(page, notes.NotRepeated(StringOf(row, "repeat_unavailable_reason"))));
  } else {
    cells.push_back(page.CountOf(row, "repeat_instructions"));
    cells.push_back(page.T(BoolOf(row, "repeats_exactly") ? "cost.repeats.yes"
                                                          : "cost.repeats.no",
                           {{"difference", page.PctOf(row, "repeat_difference",
                                                       DifferenceDigits(NumberOf(
                                                           row, "repeat_difference")))}}));
  }
  cells.push_back(cold_text);
  return cells;
}

void CallgrindTable(PageWriter& page, const rapidjson::Value& cost) {
  if (StringOf(cost, "callgrind_status") != "measured") {
    return page.AddText("cost.callgrind.not_run",
                        {{"command", page.Code("zoo-host run --instrument callgrind")}});
  }
  page.AddHeading("cost.callgrind.title");
  page.AddNote("cost.callgrind.intro", {{"tool", page.Code("valgrind --tool=callgrind")},
                                        {"version", page.QuoteOf(cost, "callgrind_version")}});
  page.AddNote("msg.cost.callgrind_times_meaningless");
  NotedTable(page,
             page.Columns({"col.adapter", "col.concurrency#", "col.tier#", "cost.col.tasks#",
                           "cost.col.instructions#", "cost.col.instructions_total#",
                           "cost.col.instructions_again#", "cost.col.repeats#",
                           "cost.col.callgrind_cold#"}),
             ArrayOf(cost, "callgrind"), [&](const rapidjson::Value& row, CostNotes& notes) {
               return CallgrindRow(page, row, notes);
             });
}

void Caveats(PageWriter& page, std::string_view workload) {
  page.AddHeading("cost.caveats.title");
  page.Bullets(
      {page.T("cost.caveat.threads"), page.T("cost.caveat.host"),
       page.T("cost.caveat.body", {{"workload", page.Code(workload)}}),
       page.T("cost.caveat.allocations",
              {{"functions",
                page.Code("malloc, calloc, realloc, aligned_alloc, memalign, operator new")}}),
       page.T("cost.caveat.steady")});
}

// Why nothing was counted, in one sentence; a reason this catalog does not know is quoted.
std::string NotRun(PageWriter& page, std::string_view code) {
  const MessageArgs args = {{"flag", page.Code("--no-cost")}, {"reason", page.Quote(code)}};
  return page.TOr(Concat("cost.not_run.", code.empty() ? "not_recorded" : code),
                  page.T("cost.not_run.other", args), args);
}

}  // namespace

void WriteCost(PageWriter& page) {
  const rapidjson::Value& cost = page.model().Cost();
  const std::string_view recorded = StringOf(cost, "workload");
  const std::string_view workload = recorded.empty() ? "noop" : recorded;
  page.AddNote("cost.intro",
               {{"workload", page.Code(workload)}, {"perf", page.Code("perf_event_open")}});
  if (StringOf(cost, "status") != "measured") {
    page.Add(NotRun(page, StringOf(cost, "reason_code")), BlockStyle::kLead);
    // A run under callgrind counts nothing else, but its instruction counts are the point.
    if (StringOf(cost, "callgrind_status") != "measured") return;
  } else {
    std::vector<std::string> status = {page.T(
        "cost.status.measured", {{"concurrencies", page.Uints(ArrayOf(cost, "concurrencies"))}})};
    const std::string_view counters = StringOf(cost, "counters_status");
    status.push_back(
        page.TOr(Concat("cost.counters.", counters), page.T("cost.counters.unavailable")));
    if (const std::string_view reason = StringOf(cost, "counters_reason");
        counters != "available" && !reason.empty()) {
      status.push_back(page.T("cost.counters.reason", {{"reason", page.Record(reason)}}));
    }
    page.Bullets(std::move(status));
    CountsTable(page, cost);
    ColdStartTable(page, cost);
  }
  CallgrindTable(page, cost);
  Caveats(page, workload);
}

}  // namespace zoo::report
