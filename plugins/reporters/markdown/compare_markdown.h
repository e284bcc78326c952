// compare.md, the markdown reporter's rendering of a compare document.
#pragma once

#include "absl/status/status.h"
#include "plugins/reporters/common/reporter_plugin.h"

namespace zoo::report::markdown {

absl::Status RenderCompareMarkdown(const CompareRenderContext& context);

}  // namespace zoo::report::markdown
