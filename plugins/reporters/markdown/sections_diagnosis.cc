// The diagnostic dimensions: overhead attribution by segment, and scheduling semantics with
// the native task line (priced against the subject itself, never against the baselines).
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/markdown/pivot.h"
#include "plugins/reporters/markdown/sections.h"

namespace zoo::report::markdown {
namespace {

std::string Where(size_t sample, std::string_view rest) {
  return Concat("attribution[", std::to_string(sample), "].", rest);
}

void AttributionSample(Page& page, const rapidjson::Value& sample, size_t index) {
  page.out().Heading(3, page.T("attribution.sample.title",
                               {{"tier", Tier(UintOf(sample, "tier_us"))},
                                {"concurrency", std::to_string(UintOf(sample, "concurrency"))}}));
  page.out().Paragraph(page.T("table.absolute"));
  std::vector<std::vector<std::string>> rows;
  for (const rapidjson::Value& a : ArrayOf(sample, "adapters").GetArray()) {
    const bool measurable = BoolOf(a, "measurable");
    std::vector<std::string> row = {AdapterColumn(page, StringOf(a, "adapter"))};
    // drain_ns: what no other segment holds, so the row adds up to its end-to-end.
    for (const char* segment : {"submit_ns", "handoff_ns", "body_ns", "return_ns", "drain_ns"}) {
      row.push_back(measurable ? Duration(NumberOf(a, segment)) : std::string(kNoFigure));
    }
    if (measurable) {
      row.push_back(page.T("attribution.measured"));
    } else if (StringOf(a, "not_measurable_code").empty()) {
      page.Lacks(Where(index, "adapters[].not_measurable_code"));
      return;
    } else {
      row.push_back(
          page.T(Concat("attribution.not_measurable.", StringOf(a, "not_measurable_code"))));
    }
    rows.push_back(std::move(row));
  }
  page.out().Table({page.T("col.adapter"), page.T("segment.submit"), page.T("segment.handoff"),
                    page.T("segment.body"), page.T("segment.return"), page.T("segment.drain"),
                    page.T("col.status")},
                   rows);
  std::vector<std::string> excess;
  for (const rapidjson::Value& e : ArrayOf(sample, "excess").GetArray()) {
    const double total = NumberOf(e, "total_excess_ns");
    const std::string baseline = page.AdapterName(StringOf(e, "baseline"));
    if (total > 0) {
      excess.push_back(
          page.T("attribution.excess.slower",
                 {{"excess", Duration(total)},
                  {"baseline", baseline},
                  {"segment_excess", Duration(NumberOf(e, "largest_segment_excess_ns"))},
                  {"segment", page.T(Concat("segment.", StringOf(e, "largest_segment")))}}));
    } else {
      excess.push_back(page.T("attribution.excess.not_slower",
                              {{"excess", Duration(total)}, {"baseline", baseline}}));
    }
  }
  page.out().Bullets(excess);
}

// The described item of a semantics item record ({"item": {...}, "priced", ...}).
const rapidjson::Value& Described(const rapidjson::Value& record) {
  const rapidjson::Value* item = MemberOf(record, "item");
  return item != nullptr ? *item : record;
}

std::string CheckSentence(Page& page, const rapidjson::Value& check, std::string_view item) {
  const double left = NumberOf(check, "left_in_flight_ns");
  const MessageArgs args = {{"item", page.Quote(item)},
                            {"timeout", Duration(NumberOf(check, "timeout_ns"))},
                            {"body", Duration(NumberOf(check, "body_ns"))},
                            {"left", Duration(left)}};
  if (BoolOf(check, "passed")) return page.T("semantics.check.passed", args);
  return page.T(left < 0 ? "semantics.check.stayed" : "semantics.check.failed", args);
}

// Each priced item against the run with every item off, at each priced concurrency: the
// absolute prices in one table, whether they stand out of the noise in another.
void SemanticsCosts(Page& page, const rapidjson::Value& items) {
  std::vector<std::vector<std::string>> prices, verdicts;
  for (const rapidjson::Value& record : items.GetArray()) {
    const std::string name = page.Quote(StringOf(Described(record), "name"));
    for (const rapidjson::Value& cost : ArrayOf(record, "costs").GetArray()) {
      const std::string concurrency = std::to_string(UintOf(cost, "concurrency"));
      if (!BoolOf(cost, "measured")) {
        prices.push_back({name, concurrency, std::string(kNoFigure), std::string(kNoFigure),
                          std::string(kNoFigure)});
        verdicts.push_back(
            {name, concurrency, std::string(kNoFigure),
             page.T(Concat("semantics.cost_unmeasured.", StringOf(cost, "reason_code")),
                    {{"off_unit", page.Quote(StringOf(cost, "off_unit"))},
                     {"on_unit", page.Quote(StringOf(cost, "on_unit"))}}),
             std::string(kNoFigure)});
        continue;
      }
      const rapidjson::Value* test = MemberOf(cost, "test");
      // A price inside the noise is never printed as a number (it could read as a saving).
      const std::string_view verdict = StringOf(cost, "verdict");
      prices.push_back({name, concurrency, Duration(NumberOf(cost, "off_median_ns")),
                        Duration(NumberOf(cost, "on_median_ns")),
                        verdict == "no_measurable_cost"
                            ? page.T("semantics.verdict.no_measurable_cost")
                            : Duration(NumberOf(cost, "cost_ns"))});
      verdicts.push_back(
          {name, concurrency, Percent(NumberOf(cost, "band")),
           page.T(Concat("semantics.verdict.", StringOf(cost, "verdict"))),
           PValue(test != nullptr ? NumberOf(*test, "p_value") : NumberOf(cost, "p_value"))});
    }
  }
  if (prices.empty()) return;
  page.out().Heading(3, page.T("semantics.costs.title"));
  page.out().Paragraph(page.T("table.absolute"));
  page.out().Table({page.T("col.item"), page.T("col.concurrency"), page.T("col.off_median"),
                    page.T("col.on_median"), page.T("col.cost")},
                   prices);
  page.out().Heading(3, page.T("semantics.verdicts.title"));
  page.out().Paragraph(page.T("semantics.verdicts.intro"));
  page.out().Table({page.T("col.item"), page.T("col.concurrency"), page.T("col.band"),
                    page.T("col.verdict"), page.T("col.p_value")},
                   verdicts);
}

// The "semantics" member as the run recorded it: its status, why nothing was priced when
// nothing was, each item the subject offers, its behavioural check, and the prices.
void SemanticsRecorded(Page& page, const rapidjson::Value& semantics) {
  const std::string_view status = StringOf(semantics, "status");
  if (status.empty()) {
    page.Lacks("semantics.status");
    return;
  }
  std::vector<std::string> concurrencies;
  for (const rapidjson::Value& c : ArrayOf(semantics, "concurrencies").GetArray()) {
    if (c.IsUint()) concurrencies.push_back(std::to_string(c.GetUint()));
  }
  std::vector<std::string> lines = {page.T(
      Concat("semantics.status.", status),
      {{"tier", Tier(UintOf(semantics, "tier_us"))}, {"concurrencies", page.Join(concurrencies)}})};
  if (const std::string_view code = StringOf(semantics, "reason_code"); !code.empty()) {
    lines.push_back(page.T(Concat("semantics.reason.", code)));
  }
  if (const std::string_view reason = StringOf(semantics, "reason"); !reason.empty()) {
    lines.push_back(page.T("semantics.reason.quoted", {{"reason", page.Quote(reason)}}));
  }
  page.out().Bullets(lines);

  const rapidjson::Value& items = ArrayOf(semantics, "items");
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> checks;
  for (const rapidjson::Value& record : items.GetArray()) {
    const rapidjson::Value& described = Described(record);
    std::string priced = page.T("answer.yes");
    if (!BoolOf(record, "priced")) {
      const std::string_view code = StringOf(record, "dropped_code");
      priced = code.empty() ? page.T("answer.no")
                            : page.T(Concat("semantics.dropped.", code),
                                     {{"detail", page.Quote(StringOf(record, "dropped_reason"))}});
    }
    rows.push_back({page.Quote(StringOf(described, "name")),
                    page.Quote(StringOf(described, "layer")),
                    page.Quote(StringOf(described, "description")), priced});
    const rapidjson::Value* check = MemberOf(record, "check");
    if (check != nullptr && check->IsObject()) {
      checks.push_back(CheckSentence(page, *check, StringOf(described, "name")));
    }
  }
  if (!rows.empty()) {
    page.out().Table(
        {page.T("col.item"), page.T("col.layer"), page.T("col.description"), page.T("col.priced")},
        rows);
  }
  page.out().Bullets(checks);
  SemanticsCosts(page, items);
}

}  // namespace

void WriteAttribution(Page& page) {
  SectionHeading(page, "section.attribution.title");
  page.out().Paragraph(page.T("attribution.intro"));
  const rapidjson::Value& samples = page.root()["attribution"];
  if (samples.Empty()) page.out().Paragraph(page.T("attribution.none"));
  for (rapidjson::SizeType i = 0; i < samples.Size(); ++i) AttributionSample(page, samples[i], i);
}

void WriteSemantics(Page& page) {
  SectionHeading(page, "section.semantics.title");
  page.out().Paragraph(page.T("semantics.intro", {{"extension", page.Code("zoo.semantics/1")}}));
  const rapidjson::Value* semantics = MemberOf(page.root(), "semantics");
  if (semantics == nullptr || semantics->IsNull()) {
    page.out().Paragraph(page.T("semantics.not_measured"));
  } else {
    SemanticsRecorded(page, *semantics);
  }
  page.out().Heading(3, page.T("native.title"));
  page.out().Paragraph(page.T("native.not_applicable"));
}

}  // namespace zoo::report::markdown
