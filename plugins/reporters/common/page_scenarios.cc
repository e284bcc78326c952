// The scenarios: questions the matrix cannot ask (a lone task's round trip, a chain of tasks
// each posted from the worker before it, a burst from several producers into a bounded and an
// unbounded queue, the subject's pool size), one table per scenario with each row judged
// against the fastest by the cells' method, what did not apply and why, and the tuning lines
// the subject's rows support. Measured apart from the matrix: no figure here enters a cell.
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

// The capability the continuation and burst scenarios need, as code.
std::string Extension(PageWriter& page) { return page.Code("zoo.submit_any_thread/1"); }

std::string VerdictText(PageWriter& page, const rapidjson::Value& row) {
  const std::string_view verdict = StringOf(row, "verdict");
  if (!BoolOf(row, "ok")) {
    return page.T("scenarios.verdict.failed", {{"failure", page.Record(StringOf(row, "failure"))}});
  }
  if (verdict == "slower") {
    return page.T("scenarios.verdict.slower",
                  {{"low", page.Times(NumberOf(row, "low"))},
                   {"high", page.Times(NumberOf(row, "high"))}});
  }
  return page.NamedOr("scenarios.verdict.", verdict, "verdict");
}

Row RowCells(PageWriter& page, const rapidjson::Value& row) {
  const bool ok = BoolOf(row, "ok");
  auto figure = [&](std::string text) { return ok ? page.Text(text) : page.Text(kNoFigure); };
  return {page.AdapterColumn(StringOf(row, "adapter")),
          page.NumberText(row, "workers"),
          page.NumberText(row, "processes"),
          figure(Duration(NumberOf(row, "level_ns"))),
          figure(Duration(NumberOf(row, "spread_ns"))),
          figure(Rate(NumberOf(row, "tasks_per_s"))),
          figure(Multiple(NumberOf(row, "factor"))),
          VerdictText(page, row),
          page.Text(Count(NumberOf(row, "allocs_per_task"))),
          page.Text(Bytes(NumberOf(row, "bytes_per_task")))};
}

void ScenarioTable(PageWriter& page, const rapidjson::Value& table) {
  const std::string_view name = StringOf(table, "scenario");
  page.Heading(page.NamedOr("scenarios.title.", name, "scenario"));
  page.AddNote(Concat("scenarios.scope.", name),
               {{"tasks", page.NumberText(table, "tasks_per_round")}, {"ext", Extension(page)}});
  const rapidjson::Value& rows = ArrayOf(table, "rows");
  if (!rows.Empty()) {
    page.Table({"col.adapter", "scenarios.col.workers#", "scenarios.col.processes#",
                "scenarios.col.per_task#", "scenarios.col.spread#", "scenarios.col.rate#",
                "scenarios.col.factor#", "scenarios.col.verdict", "cost.col.alloc_calls#",
                "cost.col.alloc_bytes#"},
               MapEach(rows.GetArray(),
                       [&](const rapidjson::Value& row) { return RowCells(page, row); }));
  }
  const rapidjson::Value& na = ArrayOf(table, "not_applicable");
  page.Bullets(MapEach(na.GetArray(), [&](const rapidjson::Value& n) {
    const std::string_view code = StringOf(n, "reason_code");
    const std::string reason =
        page.TOr(Concat("scenarios.reason.", code),
                 page.T("scenarios.reason.other", {{"code", page.Quote(code)}}),
                 {{"ext", Extension(page)}});
    return page.T("scenarios.not_applicable",
                  {{"adapter", page.QuoteOf(n, "adapter")}, {"reason", reason}});
  }));
}

void TuningTable(PageWriter& page, const rapidjson::Value& tuning) {
  page.AddHeading("scenarios.tuning.title");
  if (tuning.Empty()) {
    page.AddNote("scenarios.tuning.none");
    return;
  }
  page.AddNote("scenarios.tuning.intro");
  page.Table({"scenarios.col.symptom", "scenarios.col.evidence", "scenarios.col.action"},
             MapEach(tuning.GetArray(), [&](const rapidjson::Value& t) {
               return Row{page.Say(MemberOf(t, "symptom"), "scenarios.tuning.symptom"),
                          page.Say(MemberOf(t, "evidence"), "scenarios.tuning.evidence"),
                          page.Say(MemberOf(t, "action"), "scenarios.tuning.action")};
             }));
}

}  // namespace

void WriteScenarios(PageWriter& page) {
  page.AddNote("scenarios.intro", {{"flag", page.Code("--scenarios")}});
  const rapidjson::Value* scenarios = MemberOf(page.root(), "scenarios");
  if (scenarios == nullptr) {
    page.AddLead("scenarios.not_run");
    return;
  }
  page.HarnessFloorNote();  // a round trip or a chain link is a few hundred nanoseconds
  for (const rapidjson::Value& table : ArrayOf(*scenarios, "tables").GetArray()) {
    ScenarioTable(page, table);
  }
  TuningTable(page, ArrayOf(*scenarios, "tuning"));
}

}  // namespace zoo::report
