#include "core/render/history_figure.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/render/site_text.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"

namespace zoo {
namespace {

constexpr double kWidth = 1200, kPanelH = 150, kTop = 40, kLegendW = 170;
// Okabe-Ito and darker tones: apart for the usual colour blindness.
constexpr const char* kPalette[] = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00",
                                    "#56b4e9", "#7a5195", "#8c6d31", "#3f7f3f", "#b2182b"};

std::string F(double v) { return absl::StrFormat("%.1f", std::fabs(v) < 0.05 ? 0.0 : v); }

struct CellParts {
  std::string baseline;
  uint32_t concurrency = 0, tier_us = 0;
};

// "b1/c2/40us" -> {b1, 2, 40}; concurrency 0 when it does not parse (the geometric mean).
CellParts ParseCellId(const std::string& id) {
  std::vector<std::string> parts = absl::StrSplit(id, '/');
  CellParts c;
  if (parts.size() != 3 || parts[1].size() < 2 || parts[2].size() < 3) return c;
  uint32_t conc = 0, tier = 0;
  if (!absl::SimpleAtoi(parts[1].substr(1), &conc) ||
      !absl::SimpleAtoi(parts[2].substr(0, parts[2].size() - 2), &tier)) {
    return c;
  }
  return {parts[0], conc, tier};
}

// One panel: the factor of each baseline at (tier, conc) across the archives, its band, 1x
// dashed, the scale at the edges, and a red line before each step's first archive.
void DrawPanel(std::string& svg, const HistoryGroup& g, const std::vector<std::string>& baselines,
               double range, uint32_t tier, uint32_t conc, double px, double py, double panel_w) {
  const size_t n = g.series.empty() ? 0 : g.series.front().points.size();
  const double left = px + 8, right = px + panel_w - 8, top = py + 22, bottom = py + kPanelH - 26;
  auto x_of = [&](size_t k) {
    return n <= 1 ? (left + right) / 2
                  : left + static_cast<double>(k) * (right - left) / static_cast<double>(n - 1);
  };
  auto y_of = [&](double v) {
    return (top + bottom) / 2 - std::clamp(v, -range, range) / range * (bottom - top) / 2;
  };
  // The scale: the factor at the panel's top and bottom edge.
  absl::StrAppend(&svg, "<text x=\"", F(right), "\" y=\"", F(top + 10),
                  "\" text-anchor=\"end\" fill=\"#5b6470\" font-size=\"10\">",
                  absl::StrFormat("%.2f×", std::exp(range)), "</text>\n<text x=\"", F(right),
                  "\" y=\"", F(bottom - 2), "\" text-anchor=\"end\" fill=\"#5b6470\" "
                  "font-size=\"10\">", absl::StrFormat("%.2f×", std::exp(-range)), "</text>\n");
  absl::StrAppend(&svg, "<text x=\"", F(px + 8), "\" y=\"", F(py + 14),
                  "\" font-weight=\"bold\">", tier, " µs · c", conc, "</text>\n",
                  "<line x1=\"", F(left), "\" y1=\"", F(y_of(0)), "\" x2=\"", F(right),
                  "\" y2=\"", F(y_of(0)), "\" stroke=\"#1b1f24\" stroke-dasharray=\"5 4\"/>\n");
  for (const HistoryStep& st : g.steps) {
    for (size_t k = 0; k < n; ++k) {
      if (g.series.front().points[k].archive != st.first_archive) continue;
      const double x = (x_of(k - (k > 0 ? 1 : 0)) + x_of(k)) / 2;
      absl::StrAppend(&svg, "<line x1=\"", F(x), "\" y1=\"", F(top), "\" x2=\"", F(x),
                      "\" y2=\"", F(bottom), "\" stroke=\"#c0392b\" stroke-width=\"2\"/>\n");
    }
  }
  for (const HistorySeries& s : g.series) {
    const CellParts c = ParseCellId(s.cell);
    if (c.concurrency != conc || c.tier_us != tier) continue;
    const size_t b = static_cast<size_t>(
        std::find(baselines.begin(), baselines.end(), c.baseline) - baselines.begin());
    const char* colour = kPalette[b % std::size(kPalette)];
    std::string band, line;
    for (size_t k = 0; k < s.points.size(); ++k) {
      absl::StrAppend(&band, k ? " " : "", F(x_of(k)), ",", F(y_of(s.points[k].high)));
      absl::StrAppend(&line, k ? " " : "", F(x_of(k)), ",", F(y_of(s.points[k].log_factor)));
    }
    for (size_t k = s.points.size(); k-- > 0;) {
      absl::StrAppend(&band, " ", F(x_of(k)), ",", F(y_of(s.points[k].low)));
    }
    absl::StrAppend(&svg, "<polygon points=\"", band, "\" fill=\"", colour,
                    "\" fill-opacity=\"0.15\"/>\n<polyline points=\"", line,
                    "\" fill=\"none\" stroke=\"", colour, "\" stroke-width=\"2\"/>\n");
  }
  if (n > 0) {
    const std::string& first = g.archives[g.series.front().points.front().archive].version;
    const std::string& last = g.archives[g.series.front().points.back().archive].version;
    absl::StrAppend(&svg, "<text x=\"", F(left), "\" y=\"", F(bottom + 16), "\">",
                    HtmlEscape(first), "</text>\n<text x=\"", F(right), "\" y=\"", F(bottom + 16),
                    "\" text-anchor=\"end\">", HtmlEscape(last), "</text>\n");
  }
}

}  // namespace

