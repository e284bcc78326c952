#include "plugins/reporters/html/deck_writer.h"

#include "absl/strings/str_cat.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/html/deck_assets.h"

namespace zoo::report::html {

std::string WriteDeck(const DeckFrame& frame, const std::vector<Slide>& slides) {
  std::string out;
  absl::StrAppend(&out, "<!DOCTYPE html>\n<html lang=\"", HtmlEscape(frame.language),
                  "\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                  "<title>",
                  HtmlEscape(frame.document_title), "</title>\n<style>", std::string(kDeckCss),
                  "</style>\n</head>\n<body data-current=\"0\">\n<div id=\"stage\">\n");
  const size_t total = slides.size();
  for (size_t i = 0; i < total; ++i) {
    const Slide& s = slides[i];
    absl::StrAppend(&out, "<section class=\"slide\" data-kind=\"", HtmlEscape(s.kind),
                    "\" id=\"slide-", i, "\">\n");
    if (!s.section_html.empty() || !s.title_html.empty()) {
      out += "<header>";
      if (!s.section_html.empty()) {
        absl::StrAppend(&out, "<p class=\"section-label\">", s.section_html, "</p>");
      }
      if (!s.title_html.empty()) {
        absl::StrAppend(&out, "<h2 class=\"slide-title\">", s.title_html, "</h2>");
      }
      out += "</header>\n";
    }
    absl::StrAppend(&out, "<main>\n", s.body_html, "</main>\n<footer><span class=\"data\">",
                    s.data_html, "</span><span class=\"page\">", i + 1, " / ", total,
                    "</span></footer>\n</section>\n");
  }
  absl::StrAppend(&out, "</div>\n<nav id=\"slide-list\"><h2>", frame.list_title_html,
                  "</h2>\n<ol start=\"0\">\n");
  for (size_t i = 0; i < total; ++i) {
    absl::StrAppend(&out, "<li><a href=\"#slide-", i, "\">",
                    slides[i].list_html.empty() ? slides[i].title_html : slides[i].list_html,
                    "</a></li>\n");
  }
  absl::StrAppend(&out, "</ol></nav>\n<div id=\"hint\">", frame.hint_html, "</div>\n<script>",
                  std::string(kDeckScript), "</script>\n</body>\n</html>\n");
  return out;
}

}  // namespace zoo::report::html
