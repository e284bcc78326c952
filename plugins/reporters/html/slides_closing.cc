// How to read the numbers (each adapter's caliber), how to challenge them (bring your own
// baseline), the harness's self-checks, and where everything can be verified.
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

// The caliber section is long (every adapter's notes in full); past this many slides the deck
// points to the same section of report.md instead of going on.
constexpr size_t kCaliberSlides = 8;

std::string CheckName(DeckContext& deck, std::string_view name) {
  std::optional<std::string> known = deck.prose.Optional(Concat("check.", name));
  return known ? *known : Verbatim(name);
}

}  // namespace

std::vector<Slide> CaliberSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const rapidjson::Value& environment = ObjectOf(root, "environment");
  const std::string title = t("section.caliber.title");
  SectionBuilder s(t, "caliber", title, {}, DataLabel(deck, title));
  s.Add(t("caliber.intro"), TextStyle::kNote);
  s.Add(t("caliber.machine", {{"cpu", Verbatim(StringOf(environment, "cpu_model"))},
                              {"cores", absl::StrCat(UintOf(environment, "logical_cores"))}}),
        TextStyle::kParagraph);
  s.AddLong(t("caliber.levels"), TextStyle::kNote);

  const std::string_view subject = StringOf(root, "subject");
  for (const rapidjson::Value& a : ArrayOf(root, "adapters").GetArray()) {
    const std::string_view name = StringOf(a, "name");
    const rapidjson::Value& gate = ObjectOf(a, "gate");
    if (!BoolOf(gate, "passed")) {
      s.AddLong(t("caliber.rejected",
                  {{"adapter", Verbatim(name)}, {"reason", Verbatim(StringOf(gate, "reason"))}}),
                TextStyle::kNote);
      continue;
    }
    s.AddLong(
        t("caliber.adapter", {{"adapter", absl::StrCat("<strong>", Verbatim(name), "</strong>")},
                              {"role", t(name == subject ? "term.subject" : "term.baseline")},
                              {"kind", Verbatim(StringOf(a, "kind"))},
                              {"drive_level", Verbatim(StringOf(a, "drive_level"))},
                              {"notes", Verbatim(StringOf(a, "caliber_notes"))}}),
        TextStyle::kNote);
  }

  // Units without an overhead figure, and why: the reader must not look for one there.
  std::vector<std::string> withheld;
  for (const rapidjson::Value& w : ArrayOf(ObjectOf(root, "self_checks"), "withheld").GetArray()) {
    std::optional<std::string> said =
        t.Optional(Concat("withheld.", StringOf(w, "reason_code")),
                   {{"unit", Code(StringOf(w, "unit"))},
                    {"cores", absl::StrCat(UintOf(environment, "logical_cores"))},
                    {"overhead", Esc(Duration(NumberOf(w, "overhead_ns")))}});
    withheld.push_back(
        said ? *said
             : absl::StrCat(Code(StringOf(w, "unit")), ": ", Verbatim(StringOf(w, "reason_code"))));
  }
  std::vector<const rapidjson::Value*> failed;
  for (const rapidjson::Value& u : ArrayOf(root, "units").GetArray()) {
    if (!BoolOf(u, "ok")) failed.push_back(&u);
  }
  if (!withheld.empty()) {
    s.Add(absl::StrCat("<strong>", t("caliber.withheld.title"), "</strong>"),
          TextStyle::kParagraph);
    s.AddLong(absl::StrJoin(withheld, "; "), TextStyle::kNote);
  }
  if (!failed.empty()) {
    s.Add(t("caliber.failed_units", {{"count", absl::StrCat(failed.size())}}),
          TextStyle::kParagraph);
    for (const rapidjson::Value* u : failed) {
      s.AddLong(t("unit.failed", {{"unit", Code(StringOf(*u, "id"))},
                                  {"failure", Verbatim(StringOf(*u, "failure"))}}),
                TextStyle::kNote);
    }
  }
  s.Limit(kCaliberSlides, title);
  return s.Build();
}

