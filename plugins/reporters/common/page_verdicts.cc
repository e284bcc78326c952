// The three verdicts, published with the same weight: where the subject is faster, where it
// is slower (the unfavourable data, grouped and then cell by cell), and where there is no
// winner, with the interval that decided it, the floor's cells and the cells that could not be
// compared at all.
#include <cmath>
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

using Cells = std::vector<const rapidjson::Value*>;

// The cells an index list ("subject_faster", ...) points at, in the model's order.
Cells CellsOf(PageWriter& page, const char* list) {
  Cells cells;
  const rapidjson::Value& all = page.root()["cells"];
  for (const rapidjson::Value& index : ArrayOf(page.root(), list).GetArray()) {
    if (index.IsUint() && index.GetUint() < all.Size()) cells.push_back(&all[index.GetUint()]);
  }
  return cells;
}

// Why a cell has no winner: its interval includes 1.00x, or the factor stays within the
// threshold (verdict.h), or its two readings disagree (cell_judgement.h).
std::string NoWinnerReason(PageWriter& page, const rapidjson::Value& cell) {
  const double low = NumberOf(cell, "factor_low"), high = NumberOf(cell, "factor_high");
  MessageArgs args = {{"low", page.Times(low)},
                      {"high", page.Times(high)},
                      {"threshold", page.Times(1 + NumberOf(cell, "threshold"))}};
  const std::string_view agreement = StringOf(cell, "agreement");
  if (!agreement.empty() && agreement != "agree") {
    args.emplace_back("factor", page.Times(1 / NumberOf(cell, "ratio")));
    args.emplace_back("end_to_end", page.Times(1 / NumberOf(cell, "end_to_end_ratio")));
    args.emplace_back("medians", page.Times(NumberOf(cell, "subject_end_to_end_ns") /
                                            NumberOf(cell, "baseline_end_to_end_ns")));
    return page.T(Concat("reason.", agreement), args);
  }
  if (!(low > 1 || high < 1)) return page.T("reason.no_winner", args);
  args.emplace_back("factor", page.Times(1 / NumberOf(cell, "ratio")));
  return page.T("reason.within_threshold", args);
}

// Which reading decided a won or lost cell, and a word when the other reading turns round.
std::string ReadingOf(PageWriter& page, const rapidjson::Value& cell) {
  std::string_view decided = StringOf(cell, "decided_by");
  if (decided.empty()) decided = StringOf(cell, "basis");  // a model from before rule 16
  std::string text = page.T(Concat("reading.", decided));
  if (StringOf(cell, "agreement") == "tier_body_opposite") {
    text = page.T("reading.tier_body_opposite",
                  {{"reading", text}, {"factor", page.Times(1 / NumberOf(cell, "tier_body_ratio"))}});
  }
  return text;
}

// The pooled end-to-end medians, subject / baseline: what the verdict never points against.
std::string MediansOf(PageWriter& page, const rapidjson::Value& cell) {
  return page.Times(NumberOf(cell, "subject_end_to_end_ns") /
                    NumberOf(cell, "baseline_end_to_end_ns"));
}

// The 95% interval of the subject / baseline factor, "1.12×–1.31×".
std::string IntervalOf(PageWriter& page, const rapidjson::Value& cell) {
  return page.Text(
      Concat(Multiple(NumberOf(cell, "factor_low")), "–", Multiple(NumberOf(cell, "factor_high"))));
}

// A table of cells: the coordinates every row starts with (baseline, concurrency, tier), then
// the columns headed by `keys`, filled by `more(cell)`.
template <typename F>
void CellTable(PageWriter& page, std::initializer_list<std::string_view> keys, const Cells& cells,
               F more) {
  std::vector<PageColumn> columns = page.Columns({"col.baseline", "col.concurrency#", "col.tier#"});
  for (PageColumn& column : page.Columns(keys)) columns.push_back(std::move(column));
  page.Table(std::move(columns), MapEach(cells, [&](const rapidjson::Value* cell) {
               Row row = {page.QuoteOf(*cell, "baseline"), page.NumberText(*cell, "concurrency"),
                          page.TierOf(*cell)};
               for (std::string& text : more(*cell)) row.push_back(std::move(text));
               return row;
             }));
}

// A table of won or lost cells: the gap as a multiple of the faster side, then the evidence:
// the interval that decided, the seeds' band and the process-level p as columns.
void VerdictTable(PageWriter& page, const Cells& cells, bool subject_faster) {
  page.AddNote("table.ratio");
  CellTable(page, {"col.gap", "col.reading", "col.interval#", "col.medians#", "col.band#",
                   "col.p_process#"},
            cells, [&](const rapidjson::Value& cell) -> Row {
              // The model's factor: the ratio read from the faster side.
              return {page.T(subject_faster ? "gap.subject_faster" : "gap.baseline_faster",
                             {{"factor", page.TimesOf(cell, "faster_factor")},
                              {"baseline", page.QuoteOf(cell, "baseline")}}),
                      ReadingOf(page, cell), IntervalOf(page, cell), MediansOf(page, cell),
                      page.PctOf(cell, "band"), page.PValueOf(cell)};
            });
}

