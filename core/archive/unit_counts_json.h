// A unit's counts in the archive (core/measure/unit.h UnitCounts): each count is available
// with its total, or unavailable with a code and the run's reason. Counts added later read as
// "not_counted" from archives that predate them.
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/measure/unit.h"

namespace zoo {

// Writes the member "counts" into the object `w` is inside.
void WriteCounts(json::Writer& w, const UnitCounts& c);
// Reads the member "counts" of `v`; `where` names `v` in an error.
absl::StatusOr<UnitCounts> ReadCounts(const rapidjson::Value& v, std::string_view where);

}  // namespace zoo
