// The deck's catalog, English. Keys and placeholders must match catalog_zh.cc; templates are
// plain text (no markup), as in the shared catalogs.
#include "plugins/reporters/html/deck_catalogs.h"

namespace zoo::report::html {

constinit const std::string_view kDeckCatalogEn = R"json({
"deck.cont": "{title} (cont.)",
"deck.data": "data: {section}",
"deck.data.chart": "data: {section}, concurrency {concurrency}; per-unit numbers and percentiles are in the same section of report.md",
"deck.hint": "← / → · Space · R restart · L slide list",
"deck.list.title": "Slides",
"deck.rest.title": "The rest of this section is in the full report",
"deck.rest.body": "To keep one statement per slide, only the first {shown} slides of this section are shown here; the remaining {remaining} slides' worth sit in the same section of the full report, word for word.",
"deck.rest.where": "Full report: the “{section}” section of report.md in the same directory.",

"deck.title.topline": "zoo-host · {started} · {cpu}",
"deck.title.subtitle": "benchmark report",
"deck.title.cores": "{cores} logical cores",
"deck.contents.title": "Contents",
"deck.contents.keys": "Keys: → or Space next slide, ← previous, R back to the first slide, L the list of every slide.",
"deck.appendix.title": "Appendix",
"deck.appendix.note": "Everything the main line leaves out: the environment and the method, every dimension, the cost of code, the self-checks, and the verdict lists and caveats in full.",
"deck.env.archive": "archive",
"deck.noise.title": "Noise warnings",
"deck.pick.title": "What to pick",
"deck.league.title": "The league",
"deck.league.caption": "Every adapter's cost per task as a multiple of the fastest, per tier and concurrency: the fastest starred, those within noise of it framed.",
"deck.noise.not_recorded": "Noise warnings: not recorded. The zoo-host that wrote this archive did not check the machine: this is not a clean bill.",
"deck.noise.title_line": "Noise warnings ({count}): {names}. The next slide says why each matters and what to do.",

"deck.headline.title": "Framework overhead share",
"deck.headline.data": "data: framework overhead share, concurrency {concurrency}, body tier {tier}",
"deck.headline.statement": "The overhead share of {subject} at concurrency {concurrency} and a body of {tier}: the first tier where it drops below {threshold}.",
"deck.headline.lower": "{count} baselines have a lower share at this tier: {names}.",
"deck.headline.none_lower": "No baseline has a lower share at this tier.",
"deck.headline.same_tier": "Same tier, same run: {values}",

"deck.multiples.title": "Every baseline as a multiple of the subject, by tier",
"deck.multiples.caption": "Same-run ratios: comparable across runs and machines. Above 1×: the baseline is slower than the subject. Hollow markers: no winner within the band.",
"deck.latency.title": "Latency per task at concurrency {concurrency}",
"deck.latency.caption": "Printed values: median per-task end-to-end, absolute, valid only within this run. Bars: multiples of the subject (same-run ratios). Percentiles and spread per unit: report.md.",
"deck.overhead.title": "Framework overhead share at concurrency {concurrency}",
"deck.overhead.caption": "Printed values: overhead share of end-to-end in this run. A — marks a unit with no overhead figure (concurrency above the logical cores, or an unreadable negative figure).",
"deck.throughput.title": "Throughput at concurrency {concurrency}",
"deck.throughput.caption": "Printed values: tasks per second, absolute, valid only within this run. Bars: multiples of the subject (same-run ratios).",
"deck.chart.none": "No unit at concurrency {concurrency} has a figure here: every unit there failed (see the failed units under the caliber limitations).",
"deck.overhead.none": "No overhead figure at concurrency {concurrency}: it exceeds this machine's {cores} logical cores, so a body's self-time includes run-queue waits and end-to-end minus body means nothing. End-to-end and throughput at this concurrency still count.",


"deck.closing.title": "Every slide can be checked in the full report",
"deck.closing.full_report": "Full report: {file} in the same directory: per-unit values, percentiles, spread and the raw per-round samples.",
"deck.closing.layout_only": "The slides compress the layout, never the numbers: every figure here is in the full report.",
"deck.closing.rerender": "Render this deck and the report again from the archive, without measuring: {command}",
"deck.closing.units": "{measured} units measured in this run, {failed} failed."
})json";

}  // namespace zoo::report::html
