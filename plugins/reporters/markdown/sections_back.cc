// The sections that qualify the numbers and let a reader check them: caliber limitations,
// bringing one's own baseline, the self-check, and the appendix with every value.
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/markdown/sections.h"

namespace zoo::report::markdown {
namespace {

const rapidjson::Value& SelfChecks(Page& page) { return page.root()["self_checks"]; }

void Withheld(Page& page) {
  const rapidjson::Value* withheld = MemberOf(SelfChecks(page), "withheld");
  if (withheld == nullptr || !withheld->IsArray()) {
    page.Lacks("self_checks.withheld");
    return;
  }
  if (withheld->Empty()) return;
  std::vector<std::string> lines;
  for (const rapidjson::Value& w : withheld->GetArray()) {
    lines.push_back(page.T(Concat("withheld.", StringOf(w, "reason_code")),
                           {{"unit", page.Quote(StringOf(w, "unit"))},
                            {"cores", page.Cores()},
                            {"overhead", Duration(NumberOf(w, "overhead_ns"))}}));
  }
  page.out().Heading(3, page.T("caliber.withheld.title"));
  page.out().Bullets(lines);
}

std::string Samples(const rapidjson::Value& unit) {
  std::string out;
  for (const rapidjson::Value& v : ArrayOf(unit, "per_round_end_to_end_ns").GetArray()) {
    if (!out.empty()) out += ", ";
    const std::string number = ExactNumber(NumberOf(v));
    out += number.empty() ? std::string(kNoFigure) : number;
  }
  return out.empty() ? std::string(kNoFigure) : out;
}

}  // namespace

void WriteCaliber(Page& page) {
  SectionHeading(page, "section.caliber.title");
  page.out().Paragraph(page.T("caliber.intro"));
  std::vector<std::string> lines;
  for (const rapidjson::Value& a : page.root()["adapters"].GetArray()) {
    const std::string_view name = StringOf(a, "name");
    lines.push_back(
        page.T("caliber.adapter",
               {{"adapter", page.AdapterName(name)},
                {"role", page.T(name == page.subject() ? "term.subject" : "term.baseline")},
                {"kind", page.Quote(StringOf(a, "kind"))},
                {"drive_level", page.Quote(StringOf(a, "drive_level"))},
                {"notes", page.Quote(StringOf(a, "caliber_notes"))}}));
    const rapidjson::Value* gate = MemberOf(a, "gate");
    if (gate != nullptr && !BoolOf(*gate, "passed")) {
      lines.push_back(
          page.T("caliber.rejected", {{"adapter", page.AdapterName(name)},
                                      {"reason", page.Quote(StringOf(*gate, "reason"))}}));
    }
  }
  page.out().Bullets(lines);
  page.out().Paragraph(page.T("caliber.levels"));
  std::vector<std::string> limits = {page.T(
      "caliber.machine", {{"cpu", page.Quote(StringOf(page.root()["environment"], "cpu_model"))},
                          {"cores", page.Cores()}})};
  if (BoolOf(page.root()["run"], "quick")) limits.push_back(page.T("report.quick"));
  size_t failed = 0;
  for (const rapidjson::Value& u : page.root()["units"].GetArray())
    failed += BoolOf(u, "ok") ? 0 : 1;
  if (failed != 0) {
    limits.push_back(page.T("caliber.failed_units", {{"count", std::to_string(failed)}}));
  }
  page.out().Bullets(limits);
  Withheld(page);
}

void WriteByob(Page& page) {
  SectionHeading(page, "section.byob.title");
  page.out().Paragraph(page.T("byob.intro"));
  page.out().Bullets({
      page.T("byob.sdk",
             {{"command", page.Code("pkg-config --cflags zoo-host-sdk")},
              {"adapterdir", page.Code("pkg-config --variable=adapterdir zoo-host-sdk")},
              {"script", page.Code("pkg-config --variable=adapter_version_script zoo-host-sdk")}}),
      page.T("byob.class", {{"functions", page.Join({page.Code("setup"), page.Code("submit"),
                                                     page.Code("drain"), page.Code("teardown")})},
                            {"header", page.Code("zoo/adapter.hpp")},
                            {"macro", page.Code("ZOO_EXPORT_ADAPTER(MyAdapter)")},
                            {"c_header", page.Code("zoo/adapter.h")}}),
      page.T("byob.link", {{"flag", page.Code("-Wl,--version-script=$(pkg-config --variable="
                                              "adapter_version_script zoo-host-sdk)")},
                           {"symbol", page.Code("zoo_adapter_entry")}}),
      page.T(
          "byob.validate",
          {{"command", page.Code("zoo-host validate --plugin build/libmy_adapter.so my_adapter")}}),
      page.T("byob.run", {{"command", page.Code("zoo-host run --plugin build/")}}),
      page.T("byob.example", {{"path", page.Code("examples/my_adapter/")}}),
  });
  page.out().CodeBlock("sh",
                       "PKG_CONFIG_PATH=<prefix>/lib/x86_64-linux-gnu/pkgconfig meson setup build\n"
                       "meson compile -C build\n"
                       "zoo-host validate --plugin build/libmy_adapter.so my_adapter\n"
                       "zoo-host run --plugin build/\n");
}

void WriteSelfCheck(Page& page) {
  SectionHeading(page, "section.self_check.title");
  page.out().Paragraph(page.T("self_check.intro"));
  const rapidjson::Value& checks = SelfChecks(page);
  page.out().Paragraph(Concat(
      "**",
      page.T(BoolOf(checks, "passed") ? "self_check.overall.passed" : "self_check.overall.failed"),
      "**"));
  std::vector<std::string> lines;
  const rapidjson::Value& list = ArrayOf(checks, "checks");
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    const rapidjson::Value& check = list[i];
    const std::string key = Concat("check.", StringOf(check, "name"));
    lines.push_back(page.T(
        "self_check.item",
        {{"name", page.Has(key) ? page.T(key) : page.Quote(StringOf(check, "name"))},
         {"outcome", page.T(BoolOf(check, "passed") ? "outcome.passed" : "outcome.failed")},
         {"statement", page.Say(MemberOf(check, "message"),
                                Concat("self_checks.checks[", std::to_string(i), "].message"))}}));
  }
  page.out().Bullets(lines);
}