std::string HistoryFigureSvg(const HistoryGroup& g, const std::string& caption) {
  std::vector<std::pair<uint32_t, uint32_t>> panels;  // (tier, concurrency)
  std::vector<std::string> baselines;
  double range = std::log(1.25);  // at least ±25%, else as far as the bands reach (≤ 4x)
  for (const HistorySeries& s : g.series) {
    const CellParts c = ParseCellId(s.cell);
    if (c.concurrency == 0) continue;
    if (std::find(panels.begin(), panels.end(), std::make_pair(c.tier_us, c.concurrency)) ==
        panels.end()) {
      panels.emplace_back(c.tier_us, c.concurrency);
    }
    if (std::find(baselines.begin(), baselines.end(), c.baseline) == baselines.end()) {
      baselines.push_back(c.baseline);
    }
    for (const HistoryPoint& p : s.points) {
      range = std::max({range, std::fabs(p.low), std::fabs(p.high)});
    }
  }
  range = std::min(range, std::log(4.0));
  std::sort(panels.begin(), panels.end());
  const size_t columns = std::max<size_t>(1, std::min<size_t>(panels.size(), 4));
  const size_t rows = (panels.size() + columns - 1) / columns;
  const double panel_w = (kWidth - kLegendW - 20) / static_cast<double>(columns);
  const double height = kTop + static_cast<double>(std::max<size_t>(rows, 1)) * kPanelH + 40;
  std::string svg = absl::StrCat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ", F(kWidth), " ", F(height),
      "\" width=\"", F(kWidth), "\" height=\"", F(height),
      "\" font-family=\"DejaVu Sans, Noto Sans, Noto Sans CJK SC, sans-serif\" font-size=\"12\" "
      "role=\"img\" aria-label=\"", HtmlEscape(caption), "\">\n<title>", HtmlEscape(caption),
      "</title>\n<rect width=\"", F(kWidth), "\" height=\"", F(height), "\" fill=\"#ffffff\"/>\n");
  for (size_t i = 0; i < panels.size(); ++i) {
    DrawPanel(svg, g, baselines, range, panels[i].first, panels[i].second,
              10 + static_cast<double>(i % columns) * panel_w,
              kTop + static_cast<double>(i / columns) * kPanelH, panel_w);
  }
  double ly = kTop + 10;
  for (size_t b = 0; b < baselines.size(); ++b) {
    const double lx = kWidth - kLegendW + 10;
    absl::StrAppend(&svg, "<line x1=\"", F(lx), "\" y1=\"", F(ly - 4), "\" x2=\"", F(lx + 26),
                    "\" y2=\"", F(ly - 4), "\" stroke=\"", kPalette[b % std::size(kPalette)],
                    "\" stroke-width=\"3\"/>\n<text x=\"", F(lx + 32), "\" y=\"", F(ly),
                    "\" lang=\"en\">", HtmlEscape(baselines[b]), "</text>\n");
    ly += 20;
  }
  absl::StrAppend(&svg, "<text x=\"10\" y=\"", F(height - 12), "\" fill=\"#5b6470\">",
                  HtmlEscape(caption), "</text>\n</svg>\n");
  return svg;
}

}  // namespace zoo
