#include "plugins/reporters/html/deck_layout.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "plugins/reporters/html/deck_assets.h"
#include "plugins/reporters/html/text_measure.h"

namespace zoo::report::html {
namespace {

// The CSS of deck_assets.cc in numbers. Character widths assume 0.56 em for a narrow
// character (DejaVu Sans, the widest likely fallback, averages about 0.5 em on English text)
// and keep 10% for the ragged right edge of wrapped lines.
constexpr double kContentWidthPx = kSlideWidthPx - 2 * 96;
constexpr double kNarrowEm = 0.56;
constexpr double kRaggedEdge = 0.9;
constexpr double kSlidePaddingPx = 60 + 36;
constexpr double kSectionLabelPx = 26 * 1.3 + 6;
constexpr double kTitleFontPx = 52;
constexpr double kTitleLinePx = kTitleFontPx * 1.15;
constexpr double kTitleMarginPx = 24;
constexpr double kFooterFontPx = 20;
constexpr double kFooterFixedPx = 12 + 10 + 2;
constexpr double kFooterLinePx = kFooterFontPx * 1.3;
constexpr double kFooterWidthPx = kContentWidthPx - 220;  // the page number's share
constexpr double kTableFontPx = 24;
constexpr double kTableLinePx = kTableFontPx * 1.35;
constexpr double kTableCellPaddingPx = 12 + 1;
constexpr double kTableMarginPx = 16;
// What the estimates may be off by before a slide overflows: kept free on every slide.
constexpr double kSafetyPx = 28;

struct StyleMetrics {
  const char* open;
  const char* close;
  double font_px;
  double line_px;
  double margin_px;
  double width_px;
};

StyleMetrics Metrics(TextStyle style) {
  switch (style) {
    case TextStyle::kLead:
    case TextStyle::kBig:
      return {"<p class=\"lead\">", "</p>\n", 34, 34 * 1.4, 12, kContentWidthPx};
    case TextStyle::kParagraph:
      return {"<p>", "</p>\n", 30, 30 * 1.4, 12, kContentWidthPx};
    case TextStyle::kBullet:
      return {"<li>", "</li>\n", 30, 30 * 1.4, 10, kContentWidthPx - 36};
    case TextStyle::kNote:
    case TextStyle::kNoteItem:
      return {"<p class=\"note\">", "</p>\n", 24, 24 * 1.4, 12, kContentWidthPx};
    case TextStyle::kAbsolute:
      return {"<p class=\"note absolute\">", "</p>\n", 24, 24 * 1.4, 12, kContentWidthPx - 22};
  }
  return {"<p>", "</p>\n", 30, 30 * 1.4, 12, kContentWidthPx};
}

double CharsPerLine(double font_px, double width_px) {
  return std::max(1.0, std::floor(width_px / (font_px * kNarrowEm) * kRaggedEdge));
}

double Lines(size_t units, double font_px, double width_px) {
  return std::max(1.0, std::ceil(static_cast<double>(units) / CharsPerLine(font_px, width_px)));
}

int Px(double px) { return static_cast<int>(std::ceil(px)); }

}  // namespace

SectionBuilder::SectionBuilder(Prose& prose, std::string kind, std::string title_html,
                               std::string section_html, std::string data_html)
    : prose_(prose),
      kind_(std::move(kind)),
      title_html_(std::move(title_html)),
      section_html_(std::move(section_html)),
      data_html_(std::move(data_html)) {}

int SectionBuilder::BodyBudget() const {
  // The continuation title is the longer one; budget every slide for it.
  const size_t title_units = DisplayUnits(title_html_) + 12;
  double header = Lines(title_units, kTitleFontPx, kContentWidthPx) * kTitleLinePx + kTitleMarginPx;
  if (!section_html_.empty()) header += kSectionLabelPx;
  const double footer =
      kFooterFixedPx +
      Lines(DisplayUnits(data_html_), kFooterFontPx, kFooterWidthPx) * kFooterLinePx;
  return static_cast<int>(kSlideHeightPx - kSlidePaddingPx - header - footer - kSafetyPx);
}

int SectionBuilder::ListContainer() {
  if (open_list_ == 0) {
    containers_.push_back({"<ul>\n", "</ul>\n", 0, {}});
    open_list_ = static_cast<int>(containers_.size());
  }
  return open_list_;
}

void SectionBuilder::Add(std::string html, TextStyle style) {
  const StyleMetrics m = Metrics(style);
  const int height = Px(Lines(DisplayUnits(html), m.font_px, m.width_px) * m.line_px + m.margin_px);
  open_table_ = 0;
  int container = 0;
  if (style == TextStyle::kBullet) {
    container = ListContainer();
  } else {
    open_list_ = 0;
  }
  blocks_.push_back({absl::StrCat(m.open, html, m.close), height, container, break_next_});
  break_next_ = false;
}

void SectionBuilder::AddLong(std::string_view html, TextStyle style) {
  const StyleMetrics m = Metrics(style);
  // A piece may take up to 70% of a slide, so a long text still shares slides with others.
  const double lines = std::max(1.0, std::floor(BodyBudget() * 0.7 / m.line_px));
  const auto max_units = static_cast<size_t>(lines * CharsPerLine(m.font_px, m.width_px));
  for (std::string& piece : SplitHtml(html, max_units)) Add(std::move(piece), style);
}

void SectionBuilder::AddRaw(std::string html, int height_px) {
  open_table_ = open_list_ = 0;
  blocks_.push_back({std::move(html), height_px, 0, break_next_});
  break_next_ = false;
}

void SectionBuilder::AddFigure(std::string svg, std::string caption_html) {
  ForceBreak();
  AddRaw(absl::StrCat("<figure class=\"chart\">", svg, "</figure>\n<p class=\"caption\">",
                      caption_html, "</p>\n"),
         BodyBudget());
  ForceBreak();
}

void SectionBuilder::ForceBreak() { break_next_ = true; }

void SectionBuilder::BeginTable(std::vector<Column> columns) {
  open_list_ = 0;
  std::string open = "<table>\n<colgroup>";
  for (const Column& c : columns)
    absl::StrAppend(&open, "<col style=\"width:", c.width_percent, "%\">");
  absl::StrAppend(&open, "</colgroup>\n<thead><tr>");
  double head_lines = 1;
  for (const Column& c : columns) {
    absl::StrAppend(&open, c.numeric ? "<th class=\"num\">" : "<th>", c.header_html, "</th>");
    const double width = c.width_percent / 100.0 * kContentWidthPx - 24;
    // Headers are bold: a tenth wider.
    head_lines =
        std::max(head_lines, Lines(DisplayUnits(c.header_html) * 11 / 10, kTableFontPx, width));
  }
  absl::StrAppend(&open, "</tr></thead>\n<tbody>\n");
  const int head = Px(head_lines * kTableLinePx + kTableCellPaddingPx + kTableMarginPx);
  containers_.push_back({std::move(open), "</tbody></table>\n", head, std::move(columns)});
  open_table_ = static_cast<int>(containers_.size());
}

void SectionBuilder::AddRow(std::vector<std::string> cells_html) {
  if (open_table_ == 0) return;  // REQUIRES: BeginTable; a stray row is dropped, not shown bare
  const std::vector<Column>& columns = containers_[open_table_ - 1].columns;
  std::string html = "<tr>";
  double lines = 1;
  for (size_t i = 0; i < cells_html.size(); ++i) {
    const bool numeric = i < columns.size() && columns[i].numeric;
    absl::StrAppend(&html, numeric ? "<td class=\"num\">" : "<td>", cells_html[i], "</td>");
    const double width =
        (i < columns.size() ? columns[i].width_percent : 10) / 100.0 * kContentWidthPx - 24;
    lines = std::max(lines, Lines(DisplayUnits(cells_html[i]), kTableFontPx, width));
  }
  html += "</tr>\n";
  blocks_.push_back(
      {std::move(html), Px(lines * kTableLinePx + kTableCellPaddingPx), open_table_, break_next_});
  break_next_ = false;
}

void SectionBuilder::Limit(size_t slides, std::string report_section_html) {
  limit_ = slides;
  report_section_html_ = std::move(report_section_html);
}

std::vector<Slide> SectionBuilder::Build() {
  const int budget = BodyBudget();
  std::vector<std::vector<size_t>> pages(1);
  int used = 0;
  int last_container = 0;
  for (size_t i = 0; i < blocks_.size(); ++i) {
    const Block& b = blocks_[i];
    auto cost = [&] {
      const bool opens = b.container != 0 && b.container != last_container;
      return b.height + (opens ? containers_[b.container - 1].head_height : 0);
    };
    if (!pages.back().empty() && (b.break_before || used + cost() > budget)) {
      pages.emplace_back();
      used = 0;
      last_container = 0;
    }
    used += cost();
    pages.back().push_back(i);
    last_container = b.container;
  }

  std::vector<Slide> slides;
  const size_t shown = limit_ > 0 ? std::min(limit_, pages.size()) : pages.size();
  for (size_t p = 0; p < shown; ++p) {
    std::string body;
    int open = 0;
    for (size_t index : pages[p]) {
      const Block& b = blocks_[index];
      if (b.container != open) {
        if (open != 0) body += containers_[open - 1].close;
        if (b.container != 0) body += containers_[b.container - 1].open;
        open = b.container;
      }
      body += b.html;
    }
    if (open != 0) body += containers_[open - 1].close;
    std::string title = p == 0 ? title_html_ : prose_("deck.cont", {{"title", title_html_}});
    slides.push_back(
        {kind_, section_html_, std::move(title), std::move(body), data_html_, std::string()});
  }
  if (shown < pages.size()) {
    std::string body = absl::StrCat(
        "<p class=\"lead\">",
        prose_("deck.rest.body",
               {{"shown", absl::StrCat(shown)}, {"remaining", absl::StrCat(pages.size() - shown)}}),
        "</p>\n<p>", prose_("deck.rest.where", {{"section", report_section_html_}}), "</p>\n");
    slides.push_back({kind_, title_html_, prose_("deck.rest.title"), std::move(body), data_html_,
                      std::string()});
  }
  return slides;
}

}  // namespace zoo::report::html
