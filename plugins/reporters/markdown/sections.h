// The sections of report.md, each writing itself onto the page, in the seeds' order
// (catalogs.h kReportSections). A section that finds the model lacking records the failure on
// the page and writes what it can; the render then fails with that sentence.
#pragma once

#include <string_view>
#include <vector>

#include "plugins/reporters/common/figures.h"
#include "plugins/reporters/markdown/markdown_page.h"

namespace zoo::report::markdown {

// A level-2 heading for the section titled by `title_key`, with an anchor the contents link to.
void SectionHeading(Page& page, std::string_view title_key);
std::string SectionAnchor(std::string_view title_key);  // "section.no_winner.title" -> "no-winner"

// sections_front.cc
void WriteTitle(Page& page);
void WriteContents(Page& page);
void WriteEnvironment(Page& page);
void WriteWorkload(Page& page);
void WriteMethod(Page& page);
// sections_noise.cc: the noise warnings, on the first page after the title block.
void WriteNoiseWarnings(Page& page);
// sections_dimensions.cc
void WriteConclusions(Page& page, const std::vector<Figure>& figures);
void WriteLatency(Page& page);
void WriteOverhead(Page& page);
void WriteThroughput(Page& page);
// sections_diagnosis.cc
void WriteAttribution(Page& page);
void WriteSemantics(Page& page);
// sections_cost.cc
void WriteCost(Page& page);
// sections_verdicts.cc
void WriteFaster(Page& page);
void WriteUnfavourable(Page& page);
void WriteNoWinner(Page& page);
// sections_back.cc
void WriteCaliber(Page& page);
void WriteByob(Page& page);
void WriteSelfCheck(Page& page);
void WriteAppendix(Page& page);
void WriteFooter(Page& page);

}  // namespace zoo::report::markdown
