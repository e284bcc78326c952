// The three verdicts, published with the same weight: where the subject is faster, where it
// is slower (the unfavourable data, grouped and then cell by cell), and where there is no
// winner, with the interval that decided it, the floor's cells and the cells that could not be
// compared at all.
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/markdown/sections.h"

namespace zoo::report::markdown {
namespace {

// The cells an index list ("subject_faster", ...) points at, in the model's order.
std::vector<const rapidjson::Value*> CellsOf(Page& page, const char* list) {
  std::vector<const rapidjson::Value*> cells;
  const rapidjson::Value& all = page.root()["cells"];
  for (const rapidjson::Value& index : page.root()[list].GetArray()) {
    cells.push_back(&all[index.GetUint()]);  // ModelDocument::Parse checked the range
  }
  return cells;
}

double PValueOf(const rapidjson::Value& cell) {
  const rapidjson::Value* test = MemberOf(cell, "test");
  return test == nullptr ? NumberOf(cell, "p_value") : NumberOf(*test, "p_value");
}

// The 95% interval of the subject / baseline factor, "1.12×–1.31×".
// Why a cell has no winner: its interval includes 1.00x, or the factor stays within the
// threshold (verdict.h).
std::string NoWinnerReason(Page& page, const rapidjson::Value& cell) {
  const double low = NumberOf(cell, "factor_low"), high = NumberOf(cell, "factor_high");
  MessageArgs args = {{"low", Multiple(low)},
                      {"high", Multiple(high)},
                      {"threshold", Multiple(1 + NumberOf(cell, "threshold"))}};
  if (!(low > 1 || high < 1)) return page.T("reason.no_winner", args);
  args.emplace_back("factor", Multiple(1 / NumberOf(cell, "ratio")));
  return page.T("reason.within_threshold", args);
}

std::string IntervalOf(const rapidjson::Value& cell) {
  return Concat(Multiple(NumberOf(cell, "factor_low")), "–",
                Multiple(NumberOf(cell, "factor_high")));
}

// A table of won or lost cells: the gap as a multiple of the faster side, then the evidence:
// the interval that decided, the seeds' band and the process-level p as columns.
void VerdictTable(Page& page, const std::vector<const rapidjson::Value*>& cells,
                  bool subject_faster) {
  std::vector<std::vector<std::string>> rows;
  for (const rapidjson::Value* cell : cells) {
    const std::string baseline = page.AdapterName(StringOf(*cell, "baseline"));
    // The model's factor: the ratio read from the faster side.
    const std::string factor = Multiple(NumberOf(*cell, "faster_factor"));
    const std::string gap =
        subject_faster
            ? page.T("gap.subject_faster", {{"factor", factor}, {"baseline", baseline}})
            : page.T("gap.baseline_faster", {{"factor", factor}, {"baseline", baseline}});
    rows.push_back({baseline, std::to_string(UintOf(*cell, "concurrency")),
                    Tier(UintOf(*cell, "tier_us")), gap, IntervalOf(*cell),
                    Percent(NumberOf(*cell, "band")), PValue(PValueOf(*cell))});
  }
  page.out().Table(
      {page.T("col.baseline"), page.T("col.concurrency"), page.T("col.tier"), page.T("col.gap"),
       page.T("col.interval"), page.T("col.band"), page.T("col.p_process")},
      rows);
}

std::string CellRefOf(Page& page, std::string_view id) {
  const rapidjson::Value* cell = page.model().Cell(id);
  if (cell == nullptr) return page.Quote(id);
  return page.CellRef(UintOf(*cell, "concurrency"), UintOf(*cell, "tier_us"));
}

// The floor's cells (Cell::floor): shown, in no verdict list.
void Floor(Page& page) {
  const rapidjson::Value* floors = MemberOf(page.root(), "floor_cells");
  if (floors == nullptr || !floors->IsArray() || floors->Empty()) return;
  const rapidjson::Value& all = page.root()["cells"];
  page.out().Heading(3, page.T("floor.title"));
  page.out().Paragraph(page.T("floor.intro"));
  std::vector<std::vector<std::string>> rows;
  for (const rapidjson::Value& index : floors->GetArray()) {
    if (!index.IsUint() || index.GetUint() >= all.Size()) continue;
    const rapidjson::Value& cell = all[index.GetUint()];
    rows.push_back({page.AdapterName(StringOf(cell, "baseline")),
                    std::to_string(UintOf(cell, "concurrency")), Tier(UintOf(cell, "tier_us")),
                    Multiple(1 / NumberOf(cell, "ratio")), IntervalOf(cell)});
  }
  page.out().Table({page.T("col.baseline"), page.T("col.concurrency"), page.T("col.tier"),
                    page.T("col.ratio"), page.T("col.interval")},
                   rows);
}

void Unmeasured(Page& page) {
  const rapidjson::Value& unmeasured = page.root()["unmeasured"];
  if (unmeasured.Empty()) return;
  page.out().Heading(3, page.T("unmeasured.title"));
  page.out().Paragraph(page.T("unmeasured.intro"));
  std::vector<std::vector<std::string>> rows;
  for (rapidjson::SizeType i = 0; i < unmeasured.Size(); ++i) {
    const rapidjson::Value& u = unmeasured[i];
    const std::string_view code = StringOf(u, "reason_code");
    if (code.empty()) {
      page.Lacks(Concat("unmeasured[", std::to_string(i), "].reason_code"));
      return;
    }
    const std::string baseline = page.AdapterName(StringOf(u, "baseline"));
    rows.push_back(
        {baseline, std::to_string(UintOf(u, "concurrency")), Tier(UintOf(u, "tier_us")),
         page.T(Concat("unmeasured.", code),
                {{"baseline", baseline}, {"failure", page.Quote(StringOf(u, "failure"))}})});
  }
  page.out().Table(
      {page.T("col.baseline"), page.T("col.concurrency"), page.T("col.tier"), page.T("col.reason")},
      rows);
}

}  // namespace

void WriteFaster(Page& page) {
  SectionHeading(page, "section.faster.title");
  page.out().Paragraph(page.T("faster.intro"));
  const std::vector<const rapidjson::Value*> cells = CellsOf(page, "subject_faster");
  if (cells.empty()) {
    page.out().Paragraph(page.T("faster.none"));
    return;
  }
  page.out().Paragraph(page.T("faster.summary", {{"count", std::to_string(cells.size())}}));
  page.out().Paragraph(page.T("table.ratio"));
  VerdictTable(page, cells, true);
}

void WriteUnfavourable(Page& page) {
  SectionHeading(page, "section.unfavourable.title");
  page.out().Paragraph(page.T("unfavourable.intro"));
  const std::vector<const rapidjson::Value*> cells = CellsOf(page, "subject_slower");
  const rapidjson::Value& groups = page.root()["unfavourable"];
  if (cells.empty()) {
    page.out().Paragraph(page.T("unfavourable.none"));
    return;
  }
  page.out().Paragraph(page.T(
      "unfavourable.summary",
      {{"cells", std::to_string(cells.size())}, {"baselines", std::to_string(groups.Size())}}));
  std::vector<std::string> lines;
  for (const rapidjson::Value& group : groups.GetArray()) {
    std::vector<std::string> refs;
    for (const rapidjson::Value& id : ArrayOf(group, "cells").GetArray()) {
      refs.push_back(CellRefOf(page, StringOf(id)));
    }
    lines.push_back(
        page.T("unfavourable.group", {{"baseline", page.AdapterName(StringOf(group, "baseline"))},
                                      {"count", std::to_string(UintOf(group, "cells_lost"))},
                                      {"factor", Multiple(NumberOf(group, "worst_factor"))},
                                      {"where", CellRefOf(page, StringOf(group, "worst_cell"))},
                                      {"cells", page.Join(refs)}}));
  }
  page.out().Bullets(lines);
  page.out().Heading(3, page.T("unfavourable.all.title"));
  page.out().Paragraph(page.T("table.ratio"));
  VerdictTable(page, cells, false);
}

void WriteNoWinner(Page& page) {
  SectionHeading(page, "section.no_winner.title");
  page.out().Paragraph(page.T("no_winner.intro"));
  const rapidjson::Value* method = MemberOf(page.root(), "verdict_method");
  if (method != nullptr && method->IsObject()) {
    page.out().Paragraph(page.T(
        "no_winner.criterion",
        {{"resamples", std::to_string(static_cast<int64_t>(NumberOf(*method, "resamples")))},
         {"seed", page.Quote(StringOf(*method, "seed"))},
         {"threshold", Multiple(1 + NumberOf(*method, "threshold"))}}));
  }
  const std::vector<const rapidjson::Value*> cells = CellsOf(page, "indistinguishable");
  if (!page.root()["cells"].Empty()) {
    page.out().Paragraph(
        page.T("no_winner.band_range", {{"min", Percent(NumberOf(page.root(), "band_min"))},
                                        {"max", Percent(NumberOf(page.root(), "band_max"))}}));
  }
  if (cells.empty()) {
    page.out().Paragraph(page.T("no_winner.none"));
  } else {
    std::vector<std::vector<std::string>> rows;
    for (const rapidjson::Value* cell : cells) {
      rows.push_back(
          {page.AdapterName(StringOf(*cell, "baseline")),
           std::to_string(UintOf(*cell, "concurrency")), Tier(UintOf(*cell, "tier_us")),
           Multiple(NumberOf(*cell, "ratio")),
           NoWinnerReason(page, *cell),
           Percent(NumberOf(*cell, "band")), PValue(PValueOf(*cell))});
    }
    page.out().Paragraph(page.T("table.ratio"));
    page.out().Table({page.T("col.baseline"), page.T("col.concurrency"), page.T("col.tier"),
                      page.T("col.ratio"), page.T("col.reason"), page.T("col.band"),
                      page.T("col.p_process")},
                     rows);
  }
  Floor(page);
  Unmeasured(page);
}

}  // namespace zoo::report::markdown
