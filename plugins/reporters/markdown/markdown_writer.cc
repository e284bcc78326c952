#include "plugins/reporters/markdown/markdown_writer.h"

#include <algorithm>
#include <cassert>
#include <cstdint>

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

void MarkdownWriter::Heading(int level, std::string_view text) {
  assert(level >= 1 && level <= 6);
  StartBlock();
  text_.append(static_cast<size_t>(level), '#');
  text_ += ' ';
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

std::string HeadingId(std::string_view text) {
  std::string id;
  for (size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const size_t length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
    if (byte < 0x80) {
      const char ch = text[i];
      if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-') id += ch;
      if (ch >= 'A' && ch <= 'Z') id += static_cast<char>(ch - 'A' + 'a');
      if (ch == ' ') id += '-';
      i += length;
      continue;
    }
    uint32_t cp = byte & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
    for (size_t k = 1; k < length && i + k < text.size(); ++k) {
      cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    }
    // Punctuation and symbols are dropped, letters of any script kept: Latin-1 signs,
    // general punctuation (dashes, quotes), arrows and maths, CJK and full-width punctuation.
    const bool dropped = (cp >= 0xA0 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 ||
                         (cp >= 0x2000 && cp <= 0x2BFF) || (cp >= 0x3000 && cp <= 0x303F) ||
                         (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF0F) ||
                         (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) ||
                         (cp >= 0xFF5B && cp <= 0xFF65);
    if (!dropped) id.append(text.substr(i, length));
    i += length;
  }
  return id;
}

}  // namespace zoo::report::markdown
