#include "plugins/reporters/html/page_deck.h"

#include <algorithm>
#include <iterator>
#include <numeric>
#include <optional>
#include <utility>

#include "absl/strings/str_split.h"
#include "plugins/reporters/html/text_measure.h"

namespace zoo::report::html {
namespace {

// About five lines of the title slide's lead (34 px): what it holds beside the environment.
constexpr size_t kTitleLeadUnits = 380;

// The title slide is not paginated: a lead naming very many baselines is set smaller, and
// past that the environment summary gives way to it (the environment slides follow).
Slide TitleSlide(const PageFront& front) {
  const size_t lead_units = DisplayUnits(front.lead);
  std::string body = absl::StrCat(
      "<p class=\"title-name\">", front.subject, " ", front.version,
      "</p>\n<p class=\"title-sub\">", front.subtitle, "</p>\n<p class=\"title-status ",
      front.self_check_passed ? "pass" : "fail", "\">", front.self_check, "</p>\n<p class=\"",
      lead_units > kTitleLeadUnits ? "note" : "lead", "\">", front.lead, "</p>\n");
  if (!front.run_status.empty())
    absl::StrAppend(&body, "<p class=\"fail\">", front.run_status, "</p>\n");
  if (!front.quick.empty()) absl::StrAppend(&body, "<p class=\"note\">", front.quick, "</p>\n");
  absl::StrAppend(&body, "<p class=\"", front.noise_warned ? "fail" : "note", "\">",
                  front.noise_line, "</p>\n");
  if (lead_units <= 3 * kTitleLeadUnits) {
    body += "<dl class=\"env\">";
    for (const auto& [term, value] : front.environment) {
      absl::StrAppend(&body, "<dt>", term, "</dt><dd>", value, "</dd>");
    }
    body += "</dl>\n";
  }
  absl::StrAppend(&body, "<p class=\"note\">", front.raw_data, "</p>\n");
  return {.kind = "title",
          .section_html = front.topline,
          .body_html = std::move(body),
          .list_html = absl::StrCat(front.subject, " ", front.version)};
}

// A table's columns, each as wide as its longest cell asks (a header wraps at its words),
// within bounds: a long cell wraps rather than starving its neighbours.
std::vector<Column> Columns(const PageBlock& table) {
  std::vector<size_t> weights;
  for (size_t i = 0; i < table.columns.size(); ++i) {
    size_t weight = 0;
    for (absl::string_view word : absl::StrSplit(table.columns[i].header, ' ')) {
      weight = std::max(weight, DisplayUnits({word.data(), word.size()}));
    }
    for (const auto& row : table.rows) {
      if (i < row.size()) weight = std::max(weight, DisplayUnits(row[i]));
    }
    weights.push_back(std::clamp<size_t>(weight, 4, 40));
  }
  const size_t total = std::accumulate(weights.begin(), weights.end(), size_t{0});
  std::vector<Column> columns;
  int left = 100;
  for (size_t i = 0; i < weights.size(); ++i) {
    const int width = i + 1 == weights.size() ? left : static_cast<int>(weights[i] * 100 / total);
    left -= width;
    columns.push_back({table.columns[i].header, width, table.columns[i].numeric});
  }
  return columns;
}

// One block of a run of slides; a heading within a run (a note under a table) is set bold.
void PrintBlock(SectionBuilder& run, const PageBlock& b) {
  switch (b.kind) {
    case PageBlock::Kind::kHeading:
      return run.AddLong(absl::StrCat("<strong>", b.text, "</strong>"), TextStyle::kParagraph);
    case PageBlock::Kind::kText:
      if (b.style == BlockStyle::kBig) {
        return run.AddRaw(absl::StrCat("<p class=\"big\">", b.text, "</p>\n"), 180);
      }
      return run.AddLong(b.text, b.style);
    case PageBlock::Kind::kList:
      for (const std::string& item : b.items) run.AddLong(item, b.style);
      return;
    case PageBlock::Kind::kTable:
      run.BeginTable(Columns(b));
      for (const auto& row : b.rows) run.AddRow(row);
      return;
    case PageBlock::Kind::kCode:
      return run.AddLong(Code(b.text), TextStyle::kNote);
    case PageBlock::Kind::kFigure:
      return run.AddFigure(b.figure->svg, b.text);
  }
}

// The slides of one section: its opening run, then one run per heading, each with the
// section's title above its own. A section cut to `limit` slides (0: none) stays one run, so
// that the cut counts all of it.
std::vector<Slide> PrintSection(Prose& prose, const PageSection& section, size_t limit) {
  const std::string data = prose("deck.data", {{"section", section.title}});
  std::vector<Slide> slides;
  std::optional<SectionBuilder> run(std::in_place, prose, section.kind, section.title,
                                    std::string(), data);
  if (limit != 0) run->Limit(limit, section.title);
  bool used = false;  // a run without blocks makes no slide
  for (const PageBlock& b : section.blocks) {
    if (b.kind == PageBlock::Kind::kHeading && b.level <= 3 && limit == 0) {
      if (used) std::ranges::move(run->Build(), std::back_inserter(slides));
      run.emplace(prose, b.kind_name.empty() ? section.kind : b.kind_name, b.text, section.title,
                  b.data.empty() ? data : b.data);
      used = false;
    } else {
      PrintBlock(*run, b);
      used = true;
    }
  }
  if (used) std::ranges::move(run->Build(), std::back_inserter(slides));
  return slides;
}

// The main line, read in ten minutes: what to pick, the conclusions, the three verdict lists
// and the caveats, each cut to a few slides (0: as many as it takes); the full sections and
// every other one follow in the appendix.
struct MainLine {
  std::string_view kind;
  size_t slides;
};
constexpr MainLine kMainLine[] = {
    {"conclusion", 0}, {"faster", 4}, {"unfavourable", 4}, {"no-winner", 2}, {"caliber", 4}};

// A contents slide and the sections it lists.
struct Part {
  std::vector<Slide> slides;
  std::vector<std::pair<std::string, size_t>> contents;  // a title and its first slide's index

