// The subject's own lines: the price of its scheduling semantics (an internal switch
// comparison, never against the baselines) and the native task line.
#include <cmath>
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

// An item's price at each concurrency: on − off per task, with the band that judged it.
// Absolute, like every time in the deck; the verdict is the same-run comparison.
std::string Costs(DeckContext& deck, const rapidjson::Value& item) {
  Prose& t = deck.prose;
  std::vector<std::string> parts;
  for (const rapidjson::Value& cost : ArrayOf(item, "costs").GetArray()) {
    const std::string concurrency = absl::StrCat(UintOf(cost, "concurrency"));
    if (!BoolOf(cost, "measured")) {
      std::optional<std::string> why =
          t.Optional(Concat("deck.semantics.missing.", StringOf(cost, "reason_code")));
      parts.push_back(t("deck.semantics.cost_missing",
                        {{"concurrency", concurrency},
                         {"reason", why ? *why : Verbatim(StringOf(cost, "reason_code"))}}));
      continue;
    }
    const std::string low = Esc(Duration(NumberOf(cost, "cost_low_ns")));
    const std::string high = Esc(Duration(NumberOf(cost, "cost_high_ns")));
    // A price inside the noise is never printed as a number (it could read as a saving).
    if (StringOf(cost, "verdict") == "no_measurable_cost") {
      parts.push_back(t("deck.semantics.cost_none",
                        {{"concurrency", concurrency}, {"low", low}, {"high", high}}));
      continue;
    }
    std::optional<std::string> verdict =
        t.Optional(Concat("deck.semantics.verdict.", StringOf(cost, "verdict")));
    parts.push_back(t("deck.semantics.cost_at",
                      {{"concurrency", concurrency},
                       {"cost", Esc(Duration(NumberOf(cost, "cost_ns")))},
                       {"low", low},
                       {"high", high},
                       {"verdict", verdict ? *verdict : Verbatim(StringOf(cost, "verdict"))}}));
  }
  return parts.empty() ? Esc(kNoFigure) : absl::StrJoin(parts, "; ");
}

}  // namespace

std::vector<Slide> SemanticsSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const std::string title = t("section.semantics.title");
  SectionBuilder s(t, "semantics", title, {}, DataLabel(deck, title));
  s.Add(t("semantics.intro", {{"extension", Code("zoo.semantics/1")}}), TextStyle::kNote);

  const rapidjson::Value* semantics = MemberOf(deck.root(), "semantics");
  if (semantics == nullptr || !semantics->IsObject()) {
    s.Add(t("semantics.not_measured"), TextStyle::kParagraph);
    return s.Build();
  }
  std::vector<std::string> concurrencies;
  for (const rapidjson::Value& c : ArrayOf(*semantics, "concurrencies").GetArray()) {
    if (c.IsUint()) concurrencies.push_back(absl::StrCat(c.GetUint()));
  }
  const std::string_view status = StringOf(*semantics, "status");
  std::optional<std::string> status_html = t.Optional(
      Concat("semantics.status.", status), {{"tier", Esc(Tier(UintOf(*semantics, "tier_us")))},
                                            {"concurrencies", absl::StrJoin(concurrencies, ", ")}});
  s.Add(status_html ? *status_html : Verbatim(status), TextStyle::kParagraph);
  const std::string_view reason_code = StringOf(*semantics, "reason_code");
  if (!reason_code.empty()) {
    std::optional<std::string> said = t.Optional(Concat("semantics.reason.", reason_code));
    if (said) s.Add(*said, TextStyle::kParagraph);
  }
  if (!StringOf(*semantics, "reason").empty()) {
    s.AddLong(t("semantics.reason.quoted", {{"reason", Verbatim(StringOf(*semantics, "reason"))}}),
              TextStyle::kNote);
  }
  const rapidjson::Value& items = ArrayOf(*semantics, "items");
  if (!items.Empty()) {
    s.Add(t("table.absolute"), TextStyle::kAbsolute);
    s.BeginTable({{t("col.item"), 14, false},
                  {t("col.layer"), 12, false},
                  {t("col.priced"), 13, false},
                  {t("deck.semantics.col_cost"), 33, false},
                  {t("col.reason"), 28, false}});
  }
  for (const rapidjson::Value& record : items.GetArray()) {
    const rapidjson::Value& item = ObjectOf(record, "item");
    const bool priced = BoolOf(record, "priced");
    std::string reason;
    if (!priced) {
      std::optional<std::string> said =
          t.Optional(Concat("semantics.dropped.", StringOf(record, "dropped_code")),
                     {{"detail", Verbatim(StringOf(record, "dropped_reason"))}});
      reason = said ? *said : Verbatim(StringOf(record, "dropped_reason"));
    } else if (const rapidjson::Value& check = ObjectOf(record, "check"); check.IsObject()) {
      reason = Verbatim(StringOf(check, "detail"));
    } else {
      reason = Verbatim(StringOf(item, "description"));
    }
    s.AddRow({Verbatim(StringOf(item, "name")), Verbatim(StringOf(item, "layer")),
              t(priced ? "answer.yes" : "answer.no"), priced ? Costs(deck, record) : Esc(kNoFigure),
              std::move(reason)});
  }
  return s.Build();
}

std::vector<Slide> NativeLineSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const std::string title = t("native.title");
  SectionBuilder s(t, "native-line", title, t("section.semantics.title"), DataLabel(deck, title));
  s.Add(t("native.not_applicable"), TextStyle::kLead);
  return s.Build();
}

}  // namespace zoo::report::html
