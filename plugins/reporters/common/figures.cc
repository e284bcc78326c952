// The figures: plain SVG text, drawn from the model's numbers only, in the model's order, with
// every coordinate printed at a fixed precision, so the same model gives the same bytes.
//
// Three kinds (and league.svg, league_figure.h):
//  - relative-multiple-by-tier.svg: one panel per measured concurrency; x = body tier (one
//    slot per measured tier, evenly spaced: the tiers are chosen roughly a decade apart), y =
//    the cell's ratio, baseline median ÷ subject median per task, on a log scale centred on
//    the subject's 1×; one line per baseline; a filled marker where the verdict has a winner,
//    a hollow one where the cell has none.
//  - latency-cN.svg, overhead-cN.svg, throughput-cN.svg: one figure per measured concurrency,
//    one panel per measured tier (every tier, two panels a row: the reader sees the whole
//    range, and no tier is singled out), one bar per adapter: its value as a multiple of the
//    subject's, drawn on a log scale either side of 1×, with the absolute value printed beside
//    every bar. Latency bars are coloured by the cell's verdict. A concurrency where no unit
//    has a figure for the dimension (overhead above the logical cores) gets no chart.
//
// Figure texts come from this file's own catalog (figure.*), loaded in the reporter's
// language, so that every reporter drawing figures gets them without sharing catalog keys.
#include "plugins/reporters/common/figures.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/figure_svg.h"
#include "plugins/reporters/common/layers_figure.h"
#include "plugins/reporters/common/league_figure.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

using figure::F;
using figure::kBaselineFaster;
using figure::kDashes;
using figure::kGrid;
using figure::kInk;
using figure::kMuted;
using figure::kNeutralBar;
using figure::kNoWinner;
using figure::kPalette;
using figure::kSubjectColour;
using figure::kSubjectFaster;
using figure::kWidth;
using figure::Svg;
using figure::Texts;
using figure::TextWidth;

constexpr std::string_view kFigureCatalogEn = R"json({
"figure.multiple.title": "Same-run multiple of the subject, by body tier: baseline median ÷ subject median per task",
"figure.multiple.axis": "baseline ÷ subject (log scale); above 1×: the baseline is slower than the subject",
"figure.latency.title": "Median end-to-end per task at concurrency {concurrency}",
"figure.overhead.title": "Framework overhead share at concurrency {concurrency}",
"figure.throughput.title": "Throughput at concurrency {concurrency}",
"figure.panel.concurrency": "concurrency {concurrency}",
"figure.panel.tier": "body tier {tier}",
"figure.axis.tier": "body tier",
"figure.parity": "subject = 1×",
"figure.legend.baselines": "baselines",
"figure.legend.decided": "filled marker: a winner (the difference exceeds the band)",
"figure.legend.no_winner": "hollow marker: no winner (within the band)",
"figure.bar.latency": "Bar: median per task as a multiple of the subject's (log scale); right of 1×: slower than the subject. Colour: the cell's verdict.",
"figure.bar.overhead": "Bar: overhead share as a multiple of the subject's (log scale); right of 1×: a larger share than the subject's.",
"figure.bar.throughput": "Bar: throughput as a multiple of the subject's (log scale); right of 1×: more tasks per second than the subject.",
"figure.values.absolute": "Printed values are absolute: valid only within this run.",
"figure.verdict.baseline_faster": "baseline faster",
"figure.verdict.subject_faster": "subject faster",
"figure.verdict.none": "no winner",
"figure.subject": "subject",
"figure.failed": "failed",
"figure.no_subject": "the subject has no figure here: no bars",
"figure.league.title": "The league: every adapter's per-task cost as a multiple of the fastest, per tier and concurrency",
"figure.league.basis": "Within the cores the cost is read at the tier body, above them end to end; the floor (bodies on the calling thread) is not ranked.",
"figure.league.best": "★ the fastest",
"figure.league.group": "framed: within noise of the fastest",
"figure.league.floor": "floor",
"figure.league.concurrency": "c{concurrency}",
"figure.layers.title": "Layers: each row's rounds per task against the bare client's best round",
"figure.layers.basis": "Bar: best round to slowest; dot: best round; tick: median; dashed line: zero, the bare client's best round.",
"figure.layers.legend": "Hollow dot: indistinguishable from the row below. Right of zero: slower."
})json";

