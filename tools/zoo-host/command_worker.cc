// zoo-host __worker: the hidden child side of probing, gating, measuring a unit and probing
// scheduling semantics. It loads the plugin in
// this (disposable) process, reports each step on the report fd, then one result line.
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <iostream>
#include <string>

#include <boost/program_options.hpp>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/archive/unit_json.h"
#include "core/measure/calibration.h"
#include "core/measure/equivalence_gate.h"
#include "core/measure/semantics_probe.h"
#include "core/measure/unit_worker.h"
#include "core/plugin/plugin_loader.h"
#include "core/plugin/reporter_loader.h"
#include "core/render/report_render.h"
#include "core/worker/worker_protocol.h"
#include "tools/zoo-host/cli_common.h"

namespace zoo::cli {

int WorkerCommand(int argc, char** argv) {
  // A worker lives in its own process group (so a deadline can kill all it started), which
  // also keeps Ctrl-C away from it: it must not outlive the zoo-host that started it.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) return kExitUsage;
  namespace po = boost::program_options;
  std::string mode, file, concurrency = "1,4,16", spec_json;
  std::string model_file, out_dir, language, formats, document = "report";  // render
  int report_fd = -1;
  const GateOptions gate_defaults;
  uint32_t tasks = gate_defaults.tasks_per_phase;
  uint32_t large_batch = gate_defaults.large_batch;
  int64_t body_ns = gate_defaults.body_ns;
  std::string workload;  // calibrate
  uint32_t tier_us = 0;
  po::options_description options("zoo-host __worker (internal)");
  options.add_options()("mode", po::value(&mode)->required())(
      "file", po::value(&file)->required())("report-fd", po::value(&report_fd)->required())(
      "tasks", po::value(&tasks))("large-batch", po::value(&large_batch))("concurrency", po::value(&concurrency))(
      "body-ns", po::value(&body_ns))("spec", po::value(&spec_json))(
      "model", po::value(&model_file))("out", po::value(&out_dir))(
      "lang", po::value(&language))("formats", po::value(&formats))(
      "document", po::value(&document))("workload", po::value(&workload))(
      "tier-us", po::value(&tier_us));
  po::positional_options_description positional;
  positional.add("mode", 1).add("file", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).positional(positional).run(),
              vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return UsageError("__worker", e.what());
  }
  const ReportWriter report(report_fd);

  if (mode == "unit") {
    absl::StatusOr<UnitSpec> spec = UnitSpecFromJson(spec_json);
    if (!spec.ok()) return UsageError("__worker", std::string(spec.status().message()));
    const UnitResult result =
        MeasureUnit(*spec, [&report](std::string_view step) { report.Step(step); });
    report.Result(UnitResultToJson(result));
    return kExitOk;
  }

  if (mode == "calibrate") {  // the file is "-": no plugin is loaded
    report.Step("calibrate");
    absl::StatusOr<Calibration> c = CalibrateHere(workload, tier_us);
    if (!c.ok()) return UsageError("__worker", std::string(c.status().message()));
    report.Result(CalibrationToJson(*c));
    return kExitOk;
  }

  if (mode == "probe-reporter") {
    report.Step("load");
    absl::StatusOr<LoadedReporter> reporter = LoadReporter(file);
    if (reporter.ok()) {
      report.Result(ReporterDescriptorToJson(reporter->descriptor()));
    } else {
      // A file without the reporter symbol is not a reporter (an adapter, say): not a fault.
      const bool not_a_reporter = absl::IsInvalidArgument(reporter.status()) ||
                                  absl::IsNotFound(reporter.status());
      report.Result(
          ReporterProbeFailureToJson(std::string(reporter.status().message()), not_a_reporter));
    }
    return kExitOk;
  }
  if (mode == "render") {
    report.Step("load");
    absl::StatusOr<LoadedReporter> reporter = LoadReporter(file);
    std::vector<std::string> written;
    if (!reporter.ok()) {
      report.Result(RenderResultToJson(reporter.status(), written));
      return kExitOk;
    }
    std::ifstream in(model_file, std::ios::binary);
    std::stringstream model;
    model << in.rdbuf();
    if (!in) {
      report.Result(RenderResultToJson(
          absl::NotFoundError(absl::StrCat(model_file, ": cannot be read")), written));
      return kExitOk;
    }
    report.Step(absl::StrCat("render (", reporter->descriptor().name, ")"));
    const absl::Status s = RenderWithReporter(*reporter, model.str(), out_dir, language,
                                              formats, &written, document);
    report.Result(RenderResultToJson(s, written));
    return kExitOk;
  }

  report.Step("load");
  absl::StatusOr<LoadedAdapter> adapter = LoadAdapter(file);
  if (mode == "probe") {
    report.Result(adapter.ok() ? DescriptorToJson(adapter->descriptor())
                               : ProbeFailureToJson(std::string(adapter.status().message()),
                                                    absl::IsAlreadyExists(adapter.status())));
    return kExitOk;
  }
  if (mode == "semantics") {
    if (!adapter.ok()) return UsageError("__worker", std::string(adapter.status().message()));
    report.Result(SemanticsProbeToJson(
        ProbeSemantics(*adapter, [&report](std::string_view step) { report.Step(step); })));
    return kExitOk;
  }
  if (mode != "gate") return UsageError("__worker", "unknown mode '" + mode + "'");
  GateOptions gate;
  gate.tasks_per_phase = tasks;
  gate.large_batch = large_batch;
  gate.body_ns = body_ns;
  gate.concurrencies.clear();
  for (absl::string_view part : absl::StrSplit(concurrency, ',')) {
    uint32_t c = 0;
    if (!absl::SimpleAtoi(part, &c) || c == 0) return UsageError("__worker", "bad --concurrency");
    gate.concurrencies.push_back(c);
  }
  if (!adapter.ok()) {
    GateReport refused;
    refused.reason = std::string(adapter.status().message());
    report.Result(GateReportToJson(refused));
    return kExitOk;
  }
  gate.on_step = [&report](std::string_view step) { report.Step(step); };
  report.Result(GateReportToJson(RunGate(*adapter, gate)));
  return kExitOk;
}

}  // namespace zoo::cli
