// The sections that qualify the numbers and let a reader check them: caliber limitations,
// bringing one's own baseline, the self-check, and the appendix with every value (in the
// deck: where to find it).
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/page_writer.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

void Withheld(PageWriter& page) {
  const rapidjson::Value* withheld = MemberOf(page.root()["self_checks"], "withheld");
  if (withheld == nullptr || !withheld->IsArray()) return page.Lacks("self_checks.withheld");
  if (withheld->Empty()) return;
  page.AddHeading("caliber.withheld.title");
  page.NoteItems(MapEach(withheld->GetArray(), [&](const rapidjson::Value& w) {
    return page.T(Concat("withheld.", StringOf(w, "reason_code")),
                  {{"unit", page.QuoteOf(w, "unit")},
                   {"cores", page.Cores()},
                   {"overhead", page.DurOf(w, "overhead_ns")}});
  }));
}

std::string Samples(PageWriter& page, const rapidjson::Value& unit) {
  const std::vector<std::string> samples =
      MapEach(ArrayOf(unit, "per_round_end_to_end_ns").GetArray(), [](const rapidjson::Value& v) {
        const std::string number = ExactNumber(NumberOf(v));
        return number.empty() ? std::string(kNoFigure) : number;
      });
  return page.Text(samples.empty() ? std::string(kNoFigure) : absl::StrJoin(samples, ", "));
}

Row AppendixRow(PageWriter& page, const rapidjson::Value& u) {
  Row row = {page.QuoteOf(u, "id")};
  if (!BoolOf(u, "ok")) {
    row.push_back(page.T("cell.failed"));
    row.insert(row.end(), 10, page.Text(kNoFigure));
    return row;
  }
  const rapidjson::Value& stats = u["stats"];
  const rapidjson::Value& e2e = ObjectOf(stats, "end_to_end_ns");
  row.push_back(page.T("cell.ok"));
  for (const char* key : {"p50", "p95", "p99", "mean", "stdev"}) {
    row.push_back(page.DurOf(e2e, key));
  }
  row.insert(row.end(),
             {page.PctOf(e2e, "relative_spread"), page.DurOf(ObjectOf(stats, "body_ns"), "median"),
              page.DurOf(stats, "overhead_ns"), page.PctOf(stats, "overhead_share", 2),
              page.Text(Rate(NumberOf(stats, "throughput_per_s")))});
  return row;
}

// The deck's last slide: where the full report, the raw data and the re-render are.
void Closing(PageWriter& page) {
  const rapidjson::Value& run = page.root()["run"];
  const std::string_view archive = StringOf(page.root(), "archive_path");
  page.Heading(page.T("deck.closing.title"), 3, "closing");
  page.AddLead("deck.closing.full_report", {{"file", page.Code("report.md")}});
  page.AddText("deck.closing.layout_only");
  page.Bullets(
      {page.front().raw_data,
       page.T("deck.closing.rerender",
              {{"command", page.Code(Concat("zoo-host render ", archive))}}),
       page.T("deck.closing.units", {{"measured", page.NumberText(run, "units_measured")},
                                     {"failed", page.NumberText(run, "units_failed")}})});
}

}  // namespace

void WriteCaliber(PageWriter& page) {
  std::vector<std::string> lines;
  for (const rapidjson::Value& a : page.root()["adapters"].GetArray()) {
    const std::string_view name = StringOf(a, "name");
    lines.push_back(
        page.T("caliber.adapter",
               {{"adapter", page.Quote(name)},
                {"role", page.Role(name)},
                {"kind", page.Term("kind", StringOf(a, "kind"))},
                {"drive_level", page.PluginText(name, "drive_level", StringOf(a, "drive_level"))},
                {"notes", page.PluginText(name, "caliber_notes", StringOf(a, "caliber_notes"))}}));
    const rapidjson::Value* gate = MemberOf(a, "gate");
    if (gate != nullptr && !BoolOf(*gate, "passed")) {
      lines.push_back(page.T("caliber.rejected", {{"adapter", page.Quote(name)},
                                                  {"reason", page.RecordOf(*gate, "reason")}}));
    }
  }
  page.NoteItems(std::move(lines));
  page.AddNote("caliber.levels");
  std::vector<std::string> limits = {page.T(
      "caliber.machine", {{"cpu", page.QuoteOf(page.root()["environment"], "cpu_model")},
                          {"cores", page.Cores()}})};
  if (BoolOf(page.root()["run"], "quick")) limits.push_back(page.T("report.quick"));
  const auto failed = std::ranges::count_if(page.root()["units"].GetArray(),
                                            [](const auto& u) { return !BoolOf(u, "ok"); });
  if (failed != 0) {
    limits.push_back(page.T("caliber.failed_units", {{"count", std::to_string(failed)}}));
  }
  page.Bullets(std::move(limits));
  Withheld(page);
}

void WriteByob(PageWriter& page) {
  page.Bullets({
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
  if (page.deck()) return;  // the steps above say the same in one slide
  page.CodeBlock("sh",
                 "PKG_CONFIG_PATH=<prefix>/lib/x86_64-linux-gnu/pkgconfig meson setup build\n"
                 "meson compile -C build\n"
                 "zoo-host validate --plugin build/libmy_adapter.so my_adapter\n"
                 "zoo-host run --plugin build/\n");
}

void WriteSelfCheck(PageWriter& page) {
  const rapidjson::Value& checks = page.root()["self_checks"];
  page.AddStrong(
      BoolOf(checks, "passed") ? "self_check.overall.passed" : "self_check.overall.failed", {},
      BlockStyle::kLead);
  std::vector<std::string> lines;
  const rapidjson::Value& list = ArrayOf(checks, "checks");
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    lines.push_back(page.T(
        "self_check.item",
        {{"name", page.Named("check.", StringOf(list[i], "name"))},
         {"outcome", page.T(BoolOf(list[i], "passed") ? "outcome.passed" : "outcome.failed")},
         {"statement", page.SayAt(list, i, "self_checks.checks")}}));
  }
  page.NoteItems(std::move(lines));
}

void WriteAppendix(PageWriter& page) {
  if (page.deck()) {
    Closing(page);
  } else {
    page.AddText("appendix.intro");
    page.AddHeading("appendix.values.title");
    const auto units = page.root()["units"].GetArray();
    page.Table({"col.unit", "col.outcome", "col.p50", "col.p95", "col.p99", "col.mean",
                "col.stdev", "col.spread", "col.body_median", "col.overhead", "col.share",
                "col.throughput"},
               MapEach(units, [&](const rapidjson::Value& u) { return AppendixRow(page, u); }));
    page.AddHeading("appendix.samples.title");
    page.AddText("appendix.samples.intro");
    page.Bullets(MapEach(units, [&](const rapidjson::Value& u) {
      return Concat(page.QuoteOf(u, "id"), ": ", Samples(page, u));
    }));
  }
  page.AddNote("report.footer", {{"version", page.NumberText(page.root(), "model_version")},
                                 {"path", page.ArchivePath()}});
}

}  // namespace zoo::report
