// libFuzzer target: what a worker child writes to its report pipe (core/worker_protocol.h),
// split into lines by ParseReport, its result line handed to every decoder the parent uses
// (unit result, unit spec, calibration, gate report, descriptor, probe answer). A unit result
// the parent accepts it archives, so it must write and read back the same, and its stats be
// computable. Seeds: fuzz/corpus/worker_report/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/archive/unit_json.h"
#include "core/measure/unit_stats.h"
#include "core/worker/worker_protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const zoo::ParsedReport report = zoo::ParseReport(text);
  if (!report.result_json) return 0;
  const std::string& json = *report.result_json;
  absl::StatusOr<zoo::UnitResult> unit = zoo::UnitResultFromJson(json);
  if (unit.ok()) {
    const std::string once = zoo::UnitResultToJson(*unit);
    absl::StatusOr<zoo::UnitResult> again = zoo::UnitResultFromJson(once);
    if (!again.ok() || zoo::UnitResultToJson(*again) != once) std::abort();
    (void)zoo::ComputeUnitStats(*unit, 2);
  }
  absl::StatusOr<zoo::UnitSpec> spec = zoo::UnitSpecFromJson(json);
  if (spec.ok() && !zoo::UnitSpecFromJson(zoo::UnitSpecToJson(*spec)).ok()) std::abort();
  (void)zoo::CalibrationFromJson(json);
  (void)zoo::GateReportFromJson(json);
  (void)zoo::DescriptorFromJson(json);
  (void)zoo::ProbeResultFromJson(json);
  return 0;
}
