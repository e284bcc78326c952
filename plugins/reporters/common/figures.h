// SVG figures drawn from the model: self-contained strings, deterministic, every label and
// value escaped. Used as files (figures/*.svg, linked from report.md) and inline in the deck.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "plugins/reporters/common/messages.h"
#include "plugins/reporters/common/model_document.h"

namespace zoo::report {

struct Figure {
  std::string file_name;  // "relative-multiple-by-tier.svg"
  std::string title;      // in the report's language
  std::string svg;
};

// The relative-multiple-by-tier chart (each adapter's median end-to-end as a multiple of the
// subject's, by tier, one panel per measured concurrency) and the per-dimension bar charts.
// Their texts come from figures.cc's own catalog (figure.*) in `messages.language()`, so a
// reporter needs no figure keys in its catalogs; a language it lacks fails by name.
absl::StatusOr<std::vector<Figure>> DrawFigures(const ModelDocument& model,
                                                const Messages& messages);

}  // namespace zoo::report
