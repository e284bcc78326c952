#include "plugins/reporters/html/deck_builder.h"

#include <string>
#include <utility>

namespace zoo::report::html {
namespace {

using SectionFunction = std::vector<Slide> (*)(DeckContext&);

// A section of the report: its title key (kReportSections) and its slides, in order.
struct DeckSection {
  const char* title_key;
  std::vector<SectionFunction> parts;
};

}  // namespace

std::vector<Slide> BuildDeck(DeckContext& deck) {
  const DeckSection sections[] = {
      {"section.environment.title", {EnvironmentSlides}},
      {"section.workload.title", {WorkloadSlides}},
      {"section.method.title", {MethodSlides}},
      {"section.conclusions.title", {ConclusionSlides}},
      {"section.latency.title", {MultipleSlides, LatencySlides}},
      {"section.overhead.title", {OverheadSlides}},
      {"section.throughput.title", {ThroughputSlides}},
      {"section.attribution.title", {AttributionSlides}},
      {"section.semantics.title", {SemanticsSlides, NativeLineSlides}},
      {"section.cost.title", {CostSlides}},
      {"section.faster.title", {FasterSlides}},
      {"section.unfavourable.title", {UnfavourableSlides}},
      {"section.no_winner.title", {NoWinnerSlides}},
      {"section.caliber.title", {CaliberSlides}},
      {"section.byob.title", {OwnBaselineSlides}},
      {"section.self_check.title", {SelfCheckSlides}},
      {"section.appendix.title", {ClosingSlides}},
  };

  std::vector<Slide> slides = TitleSlides(deck);
  // The noise warnings belong to the first page: before the contents, as the title's sequel.
  for (Slide& slide : NoiseSlides(deck)) slides.push_back(std::move(slide));
  const size_t contents_at = slides.size();
  std::vector<ContentsEntry> contents;
  std::vector<Slide> body;
  for (const DeckSection& section : sections) {
    // +1: the contents slide itself comes before the sections.
    contents.push_back({deck.prose(section.title_key), contents_at + 1 + body.size()});
    for (SectionFunction part : section.parts) {
      for (Slide& slide : part(deck)) body.push_back(std::move(slide));
    }
  }
  slides.push_back(ContentsSlide(deck, contents));
  for (Slide& slide : body) slides.push_back(std::move(slide));
  return slides;
}

}  // namespace zoo::report::html
