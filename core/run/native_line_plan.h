// The subject's native task line (zoo.native/1, core/measure/native_gate.h): which units a run
// measures for it. Only the run's subject, only when it declares forms; otherwise the archive
// records "not_applicable" with the reason. The forms are gated first, in a child process;
// a rejected form is recorded with the gate's sentence and never measured.
//
// One unit process per (form, frame size, concurrency): a UnitSpec has one tier (the frame's
// bytes) and one concurrency, and a process of its own per cell keeps one form's warmed caches
// and allocator out of another's. The forms are interleaved within each (frame, concurrency),
// so that the machine's drift over the line touches every form alike. Each cell is one process:
// the report gives no verdict between forms, only their ratio.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/archive/native_line_record.h"
#include "core/measure/native_gate.h"
#include "core/measure/unit.h"
#include "core/plugin/adapter_descriptor.h"

namespace zoo {

inline constexpr uint32_t kNativeWarmupRounds = 100;
inline constexpr uint32_t kNativeMeasuredRounds = 100;

struct NativeLinePlan {
  std::vector<UnitSpec> units;
  NativeLineRecord record;
};

// The line's coordinates: frames 7, 21, 255 bytes; concurrency 1 and 2 (quick) or 1, 4, 16, 64.
std::vector<uint32_t> NativeFrameBytes();
std::vector<uint32_t> NativeConcurrencies(bool quick);

// Pure: the record and the units of `subject` given the gate's verdicts (one per form, in the
// declared order), or, when the gate could not run, `gate_failure`.
NativeLinePlan PlanNativeLine(const AdapterDescriptor& subject, const std::string& plugin_file,
                              const std::vector<NativeFormVerdict>& verdicts,
                              const std::string& gate_failure, bool quick, uint32_t cores,
                              uint64_t seed);

// The record of a line that does not apply to `subject` ("" when it does: it offers forms).
std::string NativeLineNotApplicableReason(const AdapterDescriptor& subject);

// Gates the subject's forms in a child of `zoo_host` and plans the line; `note` gets one line
// per form's gate verdict, or the reason the line is not measured.
NativeLinePlan GateAndPlanNativeLine(const std::filesystem::path& zoo_host,
                                     const AdapterDescriptor& subject,
                                     const std::filesystem::path& plugin_file, bool quick,
                                     uint32_t cores,
                                     const std::function<void(std::string_view)>& note);

}  // namespace zoo
