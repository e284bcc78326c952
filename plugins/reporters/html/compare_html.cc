#include "plugins/reporters/html/compare_html.h"

#include <string>

#include "plugins/reporters/common/compare_page.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report::html {
namespace {

constexpr std::string_view kStyle =
    "body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;"
    "line-height:1.5;color:#1b1f24}"
    "table{border-collapse:collapse;margin:1rem 0}"
    "th,td{border:1px solid #c8ccd1;padding:.25rem .6rem;text-align:left}"
    "th{background:#f2f4f7}code{background:#f2f4f7;padding:0 .2rem}";

// Identifiers (cell ids, paths, host names) stay as written in every language: marked
// lang="en" like other quoted text, so a zh page's own prose can be checked apart from them.
std::string CodeElement(std::string_view s) {
  return "<code><span lang=\"en\">" + HtmlEscape(s) + "</span></code>";
}

}  // namespace

absl::Status RenderCompareHtml(const CompareRenderContext& context) {
  const CompareMarkup markup{.escape = [](std::string_view s) { return HtmlEscape(s); },
                             .code = CodeElement};
  absl::StatusOr<ComparePage> page =
      BuildComparePage(context.compare, context.messages, markup);
  if (!page.ok()) return page.status();
  std::string html = "<!DOCTYPE html>\n<html lang=\"" + HtmlEscape(context.language) +
                     "\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + HtmlEscape(page->title) +
                     "</title>\n<style>" + std::string(kStyle) + "</style>\n</head>\n<body>\n";
  html += "<h1>" + page->title_markup + "</h1>\n";
  for (const std::string& p : page->lead) html += "<p>" + p + "</p>\n";
  for (const CompareSection& s : page->sections) {
    html += "<section>\n<h2>" + s.title + "</h2>\n";
    for (const std::string& p : s.paragraphs) html += "<p>" + p + "</p>\n";
    if (!s.items.empty()) {
      html += "<ul>\n";
      for (const std::string& item : s.items) html += "<li>" + item + "</li>\n";
      html += "</ul>\n";
    }
    if (!s.table.header.empty()) {
      html += "<table>\n<tr>";
      for (const std::string& h : s.table.header) html += "<th>" + h + "</th>";
      html += "</tr>\n";
      for (const auto& row : s.table.rows) {
        html += "<tr>";
        for (const std::string& c : row) html += "<td>" + c + "</td>";
        html += "</tr>\n";
      }
      html += "</table>\n";
    }
    html += "</section>\n";
  }
  html += "</body>\n</html>\n";
  return context.WriteFile("compare.html", html);
}

}  // namespace zoo::report::html
