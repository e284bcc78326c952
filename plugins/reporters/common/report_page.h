// The report page: what report.md and the deck say, built once from the report model and the
// catalogs, so the two formats cannot say different things. A page is a title block and the
// sections of kReportSections, each a run of blocks (text, headings, lists, tables, code,
// figures); a printer only lays the blocks out (markdown/page_markdown.cc, html/page_deck.cc).
//
// Text in a block is already in the format's markup: the builder writes every sentence through
// a PageMarkup, as compare_page does, so that escaping stays the format's business.
//
// The page has two forms. The full report holds every table; the deck is the same page cut to
// what a slide can carry (charts instead of the pivot tables, a closing slide instead of the
// appendix), and says where the rest is. Every block both forms share is written once.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "plugins/reporters/common/figures.h"
#include "plugins/reporters/common/messages.h"
#include "plugins/reporters/common/model_document.h"

namespace zoo::report {

// How one format writes text. Implementations are stateless apart from their catalog.
class PageMarkup {
 public:
  virtual ~PageMarkup() = default;
  // The catalog sentence `key` with `args`, which are in this markup already.
  virtual absl::StatusOr<std::string> Sentence(std::string_view key,
                                               const MessageArgs& args) const = 0;
  virtual bool Has(std::string_view key) const = 0;
  // Text of our own (numbers, units, fixed strings), escaped.
  virtual std::string Text(std::string_view plain) const = 0;
  // Text from a plugin or the archive, escaped and kept apart from the report's own prose.
  virtual std::string Quote(std::string_view text) const = 0;
  virtual std::string Code(std::string_view text) const = 0;  // commands, paths, identifiers
  virtual std::string Strong(std::string_view markup) const = 0;
  // An argument of a model message ({"code", "args"}): a name is quoted; a format that sets
  // a number apart from a name keeps it text.
  virtual std::string MessageArg(std::string_view value) const { return Quote(value); }
  // The language the page is written in: "en", "zh".
  virtual std::string_view Language() const = 0;
  // A plugin's text in the page's language (its zoo.text/1 table), escaped as our own.
  virtual std::string Localized(std::string_view text) const { return Text(text); }
  // A plugin's English text in a page of another language: escaped and marked as English.
  virtual std::string Foreign(std::string_view text) const = 0;
};

enum class PageForm { kReport, kDeck };

// How a text block or the items of a list read: the deck sizes its slides by it. A list is
// kBullet or kNoteItem, small print: Markdown lists both, the deck sets a kNoteItem as a note.
enum class BlockStyle { kParagraph, kLead, kNote, kAbsolute, kBullet, kNoteItem, kBig };

struct PageColumn {
  std::string header;
  bool numeric = false;  // figures: the deck sets them flush right
};

struct PageBlock {
  enum class Kind { kText, kHeading, kList, kTable, kCode, kFigure };
  Kind kind = Kind::kText;
  BlockStyle style = BlockStyle::kParagraph;
  std::string text = {};  // kText; kHeading: its title; kCode: the code; kFigure: its caption
  std::vector<std::string> items = {};  // kList, none empty
  int level = 3;          // kHeading: 3, or 4 for a note under a table
  std::string kind_name = {};  // kHeading: the deck's data-kind from here on ("" = the section's)
  std::string data = {};       // kHeading: the deck's footer label ("" = the section's)
  std::string info = {};       // kCode: the info string
  std::vector<PageColumn> columns = {};  // kTable
  std::vector<std::vector<std::string>> rows = {};
  const Figure* figure = nullptr;  // kFigure
};

struct PageSection {
  std::string title_key;  // kReportSections; "" for the first page's noise warnings and picks
  std::string title;
  std::string kind;  // the deck's data-kind
  std::vector<PageBlock> blocks;
  size_t deck_slide_limit = 0;  // 0: no limit; else the rest is pointed to report.md
};

// The title block: each format lays it out its own way.
struct PageFront {
  std::string title;             // "zoo_scheduler 0.1.0 — per-task overhead report"
  std::string subject, version;  // quoted
  std::string lead;
  bool self_check_passed = false;
  std::string self_check;
  std::string raw_data, run_line, run_status, quick;
  std::string appendix_pointer;  // report form
  // Deck form: its top line, subtitle, the noise line and the environment summary.
  std::string topline, subtitle, noise_line;
  bool noise_warned = false;  // the noise line names conditions that applied
  std::vector<std::pair<std::string, std::string>> environment;
};

struct ReportPage {
  PageFront front;
  std::vector<PageSection> sections;  // noise first (title_key ""), then kReportSections
};

// kNotFound / kInvalidArgument naming a missing catalog key or argument; kFailedPrecondition
// naming the model member an older model lacks.
absl::StatusOr<ReportPage> BuildReportPage(const ModelDocument& model,
                                           const std::vector<Figure>& figures,
                                           const PageMarkup& markup, PageForm form);

}  // namespace zoo::report
