#include "plugins/reporters/common/league_figure.h"

#include <string>
#include <string_view>
#include <vector>

namespace zoo::report::figure {
namespace {

// The multiple of the fastest, binned: blue where it is at or near the fastest, through pale
// to red where it costs twice as much or more (a diverging scheme that stays apart for the
// usual colour blindness). `ink`: the text colour that reads on it.
struct Shade {
  double below;
  const char* fill;
  const char* ink;
  const char* label;
};
constexpr Shade kShades[] = {{1.05, "#2166ac", "#ffffff", "< 1.05×"},
                             {1.15, "#67a9cf", "#1b1f24", "< 1.15×"},
                             {1.30, "#d1e5f0", "#1b1f24", "< 1.3×"},
                             {1.60, "#fddbc7", "#1b1f24", "< 1.6×"},
                             {2.20, "#ef8a62", "#1b1f24", "< 2.2×"},
                             {0, "#b2182b", "#ffffff", "≥ 2.2×"}};
constexpr char kFloorFill[] = "#e3e6ea";

const Shade& ShadeOf(double factor) {
  for (const Shade& s : kShades) {
    if (s.below == 0 || factor < s.below) return s;
  }
  return kShades[std::size(kShades) - 1];
}

struct Column {
  uint32_t tier_us, concurrency;
  const rapidjson::Value* ranking;
};

const rapidjson::Value* EntryOf(const rapidjson::Value& ranking, std::string_view adapter) {
  for (const rapidjson::Value& e : ArrayOf(ranking, "entries").GetArray()) {
    if (StringOf(e, "adapter") == adapter) return &e;
  }
  return nullptr;
}

bool OnFloor(const rapidjson::Value& ranking, std::string_view adapter) {
  for (const rapidjson::Value& f : ArrayOf(ranking, "floor").GetArray()) {
    if (f.IsString() && std::string_view(f.GetString(), f.GetStringLength()) == adapter) return true;
  }
  return false;
}

}  // namespace

std::optional<Figure> League(const ModelDocument& model, Texts& t) {
  const rapidjson::Value* rankings = MemberOf(model.root(), "rankings");
  if (rankings == nullptr || !rankings->IsArray() || rankings->Empty()) return std::nullopt;
  std::vector<Column> columns;
  for (const rapidjson::Value& r : rankings->GetArray()) {
    columns.push_back({UintOf(r, "tier_us"), UintOf(r, "concurrency"), &r});
  }
  const std::vector<std::string>& adapters = model.MeasuredAdapters();
  const std::string_view subject = StringOf(model.root(), "subject");

  double label_w = 0;
  for (const std::string& a : adapters) label_w = std::max(label_w, TextWidth(a, 15));
  label_w = std::clamp(label_w + 30, 140.0, 300.0);
  const double left = 20 + label_w, right = kWidth - 20;
  const double cell_w = (right - left) / static_cast<double>(columns.size());
  const double top = 96, head_h = 52, row_h = 34;
  const double grid_top = top + head_h;
  const double legend_top = grid_top + row_h * static_cast<double>(adapters.size()) + 28;
  const double height = legend_top + 70;

  const std::string title = t("figure.league.title");
  Svg svg(height, title);
  svg.Text(20, 34, title, "start", 22, "font-weight=\"bold\"");
  svg.Text(20, 62, t("figure.league.basis"), "start", 15, Concat("fill=\"", kMuted, "\""));

  // Headers: each tier over its run of columns, each concurrency over its column.
  for (size_t i = 0; i < columns.size(); ++i) {
    const double x = left + static_cast<double>(i) * cell_w;
    const bool tier_starts = i == 0 || columns[i - 1].tier_us != columns[i].tier_us;
    if (tier_starts) {
      size_t run = 1;
      while (i + run < columns.size() && columns[i + run].tier_us == columns[i].tier_us) ++run;
      svg.Text(x + cell_w * static_cast<double>(run) / 2, top + 18, Tier(columns[i].tier_us),
               "middle", 15, "font-weight=\"bold\"");
      svg.Line(x, top, x, grid_top + row_h * static_cast<double>(adapters.size()), kMuted, 1.5);
    }
    svg.Text(x + cell_w / 2, top + 42,
             t("figure.league.concurrency", {{"concurrency", std::to_string(columns[i].concurrency)}}),
             "middle", 13, Concat("fill=\"", kMuted, "\""));
  }

  for (size_t row = 0; row < adapters.size(); ++row) {
    const std::string& adapter = adapters[row];
    const double y = grid_top + static_cast<double>(row) * row_h;
    svg.Text(left - 10, y + row_h / 2 + 5, adapter, "end", 15,
             adapter == subject ? "font-weight=\"bold\"" : "", true);
    for (size_t i = 0; i < columns.size(); ++i) {
      const double x = left + static_cast<double>(i) * cell_w;
      const rapidjson::Value* e = EntryOf(*columns[i].ranking, adapter);
      if (e == nullptr) {
        if (OnFloor(*columns[i].ranking, adapter)) {
          svg.Rect(x + 1, y + 1, cell_w - 2, row_h - 2, kFloorFill);
          svg.Text(x + cell_w / 2, y + row_h / 2 + 5, t("figure.league.floor"), "middle", 12,
                   Concat("fill=\"", kMuted, "\""));
        }
        continue;  // not measured, or failed: left blank
      }
      const double factor = NumberOf(*e, "factor_to_best");
      const Shade& shade = ShadeOf(factor);
      svg.Rect(x + 1, y + 1, cell_w - 2, row_h - 2, shade.fill);
      if (BoolOf(*e, "best_group")) {
        svg.Frame(x + 2.5, y + 2.5, cell_w - 5, row_h - 5, kInk, 2.5);
      }
      const std::string text = UintOf(*e, "rank") == 1 ? Concat("★ ", Multiple(factor)) : Multiple(factor);
      svg.Text(x + cell_w / 2, y + row_h / 2 + 5, text, "middle", 13,
               Concat("fill=\"", shade.ink, "\""));
    }
  }

  // The key: the bins, the star, the frame and the floor.
  double kx = 20;
  const double ky = legend_top;
  for (const Shade& s : kShades) {
    svg.Rect(kx, ky, 34, 22, s.fill);
    svg.Text(kx + 42, ky + 16, s.label, "start", 14);
    kx += 130;
  }
  svg.Rect(kx, ky, 34, 22, kFloorFill);
  svg.Text(kx + 42, ky + 16, t("figure.league.floor"), "start", 14);
  svg.Text(20, ky + 52, t("figure.league.best"), "start", 14);
  svg.Frame(220, ky + 36, 34, 22, kInk, 2.5);
  svg.Text(262, ky + 52, t("figure.league.group"), "start", 14);
  return Figure{"league.svg", title, svg.Finish()};
}

}  // namespace zoo::report::figure
