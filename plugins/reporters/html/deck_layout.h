// Slides and how a section's content is spread over them. A slide has a fixed height, so
// every block carries an estimate of its height (from its text length and the CSS sizes in
// deck_assets.cc, rounded up) and a section continues on a "(cont.)" slide when the next
// block would not fit: text is never cut off. Estimates err on the generous side; the browser
// test measures the real layout.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "plugins/reporters/common/report_page.h"
#include "plugins/reporters/html/prose.h"
#include "plugins/reporters/html/text_measure.h"

namespace zoo::report::html {

struct Slide {
  std::string kind = {};          // data-kind: "title", "latency", "unfavourable", ...
  std::string section_html = {};  // the small label above the title; may be empty
  std::string title_html = {};
  std::string body_html = {};  // the content of <main>
  std::string data_html = {};  // the footer's "data: <section>" label; may be empty
  std::string list_html = {};  // the entry in the slide list; the title when empty
};

// The page's block styles (common/report_page.h); kBig is set as a lead.
using TextStyle = BlockStyle;

struct Column {
  std::string header_html;
  int width_percent = 10;
  bool numeric = false;
};

// Builds the slides of one section.
class SectionBuilder {
 public:
  // `title_html` heads every slide of the section; continuation slides get the catalog's
  // "deck.cont" form of it. `section_html` goes above it, `data_html` into the footer.
  SectionBuilder(Prose& prose, std::string kind, std::string title_html,
                 std::string section_html = {}, std::string data_html = {});

  void Add(std::string html, TextStyle style);  // a catalog sentence or short model text
  // Text that may be too long for one slide (a caliber note, a self-check's unit list): cut
  // into pieces of at most 70% of a slide, each its own block.
  void AddLong(std::string_view html, TextStyle style);
  // Raw HTML of a known height, e.g. a definition list.
  void AddRaw(std::string html, int height_px);
  // A chart that takes the rest of the slide, on a slide of its own.
  void AddFigure(std::string svg, std::string caption_html);
  void ForceBreak();  // the next block starts a new slide

  // Opens a table; its rows follow with AddRow. The header repeats on continuation slides.
  void BeginTable(std::vector<Column> columns);
  void AddRow(std::vector<std::string> cells_html);

  // At most `slides` slides; the rest of the section is summarised on one more slide that
  // points to the same section of report.md, named `report_section_html`.
  void Limit(size_t slides, std::string report_section_html);

  std::vector<Slide> Build();

 private:
  struct Block {
    std::string html;
    int height = 0;
    int container = 0;  // 0: none; else index into containers_ + 1 (a <ul> or a <table>)
    bool break_before = false;
  };
  struct Container {
    std::string open, close;
    int head_height = 0;
    std::vector<Column> columns;  // tables only
  };

  int BodyBudget() const;
  int ListContainer();

  Prose& prose_;
  std::string kind_, title_html_, section_html_, data_html_;
  std::vector<Block> blocks_;
  std::vector<Container> containers_;
  int open_table_ = 0;
  int open_list_ = 0;
  bool break_next_ = false;
  size_t limit_ = 0;
  std::string report_section_html_;
};

}  // namespace zoo::report::html
