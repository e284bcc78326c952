#include "absl/strings/str_cat.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/html/slides.h"

namespace zoo::report::html {

const rapidjson::Value& ObjectOf(const rapidjson::Value& v, const char* key) {
  static const rapidjson::Value kNull;
  const rapidjson::Value* m = MemberOf(v, key);
  return m != nullptr ? *m : kNull;
}

std::string SubjectHtml(const DeckContext& deck) {
  return Verbatim(StringOf(deck.root(), "subject"));
}

std::string DataLabel(DeckContext& deck, const std::string& section_html) {
  return deck.prose("deck.data", {{"section", section_html}});
}

std::string CellGap(DeckContext& deck, const rapidjson::Value& cell) {
  const std::string_view verdict = StringOf(cell, "verdict");
  const double ratio = NumberOf(cell, "ratio");  // baseline median / subject median
  const std::string baseline = Verbatim(StringOf(cell, "baseline"));
  // The model's factor is the ratio read from the faster side: "2.70× faster".
  const std::string factor = Esc(Multiple(NumberOf(cell, "faster_factor")));
  if (verdict == "subject_slower") {
    return deck.prose("gap.baseline_faster", {{"baseline", baseline}, {"factor", factor}});
  }
  if (verdict == "subject_faster") {
    return deck.prose("gap.subject_faster", {{"baseline", baseline}, {"factor", factor}});
  }
  return absl::StrCat(deck.prose("verdict.indistinguishable"), " (", Esc(Multiple(ratio)), ")");
}

}  // namespace zoo::report::html
