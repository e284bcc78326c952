// The conclusions and the measured dimensions: latency, overhead share, throughput and
// scaling. The full report puts absolute times and same-run ratios in separate tables; the
// deck draws the same numbers as one chart per concurrency and points to the report for the
// tables.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

// The sentences of a model array whose records each carry a "message".
std::vector<std::string> SayAll(PageWriter& page, const char* array) {
  std::vector<std::string> lines;
  const rapidjson::Value& list = page.root()[array];
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) lines.push_back(page.SayAt(list, i, array));
  return lines;
}

// A metric table: one row per (concurrency, tier), one column per adapter with the subject
// first, or per baseline for ratios against the subject.
using PivotCell = std::function<std::string(std::string_view adapter, uint32_t c, uint32_t tier)>;
void PivotTable(PageWriter& page, bool baselines_only, const PivotCell& cell) {
  const std::vector<std::string> adapters =
      baselines_only ? page.Baselines() : page.model().MeasuredAdapters();
  std::vector<PageColumn> header = page.Columns({"col.concurrency", "col.tier"});
  for (const std::string& a : adapters) header.push_back({page.AdapterColumn(a)});
  Rows rows;
  for (uint32_t c : UintsOf(page.root()["concurrencies"])) {
    for (uint32_t tier : UintsOf(page.root()["tiers_us"])) {
      Row row = {std::to_string(c), page.TierText(tier)};
      for (const std::string& a : adapters) row.push_back(cell(a, c, tier));
      rows.push_back(std::move(row));
    }
  }
  page.Table(std::move(header), std::move(rows));
}

// A pivot table of one figure of every unit under its heading, after the note that says how
// to read it (absolute times valid in this run only, or same-run ratios): `figure(unit)` for a
// measured unit, "—" where there is no unit, "failed" where it failed.
void UnitTable(PageWriter& page, std::string_view title_key, bool absolute,
               const std::function<std::string(const rapidjson::Value&)>& figure) {
  page.AddHeading(title_key);
  absolute ? page.AbsoluteNote() : page.AddText("table.ratio");
  PivotTable(page, false, [&](std::string_view adapter, uint32_t c, uint32_t tier) {
    const rapidjson::Value* unit = page.model().UnitAt(adapter, c, tier);
    if (unit == nullptr) return page.Text(kNoFigure);
    if (!BoolOf(*unit, "ok")) return page.T("cell.failed");
    return figure(*unit);
  });
}

// What a unit's threads did beyond its figure: " · creates 2 threads per round" when the
// adapter starts executor threads every round (a drain that joins its pool), " · 1 thread
// alive after teardown" when some outlived it; "" otherwise.
std::string ThreadNotes(PageWriter& page, const rapidjson::Value& unit) {
  std::string notes;
  for (const auto& [member, key] : {std::pair{"threads_created_per_round", "threads_created"},
                                    std::pair{"threads_left", "threads_left"},
                                    std::pair{"processes_left", "processes_left"}}) {
    if (const double n = NumberOf(unit, member); n >= 1) {
      notes += Concat(" · ", page.T(Concat("unit.note.", key), {{"n", Count(n)}}));
    }
  }
  return notes;
}

// Failed units, each with its own reason, once below the first table that shows "failed".
void FailedUnits(PageWriter& page) {
  std::vector<std::string> lines;
  for (const rapidjson::Value& u : page.root()["units"].GetArray()) {
    if (BoolOf(u, "ok")) continue;
    lines.push_back(page.T("unit.failed", {{"unit", page.QuoteOf(u, "id")},
                                           {"failure", page.RecordOf(u, "failure")}}));
  }
  if (lines.empty()) return;
  page.Heading(page.T("units.failed.title"), 4);
  page.Bullets(std::move(lines));
}

