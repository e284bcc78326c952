// Escaping for the results site's own pages (results_site.h, history_page.h): text from the
// archives (a subject, a version, a machine's CPU name) inserted into HTML or Markdown.
#pragma once

#include <string>
#include <string_view>

namespace zoo {

std::string HtmlEscape(std::string_view s);      // & < > " '
std::string MarkdownEscape(std::string_view s);  // \ ` * _ [ ] ( ) < > # | !

}  // namespace zoo
