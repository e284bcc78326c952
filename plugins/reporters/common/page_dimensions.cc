// The conclusions and the measured dimensions: latency, overhead share, throughput and
// scaling. The full report puts absolute times and same-run ratios in separate tables; the
// deck draws the same numbers as one chart per concurrency and points to the report for the
// tables.
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

std::string Indexed(std::string_view array, size_t i, std::string_view member) {
  return Concat(array, "[", std::to_string(i), "].", member);
}

// The sentences of a model array whose records each carry a "message".
std::vector<std::string> SayAll(PageWriter& page, const char* array) {
  std::vector<std::string> lines;
  const rapidjson::Value& list = page.root()[array];
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    lines.push_back(page.Say(MemberOf(list[i], "message"), Indexed(array, i, "message")));
  }
  return lines;
}

double Stat(const rapidjson::Value* unit, const char* key) {
  const rapidjson::Value* stats = unit != nullptr ? MemberOf(*unit, "stats") : nullptr;
  return stats == nullptr ? std::numeric_limits<double>::quiet_NaN() : NumberOf(*stats, key);
}

// A metric table: one row per (concurrency, tier), one column per adapter with the subject
// first, or per baseline for ratios against the subject.
using PivotCell = std::function<std::string(std::string_view adapter, uint32_t c, uint32_t tier)>;
void PivotTable(PageWriter& page, bool baselines_only, const PivotCell& cell) {
  std::vector<std::string> adapters;
  for (const std::string& a : page.model().MeasuredAdapters()) {
    if (!baselines_only || a != page.subject()) adapters.push_back(a);
  }
  std::vector<PageColumn> header = page.Columns({"col.concurrency", "col.tier"});
  for (const std::string& a : adapters) header.push_back({page.AdapterColumn(a)});
  std::vector<std::vector<std::string>> rows;
  for (const rapidjson::Value& c : page.root()["concurrencies"].GetArray()) {
    for (const rapidjson::Value& t : page.root()["tiers_us"].GetArray()) {
      if (!c.IsUint() || !t.IsUint()) continue;
      std::vector<std::string> row = {std::to_string(c.GetUint()), page.TierText(t.GetUint())};
      for (const std::string& a : adapters) row.push_back(cell(a, c.GetUint(), t.GetUint()));
      rows.push_back(std::move(row));
    }
  }
  page.Table(std::move(header), std::move(rows));
}

// `figure(unit)` for a measured unit; "—" where there is no unit, "failed" where it failed.
PivotCell UnitFigure(PageWriter& page, std::function<std::string(const rapidjson::Value&)> figure) {
  return [&page, figure](std::string_view adapter, uint32_t c, uint32_t tier) {
    const rapidjson::Value* unit = page.model().UnitAt(adapter, c, tier);
    if (unit == nullptr) return page.Text(kNoFigure);
    if (!BoolOf(*unit, "ok")) return page.T("cell.failed");
    return figure(*unit);
  };
}

// What a unit's threads did beyond its figure: " · creates 2 threads per round" when the
// adapter starts executor threads every round (a drain that joins its pool), " · 1 thread
// alive after teardown" when some outlived it; "" otherwise.
std::string ThreadNotes(PageWriter& page, const rapidjson::Value& unit) {
  std::string notes;
  if (const double created = NumberOf(unit, "threads_created_per_round"); created >= 1) {
    notes += Concat(" · ", page.T("unit.note.threads_created", {{"n", Count(created)}}));
  }
  if (const double left = NumberOf(unit, "threads_left"); left >= 1) {
    notes += Concat(" · ", page.T("unit.note.threads_left", {{"n", Count(left)}}));
  }
  if (const double left = NumberOf(unit, "processes_left"); left >= 1) {
    notes += Concat(" · ", page.T("unit.note.processes_left", {{"n", Count(left)}}));
  }
  return notes;
}

// Failed units, each with its own reason, once below the first table that shows "failed".
void FailedUnits(PageWriter& page) {
  std::vector<std::string> lines;
  for (const rapidjson::Value& u : page.root()["units"].GetArray()) {
    if (BoolOf(u, "ok")) continue;
    lines.push_back(page.T("unit.failed", {{"unit", page.Quote(StringOf(u, "id"))},
                                           {"failure", page.Record(StringOf(u, "failure"))}}));
  }
  if (lines.empty()) return;
  page.Heading(page.T("units.failed.title"), 4);
  page.Bullets(std::move(lines));
}

