// The verdicts, all three with the same weight: where the subject is faster, where it is
// slower (the published unfavourable data: always present, empty or not), where no side wins,
// and the cells that could not be compared at all.
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/html/slides.h"

namespace zoo::report::html {
namespace {

// The cells named by the index list `key` ("subject_faster", ...), in the model's order.
std::vector<const rapidjson::Value*> CellsOf(const DeckContext& deck, const char* key) {
  const rapidjson::Value& cells = ArrayOf(deck.root(), "cells");
  std::vector<const rapidjson::Value*> out;
  for (const rapidjson::Value& index : ArrayOf(deck.root(), key).GetArray()) {
    if (index.IsUint() && index.GetUint() < cells.Size()) out.push_back(&cells[index.GetUint()]);
  }
  return out;
}

// Why a cell has no winner: its interval includes 1.00x, or the factor stays within the
// threshold (verdict.h).
std::string NoWinnerReason(Prose& t, const rapidjson::Value& cell) {
  const double low = NumberOf(cell, "factor_low"), high = NumberOf(cell, "factor_high");
  HtmlArgs args = {{"low", Esc(Multiple(low))},
                   {"high", Esc(Multiple(high))},
                   {"threshold", Esc(Multiple(1 + NumberOf(cell, "threshold")))}};
  if (!(low > 1 || high < 1)) return t("reason.no_winner", args);
  args.emplace_back("factor", Esc(Multiple(1 / NumberOf(cell, "ratio"))));
  return t("reason.within_threshold", args);
}

// The 95% interval of the subject / baseline factor, "1.12×–1.31×".
std::string IntervalOf(const rapidjson::Value& cell) {
  return Esc(Concat(Multiple(NumberOf(cell, "factor_low")), "–",
                    Multiple(NumberOf(cell, "factor_high"))));
}

// The table of decided cells: who is faster, by how much, the interval that decided it, and
// the two medians on the cell's basis (absolute, so labelled).
void DecidedCells(DeckContext& deck, SectionBuilder& s,
                  const std::vector<const rapidjson::Value*>& cells) {
  Prose& t = deck.prose;
  s.Add(t("table.absolute"), TextStyle::kAbsolute);
  s.BeginTable({{t("col.baseline"), 16, false},
                {t("col.concurrency"), 10, true},
                {t("col.tier"), 9, true},
                {t("col.gap"), 31, false},
                {t("col.interval"), 12, true},
                {t("deck.col.subject_median"), 11, true},
                {t("deck.col.baseline_median"), 11, true}});
  for (const rapidjson::Value* cell : cells) {
    s.AddRow({Verbatim(StringOf(*cell, "baseline")), absl::StrCat(UintOf(*cell, "concurrency")),
              Esc(Tier(UintOf(*cell, "tier_us"))), CellGap(deck, *cell),
              IntervalOf(*cell),
              Esc(Duration(NumberOf(*cell, "subject_median_ns"))),
              Esc(Duration(NumberOf(*cell, "baseline_median_ns")))});
  }
}

// "concurrency 4 · 40 µs" for a cell id, from the cell itself.
std::string CellRef(DeckContext& deck, std::string_view id) {
  const rapidjson::Value* cell = deck.model.Cell(id);
  return cell != nullptr ? CellCoordinates(deck, *cell) : Verbatim(id);
}

// The floor's cells (Cell::floor): shown, in no verdict list.
std::vector<Slide> FloorSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const std::vector<const rapidjson::Value*> cells = CellsOf(deck, "floor_cells");
  if (cells.empty()) return {};
  const std::string title = t("floor.title");
  SectionBuilder s(t, "floor", title, t("section.no_winner.title"), DataLabel(deck, title));
  s.Add(t("floor.intro"), TextStyle::kNote);
  s.BeginTable({{t("col.baseline"), 22, false},
                {t("col.concurrency"), 14, true},
                {t("col.tier"), 14, true},
                {t("col.ratio"), 20, true},
                {t("col.interval"), 30, true}});
  for (const rapidjson::Value* cell : cells) {
    s.AddRow({Verbatim(StringOf(*cell, "baseline")), absl::StrCat(UintOf(*cell, "concurrency")),
              Esc(Tier(UintOf(*cell, "tier_us"))), Esc(Multiple(1 / NumberOf(*cell, "ratio"))),
              IntervalOf(*cell)});
  }
  return s.Build();
}

std::vector<Slide> UnmeasuredSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const rapidjson::Value& unmeasured = ArrayOf(root, "unmeasured");
  if (unmeasured.Empty()) return {};
  const std::string title = t("unmeasured.title");
  SectionBuilder s(t, "unmeasured", title, t("section.no_winner.title"), DataLabel(deck, title));
  s.Add(t("unmeasured.intro"), TextStyle::kNote);
  s.BeginTable({{t("col.baseline"), 18, false},
                {t("col.concurrency"), 12, true},
                {t("col.tier"), 12, true},
                {t("col.reason"), 58, false}});
  for (const rapidjson::Value& u : unmeasured.GetArray()) {
    const std::string_view baseline = StringOf(u, "baseline");
    const uint32_t concurrency = UintOf(u, "concurrency");
    const uint32_t tier = UintOf(u, "tier_us");
    const std::string_view code = StringOf(u, "reason_code");
    std::optional<std::string> reason;
    if (!code.empty()) {
      reason = t.Optional(
          Concat("unmeasured.", code),
          {{"baseline", Verbatim(baseline)}, {"failure", Verbatim(StringOf(u, "failure"))}});
    }
    s.AddRow({Verbatim(baseline), absl::StrCat(concurrency), Esc(Tier(tier)),
              reason ? *reason : Verbatim(StringOf(u, "reason"))});
  }
  return s.Build();
}

}  // namespace