std::string CellRefOf(PageWriter& page, std::string_view id) {
  const rapidjson::Value* cell = page.model().Cell(id);
  if (cell == nullptr) return page.Quote(id);
  return page.CellRef(UintOf(*cell, "concurrency"), UintOf(*cell, "tier_us"));
}

// The floor's cells (Cell::floor): shown, in no verdict list.
void Floor(PageWriter& page) {
  const Cells cells = CellsOf(page, "floor_cells");
  if (cells.empty()) return;
  page.Heading(page.T("floor.title"), 3, "floor");
  page.AddNote("floor.intro");
  CellTable(page, {"col.ratio#", "col.interval#"}, cells, [&](const rapidjson::Value& cell) -> Row {
    return {page.Times(1 / NumberOf(cell, "ratio")), IntervalOf(page, cell)};
  });
}

// The harness's own cost per task in this run, and the cells whose per-task difference is
// under twice it, where that cost could make or hide the difference.
void HarnessFloor(PageWriter& page) {
  const double floor = NumberOf(page.root(), "harness_floor_ns");
  if (!(floor > 0)) return;
  page.Heading(page.T("harness_floor.title"), 3, "harness-floor");
  page.AddNote("harness_floor.intro", {{"floor", page.Text(Duration(floor))},
                                       {"processes", page.NumberText(page.root(), "harness_floor_processes")}});
  const Cells cells = CellsOf(page, "within_harness_floor");
  if (cells.empty()) return page.AddNote("harness_floor.none");
  CellTable(page, {"col.difference#", "col.floors#"}, cells, [&](const rapidjson::Value& cell) -> Row {
    const double d = std::fabs(NumberOf(cell, "subject_end_to_end_ns") -
                               NumberOf(cell, "baseline_end_to_end_ns"));
    return {page.Text(Duration(d)), page.Times(d / floor)};
  });
}

// What the machine did to every adapter alike (the model's machine_noise, and the wake-up
// cost of the machine table): the noise the verdicts had to stand.
void MachineNoise(PageWriter& page) {
  const rapidjson::Value* noise = MemberOf(page.root(), "machine_noise");
  if (noise == nullptr || !noise->IsObject()) return;
  const rapidjson::Value& speed = ObjectOf(*noise, "body_speed");
  if (UintOf(speed, "processes") > 0) {
    std::vector<std::string> slowest = MapEach(ArrayOf(speed, "slowest").GetArray(),
                                               [&](const rapidjson::Value& id) {
                                                 return page.Text(std::string(StringOf(id)));
                                               });
    page.AddText("detectable.body_speed",
                 {{"low", page.TimesOf(speed, "p5")},
                  {"high", page.TimesOf(speed, "p95")},
                  {"median", page.TimesOf(speed, "median")},
                  {"processes", page.NumberText(speed, "processes")},
                  {"slow", page.NumberText(speed, "slow")},
                  {"slowest", page.Join(slowest)}});
  }
  const rapidjson::Value& levels = ObjectOf(*noise, "bimodality");
  if (UintOf(levels, "sides") > 0) {
    if (UintOf(levels, "two_level") == 0) {
      page.AddText("detectable.one_level", {{"sides", page.NumberText(levels, "sides")}});
    } else {
      std::vector<std::string> widest = MapEach(ArrayOf(levels, "widest").GetArray(),
                                                [&](const rapidjson::Value& t) {
        return page.T("detectable.two_level_side",
                      {{"unit", page.QuoteOf(t, "unit")},
                       {"low", page.DurOf(t, "low_ns")},
                       {"high", page.DurOf(t, "high_ns")},
                       {"low_processes", page.NumberText(t, "low_processes")},
                       {"high_processes", page.NumberText(t, "high_processes")}});
      });
      page.AddText("detectable.two_level", {{"count", page.NumberText(levels, "two_level")},
                                            {"sides", page.NumberText(levels, "sides")},
                                            {"widest", page.Join(widest)}});
    }
  }
  const rapidjson::Value* environment = MemberOf(page.root(), "environment");
  const rapidjson::Value* trips =
      environment != nullptr ? MemberOf(*environment, "round_trips") : nullptr;
  if (trips != nullptr && trips->IsObject()) {
    page.AddText("detectable.wake_up",
                 {{"handoff", page.Dur(NumberOf(ObjectOf(*trips, "handoff"), "median_ns"))}});
  }
}

