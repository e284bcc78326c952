// The archive's record of what an adapter declares through zoo.submit_any_thread/1 (ABI 1.1):
//   "submit_any_thread": {"bounded": bool, "default_capacity": n}
// An optional member of each adapter: absent when the plugin does not declare it, and in
// archives written before ABI 1.1.
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "core/plugin/adapter_descriptor.h"

namespace zoo {

// Writes nothing for an adapter that does not declare the capability.
void WriteSubmitAnyThread(json::Writer& w, const AdapterDescriptor::SubmitAnyThread& declared);

absl::StatusOr<AdapterDescriptor::SubmitAnyThread> ReadSubmitAnyThread(
    const rapidjson::Value& adapter, std::string_view where);

}  // namespace zoo
