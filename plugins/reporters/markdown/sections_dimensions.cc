// The conclusion summary and the measured dimensions: latency, overhead share, throughput.
// Every dimension puts its absolute times and its same-run ratios in separate tables.
#include <limits>
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/markdown/pivot.h"
#include "plugins/reporters/markdown/sections.h"

namespace zoo::report::markdown {
namespace {

std::string Indexed(std::string_view array, size_t i, std::string_view member) {
  return Concat(array, "[", std::to_string(i), "].", member);
}

// The sentences of a model array whose records each carry a "message".
std::vector<std::string> SayAll(Page& page, const char* array) {
  std::vector<std::string> lines;
  const rapidjson::Value& list = page.root()[array];
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    lines.push_back(page.Say(MemberOf(list[i], "message"), Indexed(array, i, "message")));
  }
  return lines;
}

const rapidjson::Value* EndToEnd(const rapidjson::Value& unit) {
  const rapidjson::Value* stats = MemberOf(unit, "stats");
  return stats == nullptr ? nullptr : MemberOf(*stats, "end_to_end_ns");
}

double Stat(const rapidjson::Value& unit, const char* key) {
  const rapidjson::Value* stats = MemberOf(unit, "stats");
  return stats == nullptr ? std::numeric_limits<double>::quiet_NaN() : NumberOf(*stats, key);
}

// Failed units, each with its own reason, once below the first table that shows "failed".
void FailedUnits(Page& page) {
  std::vector<std::string> lines;
  for (const rapidjson::Value& u : page.root()["units"].GetArray()) {
    if (BoolOf(u, "ok")) continue;
    lines.push_back(page.T("unit.failed", {{"unit", page.Quote(StringOf(u, "id"))},
                                           {"failure", page.Quote(StringOf(u, "failure"))}}));
  }
  if (lines.empty()) return;
  page.out().Heading(4, page.T("units.failed.title"));
  page.out().Bullets(lines);
}

}  // namespace

void WriteConclusions(Page& page, const std::vector<Figure>& figures) {
  SectionHeading(page, "section.conclusions.title");
  const std::vector<std::string> lines = SayAll(page, "conclusions");
  if (lines.empty()) {
    page.out().Paragraph(page.T("conclusions.none"));
  } else {
    page.out().Paragraph(page.T("conclusions.intro"));
    page.out().Bullets(lines);
  }
  page.out().Heading(3, page.T("figures.title"));
  if (figures.empty()) page.out().Paragraph(page.T("figures.none"));
  for (const Figure& f : figures) {
    // The file name is ours (figures.cc), the title is catalog text: both still escaped, as
    // the alt text of an image is Markdown too.
    page.out().Paragraph(Concat("![", MarkdownEscape(f.title), "](figures/", f.file_name, ")"));
    page.out().Paragraph(page.T("md.figure_caption", {{"title", MarkdownEscape(f.title)}}));
  }
}

void WriteLatency(Page& page) {
  SectionHeading(page, "section.latency.title");
  page.out().Paragraph(page.T("latency.intro"));

  page.out().Heading(3, page.T("latency.absolute.title"));
  page.out().Paragraph(page.T("table.absolute"));
  PivotTable(page, false, [&](std::string_view adapter, uint32_t c, uint32_t tier) {
    return UnitFigure(page, adapter, c, tier, [&](const rapidjson::Value& unit) {
      const rapidjson::Value* e2e = EndToEnd(unit);
      if (e2e == nullptr) return std::string(kNoFigure);
      return Concat(Duration(NumberOf(*e2e, "median")), "<br>p95 ", Duration(NumberOf(*e2e, "p95")),
                    " · p99 ", Duration(NumberOf(*e2e, "p99")), " · ±",
                    Percent(NumberOf(*e2e, "relative_spread")));
    });
  });
  FailedUnits(page);

  page.out().Heading(3, page.T("latency.ratio.title"));
  page.out().Paragraph(page.T("table.ratio"));
  page.out().Paragraph(page.T("latency.ratio.intro"));
  PivotTable(page, true, [&](std::string_view baseline, uint32_t c, uint32_t tier) {
    const rapidjson::Value* cell = page.model().CellAt(baseline, c, tier);
    if (cell == nullptr) return std::string(kNoFigure);
    return Concat(Multiple(NumberOf(*cell, "ratio")), " · ",
                  page.T(Concat("verdict.", StringOf(*cell, "verdict"))));
  });

  page.out().Heading(3, page.T("latency.crossovers.title"));
  const std::vector<std::string> crossovers = SayAll(page, "crossovers");
  if (crossovers.empty()) page.out().Paragraph(page.T("latency.crossovers.none"));
  page.out().Bullets(crossovers);
  page.out().Paragraph(page.T("appendix.pointer"));
}

