// The native task line (core/model/native_line.h): the subject's own execution forms running
// modbus_rtu, measured on its own and priced against the subject's first form only. Its scope,
// the task, each form with its description and gate verdict, and one table per concurrency of
// time per task and ratio to the first form; "not applicable" with the reason when the subject
// declares no forms.
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

void NativeForms(PageWriter& page, const rapidjson::Value& line) {
  page.AddNote("native.gate_intro");
  Rows rows;
  for (const rapidjson::Value& f : ArrayOf(line, "forms").GetArray()) {
    const std::string_view name = StringOf(f, "name");
    const std::string gate =
        BoolOf(f, "passed")
            ? page.T("native.gate.passed")
            : page.T("native.gate.rejected", {{"reason", page.Record(StringOf(f, "reason"))}});
    rows.push_back({page.Quote(name),
                    page.PluginText(page.subject(), Concat("native.", name, ".description"),
                                    StringOf(f, "description")),
                    gate});
  }
  if (!rows.empty()) page.Table({"native.col.form", "col.description", "native.col.gate"}, rows);
}

void NativeTables(PageWriter& page, const rapidjson::Value& line) {
  page.AddNote("native.one_process");
  const rapidjson::Value& cells = ArrayOf(line, "cells");
  for (const rapidjson::Value& c : ArrayOf(line, "concurrencies").GetArray()) {
    if (!c.IsUint()) continue;
    Rows rows;
    for (const rapidjson::Value& cell : cells.GetArray()) {
      if (UintOf(cell, "concurrency") != c.GetUint()) continue;
      const bool ok = BoolOf(cell, "ok");
      rows.push_back({page.Quote(StringOf(cell, "form")), page.NumberText(cell, "frame_bytes"),
                      ok ? page.Dur(NumberOf(cell, "ns_per_task"))
                         : page.Record(StringOf(cell, "failure")),
                      ok ? page.Times(NumberOf(cell, "ratio_to_first")) : page.Text(kNoFigure)});
    }
    if (rows.empty()) continue;
    page.Heading(page.T("native.table.title", {{"concurrency", std::to_string(c.GetUint())}}), 4);
    page.Table({"native.col.form", "native.col.frame#", "native.col.per_task#",
                "native.col.ratio#"},
               rows);
  }
}

}  // namespace

void WriteNativeLine(PageWriter& page) {
  page.Heading(page.T("native.title"), 3, "native-line");
  page.AddNote("native.scope");
  const rapidjson::Value* line = MemberOf(page.root(), "native_line");
  if (line == nullptr || !line->IsObject()) return page.AddLead("native.not_recorded");
  const std::string_view status = StringOf(*line, "status");
  if (status == "not_applicable") {
    return page.AddLead("native.not_applicable",
                        {{"reason", page.Record(StringOf(*line, "reason"))},
                         {"extension", page.Code("zoo.native/1")}});
  }
  if (status == "not_run") {
    return page.AddLead("native.not_run", {{"flag", page.Code("--no-native-line")}});
  }
  page.AddText("native.task", {{"task", page.Code(StringOf(*line, "task"))},
                               {"frames", page.Uints(ArrayOf(*line, "frame_bytes"))},
                               {"seed", page.Code(StringOf(*line, "seed"))},
                               {"concurrencies", page.Uints(ArrayOf(*line, "concurrencies"))},
                               {"warmup", page.NumberText(*line, "warmup_rounds")},
                               {"measured", page.NumberText(*line, "measured_rounds")}});
  NativeForms(page, *line);
  if (status == "gate_failed") {
    return page.AddLead("native.gate_failed", {{"reason", page.Record(StringOf(*line, "reason"))}});
  }
  NativeTables(page, *line);
}

}  // namespace zoo::report
