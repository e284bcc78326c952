#include "plugins/reporters/common/layers_figure.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "plugins/reporters/common/text_format.h"

namespace zoo::report::figure {
namespace {

// The axis's ends: every measured row's best and slowest, relative, with zero inside, and
// never below -100% (no round takes less than no time, however wide the padding).
std::pair<double, double> AxisRange(const rapidjson::Value& tables) {
  double lo = 0, hi = 0;
  for (const rapidjson::Value& table : tables.GetArray()) {
    for (const rapidjson::Value& row : ArrayOf(table, "rows").GetArray()) {
      if (!BoolOf(row, "measured")) continue;
      lo = std::min(lo, NumberOf(row, "best_rel"));
      hi = std::max(hi, NumberOf(row, "slowest_rel"));
    }
  }
  const double pad = std::max(0.05, (hi - lo) * 0.05);
  return {std::max(lo - pad, -1.0), hi + pad};
}

}  // namespace

std::optional<Figure> Layers(const ModelDocument& model, Texts& t) {
  const rapidjson::Value* layers = MemberOf(model.root(), "layers");
  if (layers == nullptr || StringOf(*layers, "status") != "measured") return std::nullopt;
  const rapidjson::Value& tables = ArrayOf(*layers, "tables");
  if (tables.Empty()) return std::nullopt;
  // Plain variables, not a structured binding: clang 14 cannot capture one in a lambda.
  const std::pair<double, double> range = AxisRange(tables);
  const double lo = range.first, hi = range.second;
  const double left = 360, right = kWidth - 40, row_h = 34, panel_head = 40;
  auto x_of = [&](double rel) { return left + (rel - lo) / (hi - lo) * (right - left); };
  double height = 110;
  for (const rapidjson::Value& table : tables.GetArray()) {
    height += panel_head + row_h * static_cast<double>(ArrayOf(table, "rows").Size()) + 20;
  }
  height += 60;
  const std::string title = t("figure.layers.title");
  Svg svg(height, title);
  svg.Text(20, 34, title, "start", 22, "font-weight=\"bold\"");
  svg.Text(20, 62, t("figure.layers.basis"), "start", 15, Concat("fill=\"", kMuted, "\""));
  double y = 100;
  for (const rapidjson::Value& table : tables.GetArray()) {
    svg.Text(20, y + 24,
             t("figure.league.concurrency",
               {{"concurrency", std::to_string(UintOf(table, "concurrency"))}}),
             "start", 16, "font-weight=\"bold\"");
    const double rows_top = y + panel_head;
    const double rows_h = row_h * static_cast<double>(ArrayOf(table, "rows").Size());
    svg.Line(x_of(0), rows_top - 6, x_of(0), rows_top + rows_h, kMuted, 1.5, "4 4");
    double ry = rows_top;
    for (const rapidjson::Value& row : ArrayOf(table, "rows").GetArray()) {
      svg.Text(left - 12, ry + row_h / 2 + 5, StringOf(row, "label"), "end", 15, {}, true);
      if (BoolOf(row, "measured")) {
        const double mid = ry + row_h / 2;
        const char* colour = BoolOf(row, "bare") ? kNeutralBar : kSubjectFaster;
        svg.Rect(x_of(NumberOf(row, "best_rel")), mid - 4,
                 x_of(NumberOf(row, "slowest_rel")) - x_of(NumberOf(row, "best_rel")), 8, colour);
        svg.Line(x_of(NumberOf(row, "median_rel")), mid - 11, x_of(NumberOf(row, "median_rel")),
                 mid + 11, kInk, 3);
        const bool hollow = StringOf(row, "verdict") == "indistinguishable";
        svg.Circle(x_of(NumberOf(row, "best_rel")), mid, 7, hollow ? "#ffffff" : colour, kInk);
      }
      ry += row_h;
    }
    y = rows_top + rows_h + 20;
  }
  for (double tick : {lo, 0.0, hi}) {
    svg.Text(x_of(tick), y + 20, SignedPercent(tick), "middle", 13,
             Concat("fill=\"", kMuted, "\""));
  }
  svg.Text(20, y + 48, t("figure.layers.legend"), "start", 14, Concat("fill=\"", kMuted, "\""));
  return Figure{"layers.svg", title, svg.Finish()};
}

}  // namespace zoo::report::figure
