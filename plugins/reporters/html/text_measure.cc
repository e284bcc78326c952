#include "plugins/reporters/html/text_measure.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace zoo::report::html {
namespace {

bool IsWide(uint32_t cp) {
  return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
         (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
         (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
         (cp >= 0xFFE0 && cp <= 0xFFE6) || cp >= 0x20000;
}

// Length in bytes of the UTF-8 sequence starting with `lead` (1 for a stray byte).
size_t SequenceLength(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

// The code point at s[i] (a lead byte), reading at most the bytes that are there.
uint32_t CodePoint(std::string_view s, size_t i, size_t length) {
  const auto lead = static_cast<unsigned char>(s[i]);
  if (length == 1) return lead;
  uint32_t cp = lead & (0x7Fu >> length);
  for (size_t k = 1; k < length && i + k < s.size(); ++k) {
    cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
  }
  return cp;
}

}  // namespace

size_t DisplayUnits(std::string_view html) {
  size_t units = 0;
  for (size_t i = 0; i < html.size();) {
    if (html[i] == '<') {
      const size_t end = html.find('>', i);
      i = end == std::string_view::npos ? html.size() : end + 1;
      continue;
    }
    if (html[i] == '&') {
      const size_t end = html.find(';', i);
      if (end != std::string_view::npos && end - i <= 10) {
        ++units;
        i = end + 1;
        continue;
      }
    }
    const size_t length = SequenceLength(static_cast<unsigned char>(html[i]));
    units += IsWide(CodePoint(html, i, length)) ? 2 : 1;
    i += length;
  }
  return units;
}

std::vector<std::string> SplitHtml(std::string_view html, size_t max_units) {
  max_units = std::max<size_t>(max_units, 8);
  struct Tag {
    std::string open, name;
  };
  struct Cut {
    size_t pos = std::string_view::npos;  // byte offset; npos: none
    std::vector<Tag> open_tags;
    size_t units = 0;  // units of the piece before it
  };
  std::vector<std::string> out;
  std::vector<Tag> stack;
  std::string prefix;  // the tags reopened at the start of the current piece
  size_t start = 0;
  size_t units = 0;
  Cut separator, space;  // the latest cut after ", " "; " ". " (or a CJK stop), after a space

  auto emit = [&](size_t end, const std::vector<Tag>& open_tags) {
    std::string piece = prefix;
    piece.append(html.substr(start, end - start));
    for (auto it = open_tags.rbegin(); it != open_tags.rend(); ++it) {
      piece.append("</").append(it->name).append(">");
    }
    out.push_back(std::move(piece));
    prefix.clear();
    for (const Tag& t : open_tags) prefix += t.open;
    start = end;
  };
  auto cut_at = [&](const Cut& c) {
    const Cut taken = c;  // `c` is one of the two cuts updated below
    emit(taken.pos, taken.open_tags);
    units -= taken.units;
    for (Cut* other : {&separator, &space}) {
      if (other->pos != std::string_view::npos && other->pos > taken.pos) {
        other->units -= taken.units;
      } else {
        other->pos = std::string_view::npos;
      }
    }
  };

  for (size_t i = 0; i < html.size();) {
    if (html[i] == '<') {
      const size_t end = std::min(html.find('>', i), html.size() - 1);
      const std::string_view tag = html.substr(i, end - i + 1);
      if (tag.size() > 1 && tag[1] == '/') {
        if (!stack.empty()) stack.pop_back();
      } else if (tag.size() > 2 && tag[tag.size() - 2] != '/') {
        const size_t name_end = tag.find_first_of(" >", 1);
        stack.push_back({std::string(tag), std::string(tag.substr(1, name_end - 1))});
      }
      i = end + 1;
      continue;
    }
    size_t length = SequenceLength(static_cast<unsigned char>(html[i]));
    size_t width = IsWide(CodePoint(html, i, length)) ? 2 : 1;
    if (html[i] == '&') {
      const size_t semicolon = html.find(';', i);
      if (semicolon != std::string_view::npos && semicolon - i <= 10) {
        length = semicolon - i + 1;
        width = 1;
      }
    }
    if (units + width > max_units && units > 0) {
      if (separator.pos != std::string_view::npos) {
        cut_at(separator);
      } else if (space.pos != std::string_view::npos) {
        cut_at(space);
      } else {
        emit(i, stack);
        units = 0;
      }
    }
    const std::string_view ch = html.substr(i, length);
    const char before = i > 0 ? html[i - 1] : '\0';
    units += width;
    i += length;
    if (ch == " ") {
      const bool after_separator = before == ',' || before == ';' || before == '.' || before == ':';
      (after_separator ? separator : space) = {i, stack, units};
    } else if (ch == "\xE3\x80\x82" || ch == "\xEF\xBC\x9B" || ch == "\xEF\xBC\x8C" ||
               ch == "\xE3\x80\x81") {  // 。；，、
      separator = {i, stack, units};
    }
  }
  if (start < html.size()) emit(html.size(), stack);
  return out;
}

}  // namespace zoo::report::html
