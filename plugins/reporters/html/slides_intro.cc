// Who was measured, where and how: the title, the contents, the environment, the workload
// and the method.
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

std::string JoinUints(const rapidjson::Value& values, std::string_view separator) {
  std::vector<std::string> parts;
  for (const rapidjson::Value& v : values.GetArray()) {
    if (v.IsUint()) parts.push_back(absl::StrCat(v.GetUint()));
  }
  return absl::StrJoin(parts, std::string(separator));
}

std::string JoinTiers(const rapidjson::Value& values) {
  std::vector<std::string> parts;
  for (const rapidjson::Value& v : values.GetArray()) {
    if (v.IsUint()) parts.push_back(Esc(Tier(v.GetUint())));
  }
  return absl::StrJoin(parts, ", ");
}

// About five lines of the title slide's lead (34 px): what it holds beside the environment.
constexpr size_t kTitleLeadUnits = 380;

// The name of a self-check in the deck's language, or its identifier as written.
std::string CheckName(DeckContext& deck, std::string_view name) {
  std::optional<std::string> known = deck.prose.Optional(Concat("check.", name));
  return known ? *known : Verbatim(name);
}

std::string DefinitionRow(const std::string& term_html, const std::string& value_html) {
  return absl::StrCat("<dt>", term_html, "</dt><dd>", value_html, "</dd>");
}

}  // namespace

std::vector<Slide> TitleSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const rapidjson::Value& environment = ObjectOf(root, "environment");
  const rapidjson::Value& run = ObjectOf(root, "run");

  std::vector<std::string> baselines;
  for (const std::string& name : deck.model.MeasuredAdapters()) {
    if (name != StringOf(root, "subject")) baselines.push_back(Verbatim(name));
  }

  // The self-check status belongs on the first page: a failed check changes how every
  // number after it must be read.
  const rapidjson::Value& checks = ObjectOf(root, "self_checks");
  std::vector<std::string> failed;
  for (const rapidjson::Value& c : ArrayOf(checks, "checks").GetArray()) {
    if (!BoolOf(c, "passed")) failed.push_back(CheckName(deck, StringOf(c, "name")));
  }
  const bool passed = BoolOf(checks, "passed");
  const std::string status =
      passed ? t("report.self_check.passed")
             : t("report.self_check.failed", {{"checks", absl::StrJoin(failed, ", ")}});

  const std::string lead = baselines.empty()
                               ? t("report.lead_no_baseline", {{"subject", SubjectHtml(deck)}})
                               : t("report.lead", {{"subject", SubjectHtml(deck)},
                                                   {"count", absl::StrCat(baselines.size())},
                                                   {"baselines", absl::StrJoin(baselines, ", ")}});
  // The title slide is not paginated: a lead naming very many baselines is set smaller, and
  // past that the environment summary gives way to it (the environment slides follow).
  const size_t lead_units = DisplayUnits(lead);
  const bool long_lead = lead_units > kTitleLeadUnits;
  const bool with_environment = lead_units <= 3 * kTitleLeadUnits;
  std::string body = absl::StrCat(
      "<p class=\"title-name\">", SubjectHtml(deck), " ",
      Verbatim(StringOf(root, "subject_version")), "</p>\n<p class=\"title-sub\">",
      t("deck.title.subtitle"), "</p>\n<p class=\"title-status ", passed ? "pass" : "fail", "\">",
      status, "</p>\n<p class=\"", long_lead ? "note" : "lead", "\">", lead, "</p>\n");
  const std::string_view run_status = StringOf(run, "status");
  if (run_status != "complete") {
    std::optional<std::string> said = t.Optional(Concat("report.run_status.", run_status));
    absl::StrAppend(&body, "<p class=\"fail\">",
                    said ? *said : t("report.run_status.other", {{"status", Verbatim(run_status)}}),
                    "</p>\n");
  }
  if (BoolOf(run, "quick"))
    absl::StrAppend(&body, "<p class=\"note\">", t("report.quick"), "</p>\n");
  absl::StrAppend(&body, NoiseTitleLine(deck));
  if (with_environment) {
    absl::StrAppend(
        &body, "<dl class=\"env\">",
        DefinitionRow(
            t("env.cpu_model"),
            absl::StrCat(Verbatim(StringOf(environment, "cpu_model")), " · ",
                         t("deck.title.cores",
                           {{"cores", absl::StrCat(UintOf(environment, "logical_cores"))}}))),
        DefinitionRow(t("env.os"), Verbatim(StringOf(environment, "os"))),
        DefinitionRow(t("env.compiler"),
                      absl::StrCat(Verbatim(StringOf(environment, "compiler")), " · ",
                                   Verbatim(StringOf(environment, "build_type")))),
        DefinitionRow(t("env.harness"),
                      t("env.harness_value",
                        {{"version", Verbatim(StringOf(environment, "zoo_host_version"))},
                         {"commit", Verbatim(StringOf(environment, "git_commit"))}})),
        DefinitionRow(t("env.started"), Verbatim(StringOf(run, "started_utc"))), "</dl>\n");
  }
  absl::StrAppend(&body, "<p class=\"note\">",
                  t("report.raw_data", {{"path", Code(StringOf(root, "archive_path"))}}), "</p>\n");

  Slide slide;
  slide.kind = "title";
  slide.section_html =
      t("deck.title.topline", {{"started", Verbatim(StringOf(run, "started_utc"))},
                               {"cpu", Verbatim(StringOf(environment, "cpu_model"))}});
  slide.body_html = std::move(body);
  slide.list_html =
      absl::StrCat(SubjectHtml(deck), " ", Verbatim(StringOf(root, "subject_version")));
  return {std::move(slide)};
}

