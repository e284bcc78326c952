// compare.html, the html reporter's rendering of a compare document: one self-contained page
// (inline CSS, no script, no network), not a deck.
#pragma once

#include "absl/status/status.h"
#include "plugins/reporters/common/reporter_plugin.h"

namespace zoo::report::html {

absl::Status RenderCompareHtml(const CompareRenderContext& context);

}  // namespace zoo::report::html
