// The native task line's gate (zoo.native/1): before any unit of the line is measured, every
// form the subject declares, set up with its option "form=NAME", runs every frame of every
// tier of modbus_rtu (modbus_rtu.h) through submit() and drain(). Each task must complete
// exactly once, with status OK and the checksum of the host's reference parse of its frame;
// the first task that does not rejects the form, in one sentence naming the form, the task,
// the frame (its index, size and first bytes in hex), the checksum got and the one expected.
// A rejected form is not measured; the others still are.
//
// Task layout: tier k's frame f is task k x kModbusFrames + f; each tier's frames are one
// batch of submit() calls followed by drain().
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/plugin/plugin_loader.h"

namespace zoo {

struct NativeGateOptions {
  std::vector<uint32_t> frame_bytes = {7, 21, 255};
  uint64_t seed = 1;             // of the frames, as the line's units get it
  uint32_t concurrency = 2;      // zoo_config.concurrency of each form's instance
  uint32_t logical_cores = 1;
  std::function<void(std::string_view)> on_step = {};
};

struct NativeFormVerdict {
  std::string form;
  bool passed = false;
  std::string reason;  // one sentence when rejected; "" when passed
  bool operator==(const NativeFormVerdict&) const = default;
};

// One verdict per form of `adapter`, in its declared order; none when it offers no forms.
std::vector<NativeFormVerdict> RunNativeGate(const LoadedAdapter& adapter,
                                             const NativeGateOptions& options);

}  // namespace zoo
