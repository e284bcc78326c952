// The catalogs of report.md: the shared ones (common/catalogs.h) plus the few sentences only
// a long document has (its contents, figure captions).
#pragma once

#include <string_view>

#include "plugins/reporters/common/messages.h"

namespace zoo::report::markdown {

extern const std::string_view kMarkdownCatalogEn;
extern const std::string_view kMarkdownCatalogZh;

// Shared catalog first, then this reporter's, per language.
const CatalogSet& MarkdownCatalogs();

}  // namespace zoo::report::markdown
