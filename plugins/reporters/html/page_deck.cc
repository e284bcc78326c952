#include "plugins/reporters/html/page_deck.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "plugins/reporters/html/prose.h"
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
    const std::string& header = table.columns[i].header;
    for (size_t at = 0, end = 0; at <= header.size(); at = end + 1) {
      end = std::min(header.find(' ', at), header.size());
      weight = std::max(weight, DisplayUnits(std::string_view(header).substr(at, end - at)));
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

// The slides of one section: its opening run, then one run per heading, each with the
// section's title above its own.
class SectionPrinter {
 public:
  SectionPrinter(Prose& prose, const PageSection& section)
      : prose_(prose), section_(section), data_(prose("deck.data", {{"section", section.title}})) {
    builder_.emplace(prose_, section.kind, section.title, std::string(), data_);
    if (section.deck_slide_limit != 0) builder_->Limit(section.deck_slide_limit, section.title);
  }

  std::vector<Slide> Print() {
    for (const PageBlock& block : section_.blocks) Block(block);
    Flush();
    return std::move(slides_);
  }

 private:
  void Block(const PageBlock& b) {
    // A heading opens a run; a section cut to a few slides stays one run, so that the cut
    // counts all of it.
    if (b.kind == PageBlock::Kind::kHeading && b.level <= 3 && section_.deck_slide_limit == 0) {
      Flush();
      builder_.emplace(prose_, b.kind_name.empty() ? section_.kind : b.kind_name, b.text,
                       section_.title, b.data.empty() ? data_ : b.data);
      return;
    }
    used_ = true;
    switch (b.kind) {
      case PageBlock::Kind::kHeading:
        return builder_->AddLong(absl::StrCat("<strong>", b.text, "</strong>"),
                                 TextStyle::kParagraph);
      case PageBlock::Kind::kText:
        if (b.style == BlockStyle::kBig) {
          return builder_->AddRaw(absl::StrCat("<p class=\"big\">", b.text, "</p>\n"), 180);
        }
        return builder_->AddLong(b.text, b.style);
      case PageBlock::Kind::kTable:
        builder_->BeginTable(Columns(b));
        for (const auto& row : b.rows) builder_->AddRow(row);
        return;
      case PageBlock::Kind::kCode:
        return builder_->AddLong(Code(b.text), TextStyle::kNote);
      case PageBlock::Kind::kFigure:
        return builder_->AddFigure(b.figure->svg, b.text);
    }
  }

  void Flush() {
    if (!used_) return;
    for (Slide& slide : builder_->Build()) slides_.push_back(std::move(slide));
    used_ = false;
  }

  Prose& prose_;
  const PageSection& section_;
  const std::string data_;
  std::optional<SectionBuilder> builder_;
  bool used_ = false;
  std::vector<Slide> slides_;
};

// `entries`: title and the 1-based number of its first slide.
Slide ContentsSlide(Prose& prose, const std::vector<std::pair<std::string, size_t>>& entries,
                    bool appendix) {
  std::string body = "<ol class=\"contents\">\n";
  for (const auto& [title, first_slide] : entries) {
    absl::StrAppend(&body, "<li><a href=\"#slide-", first_slide, "\">", title, "</a></li>\n");
  }
  absl::StrAppend(&body, "</ol>\n<p class=\"note\">",
                  prose(appendix ? "deck.appendix.note" : "deck.contents.keys"), "</p>\n");
  return {.kind = appendix ? "appendix-index" : "index",
          .title_html = prose(appendix ? "deck.appendix.title" : "deck.contents.title"),
          .body_html = std::move(body)};
}

// The main line, read in ten minutes: what to pick, the conclusions, the three verdict lists
// and the caveats, each cut to a few slides (0: as many as it takes); the full sections and
// every other one follow in the appendix.
struct MainLine {
  const char* kind;
  size_t slides;
};
constexpr MainLine kMainLine[] = {
    {"conclusion", 0}, {"faster", 4}, {"unfavourable", 4}, {"no-winner", 2}, {"caliber", 4}};

const MainLine* MainLineOf(const PageSection& section) {
  for (const MainLine& m : kMainLine) {
    if (section.kind == m.kind) return &m;
  }
  return nullptr;
}

// The slides in `part`, their section's first slide counted from `first` (1-based).
struct Part {
  std::vector<Slide> slides;
  std::vector<std::pair<std::string, size_t>> contents;
  void Add(const std::string& title, std::vector<Slide> printed) {
    contents.emplace_back(title, slides.size());
    for (Slide& slide : printed) slides.push_back(std::move(slide));
  }
  void Number(size_t first) {
    for (auto& entry : contents) entry.second += first;
  }
};

}  // namespace

std::string DeckMarkup::Strong(std::string_view html) const {
  return absl::StrCat("<strong>", std::string(html), "</strong>");
}

std::string DeckMarkup::MessageArg(std::string_view value) const {
  return HasLatinLetter(value) ? Verbatim(value) : Esc(value);
}

std::vector<Slide> PrintDeck(const ReportPage& page, Prose& prose) {
  std::vector<Slide> slides = {TitleSlide(page.front)};
  Part main, appendix;
  for (const PageSection& section : page.sections) {
    std::vector<Slide> whole = SectionPrinter(prose, section).Print();
    if (section.title_key.empty()) {  // noise warnings, what to pick: before the contents
      for (Slide& slide : whole) slides.push_back(std::move(slide));
      continue;
    }
    if (const MainLine* line = MainLineOf(section); line != nullptr) {
      if (line->slides == 0 || whole.size() <= line->slides) {
        main.Add(section.title, std::move(whole));
        continue;
      }
      // Cut in the main line (its last slide says where the rest is), whole in the appendix.
      PageSection cut = section;
      cut.deck_slide_limit = line->slides;
      main.Add(section.title, SectionPrinter(prose, cut).Print());
    }
    // The appendix has every other section, and the cut ones whole (within their own limit).
    appendix.Add(section.title, std::move(whole));
  }
  // Slide numbers are 1-based: the contents slide is number slides.size() + 1.
  main.Number(slides.size() + 2);
  const size_t appendix_index = slides.size() + 1 + main.slides.size() + 1;
  appendix.Number(appendix_index + 1);
  main.contents.emplace_back(prose("deck.appendix.title"), appendix_index);
  slides.push_back(ContentsSlide(prose, main.contents, false));
  for (Slide& slide : main.slides) slides.push_back(std::move(slide));
  slides.push_back(ContentsSlide(prose, appendix.contents, true));
  for (Slide& slide : appendix.slides) slides.push_back(std::move(slide));
  return slides;
}

}  // namespace zoo::report::html