Slide ContentsSlide(DeckContext& deck, const std::vector<ContentsEntry>& entries) {
  std::string body = "<ol class=\"contents\">\n";
  for (const ContentsEntry& e : entries) {
    absl::StrAppend(&body, "<li><a href=\"#slide-", e.first_slide, "\">", e.title_html,
                    "</a></li>\n");
  }
  absl::StrAppend(&body, "</ol>\n<p class=\"note\">", deck.prose("deck.contents.keys"), "</p>\n");
  Slide slide;
  slide.kind = "index";
  slide.title_html = deck.prose("deck.contents.title");
  slide.body_html = std::move(body);
  return slide;
}

std::vector<Slide> EnvironmentSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const rapidjson::Value& e = ObjectOf(root, "environment");
  const rapidjson::Value& run = ObjectOf(root, "run");

  const std::string title = t("section.environment.title");
  SectionBuilder s(t, "environment", title, {}, DataLabel(deck, title));
  s.Add(t("env.intro"), TextStyle::kNote);
  s.BeginTable({{t("col.item"), 26, false}, {t("col.value"), 74, false}});
  auto row = [&s](std::string term, std::string value) {
    s.AddRow({std::move(term), std::move(value)});
  };
  row(t("env.cpu_model"), Verbatim(StringOf(e, "cpu_model")));
  row(t("env.logical_cores"), absl::StrCat(UintOf(e, "logical_cores")));
  row(t("env.os"), Verbatim(StringOf(e, "os")));
  row(t("env.kernel"), Verbatim(StringOf(e, "kernel")));
  row(t("env.machine"), Verbatim(StringOf(e, "machine")));
  row(t("env.compiler"), Verbatim(StringOf(e, "compiler")));
  row(t("env.compiler_flags"), Code(StringOf(e, "compiler_flags")));
  row(t("env.build_type"), Verbatim(StringOf(e, "build_type")));
  row(t("env.sanitizers"), Verbatim(StringOf(e, "sanitizers")));
  row(t("env.harness"),
      t("env.harness_value", {{"version", Verbatim(StringOf(e, "zoo_host_version"))},
                              {"commit", Verbatim(StringOf(e, "git_commit"))}}));
  row(t("env.subject"),
      t("env.subject_value",
        {{"name", SubjectHtml(deck)}, {"version", Verbatim(StringOf(root, "subject_version"))}}));
  row(t("env.started"), Verbatim(StringOf(run, "started_utc")));
  row(t("env.finished"), Verbatim(StringOf(run, "finished_utc")));
  row(t("env.units"),
      absl::StrCat(UintOf(run, "units_planned"), " / ", UintOf(run, "units_measured"), " / ",
                   UintOf(run, "units_failed")));
  row(t("env.command"), Code(StringOf(run, "command")));
  row(t("deck.env.archive"), Code(StringOf(root, "archive_path")));

  // Each adapter's identity: what exactly was loaded, so a reader can check the same files.
  s.ForceBreak();
  s.Add(t("env.adapters.title"), TextStyle::kParagraph);
  s.BeginTable({{t("col.adapter"), 17, false},
                {t("col.version"), 10, false},
                {t("col.kind"), 11, false},
                {t("col.gate"), 14, false},
                {absl::StrCat(t("col.file"), " · ", t("col.sha256")), 48, false}});
  for (const rapidjson::Value& a : ArrayOf(root, "adapters").GetArray()) {
    const rapidjson::Value& gate = ObjectOf(a, "gate");
    std::string gate_html =
        BoolOf(gate, "passed")
            ? t("gate.passed")
            : absl::StrCat("<span class=\"fail\">",
                           t("gate.rejected", {{"reason", Verbatim(StringOf(gate, "reason"))}}),
                           "</span>");
    s.AddRow({Verbatim(StringOf(a, "name")), Verbatim(StringOf(a, "version")),
              Verbatim(StringOf(a, "kind")), std::move(gate_html),
              absl::StrCat(Code(StringOf(a, "file")), "<br>", Code(StringOf(a, "sha256")))});
  }
  return s.Build();
}

