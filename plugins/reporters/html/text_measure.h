// How much room text takes on a slide, and how to cut it: the measure deck_layout.h
// estimates heights with, and the splitting that lets a long text continue on the next slide
// instead of being cut off.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace zoo::report::html {

// Display width of text in "narrow character" units: a CJK character counts two. Tags are
// skipped and an entity counts one, so it can be given HTML.
size_t DisplayUnits(std::string_view html);

// Splits `html` (well-formed inline markup: text, entities, <span>-like tags) into pieces
// of at most `max_units` display units each: after a sentence or list separator where
// possible, else at a space, else between any two characters. Tags open at a cut are closed
// at the end of one piece and opened again at the start of the next.
std::vector<std::string> SplitHtml(std::string_view html, size_t max_units);

}  // namespace zoo::report::html
