// The diagnostic dimensions: overhead attribution by segment, and scheduling semantics with
// the native task line (priced against the subject itself, never against the baselines).
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

void AttributionSample(PageWriter& page, const rapidjson::Value& sample, size_t index) {
  page.AddHeading("attribution.sample.title",
                  {{"tier", page.TierOf(sample)},
                   {"concurrency", page.NumberText(sample, "concurrency")}});
  page.AbsoluteNote();
  Rows rows;
  for (const rapidjson::Value& a : ArrayOf(sample, "adapters").GetArray()) {
    const bool measurable = BoolOf(a, "measurable");
    Row row = {page.AdapterOf(a)};
    // drain_ns: what no other segment holds, so the row adds up to its end-to-end.
    for (const char* segment : {"submit_ns", "handoff_ns", "body_ns", "return_ns", "drain_ns"}) {
      row.push_back(measurable ? page.DurOf(a, segment) : page.Text(kNoFigure));
    }
    const std::string_view code = StringOf(a, "not_measurable_code");
    if (!measurable && code.empty()) {
      return page.Lacks(Indexed("attribution", index, "adapters[].not_measurable_code"));
    }
    row.push_back(measurable ? page.T("attribution.measured")
                             : page.T(Concat("attribution.not_measurable.", code)));
    rows.push_back(std::move(row));
  }
  page.Table({"col.adapter", "segment.submit#", "segment.handoff#", "segment.body#",
              "segment.return#", "segment.drain#", "col.status"},
             std::move(rows));
  page.Bullets(MapEach(ArrayOf(sample, "excess").GetArray(), [&](const rapidjson::Value& e) {
    const double total = NumberOf(e, "total_excess_ns");
    MessageArgs args = {{"excess", page.Dur(total)}, {"baseline", page.QuoteOf(e, "baseline")}};
    if (total <= 0) return page.T("attribution.excess.not_slower", args);
    args.emplace_back("segment_excess", page.DurOf(e, "largest_segment_excess_ns"));
    args.emplace_back("segment", page.T(Concat("segment.", StringOf(e, "largest_segment"))));
    return page.T("attribution.excess.slower", args);
  }));
}

// The described item of a semantics item record ({"item": {...}, "priced", ...}).
const rapidjson::Value& Described(const rapidjson::Value& record) {
  const rapidjson::Value* item = MemberOf(record, "item");
  return item != nullptr ? *item : record;
}

std::string CheckSentence(PageWriter& page, const rapidjson::Value& check, std::string_view item) {
  const double left = NumberOf(check, "left_in_flight_ns");
  const MessageArgs args = {{"item", page.Quote(item)},
                            {"timeout", page.DurOf(check, "timeout_ns")},
                            {"body", page.DurOf(check, "body_ns")},
                            {"left", page.Dur(left)}};
  if (BoolOf(check, "passed")) return page.T("semantics.check.passed", args);
  return page.T(left < 0 ? "semantics.check.stayed" : "semantics.check.failed", args);
}

// Each priced item against the run with every item off, at each priced concurrency: the
// absolute prices in one table, whether they stand out of the noise in another.
void SemanticsCosts(PageWriter& page, const rapidjson::Value& items) {
  Rows prices, verdicts;
  const std::string none = page.Text(kNoFigure);
  for (const rapidjson::Value& record : items.GetArray()) {
    const std::string name = page.QuoteOf(Described(record), "name");
    for (const rapidjson::Value& cost : ArrayOf(record, "costs").GetArray()) {
      const std::string concurrency = page.NumberText(cost, "concurrency");
      if (!BoolOf(cost, "measured")) {
        prices.push_back({name, concurrency, none, none, none});
        verdicts.push_back(
            {name, concurrency, none,
             page.T(Concat("semantics.cost_unmeasured.", StringOf(cost, "reason_code")),
                    {{"off_unit", page.QuoteOf(cost, "off_unit")},
                     {"on_unit", page.QuoteOf(cost, "on_unit")}}),
             none});
        continue;
      }
      // A price inside the noise is never printed as a number (it could read as a saving).
      const std::string_view verdict = StringOf(cost, "verdict");
      prices.push_back(
          {name, concurrency, page.DurOf(cost, "off_median_ns"), page.DurOf(cost, "on_median_ns"),
           verdict == "no_measurable_cost" ? page.T("semantics.verdict.no_measurable_cost")
                                           : page.DurOf(cost, "cost_ns")});
      verdicts.push_back({name, concurrency, page.PctOf(cost, "band"),
                          page.T(Concat("semantics.verdict.", verdict)), page.PValueOf(cost)});
    }
  }
  if (prices.empty()) return;
  page.AddHeading("semantics.costs.title");
  page.AbsoluteNote();
  page.Table({"col.item", "col.concurrency#", "col.off_median#", "col.on_median#", "col.cost#"},
             std::move(prices));
  page.AddHeading("semantics.verdicts.title");
  page.AddNote("semantics.verdicts.intro");
  page.Table({"col.item", "col.concurrency#", "col.band#", "col.verdict", "col.p_value#"},
             std::move(verdicts));
}

