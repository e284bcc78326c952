// The first page (the title block, the noise warnings, what to pick) and the sections that say
// what was run and how: run environment, workload, measurement method.
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_round_trips.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

// The localized names of the self-checks that failed; a check this catalog does not know
// (from a newer zoo-host) is named as the model names it.
std::string FailedChecks(PageWriter& page) {
  std::vector<std::string> failed;
  for (const rapidjson::Value& check : ArrayOf(page.root()["self_checks"], "checks").GetArray()) {
    if (!BoolOf(check, "passed")) failed.push_back(page.Named("check.", StringOf(check, "name")));
  }
  return page.Join(failed);
}

// "-O2", "-O0 · sanitizers: address", "optimised (declared) · assert() on", or "not told by
// the file" when neither the file nor the plugin tells.
std::string BuildText(PageWriter& page, const rapidjson::Value& build) {
  const std::string_view level = StringOf(build, "optimization");
  std::vector<std::string> parts;
  if (!level.empty()) parts.push_back(page.Quote(level));
  // What the plugin declared (zoo/ext/build.h): said where the file records no level, or
  // where it contradicts it (one file of the plugin built without optimisation).
  if (const rapidjson::Value* optimized = MemberOf(build, "declared_optimized");
      optimized != nullptr && optimized->IsBool() && (level.empty() || !optimized->GetBool())) {
    parts.push_back(
        page.T(optimized->GetBool() ? "build.declared_optimized" : "build.declared_unoptimized"));
  }
  if (parts.empty()) parts.push_back(page.T("build.unknown"));
  if (BoolOf(build, "declared_assertions")) parts.push_back(page.T("build.assertions"));
  const std::vector<std::string> sanitizers = StringsOf(ArrayOf(build, "sanitizers"));
  if (!sanitizers.empty()) {
    parts.push_back(page.T("build.sanitizers", {{"names", page.Join(page.Quoted(sanitizers))}}));
  }
  return absl::StrJoin(parts, " · ");
}

std::string WarningLine(PageWriter& page, const rapidjson::Value& warnings,
                        rapidjson::SizeType index) {
  const rapidjson::Value& condition = warnings[index];
  const std::string_view code = StringOf(condition, "code");
  const std::string statement = page.Strong(page.SayAt(warnings, index, "noise.warnings"));
  const std::string why_key = Concat("noise.why.", code), fix_key = Concat("noise.fix.", code);
  if (!page.Has(why_key) || !page.Has(fix_key)) return statement;
  const std::string_view command =
      StringOf(ObjectOf(ObjectOf(condition, "message"), "args"), "command");
  MessageArgs fix_args;
  if (!command.empty()) fix_args.emplace_back("command", page.Code(command));
  return page.T(
      "noise.item",
      {{"statement", statement}, {"why", page.T(why_key)}, {"fix", page.T(fix_key, fix_args)}});
}

// The measured adapters whose plugin file says it was built without optimisation or with a
// sanitizer, each with what its build record says ("thread_pool_o0 (-O0)").
std::vector<std::string> SuspectBuilds(PageWriter& page) {
  std::vector<std::string> suspects;
  for (const std::string& name : page.model().MeasuredAdapters()) {
    const rapidjson::Value* adapter = page.model().Adapter(name);
    const rapidjson::Value* build = adapter != nullptr ? MemberOf(*adapter, "build") : nullptr;
    if (build != nullptr &&
        (BoolOf(*build, "unoptimized") || !ArrayOf(*build, "sanitizers").Empty())) {
      suspects.push_back(Concat(page.Quote(name), " (", BuildText(page, *build), ")"));
    }
  }
  return suspects;
}

// "0.1.0 (commit abc123)": the harness that measured.
std::string Harness(PageWriter& page, const rapidjson::Value& env) {
  return page.T("env.harness_value", {{"version", page.QuoteOf(env, "zoo_host_version")},
                                      {"commit", page.QuoteOf(env, "git_commit")}});
}

