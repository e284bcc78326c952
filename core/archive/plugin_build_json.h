// The archive's record of how each adapter's plugin file was built (plugin_build.h):
//   "build": {compiler, producer, optimization, sanitizers: [...],
//             declared_optimized?, declared_assertions?}   (zoo/ext/build.h; optional)
// An optional member of each adapter: archives written before it have none.
#pragma once

#include <optional>
#include <string_view>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/plugin/plugin_build.h"

namespace zoo {

void WritePluginBuild(json::Writer& w, const PluginBuild& build);

// The adapter object's "build" member, nullopt when it has none.
absl::StatusOr<std::optional<PluginBuild>> ReadPluginBuildRecord(const rapidjson::Value& adapter,
                                                                std::string_view where);

}  // namespace zoo
