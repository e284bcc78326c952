// The scheduling-semantics dimension: the archive's record of the subject's zoo.semantics/1
// items, and each priced item's cost at each priced concurrency (report_model.h,
// SemanticsCost): the item on against every item off, judged by the bootstrap of verdict.h.
#pragma once

#include "core/model/model_input.h"
#include "core/model/report_model.h"

namespace zoo {

SemanticsDimension PriceSemantics(const ModelInput& in);

}  // namespace zoo