  void Add(const std::string& title, std::vector<Slide> printed) {
    contents.emplace_back(title, slides.size());
    std::ranges::move(printed, std::back_inserter(slides));
  }

  // The contents slide, then the slides, at the end of `deck`.
  void PrintInto(std::vector<Slide>& deck, Prose& prose, bool appendix) {
    const size_t first = deck.size() + 2;  // slide numbers are 1-based, after this contents slide
    std::string body = "<ol class=\"contents\">\n";
    for (const auto& [title, index] : contents) {
      absl::StrAppend(&body, "<li><a href=\"#slide-", first + index, "\">", title, "</a></li>\n");
    }
    absl::StrAppend(&body, "</ol>\n<p class=\"note\">",
                    prose(appendix ? "deck.appendix.note" : "deck.contents.keys"), "</p>\n");
    deck.push_back({.kind = appendix ? "appendix-index" : "index",
                    .title_html = prose(appendix ? "deck.appendix.title" : "deck.contents.title"),
                    .body_html = std::move(body)});
    std::ranges::move(slides, std::back_inserter(deck));
  }
};

}  // namespace

std::vector<Slide> PrintDeck(const ReportPage& page, Prose& prose) {
  std::vector<Slide> slides = {TitleSlide(page.front)};
  Part main, appendix;
  for (const PageSection& section : page.sections) {
    std::vector<Slide> whole = PrintSection(prose, section, section.deck_slide_limit);
    const MainLine* line = std::ranges::find(kMainLine, section.kind, &MainLine::kind);
    if (section.title_key.empty()) {  // noise warnings, what to pick: before the contents
      std::ranges::move(whole, std::back_inserter(slides));
    } else if (line == std::end(kMainLine)) {  // the appendix has every other section
      appendix.Add(section.title, std::move(whole));
    } else if (line->slides == 0 || whole.size() <= line->slides) {
      main.Add(section.title, std::move(whole));
    } else {
      // Cut in the main line (its last slide says where the rest is), whole in the appendix
      // (within its own limit).
      main.Add(section.title, PrintSection(prose, section, line->slides));
      appendix.Add(section.title, std::move(whole));
    }
  }
  // The appendix's contents slide follows the main line's slides.
  main.contents.emplace_back(prose("deck.appendix.title"), main.slides.size());
  main.PrintInto(slides, prose, false);
  appendix.PrintInto(slides, prose, true);
  return slides;
}

}  // namespace zoo::report::html
