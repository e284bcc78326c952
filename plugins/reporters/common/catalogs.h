// The message catalogs every built-in reporter shares: section titles, column names, terms,
// and the sentences of the report (messages.h says how a catalog reads). Keys are grouped by
// their first segment:
//   report.*     the title block and the first page
//   section.*    section titles, in kReportSections order
//   <section>.*  the sentences of one section ("latency.intro", "unfavourable.summary")
//   col.*        table column names; term.*, verdict.*, trend.*, segment.*, check.*, ...
//   msg.*        sentences the model carries as {code, args}: key = "msg." + code
// A template is plain text: no Markdown or HTML markup (a test checks it), so that any format
// can insert it after escaping only the arguments.
#pragma once

#include <string_view>

namespace zoo::report {

extern const std::string_view kCommonCatalogEn;
extern const std::string_view kCommonCatalogZh;

// The report's sections in the seeds' order, by title key; every full report (Markdown, the
// deck) has all of them, in this order.
inline constexpr std::string_view kReportSections[] = {
    "section.environment.title", "section.workload.title",     "section.method.title",
    "section.conclusions.title", "section.latency.title",      "section.overhead.title",
    "section.throughput.title",  "section.attribution.title",  "section.semantics.title",
    "section.cost.title",        "section.scenarios.title",    "section.layers.title",       "section.faster.title",
    "section.unfavourable.title", "section.no_winner.title",   "section.caliber.title",
    "section.byob.title",        "section.self_check.title",   "section.appendix.title",
};

}  // namespace zoo::report
