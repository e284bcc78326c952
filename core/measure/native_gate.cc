#include "core/measure/native_gate.h"

#include <memory>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/measure/host_services.h"
#include "core/measure/modbus_rtu.h"
#include "core/plugin/variant_extensions.h"

namespace zoo {
namespace {

// Every tier's frames behind one body: task k x kModbusFrames + f parses tier k's frame f.
class TierFrames final : public Body {
 public:
  TierFrames(const std::vector<uint32_t>& frame_bytes, uint64_t seed) {
    for (uint32_t size : frame_bytes) {
      tiers_.push_back(std::make_unique<ModbusBody>(MakeModbusFrames(size, seed)));
    }
  }
  uint64_t Run() const override { return RunTask(0); }
  uint64_t RunTask(uint64_t id) const override { return tier(id).RunTask(id % kModbusFrames); }
  const ModbusBody& tier(uint64_t id) const { return *tiers_[id / kModbusFrames]; }
  size_t tasks() const { return tiers_.size() * kModbusFrames; }

 private:
  std::vector<std::unique_ptr<ModbusBody>> tiers_;
};

// The first task whose record breaks the gate's rule, as the sentence that rejects `form`.
std::optional<std::string> FirstWrongTask(const HostServices& host, const TierFrames& frames,
                                          const std::string& form) {
  for (size_t id = 0; id < frames.tasks(); ++id) {
    const TaskRecord& r = host.record(id);
    const uint32_t runs = r.completions.load(std::memory_order_acquire);
    const std::string frame = DescribeModbusFrame(frames.tier(id), id % kModbusFrames);
    if (runs != 1) {
      return absl::StrFormat("form '%s': task %u (%s) completed %u times, not exactly once",
                             form, id, frame, runs);
    }
    const uint64_t expected = frames.tier(id).ExpectedChecksum(id % kModbusFrames);
    if (r.outcome.status != ZOO_STATUS_OK || r.outcome.checksum != expected) {
      return absl::StrFormat(
          "form '%s': task %u (%s) gave checksum 0x%016x with status %d, but the reference "
          "parse of that frame gives 0x%016x",
          form, id, frame, r.outcome.checksum, r.outcome.status, expected);
    }
  }
  if (host.unknown_completions() > 0) {
    return absl::StrFormat("form '%s': %u completions named a task that was never submitted",
                           form, host.unknown_completions());
  }
  return std::nullopt;
}

// One form from setup to teardown: its first problem, or nullopt.
std::optional<std::string> GateForm(const zoo_adapter_entry_t& entry, const std::string& form,
                                    const NativeGateOptions& options) {
  const TierFrames frames(options.frame_bytes, options.seed);
  HostServices host(frames, frames.tasks());
  const std::string option = WithVariantOption("", "form", form);
  const zoo_config_t config{
      .struct_size = sizeof(zoo_config_t),
      .concurrency = options.concurrency,
      .max_batch = kModbusFrames,
      .logical_cores = options.logical_cores,
      .options = option.c_str(),
      .workers = 0,
      .reserved0 = 0,
  };
  if (options.on_step) options.on_step(absl::StrCat("native gate: setup of form ", form));
  zoo_adapter_state_t* state = nullptr;
  if (const zoo_status_t s = entry.setup(host.table(), &config, &state); s != ZOO_STATUS_OK) {
    return absl::StrFormat("form '%s': setup() failed with status %d: %s", form, s,
                           AdapterErrorText(entry, nullptr));
  }
  std::optional<std::string> failure;
  for (size_t k = 0; k < options.frame_bytes.size() && !failure; ++k) {
    for (size_t f = 0; f < kModbusFrames && !failure; ++f) {
      const zoo_status_t s = entry.submit(state, host.task(k * kModbusFrames + f));
      if (s != ZOO_STATUS_OK) {
        failure = absl::StrFormat("form '%s': submit() failed with status %d: %s", form, s,
                                  AdapterErrorText(entry, state));
      }
    }
    if (const zoo_status_t d = entry.drain(state); !failure && d != ZOO_STATUS_OK) {
      failure = absl::StrFormat("form '%s': drain() failed with status %d: %s", form, d,
                                AdapterErrorText(entry, state));
    }
  }
  const zoo_status_t t = entry.teardown(state);
  if (failure) return failure;
  if (t != ZOO_STATUS_OK) {
    return absl::StrFormat("form '%s': teardown() failed with status %d", form, t);
  }
  return FirstWrongTask(host, frames, form);
}

}  // namespace

std::vector<NativeFormVerdict> RunNativeGate(const LoadedAdapter& adapter,
                                             const NativeGateOptions& options) {
  std::vector<NativeFormVerdict> out;
  for (const AdapterVariant& form : adapter.descriptor().variants.native_forms) {
    std::optional<std::string> problem = GateForm(adapter.entry(), form.name, options);
    out.push_back({.form = form.name, .passed = !problem, .reason = problem.value_or("")});
  }
  return out;
}

}  // namespace zoo
