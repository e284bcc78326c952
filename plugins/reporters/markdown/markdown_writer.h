// A Markdown document built block by block (GitHub-flavoured: pipe tables; no raw HTML, which
// a safe renderer drops, so no heading carries an anchor of its own). The
// writer trusts its text to be Markdown already: escaping plugin and archive text is the
// caller's job (text_format.h MarkdownEscape), so that catalog prose and code spans survive.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace zoo::report::markdown {

class MarkdownWriter {
 public:
  void Heading(int level, std::string_view text);
  void Paragraph(std::string_view text);
  void Bullets(const std::vector<std::string>& items);
  // Every row has as many cells as `header`. A cell must not hold a code span with a '|' in
  // it (GitHub ends the cell there); line breaks inside a cell become spaces.
  void Table(const std::vector<std::string>& header,
             const std::vector<std::vector<std::string>>& rows);
  void CodeBlock(std::string_view info, std::string_view code);

  const std::string& text() const { return text_; }

 private:
  void StartBlock();
  std::string text_;
};

// `s` as an inline code span: its text shows exactly as given (no escaping applies inside),
// fenced with more backticks than it contains; line breaks become spaces.
std::string CodeSpan(std::string_view s);

// The id GitHub and pandoc's gfm reader give a heading with this text (plain, no markup):
// lower case, spaces as '-', punctuation and symbols dropped, letters of every script kept.
// A link "#" + HeadingId(title) lands on the heading; the titles of one page must differ.
std::string HeadingId(std::string_view text);

}  // namespace zoo::report::markdown
