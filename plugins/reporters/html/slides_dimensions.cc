// The measured dimensions: the same-run multiples (ratios), then the absolute values per
// concurrency — latency, overhead share, throughput and scaling — and the attribution samples.
// Ratios and absolute times are on different slides, each labelled as what it is.
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/html/slides.h"

namespace zoo::report::html {
namespace {

// One chart slide per measured concurrency, from the figures "<prefix>-c<N>.svg"; where
// figures.cc drew none (no unit has a figure there), a slide that says why instead.
std::vector<Slide> PerConcurrencyCharts(DeckContext& deck, const std::string& kind,
                                        std::string_view figure_prefix,
                                        std::string_view section_key, std::string_view title_key,
                                        std::string_view caption_key,
                                        std::string_view no_figure_key) {
  Prose& t = deck.prose;
  const std::string section = t(section_key);
  std::vector<Slide> slides;
  for (const rapidjson::Value& c : ArrayOf(deck.root(), "concurrencies").GetArray()) {
    if (!c.IsUint()) continue;
    const std::string n = absl::StrCat(c.GetUint());
    const auto figure = deck.figures.find(Concat(figure_prefix, "-c", n, ".svg"));
    SectionBuilder s(t, kind, t(title_key, {{"concurrency", n}}), section,
                     t("deck.data.chart", {{"section", section}, {"concurrency", n}}));
    if (figure != deck.figures.end()) {
      s.AddFigure(figure->second->svg, t(caption_key));
    } else {
      s.Add(t(no_figure_key, {{"concurrency", n},
                              {"cores", absl::StrCat(UintOf(ObjectOf(deck.root(), "environment"),
                                                            "logical_cores"))}}),
            TextStyle::kLead);
    }
    for (Slide& slide : s.Build()) slides.push_back(std::move(slide));
  }
  return slides;
}

std::string SegmentName(DeckContext& deck, std::string_view segment) {
  std::optional<std::string> name = deck.prose.Optional(Concat("segment.", segment));
  return name ? *name : Verbatim(segment);
}

// A scaling row's trend: its steps in words when the model gives them ("rises 1→4, flat
// 4→16"), else whether it rises at every step.
std::string Trend(DeckContext& deck, const rapidjson::Value& row) {
  const rapidjson::Value& steps = ArrayOf(row, "steps");
  if (steps.Empty()) return deck.prose(BoolOf(row, "keeps_rising") ? "answer.yes" : "answer.no");
  std::vector<std::string> parts;
  for (const rapidjson::Value& step : steps.GetArray()) {
    std::string_view trend = StringOf(step, "trend");
    if (trend.empty()) trend = StringOf(step, "change");
    std::optional<std::string> word = deck.prose.Optional(Concat("trend.", trend));
    parts.push_back(absl::StrCat(word ? *word : Verbatim(trend), " ", UintOf(step, "from"), "→",
                                 UintOf(step, "to")));
  }
  return absl::StrJoin(parts, ", ");
}

std::vector<Slide> ScalingSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const std::string title = t("scaling.title");
  const std::string section = t("section.throughput.title");
  SectionBuilder s(t, "scaling", title, section, DataLabel(deck, section));
  s.Add(t("scaling.intro"), TextStyle::kNote);

  std::vector<uint32_t> concurrencies;
  for (const rapidjson::Value& c : ArrayOf(root, "concurrencies").GetArray()) {
    if (c.IsUint()) concurrencies.push_back(c.GetUint());
  }
  if (concurrencies.size() < 2) {
    s.Add(t("scaling.none"), TextStyle::kParagraph);
    return s.Build();
  }
  s.Add(t("table.absolute"), TextStyle::kAbsolute);
  bool any_steps = false;
  for (const rapidjson::Value& row : ArrayOf(root, "scaling").GetArray()) {
    any_steps = any_steps || !ArrayOf(row, "steps").Empty();
  }
  std::vector<Column> columns = {{t("col.adapter"), 20, false}, {t("col.tier"), 11, false}};
  const int share = 45 / static_cast<int>(concurrencies.size());
  for (uint32_t c : concurrencies) {
    columns.push_back({absl::StrCat(t("col.concurrency"), " ", c), share, true});
  }
  columns.push_back({any_steps ? t("deck.col.trend") : t("col.keeps_rising"), 24, false});
  s.BeginTable(std::move(columns));
  for (const rapidjson::Value& row : ArrayOf(root, "scaling").GetArray()) {
    std::vector<std::string> cells = {Verbatim(StringOf(row, "adapter")),
                                      Esc(Tier(UintOf(row, "tier_us")))};
    const rapidjson::Value& row_concurrencies = ArrayOf(row, "concurrencies");
    const rapidjson::Value& throughput = ArrayOf(row, "throughput_per_s");
    for (uint32_t c : concurrencies) {
      std::string value = Esc(std::string(kNoFigure));
      for (rapidjson::SizeType i = 0; i < row_concurrencies.Size() && i < throughput.Size(); ++i) {
        if (row_concurrencies[i].IsUint() && row_concurrencies[i].GetUint() == c) {
          value = Esc(Rate(NumberOf(throughput[i])));
        }
      }
      cells.push_back(std::move(value));
    }
    cells.push_back(Trend(deck, row));
    s.AddRow(std::move(cells));
  }
  return s.Build();
}

}  // namespace

