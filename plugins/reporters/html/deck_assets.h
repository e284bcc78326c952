// The deck's inline stylesheet and script. Both are fixed text: the deck is one file with no
// network reference, and the same model always gives the same bytes.
#pragma once

#include <string_view>

namespace zoo::report::html {

// Slide geometry the CSS is written for. deck_layout.h estimates text heights from the same
// numbers, so a change here must be made there too.
inline constexpr int kSlideWidthPx = 1920;
inline constexpr int kSlideHeightPx = 1080;

extern const std::string_view kDeckCss;
// Navigation: ArrowRight/PageDown/Space next, ArrowLeft/PageUp previous, R first slide,
// Home/End, L the slide list. Keeps location.hash (#slide-N) and body.dataset.current in step.
extern const std::string_view kDeckScript;

}  // namespace zoo::report::html
