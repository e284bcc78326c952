#include "core/run/native_line_plan.h"

#include <chrono>
#include <random>

#include "absl/strings/str_cat.h"
#include "core/base/clock.h"
#include "core/plugin/variant_extensions.h"
#include "core/worker/native_gate_runner.h"

namespace zoo {
namespace {

// A gate of 3 tiers x 64 frames per form finishes in milliseconds; this is for a form that hangs.
constexpr std::chrono::milliseconds kGateTimeout{60'000};

// A fresh seed per run, never 0 (the spec's "no seed").
uint64_t NewSeed() {
  std::random_device device;
  const uint64_t seed = (static_cast<uint64_t>(device()) << 32) ^ device() ^
                        static_cast<uint64_t>(MonotonicNs());
  return seed == 0 ? 1 : seed;
}

UnitSpec NativeSpec(const AdapterDescriptor& subject, const std::string& plugin_file,
                    const std::string& form, uint32_t frame, uint32_t concurrency,
                    uint32_t cores, uint64_t seed) {
  return UnitSpec{.adapter = subject.name,
                  .plugin_file = plugin_file,
                  .tier_us = frame,  // modbus_rtu's tier: the frame's bytes
                  .concurrency = concurrency,
                  .warmup_rounds = kNativeWarmupRounds,
                  .measured_rounds = kNativeMeasuredRounds,
                  .workload = "modbus_rtu",
                  .semantics = "",
                  .semantics_value = 0,
                  .kind = UnitKind::kNative,
                  .process = 0,
                  .repetitions = 0,
                  .logical_cores = cores,
                  .scenario = Scenario::kNone,
                  .workers = 0,
                  .options = WithVariantOption("", "form", form),
                  .clock = ClockKind::kMonotonic,
                  .seed = seed};
}

}  // namespace

std::vector<uint32_t> NativeFrameBytes() { return {7, 21, 255}; }

std::vector<uint32_t> NativeConcurrencies(bool quick) {
  return quick ? std::vector<uint32_t>{1, 2} : std::vector<uint32_t>{1, 4, 16, 64};
}

std::string NativeLineNotApplicableReason(const AdapterDescriptor& subject) {
  if (!subject.variants.native_forms.empty()) return "";
  return absl::StrCat(subject.name, " ", subject.version, " does not offer zoo.native/1");
}

NativeLinePlan PlanNativeLine(const AdapterDescriptor& subject, const std::string& plugin_file,
                              const std::vector<NativeFormVerdict>& verdicts,
                              const std::string& gate_failure, bool quick, uint32_t cores,
                              uint64_t seed) {
  NativeLinePlan plan;
  NativeLineRecord& r = plan.record;
  r.frame_bytes = NativeFrameBytes();
  r.concurrencies = NativeConcurrencies(quick);
  r.seed = seed;
  r.warmup_rounds = kNativeWarmupRounds;
  r.measured_rounds = kNativeMeasuredRounds;
  if (std::string why = NativeLineNotApplicableReason(subject); !why.empty()) {
    r.status = "not_applicable";
    r.reason = std::move(why);
    return plan;
  }
  std::vector<std::string> measured;
  for (const AdapterVariant& form : subject.variants.native_forms) {
    NativeLineForm f{.name = form.name, .description = form.description, .passed = false,
                     .reason = gate_failure};
    for (const NativeFormVerdict& v : verdicts) {
      if (v.form == form.name) {
        f.passed = v.passed;
        f.reason = v.reason;
      }
    }
    if (f.reason.empty() && !f.passed) f.reason = "the gate gave no verdict for this form";
    if (f.passed) measured.push_back(f.name);
    r.forms.push_back(std::move(f));
  }
  r.status = measured.empty() ? "gate_failed" : "measured";
  if (measured.empty()) r.reason = gate_failure.empty() ? "every form failed the gate" : gate_failure;
  for (uint32_t frame : r.frame_bytes) {
    for (uint32_t c : r.concurrencies) {
      for (const std::string& form : measured) {
        plan.units.push_back(NativeSpec(subject, plugin_file, form, frame, c, cores, seed));
      }
    }
  }
  return plan;
}

NativeLinePlan GateAndPlanNativeLine(const std::filesystem::path& zoo_host,
                                     const AdapterDescriptor& subject,
                                     const std::filesystem::path& plugin_file, bool quick,
                                     uint32_t cores,
                                     const std::function<void(std::string_view)>& note) {
  const uint64_t seed = NewSeed();
  std::vector<NativeFormVerdict> verdicts;
  std::string gate_failure;
  if (NativeLineNotApplicableReason(subject).empty()) {
    absl::StatusOr<std::vector<NativeFormVerdict>> gate =
        RunNativeGateInChild(zoo_host, plugin_file, cores, seed, kGateTimeout);
    if (gate.ok()) {
      verdicts = *std::move(gate);
    } else {
      gate_failure = absl::StrCat("the native gate did not finish: ", gate.status().message());
    }
  }
  NativeLinePlan plan =
      PlanNativeLine(subject, plugin_file.string(), verdicts, gate_failure, quick, cores, seed);
  if (plan.record.status == "not_applicable") {
    note(absl::StrCat("native line: not applicable: ", plan.record.reason));
  }
  for (const NativeLineForm& f : plan.record.forms) {
    note(f.passed ? absl::StrCat("native line: form ", f.name, ": gate passed")
                  : absl::StrCat("native line: form ", f.name, ": REJECTED: ", f.reason));
  }
  if (!plan.units.empty()) {
    note(absl::StrCat("native line: ", plan.units.size(), " units (", kNativeTask,
                      ", frames 7/21/255 B), each ", kNativeWarmupRounds, " warm-up + ",
                      kNativeMeasuredRounds, " measured rounds"));
  }
  return plan;
}

}  // namespace zoo
