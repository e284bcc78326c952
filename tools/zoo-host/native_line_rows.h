// `zoo-host run`'s lines for the native task line (core/run/native_line_plan.h): one per
// (form, frame, concurrency) with its time per task, and the line's status when not measured.
#pragma once

#include "core/archive/archive.h"

namespace zoo {

void PrintNativeLineRows(const Archive& a);

}  // namespace zoo
