#include "core/render/history_page.h"

#include <cctype>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/render/history_figure.h"
#include "core/render/site_text.h"

namespace zoo {
namespace {

// The archive of the series just before `first`: the old level's newest.
std::string Before(const HistoryGroup& g, size_t first) {
  for (size_t i = first; i-- > 0;) {
    if (g.archives[i].in_series) return g.archives[i].path;
  }
  return "";
}

struct Row {
  std::string step, change, interval, lasts, cells, compare_md, compare_html;
};

std::vector<Row> Rows(const HistoryGroup& g, const SiteWords& w, const CompareLinkFn& link) {
  std::vector<Row> rows;
  for (const HistoryStep& s : g.steps) {
    const std::string older = Before(g, s.first_archive), newer = g.archives[s.first_archive].path;
    const std::string md_link = link(older, newer, "md"), html_link = link(older, newer, "html");
    rows.push_back({
        .step = absl::StrCat(s.version, s.confirmed ? "" : absl::StrCat(" (", w.unconfirmed, ")")),
        .change = absl::StrFormat("%.2f× %s", s.slowdown ? s.factor : 1 / s.factor,
                                  s.slowdown ? w.slower : w.faster),
        .interval = absl::StrFormat("%.2f×–%.2f×", s.low, s.high),
        .lasts = s.persists ? w.yes : w.no,
        .cells = absl::StrJoin(s.cells, ", "),
        .compare_md = md_link.empty() ? "" : absl::StrCat("[compare.md](", md_link, ")"),
        .compare_html = html_link.empty()
                            ? ""
                            : absl::StrCat("<a href=\"", HtmlEscape(html_link), "\">compare.html</a>"),
    });
  }
  return rows;
}

std::string Markdown(const HistoryGroup& g, const SiteWords& w, const std::vector<Row>& rows,
                     const std::string& svg_name) {
  std::string md = absl::StrCat("# ", w.history, ": ", MarkdownEscape(g.subject), "\n\n", w.machine, " ",
                                g.machine.id, w.colon, " ", MarkdownEscape(g.machine.description), "\n\n");
  for (const HistoryArchive& a : g.archives) {
    absl::StrAppend(&md, "- ", MarkdownEscape(a.version), " · ", MarkdownEscape(a.started_utc),
                    a.in_series ? "" : absl::StrCat(" · ", w.left_out, w.colon, " ", MarkdownEscape(a.left_out)),
                    "\n");
  }
  absl::StrAppend(&md, "\n![", w.figure_caption, "](", svg_name, ")\n\n");
  if (g.series.empty()) return absl::StrCat(md, w.nothing_to_compare, "\n");
  if (rows.empty()) return absl::StrCat(md, w.no_step, "\n");
  absl::StrAppend(&md, "| ", w.col_step, " | ", w.col_change, " | ", w.col_interval, " | ",
                  w.col_lasts, " | ", w.col_cells, " | ", w.col_compare,
                  " |\n| --- | --- | --- | --- | --- | --- |\n");
  for (const Row& r : rows) {
    absl::StrAppend(&md, "| ", MarkdownEscape(r.step), " | ", r.change, " | ", r.interval, " | ", r.lasts,
                    " | ", MarkdownEscape(r.cells), " | ", r.compare_md, " |\n");
  }
  return md;
}

std::string HtmlPage(const HistoryGroup& g, const SiteWords& w, const std::vector<Row>& rows,
                     const std::string& svg) {
  std::string h = absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"", w.lang, "\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
      w.history, ": ", HtmlEscape(g.subject), "</title>\n<style>body{font-family:system-ui,\"Noto Sans "
      "CJK SC\",\"Source Han Sans SC\",sans-serif;max-width:78rem;margin:2rem auto;padding:0 "
      "1rem}table{border-collapse:collapse}th,td{border:1px solid #c8ccd1;padding:.25rem .6rem;"
      "text-align:left}th{background:#f2f4f7}svg{max-width:100%;height:auto}</style>\n</head>\n"
      "<body>\n<h1>", w.history, ": ", HtmlEscape(g.subject), "</h1>\n<p>", w.machine, " ",
      g.machine.id, w.colon, " ", HtmlEscape(g.machine.description), "</p>\n<ul>\n");
  for (const HistoryArchive& a : g.archives) {
    absl::StrAppend(&h, "<li>", HtmlEscape(a.version), " · ", HtmlEscape(a.started_utc),
                    a.in_series ? "" : absl::StrCat(" · ", w.left_out, w.colon, " ", HtmlEscape(a.left_out)),
                    "</li>\n");
  }
  absl::StrAppend(&h, "</ul>\n<figure>\n", svg, "<figcaption>", w.figure_caption,
                  "</figcaption>\n</figure>\n");
  if (g.series.empty()) {
    absl::StrAppend(&h, "<p>", w.nothing_to_compare, "</p>\n");
  } else if (rows.empty()) {
    absl::StrAppend(&h, "<p>", w.no_step, "</p>\n");
  } else {
    absl::StrAppend(&h, "<table>\n<tr><th>", w.col_step, "</th><th>", w.col_change, "</th><th>",
                    w.col_interval, "</th><th>", w.col_lasts, "</th><th>", w.col_cells,
                    "</th><th>", w.col_compare, "</th></tr>\n");
    for (const Row& r : rows) {
      absl::StrAppend(&h, "<tr><td>", HtmlEscape(r.step), "</td><td>", r.change, "</td><td>",
                      r.interval, "</td><td>", r.lasts, "</td><td>", HtmlEscape(r.cells), "</td><td>",
                      r.compare_html, "</td></tr>\n");
    }
    h += "</table>\n";
  }
  return h + "</body>\n</html>\n";
}

std::string FileSafe(std::string_view s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
  return out;
}

}  // namespace

std::vector<HistoryPage> HistoryPages(const HistoryModel& model, const SiteWords& words,
                                      const CompareLinkFn& compare_link) {
  std::vector<HistoryPage> pages;
  for (const HistoryGroup& g : model.groups) {
    HistoryPage p;
    p.subject = g.subject;
    p.machine = g.machine.id;
    p.base = absl::StrCat("history/", g.machine.id, "-", FileSafe(g.subject));
    p.svg = HistoryFigureSvg(g, words.figure_caption);
    const std::vector<Row> rows = Rows(g, words, compare_link);
    const std::string svg_name = absl::StrCat(g.machine.id, "-", FileSafe(g.subject), ".svg");
    p.md = Markdown(g, words, rows, svg_name);
    p.html = HtmlPage(g, words, rows, p.svg);
    pages.push_back(std::move(p));
  }
  return pages;
}

}  // namespace zoo
