// report.md's own catalog, Chinese. Keys and placeholders must match catalog_en.cc.
#include "plugins/reporters/markdown/markdown_catalogs.h"

namespace zoo::report::markdown {

constinit const std::string_view kMarkdownCatalogZh = R"json({
"md.contents": "目录",
"md.english": "〔英文原文：{text}〕",
"md.figure_caption": "图：{title}",
"md.appendix_pointer": "表格背后的每一个数值（逐单元，含原始样本）都在「附录：全部数值」中；原始留档为 {path}。"
})json";

}  // namespace zoo::report::markdown
