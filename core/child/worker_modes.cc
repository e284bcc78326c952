#include "core/child/worker_modes.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/archive/native_line_record.h"
#include "core/archive/unit_json.h"
#include "core/base/json_util.h"
#include "core/measure/calibration.h"
#include "core/measure/equivalence_gate.h"
#include "core/measure/native_gate.h"
#include "core/measure/semantics_probe.h"
#include "core/measure/unit_worker.h"
#include "core/plugin/plugin_loader.h"
#include "core/plugin/reporter_loader.h"
#include "core/render/report_render.h"
#include "core/worker/worker_protocol.h"

namespace zoo {
namespace {

// zoo-host's exit codes (README; tools/zoo-host/cli_common.h).
constexpr int kExitOk = 0;
constexpr int kExitUsage = 2;

int RefuseRequest(absl::string_view message) {
  std::cerr << "zoo-host __worker: " << message << "\n";
  return kExitUsage;
}

// The call as the parent made it (WorkerArgv): MODE, --NAME=VALUE flags, FILE.
struct WorkerArgs {
  std::string mode;
  std::string file;
  std::map<std::string, std::string, std::less<>> flags;

  std::string Text(const char* name, std::string fallback = "") const {
    auto it = flags.find(name);
    return it == flags.end() ? fallback : it->second;
  }
  // The flag as a number, `fallback` when it is not given.
  template <typename T>
  absl::StatusOr<T> Number(const char* name, T fallback) const {
    auto it = flags.find(name);
    if (it == flags.end()) return fallback;
    T value{};
    if (!absl::SimpleAtoi(it->second, &value)) {
      return absl::InvalidArgumentError(absl::StrCat("bad --", name, ": '", it->second, "'"));
    }
    return value;
  }
};

absl::StatusOr<WorkerArgs> ParseArgs(int argc, char** argv) {
  WorkerArgs args;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.size() <= 2 || arg.substr(0, 2) != "--") {
      positional.emplace_back(arg);
      continue;
    }
    arg.remove_prefix(2);
    const size_t eq = arg.find('=');
    std::string name(arg.substr(0, eq));
    std::string value;
    if (eq != std::string_view::npos) {
      value = std::string(arg.substr(eq + 1));
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      return absl::InvalidArgumentError(absl::StrCat("--", name, " needs a value"));
    }
    if (!args.flags.emplace(name, std::move(value)).second) {
      return absl::InvalidArgumentError(absl::StrCat("--", name, " is given twice"));
    }
  }
  if (positional.size() != 2) {
    return absl::InvalidArgumentError("expected a mode and a file (\"-\" for none)");
  }
  args.mode = positional[0];
  args.file = positional[1];
  return args;
}

int UnitMode(const WorkerArgs& args, const ReportWriter& report) {
  absl::StatusOr<UnitSpec> spec = UnitSpecFromJson(args.Text("spec"));
  if (!spec.ok()) return RefuseRequest(spec.status().message());
  const UnitResult result =
      MeasureUnit(*spec, [&report](std::string_view step) { report.Step(step); });
  report.Result(UnitResultToJson(result));
  return kExitOk;
}

int CalibrateMode(const WorkerArgs& args, const ReportWriter& report) {  // FILE is "-"
  absl::StatusOr<uint32_t> tier_us = args.Number<uint32_t>("tier-us", 0);
  if (!tier_us.ok()) return RefuseRequest(tier_us.status().message());
  absl::StatusOr<int32_t> cpu = args.Number<int32_t>("cpu", -1);
  if (!cpu.ok()) return RefuseRequest(cpu.status().message());
  report.Step("calibrate");
  absl::StatusOr<Calibration> c = CalibrateHere(args.Text("workload"), *tier_us, *cpu);
  if (!c.ok()) return RefuseRequest(c.status().message());
  report.Result(CalibrationToJson(*c));
  return kExitOk;
}