std::string CellCoordinates(DeckContext& deck, const rapidjson::Value& cell) {
  return deck.prose("cell_ref", {{"concurrency", absl::StrCat(UintOf(cell, "concurrency"))},
                                 {"tier", Esc(Tier(UintOf(cell, "tier_us")))}});
}

std::vector<Slide> FasterSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const std::string title = t("section.faster.title");
  SectionBuilder s(t, "faster", title, {}, DataLabel(deck, title));
  s.Add(t("faster.intro"), TextStyle::kNote);
  const std::vector<const rapidjson::Value*> cells = CellsOf(deck, "subject_faster");
  if (cells.empty()) {
    s.Add(t("faster.none"), TextStyle::kLead);
  } else {
    s.Add(t("faster.summary", {{"count", absl::StrCat(cells.size())}}), TextStyle::kParagraph);
    DecidedCells(deck, s, cells);
  }
  return s.Build();
}

std::vector<Slide> UnfavourableSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const std::string section = t("section.unfavourable.title");
  const std::vector<const rapidjson::Value*> cells = CellsOf(deck, "subject_slower");
  const rapidjson::Value& groups = ArrayOf(root, "unfavourable");

  // First the grouped summary: per baseline, how many cells it wins and the worst of them.
  SectionBuilder summary(t, "unfavourable", t("deck.unfavourable.summary_title"), section,
                         DataLabel(deck, section));
  if (cells.empty()) {
    summary.Add(t("unfavourable.none"), TextStyle::kLead);
    summary.Add(t("unfavourable.intro"), TextStyle::kNote);
    return summary.Build();
  }
  summary.Add(t("unfavourable.summary", {{"cells", absl::StrCat(cells.size())},
                                         {"baselines", absl::StrCat(groups.Size())}}),
              TextStyle::kLead);
  for (const rapidjson::Value& g : groups.GetArray()) {
    std::vector<std::string> refs;
    for (const rapidjson::Value& id : ArrayOf(g, "cells").GetArray()) {
      refs.push_back(CellRef(deck, StringOf(id)));
    }
    summary.AddLong(t("unfavourable.group", {{"baseline", Verbatim(StringOf(g, "baseline"))},
                                             {"count", absl::StrCat(UintOf(g, "cells_lost"))},
                                             {"factor", Esc(Multiple(NumberOf(g, "worst_factor")))},
                                             {"where", CellRef(deck, StringOf(g, "worst_cell"))},
                                             {"cells", absl::StrJoin(refs, ", ")}}),
                    TextStyle::kNote);
  }
  std::vector<Slide> slides = summary.Build();

  // Then every losing cell, none left out.
  SectionBuilder all(t, "unfavourable", t("deck.unfavourable.cells_title"), section,
                     DataLabel(deck, section));
  all.Add(t("unfavourable.intro"), TextStyle::kNote);
  DecidedCells(deck, all, cells);
  for (Slide& slide : all.Build()) slides.push_back(std::move(slide));
  return slides;
}

std::vector<Slide> NoWinnerSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const std::string title = t("section.no_winner.title");
  SectionBuilder s(t, "no-winner", title, {}, DataLabel(deck, title));
  s.Add(t("no_winner.intro"), TextStyle::kNote);
  const rapidjson::Value& method = ObjectOf(root, "verdict_method");
  s.Add(t("no_winner.criterion",
          {{"resamples", absl::StrCat(static_cast<int64_t>(NumberOf(method, "resamples")))},
           {"seed", Verbatim(StringOf(method, "seed"))},
           {"threshold", Esc(Multiple(1 + NumberOf(method, "threshold")))}}),
        TextStyle::kParagraph);
  s.Add(t("no_winner.band_range", {{"min", Esc(Percent(NumberOf(root, "band_min")))},
                                   {"max", Esc(Percent(NumberOf(root, "band_max")))}}),
        TextStyle::kParagraph);
  const std::vector<const rapidjson::Value*> cells = CellsOf(deck, "indistinguishable");
  if (cells.empty()) {
    s.Add(t("no_winner.none"), TextStyle::kLead);
  } else {
    s.BeginTable({{t("col.baseline"), 17, false},
                  {t("col.concurrency"), 11, true},
                  {t("col.tier"), 10, true},
                  {t("col.ratio"), 10, true},
                  {t("col.reason"), 39, false},
                  {t("col.p_process"), 13, true}});
    for (const rapidjson::Value* cell : cells) {
      s.AddRow({Verbatim(StringOf(*cell, "baseline")), absl::StrCat(UintOf(*cell, "concurrency")),
                Esc(Tier(UintOf(*cell, "tier_us"))), Esc(Multiple(NumberOf(*cell, "ratio"))),
                NoWinnerReason(t, *cell),
                Esc(PValue(NumberOf(ObjectOf(*cell, "test"), "p_value")))});
    }
  }
  std::vector<Slide> slides = s.Build();
  for (Slide& slide : FloorSlides(deck)) slides.push_back(std::move(slide));
  for (Slide& slide : UnmeasuredSlides(deck)) slides.push_back(std::move(slide));
  return slides;
}

}  // namespace zoo::report::html
