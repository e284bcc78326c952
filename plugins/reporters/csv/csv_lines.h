// The subject's own lines and the machine's round trips as CSV tables, each beside its CSVW
// schema like cells.csv: native_line.csv (the zoo.native/1 forms on modbus_rtu), layers.csv
// and layer_cost.csv (the zoo.layers/1 rows, bare to public API) and round_trips.csv (the
// hand-off and pipe references measured at run start). Each table is written whenever the
// model records its line; a line that was not measured gives one row whose "status" and
// "reason" say why, so a script reads "not applicable" as such, never as an empty result.
#pragma once

#include "absl/status/status.h"
#include "plugins/reporters/common/reporter_plugin.h"

namespace zoo::report {

absl::Status WriteLineTables(const RenderContext& context);

}  // namespace zoo::report
