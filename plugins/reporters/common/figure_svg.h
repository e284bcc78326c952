// What every figure draws with: the page's width and colours, fixed-precision coordinates, a
// small SVG writer, and the figure catalog's formatter (figures.cc owns the catalog). Plain
// text throughout, so the same model gives the same bytes.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/messages.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report::figure {

inline constexpr double kWidth = 1600;
inline constexpr char kFont[] = "DejaVu Sans, Noto Sans, Noto Sans CJK SC, sans-serif";
inline constexpr char kInk[] = "#1b1f24";
inline constexpr char kMuted[] = "#5b6470";
inline constexpr char kGrid[] = "#e3e6ea";
inline constexpr char kSubjectColour[] = "#1b1f24";
// Ten colours that stay apart for the usual forms of colour blindness (Okabe–Ito plus darker
// tones); past ten, lines repeat a colour with a dash pattern.
inline constexpr const char* kPalette[] = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00",
                                    "#56b4e9", "#7a5195", "#8c6d31", "#3f7f3f", "#b2182b"};
inline constexpr const char* kDashes[] = {"", "8 5", "2 4"};
inline constexpr char kBaselineFaster[] = "#d9822b";
inline constexpr char kSubjectFaster[] = "#2f6fba";
inline constexpr char kNoWinner[] = "#9aa3ad";
inline constexpr char kNeutralBar[] = "#7a8ca3";

// A coordinate: one decimal, and never "-0.0".
inline std::string F(double v) {
  if (std::fabs(v) < 0.05) v = 0;
  return absl::StrFormat("%.1f", v);
}

// Rough text width at `size` px: what the layout reserves for labels (CJK counts double).
inline double TextWidth(std::string_view text, double size) {
  double units = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      units += 1;
    } else if (c >= 0xE0) {
      units += 1.8;  // a three- or four-byte character: CJK in practice
    } else if (c >= 0xC0) {
      units += 1;
    }
  }
  return units * size * 0.6;
}

class Svg {
 public:
  Svg(double height, const std::string& title) {
    out_ =
        Concat("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ", F(kWidth), " ",
               F(height), "\" width=\"", F(kWidth), "\" height=\"", F(height), "\" font-family=\"",
               kFont, "\" font-size=\"16\" fill=\"", kInk, "\" role=\"img\" aria-label=\"",
               HtmlEscape(title), "\">\n<title>", HtmlEscape(title), "</title>\n<rect width=\"",
               F(kWidth), "\" height=\"", F(height), "\" fill=\"#ffffff\"/>\n");
  }

  // `verbatim`: text from the model (an adapter's name), marked as such for language checks.
  void Text(double x, double y, std::string_view text, std::string_view anchor, double size,
            std::string_view extra = {}, bool verbatim = false) {
    out_ += Concat("<text x=\"", F(x), "\" y=\"", F(y), "\" font-size=\"", F(size), "\"",
                   anchor == "start" ? "" : Concat(" text-anchor=\"", anchor, "\""),
                   verbatim ? " lang=\"en\"" : "", extra.empty() ? "" : " ", extra, ">",
                   HtmlEscape(text), "</text>\n");
  }
  void Line(double x1, double y1, double x2, double y2, std::string_view colour, double width,
            std::string_view dash = {}) {
    out_ += Concat("<line x1=\"", F(x1), "\" y1=\"", F(y1), "\" x2=\"", F(x2), "\" y2=\"", F(y2),
                   "\" stroke=\"", colour, "\" stroke-width=\"", F(width), "\"",
                   dash.empty() ? "" : Concat(" stroke-dasharray=\"", dash, "\""), "/>\n");
  }
  void Rect(double x, double y, double w, double h, std::string_view fill) {
    out_ += Concat("<rect x=\"", F(x), "\" y=\"", F(y), "\" width=\"", F(std::max(w, 0.0)),
                   "\" height=\"", F(h), "\" fill=\"", fill, "\"/>\n");
  }
  // An unfilled rectangle: a frame drawn on top of a cell.
  void Frame(double x, double y, double w, double h, std::string_view stroke, double width) {
    out_ += Concat("<rect x=\"", F(x), "\" y=\"", F(y), "\" width=\"", F(std::max(w, 0.0)),
                   "\" height=\"", F(h), "\" fill=\"none\" stroke=\"", stroke,
                   "\" stroke-width=\"", F(width), "\"/>\n");
  }
  void Circle(double cx, double cy, double r, std::string_view fill, std::string_view stroke) {
    out_ += Concat("<circle cx=\"", F(cx), "\" cy=\"", F(cy), "\" r=\"", F(r), "\" fill=\"", fill,
                   "\" stroke=\"", stroke, "\" stroke-width=\"2\"/>\n");
  }
  void Diamond(double cx, double cy, double r, std::string_view fill) {
    out_ += Concat("<path d=\"M", F(cx), " ", F(cy - r), "L", F(cx + r), " ", F(cy), "L", F(cx),
                   " ", F(cy + r), "L", F(cx - r), " ", F(cy), "Z\" fill=\"", fill, "\"/>\n");
  }
  void Polyline(const std::vector<std::pair<double, double>>& points, std::string_view colour,
                std::string_view dash) {
    if (points.size() < 2) return;
    std::string p;
    for (const auto& [x, y] : points) p += Concat(p.empty() ? "" : " ", F(x), ",", F(y));
    out_ += Concat("<polyline points=\"", p, "\" fill=\"none\" stroke=\"", colour,
                   "\" stroke-width=\"2.5\"",
                   dash.empty() ? "" : Concat(" stroke-dasharray=\"", dash, "\""), "/>\n");
  }
  std::string Finish() { return out_ + "</svg>\n"; }

 private:
  std::string out_;
};

// Formats figure texts and keeps the first failure (a missing key or argument).
class Texts {
 public:
  explicit Texts(const Messages& messages) : messages_(messages) {}
  std::string operator()(std::string_view key, const MessageArgs& args = {}) {
    absl::StatusOr<std::string> text = messages_.Format(key, args);
    if (text.ok()) return *std::move(text);
    if (status_.ok()) status_ = text.status();
    return {};
  }
  const absl::Status& status() const { return status_; }

 private:
  const Messages& messages_;
  absl::Status status_;
};

}  // namespace zoo::report::figure
