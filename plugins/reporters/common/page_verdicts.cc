// The three verdicts, published with the same weight: where the subject is faster, where it
// is slower (the unfavourable data, grouped and then cell by cell), and where there is no
// winner, with the interval that decided it, the floor's cells and the cells that could not be
// compared at all.
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

using Rows = std::vector<std::vector<std::string>>;

// The cells an index list ("subject_faster", ...) points at, in the model's order.
std::vector<const rapidjson::Value*> CellsOf(PageWriter& page, const char* list) {
  std::vector<const rapidjson::Value*> cells;
  const rapidjson::Value& all = page.root()["cells"];
  const rapidjson::Value* indices = MemberOf(page.root(), list);
  if (indices == nullptr || !indices->IsArray()) return cells;
  for (const rapidjson::Value& index : indices->GetArray()) {
    if (index.IsUint() && index.GetUint() < all.Size()) cells.push_back(&all[index.GetUint()]);
  }
  return cells;
}

std::string PValueOf(PageWriter& page, const rapidjson::Value& cell) {
  const rapidjson::Value* test = MemberOf(cell, "test");
  return page.Text(
      PValue(test == nullptr ? NumberOf(cell, "p_value") : NumberOf(*test, "p_value")));
}

// Why a cell has no winner: its interval includes 1.00x, or the factor stays within the
// threshold (verdict.h).
std::string NoWinnerReason(PageWriter& page, const rapidjson::Value& cell) {
  const double low = NumberOf(cell, "factor_low"), high = NumberOf(cell, "factor_high");
  MessageArgs args = {{"low", page.Times(low)},
                      {"high", page.Times(high)},
                      {"threshold", page.Times(1 + NumberOf(cell, "threshold"))}};
  if (!(low > 1 || high < 1)) return page.T("reason.no_winner", args);
  args.emplace_back("factor", page.Times(1 / NumberOf(cell, "ratio")));
  return page.T("reason.within_threshold", args);
}

// The 95% interval of the subject / baseline factor, "1.12×–1.31×".
std::string IntervalOf(PageWriter& page, const rapidjson::Value& cell) {
  return page.Text(
      Concat(Multiple(NumberOf(cell, "factor_low")), "–", Multiple(NumberOf(cell, "factor_high"))));
}

// The coordinates every verdict table starts with: baseline, concurrency, tier.
std::vector<std::string> Where(PageWriter& page, const rapidjson::Value& cell) {
  return {page.Quote(StringOf(cell, "baseline")), std::to_string(UintOf(cell, "concurrency")),
          page.TierText(UintOf(cell, "tier_us"))};
}

// A table of won or lost cells: the gap as a multiple of the faster side, then the evidence:
// the interval that decided, the seeds' band and the process-level p as columns.
void VerdictTable(PageWriter& page, const std::vector<const rapidjson::Value*>& cells,
                  bool subject_faster) {
  page.Add(page.T("table.ratio"), BlockStyle::kNote);
  Rows rows;
  for (const rapidjson::Value* cell : cells) {
    std::vector<std::string> row = Where(page, *cell);
    // The model's factor: the ratio read from the faster side.
    row.push_back(
        page.T(subject_faster ? "gap.subject_faster" : "gap.baseline_faster",
               {{"factor", page.Times(NumberOf(*cell, "faster_factor"))}, {"baseline", row[0]}}));
    row.push_back(IntervalOf(page, *cell));
    row.push_back(page.Pct(NumberOf(*cell, "band")));
    row.push_back(PValueOf(page, *cell));
    rows.push_back(std::move(row));
  }
  page.Table(page.Columns({"col.baseline", "col.concurrency#", "col.tier#", "col.gap",
                           "col.interval#", "col.band#", "col.p_process#"}),
             std::move(rows));
}

std::string CellRefOf(PageWriter& page, std::string_view id) {
  const rapidjson::Value* cell = page.model().Cell(id);
  if (cell == nullptr) return page.Quote(id);
  return page.CellRef(UintOf(*cell, "concurrency"), UintOf(*cell, "tier_us"));
}

// The floor's cells (Cell::floor): shown, in no verdict list.
void Floor(PageWriter& page) {
  const std::vector<const rapidjson::Value*> cells = CellsOf(page, "floor_cells");
  if (cells.empty()) return;
  page.Heading(page.T("floor.title"), 3, "floor");
  page.Add(page.T("floor.intro"), BlockStyle::kNote);
  Rows rows;
  for (const rapidjson::Value* cell : cells) {
    std::vector<std::string> row = Where(page, *cell);
    row.push_back(page.Times(1 / NumberOf(*cell, "ratio")));
    row.push_back(IntervalOf(page, *cell));
    rows.push_back(std::move(row));
  }
  page.Table(page.Columns(
                 {"col.baseline", "col.concurrency#", "col.tier#", "col.ratio#", "col.interval#"}),
             std::move(rows));
}