// The deck's charts: one slide per measured concurrency from the figures
// "<prefix>-c<N>.svg"; where figures.cc drew none, a slide that says why instead.
void Charts(PageWriter& page, std::string_view prefix, std::string_view no_figure_key) {
  for (uint32_t c : UintsOf(page.root()["concurrencies"])) {
    const std::string n = std::to_string(c);
    page.Heading(
        page.T(Concat("deck.", prefix, ".title"), {{"concurrency", n}}), 3, {},
        page.T("deck.data.chart", {{"section", page.section().title}, {"concurrency", n}}));
    const Figure* f = page.FigureNamed(Concat(prefix, "-c", n, ".svg"));
    f != nullptr ? page.AddFigure(*f, page.T(Concat("deck.", prefix, ".caption")))
                 : page.AddLead(no_figure_key, {{"concurrency", n}, {"cores", page.Cores()}});
  }
}

// The deck's headline: the subject's overhead share where it first drops below the threshold.
void Headline(PageWriter& page) {
  const rapidjson::Value& root = page.root();
  for (const rapidjson::Value& st : ArrayOf(root, "share_thresholds").GetArray()) {
    const rapidjson::Value* tier_value = MemberOf(st, "tier_us");
    if (tier_value == nullptr || !tier_value->IsUint()) continue;
    const uint32_t tier = tier_value->GetUint(), concurrency = UintOf(st, "concurrency");
    const rapidjson::Value* subject_unit = page.model().UnitAt(page.subject(), concurrency, tier);
    const double subject_share =
        subject_unit != nullptr && MemberOf(*subject_unit, "stats") != nullptr
            ? StatOf(subject_unit, "overhead_share")
            : NumberOf(st, "share_at_tier");
    std::vector<std::string> lower, same_tier;
    for (const std::string& name : page.Baselines()) {
      const double share = StatOf(page.model().UnitAt(name, concurrency, tier), "overhead_share");
      same_tier.push_back(Concat(page.Quote(name), " ", page.Pct(share, 2)));
      if (std::isfinite(share) && share < subject_share) lower.push_back(page.Quote(name));
    }
    const MessageArgs at = {{"concurrency", std::to_string(concurrency)},
                            {"tier", page.TierText(tier)}};
    page.Heading(page.T("deck.headline.title"), 3, "headline", page.T("deck.headline.data", at));
    page.Add(page.PctOf(st, "share_at_tier", 2), BlockStyle::kBig);
    page.AddLead("deck.headline.statement",
                 {{"subject", page.front().subject}, at[0], at[1],
                  {"threshold", page.PctOf(root, "share_threshold", 0)}});
    lower.empty() ? page.AddText("deck.headline.none_lower")
                  : page.AddText("deck.headline.lower", {{"count", std::to_string(lower.size())},
                                                         {"names", page.Join(lower)}});
    return page.AddNote("deck.headline.same_tier", {{"values", page.Join(same_tier)}});
  }
}

void Scaling(PageWriter& page) {
  page.Heading(page.T("scaling.title"), 3, "scaling");
  const std::vector<uint32_t> concurrencies = UintsOf(page.root()["concurrencies"]);
  if (concurrencies.size() < 2) return page.AddText("scaling.none");
  page.AddNote("scaling.intro");
  std::vector<PageColumn> header = page.Columns({"col.adapter", "col.tier"});
  for (size_t i = 1; i < concurrencies.size(); ++i) {
    header.push_back({page.Text(
        Concat(std::to_string(concurrencies[i - 1]), " → ", std::to_string(concurrencies[i])))});
  }
  header.push_back({page.T("col.keeps_rising")});
  Rows rows;
  const rapidjson::Value& scaling = page.root()["scaling"];
  for (rapidjson::SizeType r = 0; r < scaling.Size(); ++r) {
    const rapidjson::Value* steps = MemberOf(scaling[r], "steps");
    if (steps == nullptr || !steps->IsArray()) return page.Lacks(Indexed("scaling", r, "steps"));
    Row cells = {page.AdapterOf(scaling[r]), page.TierOf(scaling[r])};
    for (size_t i = 1; i < concurrencies.size(); ++i) {
      const auto step = std::find_if(steps->Begin(), steps->End(), [&](const rapidjson::Value& s) {
        return UintOf(s, "from") == concurrencies[i - 1] && UintOf(s, "to") == concurrencies[i];
      });
      cells.push_back(step == steps->End() ? page.Text(kNoFigure)
                                           : page.T(Concat("trend.", StringOf(*step, "trend"))));
    }
    cells.push_back(page.T(BoolOf(scaling[r], "keeps_rising") ? "answer.yes" : "answer.no"));
    rows.push_back(std::move(cells));
  }
  page.Table(std::move(header), std::move(rows));
}