constexpr std::string_view kFigureCatalogZh = R"json({
"figure.multiple.title": "同一次运行内相对被测框架的倍数（按执行体档位）：对照方案每任务中位数 ÷ 被测框架每任务中位数",
"figure.multiple.axis": "对照 ÷ 被测（对数刻度）；高于 1×：对照方案比被测框架慢",
"figure.latency.title": "并发度 {concurrency} 下每任务端到端中位数",
"figure.overhead.title": "并发度 {concurrency} 下的框架自身开销占比",
"figure.throughput.title": "并发度 {concurrency} 下的吞吐",
"figure.panel.concurrency": "并发度 {concurrency}",
"figure.panel.tier": "执行体 {tier}",
"figure.axis.tier": "执行体档位",
"figure.parity": "被测框架 = 1×",
"figure.legend.baselines": "对照方案",
"figure.legend.decided": "实心标记：分出胜负（差异大于带宽）",
"figure.legend.no_winner": "空心标记：分不出胜负（差异在带宽内）",
"figure.bar.latency": "条形：每任务中位数相对被测框架的倍数（对数刻度）；在 1× 右侧：比被测框架慢。颜色：该格的判定。",
"figure.bar.overhead": "条形：开销占比相对被测框架的倍数（对数刻度）；在 1× 右侧：占比高于被测框架。",
"figure.bar.throughput": "条形：吞吐相对被测框架的倍数（对数刻度）；在 1× 右侧：每秒完成的任务多于被测框架。",
"figure.values.absolute": "标注的数值是绝对值：仅在本次运行内有效。",
"figure.verdict.baseline_faster": "对照方案更快",
"figure.verdict.subject_faster": "被测框架更快",
"figure.verdict.none": "分不出胜负",
"figure.subject": "被测框架",
"figure.failed": "失败",
"figure.no_subject": "该档位没有被测框架的数值：不画条形",
"figure.league.title": "排名：每个适配器每任务开销相对最快者的倍数，按档位与并发度",
"figure.league.basis": "核数以内按执行体档位读取，超出核数按端到端读取；下限（在调用线程上运行执行体）不参与排名。",
"figure.league.best": "★ 最快",
"figure.league.group": "加框：与最快者在噪声内",
"figure.league.floor": "下限",
"figure.league.concurrency": "并发 {concurrency}",
"figure.layers.title": "分层：各行每任务的轮次，相对裸客户端的最佳一轮",
"figure.layers.basis": "横条：从最佳一轮到最慢一轮；圆点：最佳一轮；刻线：中位一轮；虚线：零点，即裸客户端的最佳一轮。",
"figure.layers.legend": "空心圆点：与下一行无法区分。零点右侧：更慢。"
})json";

double MedianEndToEnd(const rapidjson::Value* unit) {
  const rapidjson::Value* stats = unit != nullptr ? MemberOf(*unit, "stats") : nullptr;
  const rapidjson::Value* e2e = stats != nullptr ? MemberOf(*stats, "end_to_end_ns") : nullptr;
  return e2e != nullptr ? NumberOf(*e2e, "median") : std::numeric_limits<double>::quiet_NaN();
}

bool Usable(double v) { return std::isfinite(v) && v > 0; }

// The half range of a symmetric log2 axis that holds every multiple in `multiples`: at least
// one doubling either side of 1x.
int HalfRange(const std::vector<double>& multiples) {
  double widest = 1;
  for (double m : multiples) {
    if (Usable(m)) widest = std::max(widest, std::fabs(std::log2(m)));
  }
  return static_cast<int>(std::ceil(widest - 1e-9));
}

// The ticks of a symmetric log2 axis: every doubling, or every second one when there are many.
std::vector<int> Ticks(int half_range) {
  const int step = half_range > 4 ? 2 : 1;
  std::vector<int> ticks;
  for (int e = -half_range; e <= half_range; ++e) {
    if (e % step == 0) ticks.push_back(e);
  }
  return ticks;
}

