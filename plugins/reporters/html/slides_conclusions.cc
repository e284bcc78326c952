// The conclusions, in the model's order, and one headline figure: the subject's overhead
// share where it first drops below the threshold.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/html/slides.h"

namespace zoo::report::html {
namespace {

// A conclusion in the deck's language: from its message when the model carries one. An older
// model has only the English text, shown as a quotation, never as the deck's own words.
std::string ConclusionHtml(DeckContext& deck, const rapidjson::Value& conclusion) {
  if (const rapidjson::Value* message = MemberOf(conclusion, "message");
      message != nullptr && message->IsObject()) {
    return deck.prose.Message(*message);
  }
  return deck.prose("deck.conclusion.quoted", {{"text", Verbatim(StringOf(conclusion, "text"))}});
}

// The headline: the first concurrency at which the subject's share drops below the threshold.
std::vector<Slide> HeadlineSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const std::string_view subject = StringOf(root, "subject");
  for (const rapidjson::Value& st : ArrayOf(root, "share_thresholds").GetArray()) {
    const rapidjson::Value* tier_value = MemberOf(st, "tier_us");
    if (tier_value == nullptr || !tier_value->IsUint()) continue;
    const uint32_t tier = tier_value->GetUint();
    const uint32_t concurrency = UintOf(st, "concurrency");

    std::vector<std::string> lower, same_tier;
    const rapidjson::Value* subject_unit = deck.model.UnitAt(subject, concurrency, tier);
    const rapidjson::Value* subject_stats =
        subject_unit != nullptr ? MemberOf(*subject_unit, "stats") : nullptr;
    const double subject_share = subject_stats != nullptr
                                     ? NumberOf(*subject_stats, "overhead_share")
                                     : NumberOf(st, "share_at_tier");
    for (const std::string& name : deck.model.MeasuredAdapters()) {
      if (name == subject) continue;
      const rapidjson::Value* unit = deck.model.UnitAt(name, concurrency, tier);
      const rapidjson::Value* stats = unit != nullptr ? MemberOf(*unit, "stats") : nullptr;
      const double share = stats != nullptr ? NumberOf(*stats, "overhead_share")
                                            : std::numeric_limits<double>::quiet_NaN();
      same_tier.push_back(absl::StrCat(Verbatim(name), " ", Esc(Percent(share, 2))));
      if (std::isfinite(share) && share < subject_share) lower.push_back(Verbatim(name));
    }

    const std::string title = t("deck.headline.title");
    SectionBuilder s(t, "headline", title, t("section.conclusions.title"),
                     t("deck.headline.data",
                       {{"concurrency", absl::StrCat(concurrency)}, {"tier", Esc(Tier(tier))}}));
    s.AddRaw(
        absl::StrCat("<p class=\"big\">", Esc(Percent(NumberOf(st, "share_at_tier"), 2)), "</p>\n"),
        180);
    s.Add(t("deck.headline.statement",
            {{"subject", SubjectHtml(deck)},
             {"concurrency", absl::StrCat(concurrency)},
             {"tier", Esc(Tier(tier))},
             {"threshold", Esc(Percent(NumberOf(root, "share_threshold"), 0))}}),
          TextStyle::kLead);
    s.Add(lower.empty() ? t("deck.headline.none_lower")
                        : t("deck.headline.lower", {{"count", absl::StrCat(lower.size())},
                                                    {"names", absl::StrJoin(lower, ", ")}}),
          TextStyle::kParagraph);
    s.AddLong(t("deck.headline.same_tier", {{"values", absl::StrJoin(same_tier, ", ")}}),
              TextStyle::kNote);
    return s.Build();
  }
  return {};
}

}  // namespace

std::vector<Slide> ConclusionSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const std::string title = t("section.conclusions.title");
  SectionBuilder s(t, "conclusion", title, {}, DataLabel(deck, title));
  const rapidjson::Value& conclusions = ArrayOf(deck.root(), "conclusions");
  s.Add(t("conclusions.intro"), TextStyle::kNote);
  if (conclusions.Empty()) s.Add(t("conclusions.none"), TextStyle::kParagraph);
  for (const rapidjson::Value& c : conclusions.GetArray()) {
    s.AddLong(ConclusionHtml(deck, c), TextStyle::kBullet);
  }
  std::vector<Slide> slides = s.Build();
  for (Slide& headline : HeadlineSlides(deck)) slides.push_back(std::move(headline));
  return slides;
}

}  // namespace zoo::report::html
