// What a worker child (`zoo-host __worker ...`) tells its parent over the report pipe:
// lines "step <what it is about to do>" while it works, then one "result <json>" line.
// A child that dies leaves its last step behind, which names the call that crashed or hung.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "core/measure/equivalence_gate.h"
#include "core/plugin/adapter_descriptor.h"

namespace zoo {

// Writes report lines to a file descriptor (the child side).
class ReportWriter {
 public:
  explicit ReportWriter(int fd) : fd_(fd) {}
  void Step(std::string_view what) const;
  void Result(std::string_view json) const;

 private:
  void WriteLine(std::string_view tag, std::string_view text) const;
  int fd_;
};

struct ParsedReport {
  std::string last_step;
  std::optional<std::string> result_json;
};

// The parent side: splits what the child wrote.
ParsedReport ParseReport(std::string_view text);

std::string DescriptorToJson(const AdapterDescriptor& d);
absl::StatusOr<AdapterDescriptor> DescriptorFromJson(std::string_view json);

std::string GateReportToJson(const GateReport& r);
absl::StatusOr<GateReport> GateReportFromJson(std::string_view json);

// A probe's answer: the descriptor, or the one-sentence reason the plugin was refused.
// `is_reporter`: the file is a reporter plugin, which the adapter catalog leaves out.
std::string ProbeFailureToJson(std::string_view reason, bool is_reporter = false);
// kFailedPrecondition carrying the child's reason when the probe refused the plugin.
absl::StatusOr<AdapterDescriptor> ProbeResultFromJson(std::string_view json);

}  // namespace zoo