void WriteAppendix(Page& page) {
  SectionHeading(page, "section.appendix.title");
  page.out().Paragraph(page.T("appendix.intro"));
  page.out().Heading(3, page.T("appendix.values.title"));
  std::vector<std::vector<std::string>> rows;
  for (const rapidjson::Value& u : page.root()["units"].GetArray()) {
    std::vector<std::string> row = {page.Quote(StringOf(u, "id"))};
    if (!BoolOf(u, "ok")) {
      row.push_back(page.T("cell.failed"));
      row.insert(row.end(), 10, std::string(kNoFigure));
      rows.push_back(std::move(row));
      continue;
    }
    static const rapidjson::Value kNone(rapidjson::kObjectType);
    const rapidjson::Value& stats = u["stats"];
    const rapidjson::Value* e2e_member = MemberOf(stats, "end_to_end_ns");
    const rapidjson::Value& e2e = e2e_member != nullptr ? *e2e_member : kNone;
    const rapidjson::Value* body_member = MemberOf(stats, "body_ns");
    const rapidjson::Value& body = body_member != nullptr ? *body_member : kNone;
    row.push_back(page.T("cell.ok"));
    for (const char* key : {"p50", "p95", "p99", "mean", "stdev"}) {
      row.push_back(Duration(NumberOf(e2e, key)));
    }
    row.push_back(Percent(NumberOf(e2e, "relative_spread")));
    row.push_back(Duration(NumberOf(body, "median")));
    row.push_back(Duration(NumberOf(stats, "overhead_ns")));
    row.push_back(Percent(NumberOf(stats, "overhead_share"), 2));
    row.push_back(Rate(NumberOf(stats, "throughput_per_s")));
    rows.push_back(std::move(row));
  }
  page.out().Table({page.T("col.unit"), page.T("col.outcome"), page.T("col.p50"), page.T("col.p95"),
                    page.T("col.p99"), page.T("col.mean"), page.T("col.stdev"),
                    page.T("col.spread"), page.T("col.body_median"), page.T("col.overhead"),
                    page.T("col.share"), page.T("col.throughput")},
                   rows);

  page.out().Heading(3, page.T("appendix.samples.title"));
  page.out().Paragraph(page.T("appendix.samples.intro"));
  std::vector<std::string> samples;
  for (const rapidjson::Value& u : page.root()["units"].GetArray()) {
    samples.push_back(Concat(page.Quote(StringOf(u, "id")), ": ", Samples(u)));
  }
  page.out().Bullets(samples);
}

void WriteFooter(Page& page) {
  page.out().Paragraph(
      page.T("report.footer", {{"version", std::to_string(UintOf(page.root(), "model_version"))},
                               {"path", page.Code(StringOf(page.root(), "archive_path"))}}));
}

}  // namespace zoo::report::markdown