// The smallest difference this run could see, per concurrency and tier (the model's
// `detectable` rows): "no winner" reads "no difference larger than this here".
void Detectable(PageWriter& page) {
  const rapidjson::Value* rows = MemberOf(page.root(), "detectable");
  if (rows == nullptr || !rows->IsArray() || rows->Empty()) return;
  page.AddHeading("detectable.title");
  MachineNoise(page);
  page.AddNote("detectable.intro");
  std::vector<PageColumn> columns =
      page.Columns({"col.concurrency#", "col.tier#", "col.detectable#", "col.detectable_range#",
                    "col.cells#"});
  page.Table(std::move(columns), MapEach(rows->GetArray(), [&](const rapidjson::Value& r) {
               return Row{page.NumberText(r, "concurrency"), page.TierOf(r),
                          page.PctOf(r, "median"),
                          page.Text(Concat(Percent(NumberOf(r, "min")), "–",
                                           Percent(NumberOf(r, "max")))),
                          page.NumberText(r, "cells")};
             }));
}

void Unmeasured(PageWriter& page) {
  const rapidjson::Value& unmeasured = page.root()["unmeasured"];
  if (unmeasured.Empty()) return;
  page.Heading(page.T("unmeasured.title"), 3, "unmeasured");
  page.AddNote("unmeasured.intro");
  Cells cells;
  for (rapidjson::SizeType i = 0; i < unmeasured.Size(); ++i) {
    if (StringOf(unmeasured[i], "reason_code").empty()) {
      return page.Lacks(Indexed("unmeasured", i, "reason_code"));
    }
    cells.push_back(&unmeasured[i]);
  }
  CellTable(page, {"col.reason"}, cells, [&](const rapidjson::Value& u) -> Row {
    return {page.T(Concat("unmeasured.", StringOf(u, "reason_code")),
                   {{"baseline", page.QuoteOf(u, "baseline")},
                    {"failure", page.RecordOf(u, "failure")}})};
  });
}

}  // namespace
void WriteFaster(PageWriter& page) {
  const Cells cells = CellsOf(page, "subject_faster");
  if (cells.empty()) return page.AddLead("faster.none");
  page.AddText("faster.summary", {{"count", std::to_string(cells.size())}});
  VerdictTable(page, cells, true);
}

void WriteUnfavourable(PageWriter& page) {
  const Cells cells = CellsOf(page, "subject_slower");
  const rapidjson::Value& groups = page.root()["unfavourable"];
  if (cells.empty()) return page.AddLead("unfavourable.none");
  page.AddLead("unfavourable.summary", {{"cells", std::to_string(cells.size())},
                                        {"baselines", std::to_string(groups.Size())}});
  page.NoteItems(MapEach(groups.GetArray(), [&](const rapidjson::Value& group) {
    const std::vector<std::string> refs =
        MapEach(ArrayOf(group, "cells").GetArray(),
                [&](const rapidjson::Value& id) { return CellRefOf(page, StringOf(id)); });
    return page.T("unfavourable.group", {{"baseline", page.QuoteOf(group, "baseline")},
                                         {"count", page.NumberText(group, "cells_lost")},
                                         {"factor", page.TimesOf(group, "worst_factor")},
                                         {"where", CellRefOf(page, StringOf(group, "worst_cell"))},
                                         {"cells", page.Join(refs)}});
  }));
  // Then every losing cell, none left out.
  page.AddHeading("unfavourable.all.title");
  VerdictTable(page, cells, false);
}

void WriteNoWinner(PageWriter& page) {
  const rapidjson::Value* method = MemberOf(page.root(), "verdict_method");
  if (method != nullptr && method->IsObject()) {
    const auto resamples = static_cast<int64_t>(NumberOf(*method, "resamples"));
    // The share of process medians cut from each end of a side's level; an older model has
    // none: its levels were plain means.
    const double trim = NumberOf(*method, "level_trim");
    page.AddText("no_winner.criterion",
                 {{"resamples", std::to_string(resamples)},
                  {"seed", page.QuoteOf(*method, "seed")},
                  {"trim", page.Pct(std::isnan(trim) ? 0 : trim, 0)},
                  {"threshold", page.Times(1 + NumberOf(*method, "threshold"))}});
  }
  if (!page.root()["cells"].Empty()) {
    page.AddText("no_winner.band_range", {{"min", page.PctOf(page.root(), "band_min")},
                                          {"max", page.PctOf(page.root(), "band_max")}});
  }
  const Cells cells = CellsOf(page, "indistinguishable");
  if (cells.empty()) {
    page.AddLead("no_winner.none");
  } else {
    page.AddNote("table.ratio");
    CellTable(page, {"col.ratio#", "col.reason", "col.detectable#", "col.band#", "col.p_process#"},
              cells, [&](const rapidjson::Value& cell) -> Row {
                return {page.TimesOf(cell, "ratio"), NoWinnerReason(page, cell),
                        page.PctOf(cell, "detectable"), page.PctOf(cell, "band"),
                        page.PValueOf(cell)};
              });
  }
  Detectable(page);
  Floor(page);
  HarnessFloor(page);
  Unmeasured(page);
}

}  // namespace zoo::report