std::vector<Slide> WorkloadSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const rapidjson::Value& run = ObjectOf(root, "run");
  const rapidjson::Value& matrix = ObjectOf(run, "matrix");

  const std::string title = t("section.workload.title");
  SectionBuilder s(t, "workload", title, {}, DataLabel(deck, title));
  const std::string_view workload = StringOf(matrix, "workload");
  std::optional<std::string> described = t.Optional(Concat("workload.", workload));
  s.Add(described ? *described : t("workload.other", {{"name", Verbatim(workload)}}),
        TextStyle::kBullet);
  s.Add(t("workload.stand_in"), TextStyle::kBullet);
  s.Add(t("workload.tiers",
          {{"tiers", JoinTiers(ArrayOf(root, "tiers_us"))},
           {"concurrencies", Esc(JoinUints(ArrayOf(root, "concurrencies"), ", "))}}),
        TextStyle::kBullet);
  s.Add(
      t("workload.rounds", {{"warmup", absl::StrCat(UintOf(matrix, "warmup_rounds"))},
                            {"measured", absl::StrCat(UintOf(matrix, "measured_rounds"))},
                            {"timeout", Esc(Duration(NumberOf(matrix, "unit_timeout_s") * 1e9))}}),
      TextStyle::kBullet);
  if (BoolOf(run, "quick")) s.Add(t("report.quick"), TextStyle::kBullet);
  return s.Build();
}

std::vector<Slide> MethodSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const rapidjson::Value& root = deck.root();
  const rapidjson::Value& matrix = ObjectOf(ObjectOf(root, "run"), "matrix");
  const rapidjson::Value& environment = ObjectOf(root, "environment");

  const std::string title = t("section.method.title");
  SectionBuilder s(t, "method", title, {}, DataLabel(deck, title));
  s.Add(t("method.body", {{"clock", Code("CLOCK_MONOTONIC")}}), TextStyle::kBullet);
  s.Add(t("method.warmup", {{"warmup", absl::StrCat(UintOf(matrix, "warmup_rounds"))},
                            {"measured", absl::StrCat(UintOf(matrix, "measured_rounds"))}}),
        TextStyle::kBullet);
  s.Add(t("method.round"), TextStyle::kBullet);
  s.Add(t("method.isolation", {{"exec", Code("exec")}, {"setup", Code("setup")}}),
        TextStyle::kBullet);
  s.Add(t("method.gate"), TextStyle::kBullet);
  s.Add(t("method.cores", {{"cores", absl::StrCat(UintOf(environment, "logical_cores"))}}),
        TextStyle::kBullet);
  s.Add(t("method.verdict"), TextStyle::kBullet);
  s.Add(t("method.test"), TextStyle::kBullet);
  s.Add(t("method.absolute"), TextStyle::kAbsolute);
  return s.Build();
}

}  // namespace zoo::report::html
