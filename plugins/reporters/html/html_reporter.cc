// The "html" reporter: report.html, a self-contained slide deck of the report model, in the
// seeds' structure (one statement per slide, long sections continued or pointed to the full
// report, the unfavourable data always present).
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/figures.h"
#include "plugins/reporters/common/compare_page.h"
#include "plugins/reporters/common/report_page.h"
#include "plugins/reporters/common/reporter_plugin.h"
#include "plugins/reporters/html/compare_html.h"
#include "plugins/reporters/html/deck_catalogs.h"
#include "plugins/reporters/html/deck_writer.h"
#include "plugins/reporters/html/page_deck.h"
#include "plugins/reporters/html/prose.h"

namespace zoo::report::html {

namespace {

// An inline <svg> needs no namespace declaration (the HTML parser knows it), and without it
// the deck holds no URL at all.
std::string InlineSvg(std::string svg) {
  constexpr std::string_view kNamespace = " xmlns=\"http://www.w3.org/2000/svg\"";
  if (const size_t at = svg.find(kNamespace); at != std::string::npos) {
    svg.erase(at, kNamespace.size());
  }
  return svg;
}

absl::Status RenderDeck(const RenderContext& context) {
  absl::StatusOr<std::vector<Figure>> figures = DrawFigures(context.model, context.messages);
  if (!figures.ok()) return figures.status();
  for (Figure& f : *figures) f.svg = InlineSvg(std::move(f.svg));

  Prose prose(context.messages);
  const DeckMarkup markup(prose, context.messages);
  absl::StatusOr<ReportPage> page =
      BuildReportPage(context.model, *figures, markup, PageForm::kDeck);
  if (!page.ok()) return page.status();
  const std::vector<Slide> slides = PrintDeck(*page, prose);

  // The document title is text, not markup: formatted with the raw names, escaped once.
  const rapidjson::Value& root = context.model.root();
  absl::StatusOr<std::string> document_title = context.messages.Format(
      "report.title", {{"subject", std::string(StringOf(root, "subject"))},
                       {"version", std::string(StringOf(root, "subject_version"))}});
  if (!document_title.ok()) return document_title.status();
  const DeckFrame frame{context.language, *document_title, prose("deck.list.title"),
                        prose("deck.hint")};
  const std::string html = WriteDeck(frame, slides);
  if (!prose.status().ok()) return prose.status();
  return context.WriteFile("report.html", html);
}

}  // namespace
}  // namespace zoo::report::html

namespace {
// The description in Chinese (zoo.text/1); the entry's own is the English.
constexpr zoo_text_string_t kTextZh[] = {
    {"description", "report.html：报告的自包含幻灯片（CSS、JS 与 SVG 全部内联，不访问网络）；compare.html：一次对比的自包含页面"}};
constexpr ::zoo::Translation kTranslations[] = {{"zh", kTextZh}};
}  // namespace

ZOO_EXPORT_REPORTER_WITH_COMPARE(
    "html", "0.2.0",
    "report.html: a self-contained slide deck of the report (inline CSS, JS and SVG; no "
    "network); compare.html: one self-contained page of a compare",
    "html", "en,zh", ::zoo::report::html::RenderDeck, &::zoo::report::html::DeckCatalogs(),
    ::zoo::report::html::RenderCompareHtml, &::zoo::report::CompareCatalogs(), kTranslations);
