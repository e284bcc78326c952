#include "plugins/reporters/markdown/markdown_writer.h"

#include <algorithm>
#include <cassert>

namespace zoo::report::markdown {
namespace {

// The longest run of `ch` in `s`: a fence must be longer than any run inside it.
size_t LongestRun(std::string_view s, char ch) {
  size_t longest = 0, run = 0;
  for (const char c : s) {
    run = c == ch ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

std::string OneLine(std::string_view s) {
  std::string out(s);
  std::replace(out.begin(), out.end(), '\n', ' ');
  std::replace(out.begin(), out.end(), '\r', ' ');
  return out;
}

}  // namespace

void MarkdownWriter::StartBlock() {
  if (!text_.empty()) text_ += '\n';
}

void MarkdownWriter::Heading(int level, std::string_view text, std::string_view anchor) {
  assert(level >= 1 && level <= 6);
  StartBlock();
  text_.append(static_cast<size_t>(level), '#');
  text_ += ' ';
  if (!anchor.empty()) {
    text_ += "<a id=\"";
    text_ += anchor;
    text_ += "\"></a>";
  }
  text_ += OneLine(text);
  text_ += '\n';
}

void MarkdownWriter::Paragraph(std::string_view text) {
  if (text.empty()) return;
  StartBlock();
  text_ += OneLine(text);
  text_ += '\n';
}

void MarkdownWriter::Bullets(const std::vector<std::string>& items) {
  if (items.empty()) return;
  StartBlock();
  for (const std::string& item : items) {
    text_ += "- ";
    text_ += OneLine(item);
    text_ += '\n';
  }
}

void MarkdownWriter::Table(const std::vector<std::string>& header,
                           const std::vector<std::vector<std::string>>& rows) {
  StartBlock();
  auto row_text = [&](const std::vector<std::string>& cells) {
    assert(cells.size() == header.size());
    text_ += '|';
    for (const std::string& cell : cells) {
      text_ += ' ';
      text_ += cell.empty() ? std::string(" ") : OneLine(cell);
      text_ += " |";
    }
    text_ += '\n';
  };
  row_text(header);
  text_ += '|';
  for (size_t i = 0; i < header.size(); ++i) text_ += " --- |";
  text_ += '\n';
  for (const std::vector<std::string>& row : rows) row_text(row);
}

void MarkdownWriter::CodeBlock(std::string_view info, std::string_view code) {
  StartBlock();
  const std::string fence(std::max<size_t>(3, LongestRun(code, '`') + 1), '`');
  text_ += fence;
  text_ += info;
  text_ += '\n';
  text_ += code;
  if (code.empty() || code.back() != '\n') text_ += '\n';
  text_ += fence;
  text_ += '\n';
}

std::string CodeSpan(std::string_view s) {
  const std::string body = OneLine(s);
  const std::string fence(LongestRun(body, '`') + 1, '`');
  // A span that starts or ends with a backtick needs a space inside the fence, which
  // CommonMark strips again.
  const bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

}  // namespace zoo::report::markdown
