// "What to pick": on the first page, before any verdict list, the group that wins at the
// smallest and the largest tier, within the cores and above them (the model's "picks", from
// its league, ranking.h), each entry naming its unit, then where the subject stands there.
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_writer.h"

namespace zoo::report {
namespace {

// "rank 4 of 10, 1.03× the best", in or outside the group, or not ranked there.
std::string SubjectPlace(PageWriter& page, const rapidjson::Value& pick) {
  const uint32_t rank = UintOf(pick, "subject_rank");
  if (rank == 0) return page.T("pick.subject.not_ranked");
  const MessageArgs args = {{"rank", std::to_string(rank)},
                            {"ranked", std::to_string(UintOf(pick, "ranked"))},
                            {"factor", page.Times(NumberOf(pick, "subject_factor"))}};
  if (rank == 1) return page.T("pick.subject.best", args);
  return page.T(BoolOf(pick, "subject_in_group") ? "pick.subject.in_group" : "pick.subject.outside",
                args);
}

}  // namespace

void WritePick(PageWriter& page) {
  page.Section("", "pick", page.deck() ? page.T("deck.pick.title") : " ");
  const rapidjson::Value* picks = MemberOf(page.root(), "picks");
  if (!page.deck()) page.Add(page.Strong(page.T("pick.title")), BlockStyle::kLead);
  if (picks == nullptr || !picks->IsArray() || picks->Empty()) {
    page.AddText("pick.none");
    return;
  }
  page.AddNote("pick.intro", {{"cores", page.Cores()}});
  Rows rows;
  for (const rapidjson::Value& pick : picks->GetArray()) {
    std::vector<std::string> cells;
    for (const rapidjson::Value& cell : ArrayOf(pick, "group_cells").GetArray()) {
      if (cell.IsString()) cells.push_back(page.Code(cell.GetString()));
    }
    rows.push_back({page.CellRef(UintOf(pick, "concurrency"), UintOf(pick, "tier_us")),
                    page.T(BoolOf(pick, "within_cores") ? "pick.within" : "pick.above"),
                    page.Join(cells), SubjectPlace(page, pick)});
  }
  page.Table({"pick.col.tasks", "pick.col.load", "pick.col.group", "pick.col.subject"},
             std::move(rows));
  // The deck's main line shows the whole league next (report.md lists it with the figures).
  if (const Figure* league = page.FigureNamed("league.svg"); page.deck() && league != nullptr) {
    page.Heading(page.T("deck.league.title"), 3, "league");
    page.AddFigure(*league, page.T("deck.league.caption"));
  }
}

}  // namespace zoo::report