// The "semantics" member as the run recorded it: its status, why nothing was priced when
// nothing was, each item the subject offers, its behavioural check, and the prices.
void SemanticsRecorded(PageWriter& page, const rapidjson::Value& semantics) {
  const std::string_view status = StringOf(semantics, "status");
  if (status.empty()) return page.Lacks("semantics.status");
  std::vector<std::string> lines = {
      page.T(Concat("semantics.status.", status),
             {{"tier", page.TierOf(semantics)},
              {"concurrencies", page.Uints(ArrayOf(semantics, "concurrencies"))}})};
  if (const std::string_view code = StringOf(semantics, "reason_code"); !code.empty()) {
    lines.push_back(page.T(Concat("semantics.reason.", code)));
  }
  if (const std::string_view reason = StringOf(semantics, "reason"); !reason.empty()) {
    lines.push_back(page.T("semantics.reason.quoted", {{"reason", page.Record(reason)}}));
  }
  page.Bullets(std::move(lines));

  const rapidjson::Value& items = ArrayOf(semantics, "items");
  Rows rows;
  std::vector<std::string> checks;
  for (const rapidjson::Value& record : items.GetArray()) {
    const rapidjson::Value& described = Described(record);
    const std::string_view name = StringOf(described, "name");
    const std::string item_key = Concat("semantics.", name, ".");
    std::string priced = page.T("answer.yes");
    if (!BoolOf(record, "priced")) {
      const std::string_view code = StringOf(record, "dropped_code");
      const std::string_view reason = StringOf(record, "dropped_reason");
      // A missing clean off state is explained by the plugin's own off_state; anything else is
      // the host's record.
      const std::string detail =
          code == "no_clean_off" && reason == StringOf(described, "off_state")
              ? page.PluginText(page.subject(), Concat(item_key, "off_state"), reason)
              : page.Record(reason);
      priced = code.empty() ? page.T("answer.no")
                            : page.T(Concat("semantics.dropped.", code), {{"detail", detail}});
    }
    rows.push_back({page.Quote(name), page.Term("layer", StringOf(described, "layer")),
                    page.PluginText(page.subject(), Concat(item_key, "description"),
                                    StringOf(described, "description")),
                    priced});
    const rapidjson::Value* check = MemberOf(record, "check");
    if (check != nullptr && check->IsObject()) checks.push_back(CheckSentence(page, *check, name));
  }
  if (!rows.empty()) {
    page.Table({"col.item", "col.layer", "col.description", "col.priced"}, std::move(rows));
  }
  page.Bullets(std::move(checks));
  SemanticsCosts(page, items);
}

}  // namespace

void WriteAttribution(PageWriter& page) {
  page.AddText("attribution.intro");
  const rapidjson::Value& samples = page.root()["attribution"];
  if (samples.Empty()) return page.AddText("attribution.none");
  // Which units the segments come from: the attribution units (every per-task stamp, own
  // processes), or, in archives before them, the timed units themselves.
  const rapidjson::Value& first = ArrayOf(samples[0], "adapters");
  const bool own_units = !first.Empty() && BoolOf(first[0], "from_attribution_units");
  page.AddNote(own_units ? "attribution.from_units" : "attribution.from_timed");
  page.HarnessFloorNote();  // a submit or a return is often under a microsecond
  for (rapidjson::SizeType i = 0; i < samples.Size(); ++i) AttributionSample(page, samples[i], i);
}

void WriteSemantics(PageWriter& page) {
  page.AddNote("semantics.intro", {{"extension", page.Code("zoo.semantics/1")}});
  const rapidjson::Value* semantics = MemberOf(page.root(), "semantics");
  semantics == nullptr || semantics->IsNull() ? page.AddText("semantics.not_measured")
                                              : SemanticsRecorded(page, *semantics);
  WriteNativeLine(page);  // page_native.cc
}

}  // namespace zoo::report
