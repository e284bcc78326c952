// The cost of code in the deck: the status and what was counted, then one slide (or more,
// continued) per table: counts per task, cold start, callgrind; then what a count includes.
// A count that could not be taken shows "unavailable, note N"; the notes follow the table.
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/cost_cells.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/html/slides.h"

namespace zoo::report::html {
namespace {

std::string CellHtml(Prose& t, const CostCell& cell) {
  if (cell.note == 0) return Esc(cell.figure);
  return t("cost.unavailable", {{"note", absl::StrCat(cell.note)}});
}

void AddNotes(SectionBuilder& s, Prose& t, const CostNotes& notes) {
  for (size_t i = 0; i < notes.notes().size(); ++i) {
    const CostNote& note = notes.notes()[i];
    std::optional<std::string> reason = t.Optional(Concat("cost.reason.", note.code));
    if (!reason) reason = t("cost.reason.other", {{"code", Verbatim(note.code)}});
    s.AddLong(
        t("cost.note",
          {{"note", absl::StrCat(i + 1)}, {"reason", *reason}, {"detail", Verbatim(note.detail)}}),
        TextStyle::kNote);
  }
}

std::string AdapterHtml(DeckContext& deck, std::string_view adapter) {
  if (adapter == StringOf(deck.root(), "subject")) {
    return deck.prose("term.subject_column", {{"name", Verbatim(adapter)}});
  }
  return Verbatim(adapter);
}

std::vector<Slide> CountsSlides(DeckContext& deck, const rapidjson::Value& cost,
                                const std::string& section) {
  Prose& t = deck.prose;
  SectionBuilder s(t, "cost", t("cost.counts.title"), section, DataLabel(deck, section));
  std::vector<Column> columns = {{t("col.adapter"), 18, false}, {t("col.concurrency"), 10, true}};
  for (const CostCount& c : kCostCounts) columns.push_back({t(c.column_key), 12, true});
  s.BeginTable(std::move(columns));
  CostNotes notes;
  for (const rapidjson::Value& row : ArrayOf(cost, "rows").GetArray()) {
    const std::string_view failure = BoolOf(row, "ok") ? "" : StringOf(row, "failure");
    std::vector<std::string> cells = {AdapterHtml(deck, StringOf(row, "adapter")),
                                      absl::StrCat(UintOf(row, "concurrency"))};
    for (const CostCount& c : kCostCounts) {
      cells.push_back(CellHtml(t, notes.Cell(MemberOf(row, c.field), c.format, failure)));
    }
    s.AddRow(std::move(cells));
  }
  AddNotes(s, t, notes);
  return s.Build();
}

std::vector<Slide> ColdStartSlides(DeckContext& deck, const rapidjson::Value& cost,
                                   const std::string& section) {
  Prose& t = deck.prose;
  SectionBuilder s(t, "cost", t("cost.cold.title"), section, DataLabel(deck, section));
  s.Add(t("cost.cold.intro"), TextStyle::kNote);
  s.Add(t("table.absolute"), TextStyle::kAbsolute);
  s.BeginTable({{t("col.adapter"), 28, false},
                {t("cost.col.setup"), 18, true},
                {t("cost.col.first_task"), 18, true},
                {t("cost.col.cold_alloc_calls"), 18, true},
                {t("cost.col.cold_alloc_bytes"), 18, true}});
  CostNotes notes;
  for (const rapidjson::Value& row : ArrayOf(cost, "cold_start").GetArray()) {
    const bool ok = BoolOf(row, "ok");
    const std::string_view failure = ok ? "" : StringOf(row, "failure");
    const std::string failed = ok ? "" : CellHtml(t, notes.Failed(failure));
    s.AddRow({AdapterHtml(deck, StringOf(row, "adapter")),
              ok ? Esc(Duration(NumberOf(row, "setup_ns"))) : failed,
              ok ? Esc(Duration(NumberOf(row, "first_task_ns"))) : failed,
              CellHtml(t, notes.Cell(MemberOf(row, "alloc_calls"), Count, failure, "total")),
              CellHtml(t, notes.Cell(MemberOf(row, "alloc_bytes"), Bytes, failure, "total"))});
  }
  AddNotes(s, t, notes);
  return s.Build();
}

std::vector<Slide> CallgrindSlides(DeckContext& deck, const rapidjson::Value& cost,
                                   const std::string& section) {
  Prose& t = deck.prose;
  SectionBuilder s(t, "cost", t("cost.callgrind.title"), section, DataLabel(deck, section));
  s.Add(t("cost.callgrind.intro", {{"tool", Code("valgrind --tool=callgrind")},
                                   {"version", Verbatim(StringOf(cost, "callgrind_version"))}}),
        TextStyle::kNote);
  s.Add(t("msg.cost.callgrind_times_meaningless"), TextStyle::kNote);
  s.BeginTable({{t("col.adapter"), 18, false},
                {t("col.concurrency"), 9, true},
                {t("col.tier"), 9, true},
                {t("cost.col.instructions"), 16, true},
                {t("cost.col.instructions_total"), 16, true},
                {t("cost.col.instructions_again"), 16, true},
                {t("cost.col.repeats"), 16, true}});
  CostNotes notes;
  for (const rapidjson::Value& row : ArrayOf(cost, "callgrind").GetArray()) {
    const bool ok = BoolOf(row, "ok");
    const std::string failed = ok ? "" : CellHtml(t, notes.Failed(StringOf(row, "failure")));
    std::string again = failed, repeats = failed;
    if (ok && BoolOf(row, "repeat_available")) {
      again = Esc(Count(NumberOf(row, "repeat_instructions")));
      repeats = BoolOf(row, "repeats_exactly")
                    ? t("cost.repeats.yes")
                    : t("cost.repeats.no",
                        {{"difference", Esc(Percent(NumberOf(row, "repeat_difference"), 2))}});
    } else if (ok) {
      again = repeats =
          CellHtml(t, notes.NotRepeated(StringOf(row, "repeat_unavailable_reason")));
    }
    s.AddRow({AdapterHtml(deck, StringOf(row, "adapter")), absl::StrCat(UintOf(row, "concurrency")),
              Esc(Tier(UintOf(row, "tier_us"))),
              ok ? Esc(Count(NumberOf(row, "instructions_per_task"))) : failed,
              ok ? Esc(Count(NumberOf(row, "instructions"))) : failed, again, repeats});
  }
  AddNotes(s, t, notes);
  return s.Build();
}

std::vector<Slide> CaveatSlides(DeckContext& deck, const rapidjson::Value& cost,
                                const std::string& section) {
  Prose& t = deck.prose;
  SectionBuilder s(t, "cost", t("cost.caveats.title"), section, DataLabel(deck, section));
  s.Add(t("cost.caveat.threads"), TextStyle::kBullet);
  s.Add(t("cost.caveat.host"), TextStyle::kBullet);
  const std::string_view workload = StringOf(cost, "workload");
  s.Add(t("cost.caveat.body", {{"workload", Code(workload.empty() ? "noop" : workload)}}),
        TextStyle::kBullet);
  s.Add(t("cost.caveat.allocations",
          {{"functions", Code("malloc, calloc, realloc, aligned_alloc, memalign, operator new")}}),
        TextStyle::kBullet);
  s.Add(t("cost.caveat.steady"), TextStyle::kBullet);
  return s.Build();
}

}  // namespace

std::vector<Slide> CostSlides(DeckContext& deck) {
  Prose& t = deck.prose;
  const std::string title = t("section.cost.title");
  const rapidjson::Value& cost = deck.model.Cost();
  std::vector<Slide> slides;
  {
    SectionBuilder s(t, "cost", title, {}, DataLabel(deck, title));
    const std::string_view workload = StringOf(cost, "workload");
    s.AddLong(t("cost.intro", {{"workload", Code(workload.empty() ? "noop" : workload)},
                               {"perf", Code("perf_event_open")}}),
              TextStyle::kNote);
    if (StringOf(cost, "status") != "measured") {
      const std::string_view code = StringOf(cost, "reason_code");
      if (code == "not_requested") {
        s.Add(t("cost.not_run.not_requested", {{"flag", Code("--no-cost")}}), TextStyle::kLead);
      } else if (code == "not_recorded" || code.empty()) {
        s.Add(t("cost.not_run.not_recorded"), TextStyle::kLead);
      } else if (code == "callgrind_run") {
        s.Add(t("cost.not_run.callgrind_run"), TextStyle::kLead);
      } else {
        s.Add(t("cost.not_run.other", {{"reason", Verbatim(code)}}), TextStyle::kLead);
      }
      // A run under callgrind counts nothing else, but its instruction counts are the point.
      if (StringOf(cost, "callgrind_status") != "measured") return s.Build();
      slides = s.Build();
      for (Slide& slide : CallgrindSlides(deck, cost, title)) slides.push_back(std::move(slide));
      for (Slide& slide : CaveatSlides(deck, cost, title)) slides.push_back(std::move(slide));
      return slides;
    }
    std::vector<std::string> concurrencies;
    for (const rapidjson::Value& c : ArrayOf(cost, "concurrencies").GetArray()) {
      if (c.IsUint()) concurrencies.push_back(absl::StrCat(c.GetUint()));
    }
    s.Add(t("cost.status.measured", {{"concurrencies", absl::StrJoin(concurrencies, ", ")}}),
          TextStyle::kParagraph);
    const std::string_view counters = StringOf(cost, "counters_status");
    std::optional<std::string> counters_html = t.Optional(Concat("cost.counters.", counters));
    s.Add(counters_html ? *counters_html : t("cost.counters.unavailable"), TextStyle::kParagraph);
    if (const std::string_view reason = StringOf(cost, "counters_reason");
        counters != "available" && !reason.empty()) {
      s.AddLong(t("cost.counters.reason", {{"reason", Verbatim(reason)}}), TextStyle::kNote);
    }
    if (StringOf(cost, "callgrind_status") != "measured") {
      s.Add(t("cost.callgrind.not_run", {{"command", Code("zoo-host run --instrument callgrind")}}),
            TextStyle::kParagraph);
    }
    slides = s.Build();
  }
  auto append = [&slides](std::vector<Slide> more) {
    for (Slide& slide : more) slides.push_back(std::move(slide));
  };
  if (!ArrayOf(cost, "rows").Empty()) append(CountsSlides(deck, cost, title));
  if (!ArrayOf(cost, "cold_start").Empty()) append(ColdStartSlides(deck, cost, title));
  if (StringOf(cost, "callgrind_status") == "measured") append(CallgrindSlides(deck, cost, title));
  append(CaveatSlides(deck, cost, title));
  return slides;
}

}  // namespace zoo::report::html
