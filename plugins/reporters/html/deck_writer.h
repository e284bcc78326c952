// The deck as one self-contained HTML document: inline CSS, inline SVG, inline script, no
// reference to anything outside the file.
#pragma once

#include <string>
#include <vector>

#include "plugins/reporters/html/deck_layout.h"

namespace zoo::report::html {

struct DeckFrame {
  std::string language;         // <html lang>
  std::string document_title;   // plain text, escaped here
  std::string list_title_html;  // heading of the slide list overlay
  std::string hint_html;        // the key help in the corner
};

// Numbers the slides 0..n-1 (id="slide-N"), adds the page numbers and the slide list.
std::string WriteDeck(const DeckFrame& frame, const std::vector<Slide>& slides);

}  // namespace zoo::report::html