int ProbeMode(const WorkerArgs& args, const ReportWriter& report) {
  report.Step("load");
  absl::StatusOr<LoadedAdapter> adapter = LoadAdapter(args.file);
  report.Result(adapter.ok() ? DescriptorToJson(adapter->descriptor())
                             : ProbeFailureToJson(std::string(adapter.status().message()),
                                                  absl::IsAlreadyExists(adapter.status())));
  return kExitOk;
}

// --logical-cores: the parent's count, which the child passes on rather than counting again.
absl::StatusOr<uint32_t> LogicalCoresFrom(const WorkerArgs& args) {
  absl::StatusOr<uint32_t> cores = args.Number<uint32_t>("logical-cores", 0);
  if (cores.ok() && *cores == 0) {
    return absl::InvalidArgumentError("--logical-cores (the parent's count) must be given");
  }
  return cores;
}

int SemanticsMode(const WorkerArgs& args, const ReportWriter& report) {
  absl::StatusOr<uint32_t> cores = LogicalCoresFrom(args);
  if (!cores.ok()) return RefuseRequest(cores.status().message());
  report.Step("load");
  absl::StatusOr<LoadedAdapter> adapter = LoadAdapter(args.file);
  if (!adapter.ok()) return RefuseRequest(adapter.status().message());
  report.Result(SemanticsProbeToJson(
      ProbeSemantics(*adapter, *cores, [&report](std::string_view step) { report.Step(step); })));
  return kExitOk;
}

// The native task line's gate (native_gate.h): every form of FILE on every frame.
int NativeGateMode(const WorkerArgs& args, const ReportWriter& report) {
  NativeGateOptions gate;
  absl::StatusOr<uint32_t> cores = LogicalCoresFrom(args);
  absl::StatusOr<uint64_t> seed = args.Number<uint64_t>("seed", gate.seed);
  if (!cores.ok() || !seed.ok()) {
    return RefuseRequest(!cores.ok() ? cores.status().message() : seed.status().message());
  }
  gate.logical_cores = *cores;
  gate.seed = *seed;
  report.Step("load");
  absl::StatusOr<LoadedAdapter> adapter = LoadAdapter(args.file);
  if (!adapter.ok()) return RefuseRequest(adapter.status().message());
  gate.on_step = [&report](std::string_view step) { report.Step(step); };
  report.Result(NativeGateVerdictsToJson(RunNativeGate(*adapter, gate)));
  return kExitOk;
}

// The gate's options from the flags, GateOptions's defaults for those not given.
absl::StatusOr<GateOptions> GateOptionsFrom(const WorkerArgs& args) {
  GateOptions gate;
  ZOO_ASSIGN_OR_RETURN(gate.tasks_per_phase, args.Number("tasks", gate.tasks_per_phase));
  ZOO_ASSIGN_OR_RETURN(gate.large_batch, args.Number("large-batch", gate.large_batch));
  ZOO_ASSIGN_OR_RETURN(gate.body_ns, args.Number("body-ns", gate.body_ns));
  ZOO_ASSIGN_OR_RETURN(gate.logical_cores, LogicalCoresFrom(args));
  if (auto it = args.flags.find("options"); it != args.flags.end()) gate.setup_options = it->second;
  if (auto it = args.flags.find("concurrency"); it != args.flags.end()) {
    gate.concurrencies.clear();
    for (absl::string_view part : absl::StrSplit(it->second, ',')) {
      uint32_t c = 0;
      if (!absl::SimpleAtoi(part, &c) || c == 0) {
        return absl::InvalidArgumentError("bad --concurrency");
      }
      gate.concurrencies.push_back(c);
    }
  }
  return gate;
}

int GateMode(const WorkerArgs& args, const ReportWriter& report) {
  absl::StatusOr<GateOptions> gate = GateOptionsFrom(args);
  if (!gate.ok()) return RefuseRequest(gate.status().message());
  report.Step("load");
  absl::StatusOr<LoadedAdapter> adapter = LoadAdapter(args.file);
  if (!adapter.ok()) {
    GateReport refused;
    refused.reason = std::string(adapter.status().message());
    report.Result(GateReportToJson(refused));
    return kExitOk;
  }
  gate->on_step = [&report](std::string_view step) { report.Step(step); };
  report.Result(GateReportToJson(RunGate(*adapter, *gate)));
  return kExitOk;
}