// The deck's charts: one slide per measured concurrency from the figures
// "<prefix>-c<N>.svg"; where figures.cc drew none, a slide that says why instead.
void Charts(PageWriter& page, std::string_view prefix, std::string_view no_figure_key) {
  for (const rapidjson::Value& c : page.root()["concurrencies"].GetArray()) {
    if (!c.IsUint()) continue;
    const std::string n = std::to_string(c.GetUint());
    page.Heading(
        page.T(Concat("deck.", prefix, ".title"), {{"concurrency", n}}), 3, {},
        page.T("deck.data.chart", {{"section", page.section().title}, {"concurrency", n}}));
    if (const Figure* f = page.FigureNamed(Concat(prefix, "-c", n, ".svg")); f != nullptr) {
      page.AddFigure(*f, page.T(Concat("deck.", prefix, ".caption")));
    } else {
      page.Add(page.T(no_figure_key, {{"concurrency", n}, {"cores", page.Cores()}}),
               BlockStyle::kLead);
    }
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
            ? Stat(subject_unit, "overhead_share")
            : NumberOf(st, "share_at_tier");
    std::vector<std::string> lower, same_tier;
    for (const std::string& name : page.model().MeasuredAdapters()) {
      if (name == page.subject()) continue;
      const double share = Stat(page.model().UnitAt(name, concurrency, tier), "overhead_share");
      same_tier.push_back(Concat(page.Quote(name), " ", page.Pct(share, 2)));
      if (std::isfinite(share) && share < subject_share) lower.push_back(page.Quote(name));
    }
    const MessageArgs at = {{"concurrency", std::to_string(concurrency)},
                            {"tier", page.TierText(tier)}};
    page.Heading(page.T("deck.headline.title"), 3, "headline", page.T("deck.headline.data", at));
    page.Add(page.Pct(NumberOf(st, "share_at_tier"), 2), BlockStyle::kBig);
    page.Add(page.T("deck.headline.statement",
                    {{"subject", page.front().subject},
                     at[0],
                     at[1],
                     {"threshold", page.Pct(NumberOf(root, "share_threshold"), 0)}}),
             BlockStyle::kLead);
    page.Add(lower.empty() ? page.T("deck.headline.none_lower")
                           : page.T("deck.headline.lower", {{"count", std::to_string(lower.size())},
                                                            {"names", page.Join(lower)}}));
    page.Add(page.T("deck.headline.same_tier", {{"values", page.Join(same_tier)}}),
             BlockStyle::kNote);
    return;
  }
}

void Scaling(PageWriter& page) {
  page.Heading(page.T("scaling.title"), 3, "scaling");
  std::vector<uint32_t> concurrencies;
  for (const rapidjson::Value& c : page.root()["concurrencies"].GetArray()) {
    if (c.IsUint()) concurrencies.push_back(c.GetUint());
  }
  if (concurrencies.size() < 2) return page.Add(page.T("scaling.none"));
  page.Add(page.T("scaling.intro"), BlockStyle::kNote);
  std::vector<PageColumn> header = page.Columns({"col.adapter", "col.tier"});
  for (size_t i = 1; i < concurrencies.size(); ++i) {
    header.push_back({page.Text(
        Concat(std::to_string(concurrencies[i - 1]), " → ", std::to_string(concurrencies[i])))});
  }
  header.push_back({page.T("col.keeps_rising")});
  std::vector<std::vector<std::string>> rows;
  const rapidjson::Value& scaling = page.root()["scaling"];
  for (rapidjson::SizeType r = 0; r < scaling.Size(); ++r) {
    const rapidjson::Value* steps = MemberOf(scaling[r], "steps");
    if (steps == nullptr || !steps->IsArray()) return page.Lacks(Indexed("scaling", r, "steps"));
    std::vector<std::string> cells = {page.AdapterColumn(StringOf(scaling[r], "adapter")),
                                      page.TierText(UintOf(scaling[r], "tier_us"))};
    for (size_t i = 1; i < concurrencies.size(); ++i) {
      std::string trend = page.Text(kNoFigure);
      for (const rapidjson::Value& step : steps->GetArray()) {
        if (UintOf(step, "from") == concurrencies[i - 1] &&
            UintOf(step, "to") == concurrencies[i]) {
          trend = page.T(Concat("trend.", StringOf(step, "trend")));
        }
      }
      cells.push_back(std::move(trend));
    }
    cells.push_back(page.T(BoolOf(scaling[r], "keeps_rising") ? "answer.yes" : "answer.no"));
    rows.push_back(std::move(cells));
  }
  page.Table(std::move(header), std::move(rows));
}

}  // namespace

