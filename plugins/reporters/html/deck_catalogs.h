// The deck's own sentences (deck.*): slide furniture, chart captions and the few statements
// only a slide deck makes. Everything else the deck says comes from the shared catalogs
// (common/catalogs.h), so the deck and report.md word the same facts the same way.
#pragma once

#include <string_view>

#include "plugins/reporters/common/messages.h"

namespace zoo::report::html {

extern const std::string_view kDeckCatalogEn;
extern const std::string_view kDeckCatalogZh;

// Shared catalog first, then the deck's, per language.
const CatalogSet& DeckCatalogs();

}  // namespace zoo::report::html