int ProbeReporterMode(const WorkerArgs& args, const ReportWriter& report) {
  report.Step("load");
  absl::StatusOr<LoadedReporter> reporter = LoadReporter(args.file);
  if (reporter.ok()) {
    report.Result(ReporterDescriptorToJson(reporter->descriptor()));
    return kExitOk;
  }
  // A file without the reporter symbol is not a reporter (an adapter, say): not a fault.
  const bool not_a_reporter =
      absl::IsInvalidArgument(reporter.status()) || absl::IsNotFound(reporter.status());
  report.Result(
      ReporterProbeFailureToJson(std::string(reporter.status().message()), not_a_reporter));
  return kExitOk;
}

int RenderMode(const WorkerArgs& args, const ReportWriter& report) {
  report.Step("load");
  absl::StatusOr<LoadedReporter> reporter = LoadReporter(args.file);
  std::vector<std::string> written;
  if (!reporter.ok()) {
    report.Result(RenderResultToJson(reporter.status(), written));
    return kExitOk;
  }
  const std::string model_file = args.Text("model");
  std::ifstream in(model_file, std::ios::binary);
  std::stringstream model;
  model << in.rdbuf();
  if (!in) {
    report.Result(RenderResultToJson(
        absl::NotFoundError(absl::StrCat(model_file, ": cannot be read")), written));
    return kExitOk;
  }
  report.Step(absl::StrCat("render (", reporter->descriptor().name, ")"));
  const absl::Status s =
      RenderWithReporter(*reporter, model.str(), args.Text("out"), args.Text("lang"),
                         args.Text("formats"), &written, args.Text("document", "report"));
  report.Result(RenderResultToJson(s, written));
  return kExitOk;
}

struct Mode {
  const char* name;
  const char* flags;  // the flags it takes beside --report-fd, separated by spaces
  int (*run)(const WorkerArgs& args, const ReportWriter& report);
};

// Every mode a worker child runs; worker_client.h's callers name them.
constexpr Mode kModes[] = {
    {"probe", "", &ProbeMode},
    {"gate", "tasks large-batch concurrency body-ns logical-cores options", &GateMode},
    {"semantics", "logical-cores", &SemanticsMode},
    {"native-gate", "logical-cores seed", &NativeGateMode},
    {"unit", "spec", &UnitMode},
    {"calibrate", "workload tier-us cpu", &CalibrateMode},
    {"probe-reporter", "", &ProbeReporterMode},
    {"render", "model out lang formats document", &RenderMode},
};

}  // namespace

int RunWorkerMode(int argc, char** argv) {
  // A worker lives in its own process group (so a deadline can kill all it started), which
  // also keeps Ctrl-C away from it: it must not outlive the zoo-host that started it.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) return kExitUsage;
  absl::StatusOr<WorkerArgs> args = ParseArgs(argc, argv);
  if (!args.ok()) return RefuseRequest(args.status().message());
  const Mode* mode = nullptr;
  for (const Mode& m : kModes) {
    if (args->mode == m.name) mode = &m;
  }
  if (mode == nullptr) return RefuseRequest(absl::StrCat("unknown mode '", args->mode, "'"));
  int report_fd = -1;
  auto fd = args->flags.extract("report-fd");
  if (fd.empty() || !absl::SimpleAtoi(fd.mapped(), &report_fd) || report_fd < 0) {
    return RefuseRequest("--report-fd: a file descriptor is required");
  }
  const std::vector<absl::string_view> known = absl::StrSplit(mode->flags, ' ');
  for (const auto& [name, value] : args->flags) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      return RefuseRequest(absl::StrCat("mode ", mode->name, " takes no --", name));
    }
  }
  return mode->run(*args, ReportWriter(report_fd));
}

}  // namespace zoo
