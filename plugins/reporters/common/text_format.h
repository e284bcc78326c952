// Numbers and escaping, the same in every language and every format: a number printed in the
// zh report is byte for byte the one in the en report.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace zoo::report {

// Printed for a figure the model does not have (NaN, null): a sign, not a word, so that it
// reads the same in every language.
inline constexpr std::string_view kNoFigure = "—";

// Each returns kNoFigure for NaN or an infinity. Durations are the core's own spelling
// (core/message.h), so a number quoted from a model message matches the tables.
std::string Duration(double ns);  // "850 ns", "56.0 µs", "2.70 ms", "1.20 s", "-343.0 µs"
std::string Percent(double fraction, int decimals = 1);  // 0.0412 -> "4.1%"
std::string SignedPercent(double fraction);              // "+40%", "-33%"
std::string Multiple(double x);                          // 1.234 -> "1.23×"
std::string Rate(double per_s);                          // "7,680 /s", "95.2 /s"
std::string Tier(uint32_t tier_us);                      // "40 µs"
std::string PValue(double p);                            // "0.0055", "< 0.0001"
// A count, or a count per task: whole numbers exactly and grouped ("2", "1,843,200"), others
// to three significant figures below 100 ("0.500", "2.25", "48.5") and whole above ("1,843").
std::string Count(double x);
// Bytes in binary units: "96 B", "48.5 B", "1.50 KiB", "2.25 MiB", "1.00 GiB".
std::string Bytes(double bytes);
// The shortest text that reads back as exactly `v` ("130213", "0.569904694615745"); "" for
// NaN. For machine-read output (CSV) and raw samples a reader may check against the archive.
std::string ExactNumber(double v);

std::string HtmlEscape(std::string_view s);  // & < > " '
// Safe inside a Markdown table cell, a list item or a paragraph, at any position: Markdown
// punctuation is backslash-escaped, HTML specials become entities (Markdown passes inline
// HTML through), line breaks and control characters become spaces.
std::string MarkdownEscape(std::string_view s);
std::string CsvField(std::string_view s);  // RFC 4180 quoting where needed
// One RFC 4180 record: the fields quoted where needed, comma-separated, ended by CRLF.
void AppendCsvRow(const std::vector<std::string>& fields, std::string& out);

}  // namespace zoo::report