// The lines of a model array of messages under their heading, or `none_key`'s one line.
void Said(PageWriter& page, std::string_view title_key, const MessageArgs& title_args,
          const char* array, std::string_view none_key) {
  page.AddHeading(title_key, title_args);
  std::vector<std::string> lines = SayAll(page, array);
  if (lines.empty()) page.AddText(none_key);
  page.Bullets(std::move(lines));
  page.AddText("appendix.pointer");
}

}  // namespace

void WriteConclusions(PageWriter& page) {
  std::vector<std::string> lines = SayAll(page, "conclusions");
  lines.empty() ? page.AddText("conclusions.none") : page.AddNote("conclusions.intro");
  page.Bullets(std::move(lines));
  if (page.deck()) return Headline(page);
  page.AddHeading("figures.title");
  if (page.figures().empty()) page.AddText("figures.none");
  for (const Figure& f : page.figures()) {
    page.AddFigure(f, page.T("md.figure_caption", {{"title", page.Text(f.title)}}));
  }
}

void WriteLatency(PageWriter& page) {
  if (page.deck()) {
    page.FigureSlide("relative-multiple-by-tier.svg", "deck.multiples", "multiples");
    return Charts(page, "latency", "deck.chart.none");
  }
  page.AddText("latency.intro");
  UnitTable(page, "latency.absolute.title", true, [&page](const rapidjson::Value& unit) {
    const rapidjson::Value* e2e = MemberOf(ObjectOf(unit, "stats"), "end_to_end_ns");
    if (e2e == nullptr) return page.Text(kNoFigure);
    // One line: the median, then its tail after a separator every format keeps.
    return page.Text(Concat(Duration(NumberOf(*e2e, "median")), "; p95 ",
                            Duration(NumberOf(*e2e, "p95")), " · p99 ",
                            Duration(NumberOf(*e2e, "p99")), " · ±",
                            Percent(NumberOf(*e2e, "relative_spread")))) +
           ThreadNotes(page, unit);
  });
  FailedUnits(page);
  page.AddHeading("latency.ratio.title");
  page.AddText("table.ratio");
  page.AddText("latency.ratio.intro");
  PivotTable(page, true, [&page](std::string_view baseline, uint32_t c, uint32_t tier) {
    const rapidjson::Value* cell = page.model().CellAt(baseline, c, tier);
    if (cell == nullptr) return page.Text(kNoFigure);
    return Concat(page.TimesOf(*cell, "ratio"), " · ",
                  page.T(Concat("verdict.", StringOf(*cell, "verdict"))));
  });
  Said(page, "latency.crossovers.title", {}, "crossovers", "latency.crossovers.none");
}

void WriteOverhead(PageWriter& page) {
  if (page.deck()) return Charts(page, "overhead", "deck.overhead.none");
  page.AddText("overhead.intro", {{"cores", page.Cores()}});
  UnitTable(page, "overhead.share.title", false, [&page](const rapidjson::Value& unit) {
    return page.Pct(StatOf(&unit, "overhead_share"), 2);
  });
  UnitTable(page, "overhead.absolute.title", true, [&page](const rapidjson::Value& unit) {
    return page.Dur(StatOf(&unit, "overhead_ns"));
  });
  Said(page, "overhead.thresholds.title",
       {{"threshold", page.PctOf(page.root(), "share_threshold")}}, "share_thresholds",
       "overhead.thresholds.none");
}

void WriteThroughput(PageWriter& page) {
  if (page.deck()) {
    Charts(page, "throughput", "deck.chart.none");
  } else {
    page.AddText("throughput.intro");
    UnitTable(page, "throughput.absolute.title", true, [&page](const rapidjson::Value& unit) {
      return page.Text(Rate(StatOf(&unit, "throughput_per_s")));
    });
  }
  Scaling(page);
}

}  // namespace zoo::report
