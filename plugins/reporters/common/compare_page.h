// The compare page: what compare.md and compare.html say, built once from a compare document
// (core/compare_model_json.h) and the compare catalog, in the format's own markup for the
// arguments, so the two formats cannot say different things. Every sentence is a catalog
// message; every number is an argument the core formatted.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "plugins/reporters/common/messages.h"
#include "rapidjson/document.h"

namespace zoo::report {

extern const std::string_view kCompareCatalogEn;
extern const std::string_view kCompareCatalogZh;

// The compare catalogs per language, for ZOO_EXPORT_REPORTER_WITH_COMPARE.
const CatalogSet& CompareCatalogs();

// How a format writes an argument: plain text escaped, and an identifier (a cell id, a path,
// a host name) as code.
struct CompareMarkup {
  std::function<std::string(std::string_view)> escape;
  std::function<std::string(std::string_view)> code;
};

struct CompareTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

// One section: a title, then paragraphs, then list items, then a table (each may be empty).
struct CompareSection {
  std::string title;
  std::vector<std::string> paragraphs;
  std::vector<std::string> items;
  CompareTable table;
};

struct ComparePage {
  std::string title;          // plain text, not escaped (a document title is escaped once)
  std::string title_markup;   // escaped for the format
  std::vector<std::string> lead;  // paragraphs under the title
  std::vector<CompareSection> sections;
};

// kNotFound / kInvalidArgument naming a missing message key or argument.
absl::StatusOr<ComparePage> BuildComparePage(const rapidjson::Value& compare,
                                             const Messages& messages, const CompareMarkup& markup);

}  // namespace zoo::report