void DeckFront(PageWriter& page) {
  const rapidjson::Value& env = page.root()["environment"];
  const rapidjson::Value& run = page.root()["run"];
  PageFront& front = page.front();
  front.topline = page.T("deck.title.topline", {{"started", page.QuoteOf(run, "started_utc")},
                                                {"cpu", page.QuoteOf(env, "cpu_model")}});
  front.subtitle = page.T("deck.title.subtitle");
  front.environment = {
      {page.T("env.cpu_model"), Concat(page.QuoteOf(env, "cpu_model"), " · ",
                                       page.T("deck.title.cores", {{"cores", page.Cores()}}))},
      {page.T("env.os"), page.QuoteOf(env, "os")},
      {page.T("env.compiler"),
       Concat(page.QuoteOf(env, "compiler"), " · ", page.QuoteOf(env, "build_type"))},
      {page.T("env.harness"), Harness(page, env)},
      {page.T("env.started"), page.QuoteOf(run, "started_utc")}};
}

// The adapters table's row for `a`; with the build column when `builds`, before the gate's.
Row AdapterRow(PageWriter& page, const rapidjson::Value& a, bool builds) {
  const std::string_view name = StringOf(a, "name");
  Row row = {page.Quote(name), page.Role(name), page.QuoteOf(a, "version"),
             page.Term("kind", StringOf(a, "kind")), page.QuoteOf(a, "abi"),
             page.QuoteOf(a, "file"), page.QuoteOf(a, "sha256")};
  const rapidjson::Value* build = MemberOf(a, "build");
  if (builds) row.push_back(build != nullptr ? BuildText(page, *build) : page.Text(kNoFigure));
  const rapidjson::Value& gate = ObjectOf(a, "gate");
  row.push_back(page.T(BoolOf(gate, "passed") ? "gate.passed" : "gate.rejected",
                       {{"reason", page.RecordOf(gate, "reason")}}));
  return row;
}

// "rank 4 of 10, 1.03× the best", in or outside the group, or not ranked there.
std::string SubjectPlace(PageWriter& page, const rapidjson::Value& pick) {
  const uint32_t rank = UintOf(pick, "subject_rank");
  if (rank == 0) return page.T("pick.subject.not_ranked");
  const MessageArgs args = {{"rank", std::to_string(rank)},
                            {"ranked", std::to_string(UintOf(pick, "ranked"))},
                            {"factor", page.TimesOf(pick, "subject_factor")}};
  if (rank == 1) return page.T("pick.subject.best", args);
  return page.T(BoolOf(pick, "subject_in_group") ? "pick.subject.in_group" : "pick.subject.outside",
                args);
}

}  // namespace

void WriteFront(PageWriter& page) {
  const rapidjson::Value& root = page.root();
  const rapidjson::Value& run = root["run"];
  PageFront& front = page.front();
  front.subject = page.Quote(page.subject());
  front.version = page.QuoteOf(root, "subject_version");
  front.title = page.T("report.title", {{"subject", front.subject}, {"version", front.version}});
  const std::vector<std::string> baselines = page.Quoted(page.Baselines());
  front.lead = page.T(baselines.empty() ? "report.lead_no_baseline" : "report.lead",
                      {{"subject", front.subject},
                       {"count", std::to_string(baselines.size())},
                       {"baselines", page.Join(baselines)}});
  // Read with another adapter as the reference (render --subject): say whose run it was.
  if (const std::string_view measured = StringOf(root, "measured_subject");
      !measured.empty() && measured != page.subject()) {
    front.lead = Concat(front.lead, " ",
                        page.T("report.reference", {{"reference", front.subject},
                                                    {"measured", page.Quote(measured)}}));
  }
  // The self-check status belongs on the first page (design: a failed self-check is shown
  // there), so it comes before anything else the reader might stop at.
  front.self_check_passed = BoolOf(root["self_checks"], "passed");
  front.self_check = front.self_check_passed
                         ? page.T("report.self_check.passed")
                         : page.T("report.self_check.failed", {{"checks", FailedChecks(page)}});
  front.raw_data = page.T("report.raw_data", {{"path", page.ArchivePath()}});
  const std::string_view status = StringOf(run, "status");
  if (status != "complete") front.run_status = page.NamedOr("report.run_status.", status, "status");
  if (BoolOf(run, "quick")) front.quick = page.T("report.quick");
  if (page.deck()) return DeckFront(page);
  front.run_line = page.T("report.run_line", {{"started", page.QuoteOf(run, "started_utc")},
                                              {"finished", page.QuoteOf(run, "finished_utc")},
                                              {"wall", page.Dur(NumberOf(run, "wall_s") * 1e9)},
                                              {"measured", page.NumberText(run, "units_measured")},
                                              {"planned", page.NumberText(run, "units_planned")},
                                              {"failed", page.NumberText(run, "units_failed")}});
  front.appendix_pointer = page.T("md.appendix_pointer", {{"path", page.ArchivePath()}});
}

