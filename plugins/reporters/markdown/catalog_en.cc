// report.md's own catalog, English. Keys and placeholders must match catalog_zh.cc.
#include "plugins/reporters/markdown/markdown_catalogs.h"

namespace zoo::report::markdown {

constinit const std::string_view kMarkdownCatalogEn = R"json({
"md.contents": "Contents",
"md.english": "{text}",
"md.figure_caption": "Figure: {title}",
"md.appendix_pointer": "Every value behind the tables, unit by unit, with the raw samples, is in “Appendix: all values”; the raw archive is {path}."
})json";

}  // namespace zoo::report::markdown