std::vector<Slide> MultipleSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const auto figure = deck.figures.find("relative-multiple-by-tier.svg");
  if (figure == deck.figures.end()) return {};
  const std::string title = t("deck.multiples.title");
  SectionBuilder s(t, "multiples", title, t("section.latency.title"), DataLabel(deck, title));
  s.AddFigure(figure->second->svg, t("deck.multiples.caption"));
  return s.Build();
}

std::vector<Slide> LatencySlides(DeckContext& deck) {
  return PerConcurrencyCharts(deck, "latency", "latency", "section.latency.title",
                              "deck.latency.title", "deck.latency.caption", "deck.chart.none");
}

std::vector<Slide> OverheadSlides(DeckContext& deck) {
  return PerConcurrencyCharts(deck, "overhead", "overhead", "section.overhead.title",
                              "deck.overhead.title", "deck.overhead.caption", "deck.overhead.none");
}

std::vector<Slide> ThroughputSlides(DeckContext& deck) {
  std::vector<Slide> slides =
      PerConcurrencyCharts(deck, "throughput", "throughput", "section.throughput.title",
                           "deck.throughput.title", "deck.throughput.caption", "deck.chart.none");
  for (Slide& slide : ScalingSlides(deck)) slides.push_back(std::move(slide));
  return slides;
}

std::vector<Slide> AttributionSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const std::string section = t("section.attribution.title");
  std::vector<Slide> slides;
  {
    SectionBuilder s(t, "attribution", section, {}, DataLabel(deck, section));
    s.AddLong(t("attribution.intro"), TextStyle::kParagraph);
    if (ArrayOf(root, "attribution").Empty()) s.Add(t("attribution.none"), TextStyle::kParagraph);
    slides = s.Build();
  }
  for (const rapidjson::Value& sample : ArrayOf(root, "attribution").GetArray()) {
    SectionBuilder s(
        t, "attribution",
        t("attribution.sample.title", {{"concurrency", absl::StrCat(UintOf(sample, "concurrency"))},
                                       {"tier", Esc(Tier(UintOf(sample, "tier_us")))}}),
        section, DataLabel(deck, section));
    s.Add(t("table.absolute"), TextStyle::kAbsolute);
    s.BeginTable({{t("col.adapter"), 15, false},
                  {t("segment.submit"), 10, true},
                  {t("segment.handoff"), 10, true},
                  {t("segment.body"), 10, true},
                  {t("segment.return"), 10, true},
                  {t("segment.drain"), 10, true},
                  {t("deck.attribution.col_excess"), 35, false}});
    for (const rapidjson::Value& a : ArrayOf(sample, "adapters").GetArray()) {
      const std::string_view name = StringOf(a, "adapter");
      std::string excess_html;
      for (const rapidjson::Value& e : ArrayOf(sample, "excess").GetArray()) {
        if (StringOf(e, "baseline") != name) continue;
        const double total = NumberOf(e, "total_excess_ns");
        excess_html =
            total > 0
                ? t("attribution.excess.slower",
                    {{"excess", Esc(Duration(total))},
                     {"baseline", Verbatim(name)},
                     {"segment", SegmentName(deck, StringOf(e, "largest_segment"))},
                     {"segment_excess", Esc(Duration(NumberOf(e, "largest_segment_excess_ns")))}})
                : t("attribution.excess.not_slower",
                    {{"baseline", Verbatim(name)}, {"excess", Esc(Duration(total))}});
      }
      if (name == StringOf(root, "subject")) excess_html = t("term.subject");
      if (!BoolOf(a, "measurable")) {
        const std::string none = Esc(std::string(kNoFigure));
        std::optional<std::string> why =
            t.Optional(Concat("attribution.not_measurable.", StringOf(a, "not_measurable_code")));
        s.AddRow({Verbatim(name), none, none, none, none, none,
                  why ? *why : Verbatim(StringOf(a, "not_measurable_reason"))});
        continue;
      }
      s.AddRow({Verbatim(name), Esc(Duration(NumberOf(a, "submit_ns"))),
                Esc(Duration(NumberOf(a, "handoff_ns"))), Esc(Duration(NumberOf(a, "body_ns"))),
                Esc(Duration(NumberOf(a, "return_ns"))), Esc(Duration(NumberOf(a, "drain_ns"))),
                std::move(excess_html)});
    }
    for (Slide& slide : s.Build()) slides.push_back(std::move(slide));
  }
  return slides;
}

}  // namespace zoo::report::html