void WriteConclusions(PageWriter& page) {
  page.Section("section.conclusions.title", "conclusion");
  std::vector<std::string> lines = SayAll(page, "conclusions");
  if (lines.empty()) {
    page.Add(page.T("conclusions.none"));
  } else {
    page.Add(page.T("conclusions.intro"), BlockStyle::kNote);
    page.Bullets(std::move(lines));
  }
  if (page.deck()) return Headline(page);
  page.Heading(page.T("figures.title"));
  if (page.figures().empty()) page.Add(page.T("figures.none"));
  for (const Figure& f : page.figures()) {
    page.AddFigure(f, page.T("md.figure_caption", {{"title", page.Text(f.title)}}));
  }
}

void WriteLatency(PageWriter& page) {
  page.Section("section.latency.title", "latency");
  if (page.deck()) {
    if (const Figure* f = page.FigureNamed("relative-multiple-by-tier.svg"); f != nullptr) {
      page.Heading(page.T("deck.multiples.title"), 3, "multiples");
      page.AddFigure(*f, page.T("deck.multiples.caption"));
    }
    return Charts(page, "latency", "deck.chart.none");
  }
  page.Add(page.T("latency.intro"));
  page.Heading(page.T("latency.absolute.title"));
  page.Add(page.T("table.absolute"), BlockStyle::kAbsolute);
  PivotTable(page, false, UnitFigure(page, [&page](const rapidjson::Value& unit) {
               const rapidjson::Value* stats = MemberOf(unit, "stats");
               const rapidjson::Value* e2e =
                   stats != nullptr ? MemberOf(*stats, "end_to_end_ns") : nullptr;
               if (e2e == nullptr) return page.Text(kNoFigure);
               // One line: the median, then its tail after a separator every format keeps.
               return page.Text(Concat(Duration(NumberOf(*e2e, "median")), "; p95 ",
                                       Duration(NumberOf(*e2e, "p95")), " · p99 ",
                                       Duration(NumberOf(*e2e, "p99")), " · ±",
                                       Percent(NumberOf(*e2e, "relative_spread")))) +
                      ThreadNotes(page, unit);
             }));
  FailedUnits(page);
  page.Heading(page.T("latency.ratio.title"));
  page.Add(page.T("table.ratio"));
  page.Add(page.T("latency.ratio.intro"));
  PivotTable(page, true, [&page](std::string_view baseline, uint32_t c, uint32_t tier) {
    const rapidjson::Value* cell = page.model().CellAt(baseline, c, tier);
    if (cell == nullptr) return page.Text(kNoFigure);
    return Concat(page.Times(NumberOf(*cell, "ratio")), " · ",
                  page.T(Concat("verdict.", StringOf(*cell, "verdict"))));
  });
  page.Heading(page.T("latency.crossovers.title"));
  std::vector<std::string> crossovers = SayAll(page, "crossovers");
  if (crossovers.empty()) page.Add(page.T("latency.crossovers.none"));
  page.Bullets(std::move(crossovers));
  page.Add(page.T("appendix.pointer"));
}

void WriteOverhead(PageWriter& page) {
  page.Section("section.overhead.title", "overhead");
  if (page.deck()) return Charts(page, "overhead", "deck.overhead.none");
  page.Add(page.T("overhead.intro", {{"cores", page.Cores()}}));
  page.Heading(page.T("overhead.share.title"));
  page.Add(page.T("table.ratio"));
  PivotTable(page, false, UnitFigure(page, [&page](const rapidjson::Value& unit) {
               return page.Pct(Stat(&unit, "overhead_share"), 2);
             }));
  page.Heading(page.T("overhead.absolute.title"));
  page.Add(page.T("table.absolute"), BlockStyle::kAbsolute);
  PivotTable(page, false, UnitFigure(page, [&page](const rapidjson::Value& unit) {
               return page.Dur(Stat(&unit, "overhead_ns"));
             }));
  page.Heading(page.T("overhead.thresholds.title",
                      {{"threshold", page.Pct(NumberOf(page.root(), "share_threshold"))}}));
  std::vector<std::string> thresholds = SayAll(page, "share_thresholds");
  if (thresholds.empty()) page.Add(page.T("overhead.thresholds.none"));
  page.Bullets(std::move(thresholds));
  page.Add(page.T("appendix.pointer"));
}

void WriteThroughput(PageWriter& page) {
  page.Section("section.throughput.title", "throughput");
  if (page.deck()) {
    Charts(page, "throughput", "deck.chart.none");
  } else {
    page.Add(page.T("throughput.intro"));
    page.Heading(page.T("throughput.absolute.title"));
    page.Add(page.T("table.absolute"), BlockStyle::kAbsolute);
    PivotTable(page, false, UnitFigure(page, [&page](const rapidjson::Value& unit) {
                 return page.Text(Rate(Stat(&unit, "throughput_per_s")));
               }));
  }
  Scaling(page);
}

}  // namespace zoo::report