std::vector<Slide> OwnBaselineSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const std::string title = t("section.byob.title");
  SectionBuilder s(t, "byob", title, {}, DataLabel(deck, title));
  s.Add(t("byob.intro"), TextStyle::kNote);
  // The same commands and names as report.md's section (markdown/sections_back.cc).
  s.Add(t("byob.sdk",
          {{"command", Code("pkg-config --cflags zoo-host-sdk")},
           {"adapterdir", Code("pkg-config --variable=adapterdir zoo-host-sdk")},
           {"script", Code("pkg-config --variable=adapter_version_script zoo-host-sdk")}}),
        TextStyle::kBullet);
  const std::string separator = t("report.list_separator");
  s.Add(t("byob.class", {{"functions", absl::StrJoin({Code("setup"), Code("submit"), Code("drain"),
                                                      Code("teardown")},
                                                     separator)},
                         {"header", Code("zoo/adapter.hpp")},
                         {"macro", Code("ZOO_EXPORT_ADAPTER(MyAdapter)")},
                         {"c_header", Code("zoo/adapter.h")}}),
        TextStyle::kBullet);
  s.Add(t("byob.link", {{"flag", Code("-Wl,--version-script=$(pkg-config "
                                      "--variable=adapter_version_script zoo-host-sdk)")},
                        {"symbol", Code("zoo_adapter_entry")}}),
        TextStyle::kBullet);
  s.Add(t("byob.validate",
          {{"command", Code("zoo-host validate --plugin build/libmy_adapter.so my_adapter")}}),
        TextStyle::kBullet);
  s.Add(t("byob.run", {{"command", Code("zoo-host run --plugin build/")}}), TextStyle::kBullet);
  s.Add(t("byob.example", {{"path", Code("examples/my_adapter/")}}), TextStyle::kBullet);
  return s.Build();
}

std::vector<Slide> SelfCheckSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& checks = ObjectOf(deck.root(), "self_checks");
  const std::string title = t("section.self_check.title");
  SectionBuilder s(t, "self-check", title, {}, DataLabel(deck, title));
  s.Add(t("self_check.intro"), TextStyle::kNote);
  const bool passed = BoolOf(checks, "passed");
  s.Add(absl::StrCat("<span class=\"", passed ? "pass" : "fail", "\">",
                     t(passed ? "self_check.overall.passed" : "self_check.overall.failed"),
                     "</span>"),
        TextStyle::kLead);
  for (const rapidjson::Value& c : ArrayOf(checks, "checks").GetArray()) {
    const bool ok = BoolOf(c, "passed");
    const rapidjson::Value& message = ObjectOf(c, "message");
    std::string statement = message.IsObject() ? t.Message(message)
                                               : t("msg.self_check.verbatim",
                                                   {{"detail", Verbatim(StringOf(c, "detail"))}});
    s.AddLong(
        t("self_check.item",
          {{"name", absl::StrCat("<strong>", CheckName(deck, StringOf(c, "name")), "</strong>")},
           {"outcome", absl::StrCat("<span class=\"", ok ? "pass" : "fail", "\">",
                                    t(ok ? "outcome.passed" : "outcome.failed"), "</span>")},
           {"statement", std::move(statement)}}),
        TextStyle::kNote);
  }
  return s.Build();
}

std::vector<Slide> ClosingSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const rapidjson::Value& run = ObjectOf(root, "run");
  const std::string title = t("deck.closing.title");
  SectionBuilder s(t, "closing", title, t("section.appendix.title"), {});
  s.Add(t("deck.closing.full_report", {{"file", Code("report.md")}}), TextStyle::kLead);
  s.Add(t("deck.closing.layout_only"), TextStyle::kParagraph);
  s.Add(t("report.raw_data", {{"path", Code(StringOf(root, "archive_path"))}}), TextStyle::kBullet);
  s.Add(t("deck.closing.rerender",
          {{"command", Code(Concat("zoo-host render ", StringOf(root, "archive_path")))}}),
        TextStyle::kBullet);
  s.Add(t("deck.closing.units", {{"measured", absl::StrCat(UintOf(run, "units_measured"))},
                                 {"failed", absl::StrCat(UintOf(run, "units_failed"))}}),
        TextStyle::kBullet);
  s.Add(t("report.footer", {{"version", absl::StrCat(UintOf(root, "model_version"))},
                            {"path", Code(StringOf(root, "archive_path"))}}),
        TextStyle::kNote);
  return s.Build();
}

}  // namespace zoo::report::html
