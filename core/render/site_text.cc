#include "core/render/site_text.h"

namespace zoo {

std::string HtmlEscape(std::string_view s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string MarkdownEscape(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (std::string_view("\\`*_[]()<>#|!").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

}  // namespace zoo