// Each condition that applied (what was seen, why it matters, what to do), then what was
// checked and found fine or could not be checked. An archive from before noise conditions
// says so in one line instead of claiming a clean machine.
void WriteNoise(PageWriter& page) {
  page.Section("", "noise", page.deck() ? page.T("deck.noise.title") : " ");
  PageFront& front = page.front();
  const rapidjson::Value* noise = MemberOf(page.root(), "noise");
  if (noise == nullptr || !BoolOf(*noise, "recorded")) {
    // The deck's title slide is not paginated: a short form of the line, and no slide.
    if (page.deck()) front.noise_line = page.T("deck.noise.not_recorded");
    if (!page.deck()) page.AddStrong("noise.not_recorded");
    return;
  }
  const rapidjson::Value& warnings = ArrayOf(*noise, "warnings");
  if (warnings.Empty()) {
    front.noise_line = page.T("noise.none");
    page.Add(page.Strong(front.noise_line), BlockStyle::kLead);
  } else {
    std::vector<std::string> names, lines;
    for (rapidjson::SizeType i = 0; i < warnings.Size(); ++i) {
      names.push_back(page.Named("noise.name.", StringOf(warnings[i], "code")));
      lines.push_back(WarningLine(page, warnings, i));
    }
    front.noise_warned = true;
    const MessageArgs args = {{"count", std::to_string(warnings.Size())},
                              {"names", page.Join(names)}};
    if (page.deck()) front.noise_line = page.T("deck.noise.title_line", args);
    page.AddStrong("noise.warnings_lead", args, BlockStyle::kNote);
    page.NoteItems(std::move(lines));
  }
  if (const std::vector<std::string> suspects = SuspectBuilds(page); !suspects.empty()) {
    const std::string line =
        page.T("build.warning", {{"count", std::to_string(suspects.size())},
                                 {"names", page.Join(suspects)},
                                 {"flag", page.Code("meson setup --buildtype=release")}});
    page.Add(page.Strong(line), BlockStyle::kNote);
    if (page.deck()) front.noise_line = Concat(front.noise_line, " ", line);
  }
  std::vector<std::string> fine, unchecked, said;
  for (const rapidjson::Value& c : ArrayOf(*noise, "checked").GetArray()) {
    (StringOf(c, "state") == "fine" ? fine : unchecked)
        .push_back(page.Named("noise.name.", StringOf(c, "code")));
  }
  if (!fine.empty()) said.push_back(page.T("noise.checked_fine", {{"names", page.Join(fine)}}));
  if (!unchecked.empty()) {
    said.push_back(page.T("noise.not_checkable", {{"names", page.Join(unchecked)}}));
  }
  page.Add(absl::StrJoin(said, " "), BlockStyle::kNote);
}

// "What to pick": before any verdict list, the group that wins at the smallest and the
// largest tier, within the cores and above them (the model's "picks", from its league,
// ranking.h), each entry naming its unit, then where the subject stands there.
void WritePick(PageWriter& page) {
  page.Section("", "pick", page.deck() ? page.T("deck.pick.title") : " ");
  const rapidjson::Value* picks = MemberOf(page.root(), "picks");
  if (!page.deck()) page.AddStrong("pick.title", {}, BlockStyle::kLead);
  if (picks == nullptr || !picks->IsArray() || picks->Empty()) return page.AddText("pick.none");
  page.AddNote("pick.intro", {{"cores", page.Cores()}});
  page.Table({"pick.col.tasks", "pick.col.load", "pick.col.group", "pick.col.subject"},
             MapEach(picks->GetArray(), [&](const rapidjson::Value& pick) -> Row {
               const std::vector<std::string> cells = StringsOf(ArrayOf(pick, "group_cells"));
               return {page.CellRef(UintOf(pick, "concurrency"), UintOf(pick, "tier_us")),
                       page.T(BoolOf(pick, "within_cores") ? "pick.within" : "pick.above"),
                       page.Join(MapEach(cells, [&](std::string_view c) { return page.Code(c); })),
                       SubjectPlace(page, pick)};
             }));
  // The deck's main line shows the whole league next (report.md lists it with the figures).
  page.FigureSlide("league.svg", "deck.league", "league");
}

