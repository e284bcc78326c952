// The whole deck in order: the title, the contents, then every section of the report in the
// order of common/catalogs.h's kReportSections (the seeds' order).
#pragma once

#include <vector>

#include "plugins/reporters/html/deck_layout.h"
#include "plugins/reporters/html/slides.h"

namespace zoo::report::html {

std::vector<Slide> BuildDeck(DeckContext& deck);

}  // namespace zoo::report::html
