// The first page and the sections that say what was run and how: run environment,
// workload, measurement method.
#include <string>
#include <vector>

#include "plugins/reporters/common/catalogs.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/markdown/sections.h"

namespace zoo::report::markdown {
namespace {

const rapidjson::Value& Object(const rapidjson::Value& root, const char* key) {
  return *MemberOf(root, key);  // ModelDocument::Parse checked the top-level objects
}

std::vector<std::string> Baselines(Page& page) {
  std::vector<std::string> names;
  for (const std::string& a : page.model().MeasuredAdapters()) {
    if (a != page.subject()) names.push_back(a);
  }
  return names;
}

// The localized names of the self-checks that failed; a check this catalog does not know
// (from a newer zoo-host) is named as the model names it.
std::vector<std::string> FailedChecks(Page& page) {
  std::vector<std::string> failed;
  for (const rapidjson::Value& check :
       ArrayOf(Object(page.root(), "self_checks"), "checks").GetArray()) {
    if (BoolOf(check, "passed")) continue;
    const std::string key = Concat("check.", StringOf(check, "name"));
    failed.push_back(page.Has(key) ? page.T(key) : page.Quote(StringOf(check, "name")));
  }
  return failed;
}

}  // namespace

std::string SectionAnchor(std::string_view title_key) {
  std::string_view name = title_key;
  if (name.rfind("section.", 0) == 0) name.remove_prefix(8);
  if (const size_t dot = name.find('.'); dot != std::string_view::npos) name = name.substr(0, dot);
  std::string anchor(name);
  for (char& ch : anchor) {
    if (ch == '_') ch = '-';
  }
  return anchor;
}

void SectionHeading(Page& page, std::string_view title_key) {
  page.out().Heading(2, page.T(title_key), SectionAnchor(title_key));
}

void WriteTitle(Page& page) {
  const rapidjson::Value& root = page.root();
  const rapidjson::Value& run = Object(root, "run");
  page.out().Heading(
      1, page.T("report.title", {{"subject", page.Quote(page.subject())},
                                 {"version", page.Quote(StringOf(root, "subject_version"))}}));
  std::vector<std::string> baselines;
  for (const std::string& b : Baselines(page)) baselines.push_back(page.AdapterName(b));
  page.out().Paragraph(
      baselines.empty()
          ? page.T("report.lead_no_baseline", {{"subject", page.Quote(page.subject())}})
          : page.T("report.lead", {{"subject", page.Quote(page.subject())},
                                   {"count", std::to_string(baselines.size())},
                                   {"baselines", page.Join(baselines)}}));
  // The self-check status belongs on the first page (design: a failed self-check is shown
  // there), so it comes before anything else the reader might stop at.
  const bool passed = BoolOf(Object(root, "self_checks"), "passed");
  page.out().Paragraph(Concat(
      "**",
      passed ? page.T("report.self_check.passed")
             : page.T("report.self_check.failed", {{"checks", page.Join(FailedChecks(page))}}),
      "**"));
  page.out().Paragraph(
      page.T("report.raw_data", {{"path", page.Code(StringOf(root, "archive_path"))}}));
  page.out().Paragraph(
      page.T("report.run_line", {{"started", page.Quote(StringOf(run, "started_utc"))},
                                 {"finished", page.Quote(StringOf(run, "finished_utc"))},
                                 {"wall", Duration(NumberOf(run, "wall_s") * 1e9)},
                                 {"measured", std::to_string(UintOf(run, "units_measured"))},
                                 {"planned", std::to_string(UintOf(run, "units_planned"))},
                                 {"failed", std::to_string(UintOf(run, "units_failed"))}}));
  const std::string_view status = StringOf(run, "status");
  if (status == "interrupted" || status == "running" || status == "failed") {
    page.out().Paragraph(page.T(Concat("report.run_status.", status)));
  } else if (status != "complete") {
    page.out().Paragraph(page.T("report.run_status.other", {{"status", page.Quote(status)}}));
  }
  if (BoolOf(run, "quick")) page.out().Paragraph(page.T("report.quick"));
}

void WriteContents(Page& page) {
  std::vector<std::string> links;
  for (const std::string_view key : kReportSections) {
    links.push_back(Concat("[", page.T(key), "](#", SectionAnchor(key), ")"));
  }
  page.out().Paragraph(Concat("**", page.T("md.contents"), "**"));
  page.out().Bullets(links);
}

void WriteEnvironment(Page& page) {
  const rapidjson::Value& root = page.root();
  const rapidjson::Value& env = Object(root, "environment");
  const rapidjson::Value& run = Object(root, "run");
  SectionHeading(page, "section.environment.title");
  page.out().Paragraph(page.T("env.intro"));
  std::vector<std::vector<std::string>> rows;
  for (const char* field : {"cpu_model", "logical_cores", "os", "kernel", "machine", "compiler",
                            "compiler_flags", "build_type", "sanitizers"}) {
    const rapidjson::Value* value = MemberOf(env, field);
    const std::string text = value == nullptr  ? std::string(kNoFigure)
                             : value->IsUint() ? std::to_string(value->GetUint())
                                               : page.Quote(StringOf(*value));
    rows.push_back({page.T(Concat("env.", field)), text});
  }
  rows.push_back(
      {page.T("env.harness"),
       page.T("env.harness_value", {{"version", page.Quote(StringOf(env, "zoo_host_version"))},
                                    {"commit", page.Quote(StringOf(env, "git_commit"))}})});
  rows.push_back(
      {page.T("env.subject"),
       page.T("env.subject_value", {{"name", page.Quote(page.subject())},
                                    {"version", page.Quote(StringOf(root, "subject_version"))}})});
  rows.push_back({page.T("env.started"), page.Quote(StringOf(run, "started_utc"))});
  rows.push_back({page.T("env.finished"), page.Quote(StringOf(run, "finished_utc"))});
  rows.push_back({page.T("env.wall"), Duration(NumberOf(run, "wall_s") * 1e9)});
  rows.push_back({page.T("env.units"), Concat(std::to_string(UintOf(run, "units_planned")), " / ",
                                              std::to_string(UintOf(run, "units_measured")), " / ",
                                              std::to_string(UintOf(run, "units_failed")))});
  page.out().Table({page.T("col.item"), page.T("col.value")}, rows);
  page.out().Paragraph(page.T("env.command"));
  page.out().CodeBlock("sh", StringOf(run, "command"));

  page.out().Heading(3, page.T("env.adapters.title"));
  std::vector<std::vector<std::string>> adapters;
  for (const rapidjson::Value& a : root["adapters"].GetArray()) {
    const std::string_view name = StringOf(a, "name");
    const rapidjson::Value* gate = MemberOf(a, "gate");
    const bool gate_passed = gate != nullptr && BoolOf(*gate, "passed");
    adapters.push_back(
        {page.AdapterName(name), page.T(name == page.subject() ? "term.subject" : "term.baseline"),
         page.Quote(StringOf(a, "version")), page.Quote(StringOf(a, "kind")),
         page.Quote(StringOf(a, "abi")), page.Quote(StringOf(a, "file")),
         page.Quote(StringOf(a, "sha256")),
         gate_passed ? page.T("gate.passed")
                     : page.T("gate.rejected",
                              {{"reason", page.Quote(gate != nullptr ? StringOf(*gate, "reason")
                                                                     : std::string_view())}})});
  }
  page.out().Table(
      {page.T("col.adapter"), page.T("col.role"), page.T("col.version"), page.T("col.kind"),
       page.T("col.abi"), page.T("col.file"), page.T("col.sha256"), page.T("col.gate")},
      adapters);
}

void WriteWorkload(Page& page) {
  const rapidjson::Value& run = Object(page.root(), "run");
  const rapidjson::Value* matrix = MemberOf(run, "matrix");
  if (matrix == nullptr) {
    page.Lacks("run.matrix");
    return;
  }
  SectionHeading(page, "section.workload.title");
  const std::string_view workload = StringOf(*matrix, "workload");
  std::vector<std::string> tiers, concurrencies;
  for (const rapidjson::Value& t : page.root()["tiers_us"].GetArray()) {
    if (t.IsUint()) tiers.push_back(Tier(t.GetUint()));
  }
  for (const rapidjson::Value& c : page.root()["concurrencies"].GetArray()) {
    if (c.IsUint()) concurrencies.push_back(std::to_string(c.GetUint()));
  }
  page.out().Bullets({
      workload == "json" || workload == "sleep" || workload == "noop"
          ? page.T(Concat("workload.", workload))
          : page.T("workload.other", {{"name", page.Quote(workload)}}),
      page.T("workload.tiers",
             {{"tiers", page.Join(tiers)}, {"concurrencies", page.Join(concurrencies)}}),
      page.T("workload.rounds", {{"warmup", std::to_string(UintOf(*matrix, "warmup_rounds"))},
                                 {"measured", std::to_string(UintOf(*matrix, "measured_rounds"))},
                                 {"timeout", Duration(NumberOf(*matrix, "unit_timeout_s") * 1e9)}}),
      page.T("workload.stand_in"),
  });
}

void WriteMethod(Page& page) {
  const rapidjson::Value* matrix = MemberOf(Object(page.root(), "run"), "matrix");
  if (matrix == nullptr) return;  // WriteWorkload reported it
  const std::string warmup = std::to_string(UintOf(*matrix, "warmup_rounds"));
  const std::string measured = std::to_string(UintOf(*matrix, "measured_rounds"));
  SectionHeading(page, "section.method.title");
  page.out().Bullets({
      page.T("method.body", {{"clock", page.Code("CLOCK_MONOTONIC")}}),
      page.T("method.warmup", {{"warmup", warmup}, {"measured", measured}}),
      page.T("method.round"),
      page.T("method.absolute"),
      page.T("method.isolation", {{"exec", page.Code("exec")}, {"setup", page.Code("setup()")}}),
      page.T("method.gate"),
      page.T("method.cores", {{"cores", page.Cores()}}),
      page.T("method.verdict"),
      page.T("method.test"),
  });
}

}  // namespace zoo::report::markdown
