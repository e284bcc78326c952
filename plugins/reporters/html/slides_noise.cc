// The noise warnings, right after the title slide (whose status block names them): each
// condition that applied, with why it matters and what to do, then what was checked and found
// fine or could not be checked. An archive from before noise conditions gets no slide: the
// title slide says "not recorded" in one line.
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/html/slides.h"

namespace zoo::report::html {
namespace {

const rapidjson::Value* RecordedNoise(const DeckContext& deck) {
  const rapidjson::Value* noise = MemberOf(deck.root(), "noise");
  return noise != nullptr && BoolOf(*noise, "recorded") ? noise : nullptr;
}

// The localized name of a condition; one from a newer zoo-host is named by its code.
std::string ConditionName(Prose& t, std::string_view code) {
  std::optional<std::string> known = t.Optional(Concat("noise.name.", code));
  return known ? *known : Verbatim(code);
}

std::string_view MessageArg(const rapidjson::Value& condition, const char* name) {
  const rapidjson::Value& args = ObjectOf(ObjectOf(condition, "message"), "args");
  return args.IsObject() ? StringOf(args, name) : std::string_view();
}

std::string WarningHtml(Prose& t, const rapidjson::Value& condition) {
  const std::string_view code = StringOf(condition, "code");
  const std::string statement =
      absl::StrCat("<strong>", t.Message(ObjectOf(condition, "message")), "</strong>");
  const std::string_view command = MessageArg(condition, "command");
  HtmlArgs fix_args;
  if (!command.empty()) fix_args.emplace_back("command", Code(command));
  std::optional<std::string> why = t.Optional(Concat("noise.why.", code));
  std::optional<std::string> fix = t.Optional(Concat("noise.fix.", code), fix_args);
  if (!why || !fix) return statement;
  return t("noise.item", {{"statement", statement}, {"why", *why}, {"fix", *fix}});
}

}  // namespace

std::string NoiseTitleLine(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value* noise = RecordedNoise(deck);
  // The title slide is not paginated: a short form of the report's "not recorded" line.
  if (noise == nullptr) {
    return absl::StrCat("<p class=\"note\">", t("deck.noise.not_recorded"), "</p>\n");
  }
  const rapidjson::Value& warnings = ArrayOf(*noise, "warnings");
  if (warnings.Empty()) return absl::StrCat("<p class=\"note\">", t("noise.none"), "</p>\n");
  std::vector<std::string> names;
  for (const rapidjson::Value& w : warnings.GetArray()) {
    names.push_back(ConditionName(t, StringOf(w, "code")));
  }
  return absl::StrCat("<p class=\"fail\">",
                      t("deck.noise.title_line", {{"count", absl::StrCat(warnings.Size())},
                                                  {"names", absl::StrJoin(names, t("report.list_separator"))}}),
                      "</p>\n");
}

std::vector<Slide> NoiseSlides(DeckContext& deck) {
  const rapidjson::Value* noise = RecordedNoise(deck);
  if (noise == nullptr) return {};
  Prose& t = deck.prose;
  const std::string title = t("deck.noise.title");
  SectionBuilder s(t, "noise", title, {}, DataLabel(deck, title));
  const rapidjson::Value& warnings = ArrayOf(*noise, "warnings");
  if (warnings.Empty()) {
    s.Add(t("noise.none"), TextStyle::kLead);
  } else {
    s.Add(t("noise.warnings_lead", {{"count", absl::StrCat(warnings.Size())}}), TextStyle::kNote);
    for (const rapidjson::Value& w : warnings.GetArray()) {
      s.AddLong(WarningHtml(t, w), TextStyle::kNote);
    }
  }
  std::vector<std::string> fine, unchecked;
  for (const rapidjson::Value& c : ArrayOf(*noise, "checked").GetArray()) {
    (StringOf(c, "state") == "fine" ? fine : unchecked)
        .push_back(ConditionName(t, StringOf(c, "code")));
  }
  if (!fine.empty()) {
    s.Add(t("noise.checked_fine", {{"names", absl::StrJoin(fine, t("report.list_separator"))}}), TextStyle::kNote);
  }
  if (!unchecked.empty()) {
    s.Add(t("noise.not_checkable", {{"names", absl::StrJoin(unchecked, t("report.list_separator"))}}), TextStyle::kNote);
  }
  return s.Build();
}

}  // namespace zoo::report::html