void WriteOverhead(Page& page) {
  SectionHeading(page, "section.overhead.title");
  page.out().Paragraph(page.T("overhead.intro", {{"cores", page.Cores()}}));

  page.out().Heading(3, page.T("overhead.share.title"));
  page.out().Paragraph(page.T("table.ratio"));
  PivotTable(page, false, [&](std::string_view adapter, uint32_t c, uint32_t tier) {
    return UnitFigure(page, adapter, c, tier, [](const rapidjson::Value& unit) {
      return Percent(Stat(unit, "overhead_share"), 2);
    });
  });

  page.out().Heading(3, page.T("overhead.absolute.title"));
  page.out().Paragraph(page.T("table.absolute"));
  PivotTable(page, false, [&](std::string_view adapter, uint32_t c, uint32_t tier) {
    return UnitFigure(page, adapter, c, tier, [](const rapidjson::Value& unit) {
      return Duration(Stat(unit, "overhead_ns"));
    });
  });

  page.out().Heading(3, page.T("overhead.thresholds.title",
                               {{"threshold", Percent(NumberOf(page.root(), "share_threshold"))}}));
  const std::vector<std::string> thresholds = SayAll(page, "share_thresholds");
  if (thresholds.empty()) page.out().Paragraph(page.T("overhead.thresholds.none"));
  page.out().Bullets(thresholds);
  page.out().Paragraph(page.T("appendix.pointer"));
}

void WriteThroughput(Page& page) {
  SectionHeading(page, "section.throughput.title");
  page.out().Paragraph(page.T("throughput.intro"));

  page.out().Heading(3, page.T("throughput.absolute.title"));
  page.out().Paragraph(page.T("table.absolute"));
  PivotTable(page, false, [&](std::string_view adapter, uint32_t c, uint32_t tier) {
    return UnitFigure(page, adapter, c, tier, [](const rapidjson::Value& unit) {
      return Rate(Stat(unit, "throughput_per_s"));
    });
  });

  page.out().Heading(3, page.T("scaling.title"));
  std::vector<uint32_t> concurrencies;
  for (const rapidjson::Value& c : page.root()["concurrencies"].GetArray()) {
    if (c.IsUint()) concurrencies.push_back(c.GetUint());
  }
  if (concurrencies.size() < 2) {
    page.out().Paragraph(page.T("scaling.none"));
    return;
  }
  page.out().Paragraph(page.T("scaling.intro"));
  std::vector<std::string> header = {page.T("col.adapter"), page.T("col.tier")};
  for (size_t i = 1; i < concurrencies.size(); ++i) {
    header.push_back(
        Concat(std::to_string(concurrencies[i - 1]), " → ", std::to_string(concurrencies[i])));
  }
  header.push_back(page.T("col.keeps_rising"));
  std::vector<std::vector<std::string>> rows;
  const rapidjson::Value& scaling = page.root()["scaling"];
  for (rapidjson::SizeType r = 0; r < scaling.Size(); ++r) {
    const rapidjson::Value& row = scaling[r];
    const rapidjson::Value* steps = MemberOf(row, "steps");
    if (steps == nullptr || !steps->IsArray()) {
      page.Lacks(Indexed("scaling", r, "steps"));
      return;
    }
    std::vector<std::string> cells = {AdapterColumn(page, StringOf(row, "adapter")),
                                      Tier(UintOf(row, "tier_us"))};
    for (size_t i = 1; i < concurrencies.size(); ++i) {
      std::string trend(kNoFigure);
      for (const rapidjson::Value& step : steps->GetArray()) {
        if (UintOf(step, "from") == concurrencies[i - 1] &&
            UintOf(step, "to") == concurrencies[i]) {
          trend = page.T(Concat("trend.", StringOf(step, "trend")));
        }
      }
      cells.push_back(trend);
    }
    cells.push_back(page.T(BoolOf(row, "keeps_rising") ? "answer.yes" : "answer.no"));
    rows.push_back(std::move(cells));
  }
  page.out().Table(header, rows);
}

}  // namespace zoo::report::markdown