std::string TickLabel(int exponent) { return Multiple(std::exp2(exponent)); }

// ---- relative-multiple-by-tier.svg ------------------------------------------------------

Figure MultipleByTier(const ModelDocument& model, Texts& t) {
  const rapidjson::Value& root = model.root();
  const std::string_view subject = StringOf(root, "subject");
  const std::vector<uint32_t> tiers = UintsOf(ArrayOf(root, "tiers_us"));
  const std::vector<uint32_t> concurrencies = UintsOf(ArrayOf(root, "concurrencies"));
  std::vector<std::string> baselines;
  for (const std::string& a : model.MeasuredAdapters()) {
    if (a != subject) baselines.push_back(a);
  }
  std::vector<double> ratios;
  for (const rapidjson::Value& cell : ArrayOf(root, "cells").GetArray()) {
    ratios.push_back(NumberOf(cell, "ratio"));
  }
  const int half = HalfRange(ratios);

  const std::string title = t("figure.multiple.title");
  double legend_width = 0;
  for (const std::string& b : baselines) legend_width = std::max(legend_width, TextWidth(b, 15));
  legend_width = std::clamp(legend_width + 70, 220.0, 360.0);
  const size_t columns = concurrencies.size() <= 1 ? 1 : 2;
  const size_t rows = std::max<size_t>(1, (concurrencies.size() + columns - 1) / columns);
  const double top = 86;
  const double panel_h = rows == 1 ? 440 : 330;
  const double panel_w = (kWidth - legend_width - 40) / static_cast<double>(columns);
  const double key_h = 64;  // the marker key, below the panels
  const double height = std::max(top + static_cast<double>(rows) * panel_h,
                                 top + 26.0 * static_cast<double>(baselines.size()) + 40) +
                        key_h;

  Svg svg(height, title);
  svg.Text(20, 34, title, "start", 22, "font-weight=\"bold\"");
  svg.Text(20, 62, t("figure.multiple.axis"), "start", 15, Concat("fill=\"", kMuted, "\""));

  for (size_t p = 0; p < concurrencies.size(); ++p) {
    const uint32_t concurrency = concurrencies[p];
    const double px = 20 + static_cast<double>(p % columns) * panel_w;
    const double py = top + static_cast<double>(p / columns) * panel_h;
    const double left = px + 74, right = px + panel_w - 24;
    const double plot_top = py + 40, plot_bottom = py + panel_h - 56;
    auto y_of = [&](double ratio) {
      const double e =
          std::clamp(std::log2(ratio), -static_cast<double>(half), static_cast<double>(half));
      return plot_bottom - (e + half) / (2.0 * half) * (plot_bottom - plot_top);
    };
    auto x_of = [&](size_t i) {
      return left + (static_cast<double>(i) + 0.5) * (right - left) /
                        static_cast<double>(std::max<size_t>(1, tiers.size()));
    };
    svg.Text(px + 8, py + 22,
             t("figure.panel.concurrency", {{"concurrency", std::to_string(concurrency)}}), "start",
             17, "font-weight=\"bold\"");
    for (int e : Ticks(half)) {
      const double y = y_of(std::exp2(e));
      svg.Line(left, y, right, y, e == 0 ? kSubjectColour : kGrid, e == 0 ? 1.5 : 1,
               e == 0 ? "6 4" : "");
      svg.Text(left - 8, y + 5, TickLabel(e), "end", 13, Concat("fill=\"", kMuted, "\""));
    }
    svg.Text(right, y_of(1) - 6, t("figure.parity"), "end", 13, Concat("fill=\"", kMuted, "\""));
    for (size_t i = 0; i < tiers.size(); ++i) {
      svg.Text(x_of(i), plot_bottom + 22, Tier(tiers[i]), "middle", 14);
    }
    svg.Text((left + right) / 2, plot_bottom + 46, t("figure.axis.tier"), "middle", 13,
             Concat("fill=\"", kMuted, "\""));

    for (size_t b = 0; b < baselines.size(); ++b) {
      const char* colour = kPalette[b % std::size(kPalette)];
      const char* dash = kDashes[(b / std::size(kPalette)) % std::size(kDashes)];
      std::vector<std::pair<double, double>> run;
      std::vector<std::pair<double, double>> markers;
      std::vector<bool> decided;
      for (size_t i = 0; i < tiers.size(); ++i) {
        const rapidjson::Value* cell = model.CellAt(baselines[b], concurrency, tiers[i]);
        const double ratio = cell != nullptr ? NumberOf(*cell, "ratio") : 0;
        if (!Usable(ratio)) {  // a gap: the line breaks there
          svg.Polyline(run, colour, dash);
          run.clear();
          continue;
        }
        run.emplace_back(x_of(i), y_of(ratio));
        markers.emplace_back(x_of(i), y_of(ratio));
        // The floor is drawn, never as a decided cell.
        decided.push_back(StringOf(*cell, "verdict") != "indistinguishable" &&
                          !BoolOf(*cell, "floor"));
      }
      svg.Polyline(run, colour, dash);
      for (size_t m = 0; m < markers.size(); ++m) {
        svg.Circle(markers[m].first, markers[m].second, 5, decided[m] ? colour : "#ffffff", colour);
      }
    }
  }

  // The legend: one entry per baseline in the model's order, then the marker key.
  const double lx = kWidth - legend_width;
  double ly = top + 16;
  svg.Text(lx, ly, t("figure.legend.baselines"), "start", 15, "font-weight=\"bold\"");
  for (size_t b = 0; b < baselines.size(); ++b) {
    ly += 26;
    const char* colour = kPalette[b % std::size(kPalette)];
    svg.Line(lx, ly - 5, lx + 34, ly - 5, colour, 3,
             kDashes[(b / std::size(kPalette)) % std::size(kDashes)]);
    svg.Circle(lx + 17, ly - 5, 4, colour, colour);
    svg.Text(lx + 44, ly, baselines[b], "start", 15, {}, true);
  }
  const double ky = height - key_h + 26;
  svg.Circle(28, ky - 5, 6, kMuted, kMuted);
  svg.Text(44, ky, t("figure.legend.decided"), "start", 15);
  svg.Circle(28, ky + 21, 6, "#ffffff", kMuted);
  svg.Text(44, ky + 26, t("figure.legend.no_winner"), "start", 15);
  return {"relative-multiple-by-tier.svg", title, svg.Finish()};
}