void WriteEnvironment(PageWriter& page) {
  const rapidjson::Value& root = page.root();
  const rapidjson::Value& env = root["environment"];
  const rapidjson::Value& run = root["run"];
  Rows rows;
  const auto row = [&](std::string_view key, std::string value) {
    rows.push_back({page.T(key), std::move(value)});
  };
  for (const char* field : {"cpu_model", "logical_cores", "os", "kernel", "machine", "compiler",
                            "compiler_flags", "build_type", "sanitizers"}) {
    const rapidjson::Value* value = MemberOf(env, field);
    row(Concat("env.", field), value == nullptr  ? page.Text(kNoFigure)
                               : value->IsUint() ? std::to_string(value->GetUint())
                                                 : page.Quote(StringOf(*value)));
  }
  if (std::optional<Row> trips = RoundTripsRow(page, env)) rows.push_back(*std::move(trips));
  row("env.harness", Harness(page, env));
  row("env.subject", page.T("env.subject_value",
                            {{"name", page.front().subject}, {"version", page.front().version}}));
  row("env.started", page.QuoteOf(run, "started_utc"));
  row("env.finished", page.QuoteOf(run, "finished_utc"));
  row("env.wall", page.Dur(NumberOf(run, "wall_s") * 1e9));
  row("env.units", Concat(page.NumberText(run, "units_planned"), " / ",
                          page.NumberText(run, "units_measured"), " / ",
                          page.NumberText(run, "units_failed")));
  if (page.deck()) {  // a slide has no room for a code block: the command is a row
    row("env.command", page.Code(StringOf(run, "command")));
    row("deck.env.archive", page.ArchivePath());
  }
  page.Table({"col.item", "col.value"}, std::move(rows));
  if (!page.deck()) {
    page.AddText("env.command");
    page.CodeBlock("sh", std::string(StringOf(run, "command")));
  }

  page.AddHeading("env.adapters.title");
  // The build column appears once an archive records plugin builds (older ones do not).
  const bool builds = AnyHas(root["adapters"], "build");
  page.Table({"col.adapter", "col.role", "col.version", "col.kind", "col.abi", "col.file",
              "col.sha256", builds ? "col.build" : "", "col.gate"},
             MapEach(root["adapters"].GetArray(),
                     [&](const rapidjson::Value& a) { return AdapterRow(page, a, builds); }));
  // Said once: the texts of these plugins stay English, marked as such, wherever they appear.
  const std::vector<std::string> english_only = page.EnglishOnlyAdapters();
  if (!english_only.empty()) {
    page.AddNote("env.english_only", {{"adapters", page.Join(page.Quoted(english_only))}});
  }
}

void WriteWorkload(PageWriter& page) {
  const rapidjson::Value* matrix = MemberOf(page.root()["run"], "matrix");
  if (matrix == nullptr) return page.Lacks("run.matrix");
  const std::string_view workload = StringOf(*matrix, "workload");
  const std::vector<std::string> tiers = MapEach(
      UintsOf(page.root()["tiers_us"]), [&](uint32_t tier) { return page.TierText(tier); });
  page.Bullets({
      page.NamedOr("workload.", workload, "name"),
      page.T("workload.tiers", {{"tiers", page.Join(tiers)},
                                {"concurrencies", page.Uints(page.root()["concurrencies"])}}),
      page.T("workload.rounds", {{"warmup", page.NumberText(*matrix, "warmup_rounds")},
                                 {"measured", page.NumberText(*matrix, "measured_rounds")},
                                 {"timeout", page.Dur(NumberOf(*matrix, "unit_timeout_s") * 1e9)}}),
      page.T("workload.stand_in"),
  });
}

void WriteMethod(PageWriter& page) {
  const rapidjson::Value* matrix = MemberOf(page.root()["run"], "matrix");
  if (matrix == nullptr) return;  // WriteWorkload reported it
  page.Bullets({
      page.T("method.body", {{"clock", page.Code("CLOCK_MONOTONIC")}}),
      page.T("method.warmup", {{"warmup", page.NumberText(*matrix, "warmup_rounds")},
                               {"measured", page.NumberText(*matrix, "measured_rounds")}}),
      page.T("method.round"),
      page.T("method.absolute"),
      page.T("method.isolation", {{"exec", page.Code("exec")}, {"setup", page.Code("setup()")}}),
      page.T("method.gate"),
      page.T("method.cores", {{"cores", page.Cores()}}),
      page.T("method.verdict"),
      page.T("method.test"),
  });
}

}  // namespace zoo::report
