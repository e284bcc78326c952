// The report page (common/report_page.h) as report.md: the title block, the noise warnings,
// the contents, then every section under a level-2 heading the contents link to. Layout
// only: every word comes from the page.
#pragma once

#include <string>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/report_page.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/markdown/markdown_writer.h"

namespace zoo::report::markdown {

// How report.md writes the page's text: Markdown without raw HTML, plugin text escaped.
class MarkdownMarkup final : public PageMarkup {
 public:
  explicit MarkdownMarkup(const Messages& messages) : messages_(messages) {}
  absl::StatusOr<std::string> Sentence(std::string_view key,
                                       const MessageArgs& args) const override {
    return messages_.Format(key, args);
  }
  bool Has(std::string_view key) const override { return messages_.Has(key); }
  std::string Text(std::string_view plain) const override { return MarkdownEscape(plain); }
  // Escaped only: a <span lang="en"> would be raw HTML, which a safe renderer drops. A message's
  // argument is quoted so too (PageMarkup::MessageArg): Markdown quotes a name no other way.
  std::string Quote(std::string_view text) const override { return MarkdownEscape(text); }
  std::string Code(std::string_view text) const override { return CodeSpan(text); }
  std::string Strong(std::string_view markdown) const override {
    return Concat("**", markdown, "**");
  }
  std::string_view Language() const override { return messages_.language(); }
  // Markdown has no lang attribute without raw HTML: the catalog's brackets mark the English.
  std::string Foreign(std::string_view text) const override {
    return messages_.Format("md.english", {{"text", MarkdownEscape(text)}})
        .value_or(MarkdownEscape(text));
  }

 private:
  const Messages& messages_;
};

// `contents_title` heads the list of links to the sections.
std::string PrintMarkdown(const ReportPage& page, const std::string& contents_title);

}  // namespace zoo::report::markdown