// ---- per-dimension bar charts -----------------------------------------------------------

enum class Dimension { kLatency, kOverhead, kThroughput };

struct Bar {
  std::string adapter;
  bool subject = false;
  bool failed = false;
  double value = std::numeric_limits<double>::quiet_NaN();     // absolute, for the label
  double multiple = std::numeric_limits<double>::quiet_NaN();  // of the subject's value
  std::string colour = kNeutralBar;
  std::string note;  // printed after the value (the latency ratio)
};

std::string ValueText(Dimension d, double v) {
  switch (d) {
    case Dimension::kLatency:
      return Duration(v);
    case Dimension::kOverhead:
      return Percent(v, 2);
    case Dimension::kThroughput:
      return Rate(v);
  }
  return std::string(kNoFigure);
}

double UnitValue(Dimension d, const rapidjson::Value* unit) {
  switch (d) {
    case Dimension::kLatency:
      return MedianEndToEnd(unit);
    case Dimension::kOverhead:
      return StatOf(unit, "overhead_share");
    case Dimension::kThroughput:
      return StatOf(unit, "throughput_per_s");
  }
  return std::numeric_limits<double>::quiet_NaN();
}

std::vector<Bar> Bars(const ModelDocument& model, Dimension d, uint32_t concurrency,
                      uint32_t tier) {
  const std::string_view subject = StringOf(model.root(), "subject");
  const rapidjson::Value* subject_unit = model.UnitAt(subject, concurrency, tier);
  const double subject_value = subject_unit != nullptr && BoolOf(*subject_unit, "ok")
                                   ? UnitValue(d, subject_unit)
                                   : std::numeric_limits<double>::quiet_NaN();
  std::vector<Bar> bars;
  for (const std::string& adapter : model.MeasuredAdapters()) {
    const rapidjson::Value* unit = model.UnitAt(adapter, concurrency, tier);
    Bar bar;
    bar.adapter = adapter;
    bar.subject = adapter == subject;
    bar.failed = unit == nullptr || !BoolOf(*unit, "ok");
    if (!bar.failed) bar.value = UnitValue(d, unit);
    if (bar.subject) {
      bar.multiple = Usable(subject_value) ? 1.0 : std::numeric_limits<double>::quiet_NaN();
    } else if (d == Dimension::kLatency) {
      // The model's own ratio, and the verdict's colour.
      if (const rapidjson::Value* cell = model.CellAt(adapter, concurrency, tier)) {
        bar.multiple = NumberOf(*cell, "ratio");
        bar.note = Multiple(bar.multiple);
        const std::string_view verdict = StringOf(*cell, "verdict");
        bar.colour = BoolOf(*cell, "floor")        ? kNeutralBar
                     : verdict == "subject_slower" ? kBaselineFaster
                     : verdict == "subject_faster" ? kSubjectFaster
                                                   : kNoWinner;
      }
    } else if (Usable(bar.value) && Usable(subject_value)) {
      bar.multiple = bar.value / subject_value;  // geometry only: the bar's length
    }
    bars.push_back(std::move(bar));
  }
  return bars;
}

