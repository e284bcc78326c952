// The noise conditions as JSON, in the archive and in the report model (noise_conditions.h).
//
// Archive, two optional top-level members (absent in archives written before them, which
// read as "not recorded"; schema_version stays 1 because older readers ignore them):
//   "noise_warnings": [{code, state: "warning", observed, detail, message: {code, args}}],
//   "noise_checked":  [{code, state: "fine"|"not_checkable", observed, detail, message}]
// Report model: "noise": {recorded, warnings: [...], checked: [...]}, the same items.
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "core/archive/noise_conditions.h"
#include "core/base/json_util.h"
#include "rapidjson/document.h"

namespace zoo {

// Writes nothing for a record that was not recorded, so an old archive rewritten stays old.
void WriteNoiseArchiveMembers(json::Writer& w, const NoiseRecord& noise);
// The archive document's members; an archive without them is `recorded = false`.
absl::StatusOr<NoiseRecord> ReadNoiseArchiveMembers(const rapidjson::Value& doc);

// The report model's "noise" member.
void WriteNoiseModel(json::Writer& w, const NoiseRecord& noise);

}  // namespace zoo
