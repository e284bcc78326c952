// compare.md: the compare page (common/compare_page.h) as Markdown.
#include "plugins/reporters/markdown/compare_markdown.h"

#include <string>

#include "plugins/reporters/common/compare_page.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/markdown/markdown_writer.h"

namespace zoo::report::markdown {
namespace {

std::string Row(const std::vector<std::string>& cells) {
  std::string out = "|";
  for (const std::string& c : cells) out += " " + c + " |";
  return out + "\n";
}

}  // namespace

absl::Status RenderCompareMarkdown(const CompareRenderContext& context) {
  const CompareMarkup markup{.escape = [](std::string_view s) { return MarkdownEscape(s); },
                             .code = CodeSpan};
  absl::StatusOr<ComparePage> page =
      BuildComparePage(context.compare, context.messages, markup);
  if (!page.ok()) return page.status();
  std::string md = "# " + page->title_markup + "\n\n";
  for (const std::string& p : page->lead) md += p + "\n\n";
  for (const CompareSection& s : page->sections) {
    md += "## " + s.title + "\n\n";
    for (const std::string& p : s.paragraphs) md += p + "\n\n";
    for (const std::string& item : s.items) md += "- " + item + "\n";
    if (!s.items.empty()) md += "\n";
    if (!s.table.header.empty()) {
      md += Row(s.table.header);
      md += Row(std::vector<std::string>(s.table.header.size(), "---"));
      for (const auto& row : s.table.rows) md += Row(row);
      md += "\n";
    }
  }
  return context.WriteFile("compare.md", md);
}

}  // namespace zoo::report::markdown