// nullopt when no unit at this concurrency has a figure for `d` (an overhead share above the
// logical cores, every unit failed): a chart of empty rows would say nothing.
std::optional<Figure> BarChart(const ModelDocument& model, Texts& t, Dimension d,
                               uint32_t concurrency) {
  const rapidjson::Value& root = model.root();
  const std::vector<uint32_t> tiers = UintsOf(ArrayOf(root, "tiers_us"));
  const std::string n = std::to_string(concurrency);
  const char* prefix = d == Dimension::kLatency    ? "latency"
                       : d == Dimension::kOverhead ? "overhead"
                                                   : "throughput";
  const std::string title = t(Concat("figure.", prefix, ".title"), {{"concurrency", n}});

  std::vector<std::vector<Bar>> panels;
  std::vector<double> multiples;
  double label_width = 0;
  for (uint32_t tier : tiers) {
    panels.push_back(Bars(model, d, concurrency, tier));
    for (const Bar& b : panels.back()) {
      multiples.push_back(b.multiple);
      label_width = std::max(label_width, TextWidth(b.adapter, 16));
    }
  }
  bool any_value = false;
  for (const std::vector<Bar>& panel : panels) {
    for (const Bar& b : panel) any_value = any_value || std::isfinite(b.value);
  }
  if (!any_value) return std::nullopt;
  const int half = HalfRange(multiples);
  const size_t adapters = model.MeasuredAdapters().size();
  const size_t columns = tiers.size() <= 1 ? 1 : 2;
  const size_t rows = std::max<size_t>(1, (tiers.size() + columns - 1) / columns);
  const double row_h = 28;
  const double top = 60;
  const double panel_h = 36 + row_h * static_cast<double>(adapters) + 40;
  const double panel_w = (kWidth - 40) / static_cast<double>(columns);
  label_width = std::clamp(label_width + 12, 110.0, 300.0);
  const double value_width = 200;
  const double height = top + static_cast<double>(rows) * panel_h + 78;

  Svg svg(height, title);
  svg.Text(20, 36, title, "start", 22, "font-weight=\"bold\"");
  const std::string subject_word = t("figure.subject");
  const std::string failed_word = t("figure.failed");
  const std::string no_subject = t("figure.no_subject");
  for (size_t p = 0; p < panels.size(); ++p) {
    const double px = 20 + static_cast<double>(p % columns) * panel_w;
    const double py = top + static_cast<double>(p / columns) * panel_h;
    const double bar_left = px + label_width + 8;
    const double bar_right = px + panel_w - value_width - 16;
    const double centre = (bar_left + bar_right) / 2;
    auto x_of = [&](double multiple) {
      const double e =
          std::clamp(std::log2(multiple), -static_cast<double>(half), static_cast<double>(half));
      return centre + e / half * (bar_right - bar_left) / 2;
    };
    svg.Text(px, py + 22, t("figure.panel.tier", {{"tier", Tier(tiers[p])}}), "start", 18,
             "font-weight=\"bold\"");
    const double rows_top = py + 36;
    const double rows_bottom = rows_top + row_h * static_cast<double>(panels[p].size());
    for (int e : Ticks(half)) {
      const double x = x_of(std::exp2(e));
      svg.Line(x, rows_top, x, rows_bottom, e == 0 ? kSubjectColour : kGrid, e == 0 ? 1.5 : 1,
               e == 0 ? "6 4" : "");
      svg.Text(x, rows_bottom + 18, TickLabel(e), "middle", 13, Concat("fill=\"", kMuted, "\""));
    }
    bool subject_missing = false;
    for (size_t r = 0; r < panels[p].size(); ++r) {
      const Bar& bar = panels[p][r];
      const double y = rows_top + row_h * static_cast<double>(r);
      const double mid = y + row_h / 2;
      svg.Text(px + label_width, mid + 6, bar.adapter, "end", 16,
               bar.subject ? "font-weight=\"bold\"" : "", true);
      std::string value = bar.failed ? failed_word : ValueText(d, bar.value);
      if (!bar.note.empty()) value = Concat(value, " · ", bar.note);
      if (bar.subject) {
        subject_missing = !Usable(bar.multiple);
        if (!subject_missing) svg.Diamond(centre, mid, 7, kSubjectColour);
        value = Concat(value, " (", subject_word, ")");
      } else if (Usable(bar.multiple)) {
        const double x = x_of(bar.multiple);
        svg.Rect(std::min(centre, x), y + 5, std::fabs(x - centre), row_h - 10, bar.colour);
      }
      svg.Text(bar_right + 12, mid + 6, value, "start", 15,
               bar.subject ? "font-weight=\"bold\"" : "");
    }
    if (subject_missing) {
      svg.Text(centre, rows_bottom + 34, no_subject, "middle", 12, Concat("fill=\"", kMuted, "\""));
    }
  }

  // The key: what a bar means, that the printed values are absolute, and the verdict colours.
  double ky = height - 46;
  svg.Text(20, ky, t(Concat("figure.bar.", prefix)), "start", 14);
  ky += 24;
  double kx = 20;
  if (d == Dimension::kLatency) {
    for (const auto& [colour, key] :
         {std::pair<const char*, const char*>{kBaselineFaster, "figure.verdict.baseline_faster"},
          {kSubjectFaster, "figure.verdict.subject_faster"},
          {kNoWinner, "figure.verdict.none"}}) {
      const std::string word = t(key);
      svg.Rect(kx, ky - 12, 16, 14, colour);
      svg.Text(kx + 22, ky, word, "start", 14);
      kx += 22 + TextWidth(word, 14) + 28;
    }
  }
  svg.Text(kx, ky, t("figure.values.absolute"), "start", 14, Concat("fill=\"", kMuted, "\""));
  return Figure{Concat(prefix, "-c", n, ".svg"), title, svg.Finish()};
}

}  // namespace

absl::StatusOr<std::vector<Figure>> DrawFigures(const ModelDocument& model,
                                                const Messages& messages) {
  const CatalogSet catalogs = {{"en", {kFigureCatalogEn}}, {"zh", {kFigureCatalogZh}}};
  absl::StatusOr<Messages> figure_messages = Messages::Load(catalogs, messages.language());
  if (!figure_messages.ok()) return figure_messages.status();
  Texts t(*figure_messages);

  std::vector<Figure> figures;
  figures.push_back(MultipleByTier(model, t));
  if (std::optional<Figure> league = figure::League(model, t)) figures.push_back(*std::move(league));
  if (std::optional<Figure> layers = figure::Layers(model, t)) figures.push_back(*std::move(layers));
  for (const Dimension d : {Dimension::kLatency, Dimension::kOverhead, Dimension::kThroughput}) {
    for (uint32_t concurrency : UintsOf(ArrayOf(model.root(), "concurrencies"))) {
      if (std::optional<Figure> f = BarChart(model, t, d, concurrency)) {
        figures.push_back(*std::move(f));
      }
    }
  }
  if (!t.status().ok()) return t.status();
  return figures;
}

}  // namespace zoo::report
