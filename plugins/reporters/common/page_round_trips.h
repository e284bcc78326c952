// The machine table's row for the round trips measured at run start (core/base/round_trips.h):
// the condition-variable hand-off and the pipe, beside which a reader judges a pool's wake-up
// cost.
#pragma once

#include <optional>

#include "plugins/reporters/common/page_writer.h"

namespace zoo::report {

// {"round trips", "condition-variable hand-off between two threads 4.1 µs, ..."} from the
// model's environment.round_trips; nothing for a model without them (archives before them,
// or a run whose measurement failed), so that such a table reads as it always did.
std::optional<Row> RoundTripsRow(PageWriter& page, const rapidjson::Value& environment);

}  // namespace zoo::report
