#include "plugins/reporters/html/deck_catalogs.h"

#include "plugins/reporters/common/catalogs.h"

namespace zoo::report::html {

const CatalogSet& DeckCatalogs() {
  static const CatalogSet kCatalogs = {
      {"en", {kCommonCatalogEn, kDeckCatalogEn}},
      {"zh", {kCommonCatalogZh, kDeckCatalogZh}},
  };
  return kCatalogs;
}

}  // namespace zoo::report::html
