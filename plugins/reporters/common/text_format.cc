#include "plugins/reporters/common/text_format.h"

#include <charconv>
#include <cmath>
#include <system_error>

#include "absl/strings/str_format.h"

namespace zoo::report {
namespace {

std::string NoFigure() { return std::string(kNoFigure); }

// "7680" -> "7,680". `digits` holds an optional '-' and then digits only.
std::string GroupThousands(const std::string& digits) {
  const size_t sign = !digits.empty() && digits[0] == '-' ? 1 : 0;
  std::string out = digits.substr(0, sign);
  const size_t n = digits.size() - sign;
  for (size_t i = 0; i < n; ++i) {
    if (i != 0 && (n - i) % 3 == 0) out += ',';
    out += digits[sign + i];
  }
  return out;
}

}  // namespace

std::string Duration(double ns) {
  if (!std::isfinite(ns)) return NoFigure();
  const double a = std::fabs(ns);
  if (a < 1e3) return absl::StrFormat("%.0f ns", ns);
  if (a < 1e6) return absl::StrFormat("%.1f µs", ns / 1e3);
  if (a < 1e9) return absl::StrFormat("%.2f ms", ns / 1e6);
  return absl::StrFormat("%.2f s", ns / 1e9);
}

std::string Percent(double fraction, int decimals) {
  if (!std::isfinite(fraction)) return NoFigure();
  return absl::StrFormat("%.*f%%", decimals, fraction * 100);
}

std::string SignedPercent(double fraction) {
  if (!std::isfinite(fraction)) return NoFigure();
  return absl::StrFormat("%+.0f%%", fraction * 100);
}

std::string Multiple(double x) {
  if (!std::isfinite(x)) return NoFigure();
  return absl::StrFormat("%.2f×", x);
}

std::string Rate(double per_s) {
  if (!std::isfinite(per_s)) return NoFigure();
  if (std::fabs(per_s) < 100) return absl::StrFormat("%.1f /s", per_s);
  return GroupThousands(absl::StrFormat("%.0f", per_s)) + " /s";
}

std::string Tier(uint32_t tier_us) { return absl::StrFormat("%u µs", tier_us); }

std::string PValue(double p) {
  if (!std::isfinite(p)) return NoFigure();
  if (p < 0.0001) return "< 0.0001";
  return absl::StrFormat("%.4f", p);
}

std::string Count(double x) {
  if (!std::isfinite(x)) return NoFigure();
  const double a = std::fabs(x);
  if (a >= 100 || x == std::trunc(x)) return GroupThousands(absl::StrFormat("%.0f", x));
  if (a >= 10) return absl::StrFormat("%.1f", x);
  if (a >= 1) return absl::StrFormat("%.2f", x);
  return absl::StrFormat("%.3f", x);
}

std::string Bytes(double bytes) {
  if (!std::isfinite(bytes)) return NoFigure();
  const double a = std::fabs(bytes);
  if (a < 1024) return Count(bytes) + " B";
  if (a < 1024.0 * 1024) return absl::StrFormat("%.2f KiB", bytes / 1024);
  if (a < 1024.0 * 1024 * 1024) return absl::StrFormat("%.2f MiB", bytes / (1024.0 * 1024));
  return absl::StrFormat("%.2f GiB", bytes / (1024.0 * 1024 * 1024));
}

std::string ExactNumber(double v) {
  if (!std::isfinite(v)) return "";
  char buffer[400];  // the longest fixed double: a sign, "0.", 307 zeros and 17 digits
  // Fixed notation: a spreadsheet or a reader sees "100000", never "1e+05".
  const auto [end, error] =
      std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::fixed);
  if (error != std::errc()) return absl::StrFormat("%.17g", v);
  return std::string(buffer, end);
}

std::string HtmlEscape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string MarkdownEscape(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 8);
  for (size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    const auto byte = static_cast<unsigned char>(ch);
    switch (ch) {
      // Entities, not backslashes: Markdown passes inline HTML through, and an entity also
      // survives a later trip through an HTML page.
      case '&': out += "&amp;"; continue;
      case '<': out += "&lt;"; continue;
      case '>': out += "&gt;"; continue;
      case '"': out += "&quot;"; continue;
      // Emphasis, code, links, tables, strikethrough, headings, escapes.
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '|':
      case '~':
      case '#':
      case '!':
      case '$':
        out += '\\';
        out += ch;
        continue;
      default: break;
    }
    if (byte < 0x20 || byte == 0x7f) {
      out += ' ';  // a line break would end the table row or the list item
      continue;
    }
    // List markers count only at the start of a line, which a cell or an item may become
    // ("- x", "+ x", "1. x", "1) x"); escaping them everywhere would litter every number.
    const bool at_start = out.empty();
    const bool ends_marker = i + 1 == s.size() || s[i + 1] == ' ' || s[i + 1] == '\t';
    if (at_start && (ch == '-' || ch == '+') && ends_marker) {
      out += '\\';
    } else if ((ch == '.' || ch == ')') && ends_marker && !out.empty() &&
               out.find_first_not_of("0123456789") == std::string::npos) {
      out += '\\';
    }
    out += ch;
  }
  return out;
}

std::string CsvField(std::string_view s) {
  const bool quote = s.find_first_of(",\"\r\n") != std::string_view::npos ||
                     (!s.empty() && (s.front() == ' ' || s.back() == ' '));
  if (!quote) return std::string(s);
  std::string out = "\"";
  for (const char ch : s) {
    if (ch == '"') out += '"';
    out += ch;
  }
  out += '"';
  return out;
}

void AppendCsvRow(const std::vector<std::string>& fields, std::string& out) {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i != 0) out += ',';
    out += CsvField(fields[i]);
  }
  out += "\r\n";
}

}  // namespace zoo::report
