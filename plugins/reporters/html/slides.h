// The deck's sections, each a function from the model to its slides, in the order of the
// seeds: who and where; what was measured and how; the conclusions; the dimensions; where the
// subject wins, loses and ties; how to read the numbers; how to challenge them; the checks.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "plugins/reporters/common/figures.h"
#include "plugins/reporters/common/model_document.h"
#include "plugins/reporters/html/deck_layout.h"
#include "plugins/reporters/html/prose.h"

namespace zoo::report::html {

struct DeckContext {
  const ModelDocument& model;
  Prose& prose;
  std::map<std::string, const Figure*> figures;  // by file name

  const rapidjson::Value& root() const { return model.root(); }
};

// slides_intro.cc
std::vector<Slide> TitleSlides(DeckContext& deck);
std::vector<Slide> EnvironmentSlides(DeckContext& deck);
std::vector<Slide> WorkloadSlides(DeckContext& deck);
std::vector<Slide> MethodSlides(DeckContext& deck);
// The contents: one link per section, to the index of its first slide.
struct ContentsEntry {
  std::string title_html;
  size_t first_slide = 0;
};
Slide ContentsSlide(DeckContext& deck, const std::vector<ContentsEntry>& entries);

// slides_noise.cc: the title slide's line on the noise warnings, and the slides right after
// it that explain each (none for an archive that predates them).
std::string NoiseTitleLine(DeckContext& deck);
std::vector<Slide> NoiseSlides(DeckContext& deck);

// slides_conclusions.cc
std::vector<Slide> ConclusionSlides(DeckContext& deck);

// slides_dimensions.cc
std::vector<Slide> MultipleSlides(DeckContext& deck);
std::vector<Slide> LatencySlides(DeckContext& deck);
std::vector<Slide> OverheadSlides(DeckContext& deck);
std::vector<Slide> ThroughputSlides(DeckContext& deck);
std::vector<Slide> AttributionSlides(DeckContext& deck);

// slides_semantics.cc
std::vector<Slide> SemanticsSlides(DeckContext& deck);
std::vector<Slide> NativeLineSlides(DeckContext& deck);

// slides_cost.cc
std::vector<Slide> CostSlides(DeckContext& deck);

// slides_verdicts.cc
std::vector<Slide> FasterSlides(DeckContext& deck);
std::vector<Slide> UnfavourableSlides(DeckContext& deck);
std::vector<Slide> NoWinnerSlides(DeckContext& deck);

// slides_closing.cc
std::vector<Slide> CaliberSlides(DeckContext& deck);
std::vector<Slide> OwnBaselineSlides(DeckContext& deck);
std::vector<Slide> SelfCheckSlides(DeckContext& deck);
std::vector<Slide> ClosingSlides(DeckContext& deck);

// Shared reads and wording (slides_common.cc).
// The member `key` of `v` to read from: a null value, which reads as empty, when missing.
const rapidjson::Value& ObjectOf(const rapidjson::Value& v, const char* key);
std::string SubjectHtml(const DeckContext& deck);  // the subject's name, verbatim
std::string DataLabel(DeckContext& deck, const std::string& section_html);     // "data: …"
std::string CellCoordinates(DeckContext& deck, const rapidjson::Value& cell);  // "c4 · 40 µs"
// "thread_pool is 2.25× faster" / "the subject is 1.62× faster" / "no winner (0.98×)".
std::string CellGap(DeckContext& deck, const rapidjson::Value& cell);

}  // namespace zoo::report::html