void Unmeasured(PageWriter& page) {
  const rapidjson::Value& unmeasured = page.root()["unmeasured"];
  if (unmeasured.Empty()) return;
  page.Heading(page.T("unmeasured.title"), 3, "unmeasured");
  page.Add(page.T("unmeasured.intro"), BlockStyle::kNote);
  Rows rows;
  for (rapidjson::SizeType i = 0; i < unmeasured.Size(); ++i) {
    const rapidjson::Value& u = unmeasured[i];
    const std::string_view code = StringOf(u, "reason_code");
    if (code.empty()) return page.Lacks(Concat("unmeasured[", std::to_string(i), "].reason_code"));
    std::vector<std::string> row = Where(page, u);
    row.push_back(page.T(Concat("unmeasured.", code),
                         {{"baseline", row[0]}, {"failure", page.Record(StringOf(u, "failure"))}}));
    rows.push_back(std::move(row));
  }
  page.Table(page.Columns({"col.baseline", "col.concurrency#", "col.tier#", "col.reason"}),
             std::move(rows));
}

}  // namespace

void WriteFaster(PageWriter& page) {
  page.Section("section.faster.title", "faster");
  page.Add(page.T("faster.intro"), BlockStyle::kNote);
  const std::vector<const rapidjson::Value*> cells = CellsOf(page, "subject_faster");
  if (cells.empty()) return page.Add(page.T("faster.none"), BlockStyle::kLead);
  page.Add(page.T("faster.summary", {{"count", std::to_string(cells.size())}}));
  VerdictTable(page, cells, true);
}

void WriteUnfavourable(PageWriter& page) {
  page.Section("section.unfavourable.title", "unfavourable");
  page.Add(page.T("unfavourable.intro"), BlockStyle::kNote);
  const std::vector<const rapidjson::Value*> cells = CellsOf(page, "subject_slower");
  const rapidjson::Value& groups = page.root()["unfavourable"];
  if (cells.empty()) return page.Add(page.T("unfavourable.none"), BlockStyle::kLead);
  page.Add(page.T("unfavourable.summary", {{"cells", std::to_string(cells.size())},
                                           {"baselines", std::to_string(groups.Size())}}),
           BlockStyle::kLead);
  std::vector<std::string> lines;
  for (const rapidjson::Value& group : groups.GetArray()) {
    std::vector<std::string> refs;
    for (const rapidjson::Value& id : ArrayOf(group, "cells").GetArray()) {
      refs.push_back(CellRefOf(page, StringOf(id)));
    }
    lines.push_back(
        page.T("unfavourable.group", {{"baseline", page.Quote(StringOf(group, "baseline"))},
                                      {"count", std::to_string(UintOf(group, "cells_lost"))},
                                      {"factor", page.Times(NumberOf(group, "worst_factor"))},
                                      {"where", CellRefOf(page, StringOf(group, "worst_cell"))},
                                      {"cells", page.Join(refs)}}));
  }
  page.Bullets(std::move(lines), BlockStyle::kNoteItem);
  // Then every losing cell, none left out.
  page.Heading(page.T("unfavourable.all.title"));
  VerdictTable(page, cells, false);
}

void WriteNoWinner(PageWriter& page) {
  page.Section("section.no_winner.title", "no-winner");
  page.Add(page.T("no_winner.intro"), BlockStyle::kNote);
  const rapidjson::Value* method = MemberOf(page.root(), "verdict_method");
  if (method != nullptr && method->IsObject()) {
    page.Add(
        page.T("no_winner.criterion",
               {{"resamples", std::to_string(static_cast<int64_t>(NumberOf(*method, "resamples")))},
                {"seed", page.Quote(StringOf(*method, "seed"))},
                {"threshold", page.Times(1 + NumberOf(*method, "threshold"))}}));
  }
  if (!page.root()["cells"].Empty()) {
    page.Add(
        page.T("no_winner.band_range", {{"min", page.Pct(NumberOf(page.root(), "band_min"))},
                                        {"max", page.Pct(NumberOf(page.root(), "band_max"))}}));
  }
  const std::vector<const rapidjson::Value*> cells = CellsOf(page, "indistinguishable");
  if (cells.empty()) {
    page.Add(page.T("no_winner.none"), BlockStyle::kLead);
  } else {
    Rows rows;
    for (const rapidjson::Value* cell : cells) {
      std::vector<std::string> row = Where(page, *cell);
      row.insert(row.end(), {page.Times(NumberOf(*cell, "ratio")), NoWinnerReason(page, *cell),
                             page.Pct(NumberOf(*cell, "band")), PValueOf(page, *cell)});
      rows.push_back(std::move(row));
    }
    page.Add(page.T("table.ratio"), BlockStyle::kNote);
    page.Table(page.Columns({"col.baseline", "col.concurrency#", "col.tier#", "col.ratio#",
                             "col.reason", "col.band#", "col.p_process#"}),
               std::move(rows));
  }
  Floor(page);
  Unmeasured(page);
}

}  // namespace zoo::report
