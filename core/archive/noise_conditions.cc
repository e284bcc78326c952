#include "core/archive/noise_conditions.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>
#include <string_view>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/base/under_root.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;

// The first line of a small kernel file, trimmed; nullopt when it cannot be read.
std::optional<std::string> FirstLineIfReadable(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  return std::string(absl::StripAsciiWhitespace(line));
}

// `variant` ("held") tells two statements of one state apart: "noise.idle.fine_held".
NoiseCondition MakeCondition(std::string code, const char* state, std::string observed,
                             std::string detail,
                             std::vector<std::pair<std::string, std::string>> args,
                             std::string_view variant = "") {
  std::string key = absl::StrCat("noise.", code, ".", state);
  if (!variant.empty()) absl::StrAppend(&key, "_", absl::string_view(variant.data(), variant.size()));
  Message message{std::move(key), std::move(args)};
  return NoiseCondition{.code = std::move(code),
                        .state = state,
                        .observed = std::move(observed),
                        .detail = std::move(detail),
                        .message = std::move(message)};
}

// `source` names what could not be read, as paths: message arguments, not prose.
NoiseCondition NotCheckable(std::string code, std::string detail, std::string source) {
  std::vector<std::pair<std::string, std::string>> args;
  if (!source.empty()) args.emplace_back("source", std::move(source));
  return MakeCondition(std::move(code), kNoiseNotCheckable, "", std::move(detail), std::move(args));
}

// cpu0, cpu1, ...: not cpufreq, cpuidle.
bool IsCpuDirectory(const std::string& name) {
  return name.size() > 3 && name.rfind("cpu", 0) == 0 &&
         std::all_of(name.begin() + 3, name.end(), [](char c) { return absl::ascii_isdigit(c); });
}

}  // namespace

NoiseCondition CheckGovernor(const fs::path& root) {
  const fs::path cpus = UnderRoot(root, "/sys/devices/system/cpu");
  std::set<std::string> governors;
  size_t total = 0, not_performance = 0;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(cpus, ec)) {
    if (!IsCpuDirectory(entry.path().filename().string())) continue;
    std::optional<std::string> governor =
        FirstLineIfReadable(entry.path() / "cpufreq/scaling_governor");
    if (!governor || governor->empty()) continue;
    ++total;
    if (*governor != "performance") ++not_performance;
    governors.insert(*governor);
  }
  // No cpufreq at all: containers without /sys, VMs, kernels without a cpufreq driver.
  if (total == 0) {
    return NotCheckable("governor",
                        "CPU frequency governor: no cpufreq/scaling_governor could be read",
                        "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor");
  }
  const std::string observed = absl::StrJoin(governors, ",");
  const std::string cpus_arg = absl::StrCat(total);
  if (not_performance == 0) {
    return MakeCondition(
        "governor", kNoiseFine, observed,
        absl::StrCat("CPU frequency governor: performance on all ", total, " CPUs"),
        {{"cpus", cpus_arg}});
  }
  return MakeCondition(
      "governor", kNoiseWarning, observed,
      absl::StrCat("CPU frequency governor is not performance on ", not_performance, " of ", total,
                   " CPUs (", observed, "): the clock speed changes under the benchmark"),
      {{"governors", observed},
       {"count", absl::StrCat(not_performance)},
       {"cpus", cpus_arg},
       {"command", "sudo cpupower frequency-set -g performance"}});
}

NoiseCondition CheckTurbo(const fs::path& root) {
  // intel_pstate says it inverted (no_turbo); acpi-cpufreq and amd-pstate say boost.
  struct Source {
    const char* path;
    const char* on;   // the value that means turbo is on
    const char* off;  // the value to write to turn it off
  };
  for (const Source& s : {Source{"/sys/devices/system/cpu/intel_pstate/no_turbo", "0", "1"},
                          Source{"/sys/devices/system/cpu/cpufreq/boost", "1", "0"}}) {
    std::optional<std::string> value = FirstLineIfReadable(UnderRoot(root, s.path));
    if (!value || value->empty()) continue;
    const std::string observed = absl::StrCat(fs::path(s.path).parent_path().filename().string(),
                                              "/", fs::path(s.path).filename().string(), " = ",
                                              *value);
    if (*value == s.on) {
      return MakeCondition("turbo", kNoiseWarning, observed,
                           absl::StrCat("turbo/boost is on (", observed,
                                        "): the clock rises and falls with temperature and load"),
                           {{"source", observed},
                            {"command", absl::StrCat("echo ", s.off, " | sudo tee ", s.path)}});
    }
    return MakeCondition("turbo", kNoiseFine, observed,
                         absl::StrCat("turbo/boost is off (", observed, ")"),
                         {{"source", observed}});
  }
  return NotCheckable("turbo", "turbo/boost: neither intel_pstate/no_turbo nor cpufreq/boost",
                      "/sys/devices/system/cpu/intel_pstate/no_turbo, "
                      "/sys/devices/system/cpu/cpufreq/boost");
}

NoiseCondition CheckAslr(const fs::path& root) {
  constexpr char kSource[] = "/proc/sys/kernel/randomize_va_space";
  std::optional<std::string> value = FirstLineIfReadable(UnderRoot(root, kSource));
  if (!value || value->empty()) {
    return NotCheckable("aslr", absl::StrCat("ASLR: ", kSource, " cannot be read"), kSource);
  }
  if (*value == "0") {
    return MakeCondition("aslr", kNoiseFine, *value, "ASLR is off (randomize_va_space = 0)",
                         {{"value", *value}, {"source", kSource}});
  }
  return MakeCondition("aslr", kNoiseWarning, *value,
                       absl::StrCat("ASLR is on (randomize_va_space = ", *value,
                                    "): every unit's process gets a different memory layout"),
                       {{"value", *value},
                        {"source", kSource},
                        {"command", absl::StrCat("echo 0 | sudo tee ", kSource)}});
}

NoiseCondition CheckBuild(const SystemInfo& e) {
  if (e.build_type.empty() || e.build_type == "unknown") {
    return NotCheckable("build", "build type: not recorded by the build", "");
  }
  const bool sanitized = !e.sanitizers.empty() && e.sanitizers != "none";
  // Meson's "debug" is -O0; "plain" adds no flags at all, so also -O0 unless CXXFLAGS say so.
  const bool unoptimized = e.build_type == "debug" || e.build_type == "plain";
  const std::string observed =
      sanitized ? absl::StrCat(e.build_type, ", sanitize=", e.sanitizers) : e.build_type;
  std::vector<std::pair<std::string, std::string>> args = {
      {"build_type", e.build_type}, {"sanitizers", sanitized ? e.sanitizers : "none"}};
  if (!sanitized && !unoptimized) {
    return MakeCondition("build", kNoiseFine, observed,
                         absl::StrCat("build: ", observed, ", optimized, no sanitizer"), args);
  }
  args.emplace_back("command", "meson configure build -Dbuildtype=release -Db_sanitize=none");
  return MakeCondition(
      "build", kNoiseWarning, observed,
      absl::StrCat("zoo-host is a ", sanitized ? "sanitizer" : "debug", " build (", observed,
                   "): the harness's own code is slower than in a release build"),
      args);
}

NoiseCondition CheckLoad(const fs::path& root, uint32_t logical_cores) {
  std::optional<std::string> line = FirstLineIfReadable(UnderRoot(root, "/proc/loadavg"));
  double load = 0;
  const std::vector<std::string> fields =
      line ? absl::StrSplit(*line, ' ', absl::SkipEmpty()) : std::vector<std::string>{};
  char* end = nullptr;
  if (!fields.empty()) load = std::strtod(fields[0].c_str(), &end);
  if (fields.empty() || end == fields[0].c_str() || *end != '\0' || !(load >= 0) ||
      logical_cores == 0) {
    return NotCheckable("load", "load average: /proc/loadavg or the core count cannot be read",
                        "/proc/loadavg");
  }
  const double threshold = kHighLoadPerCore * logical_cores;
  const std::string observed = fields[0];
  std::vector<std::pair<std::string, std::string>> args = {
      {"load", observed},
      {"cores", absl::StrCat(logical_cores)},
      {"threshold", absl::StrFormat("%.2f", threshold)}};
  if (load <= threshold) {
    return MakeCondition(
        "load", kNoiseFine, observed,
        absl::StrFormat("load average at start: %s, at most %.2f on %u logical cores", observed,
                        threshold, logical_cores),
        args);
  }
  args.emplace_back("command", "uptime");
  return MakeCondition(
      "load", kNoiseWarning, observed,
      absl::StrFormat("load average at start is %s, above %.2f on %u logical cores: other "
                      "work competes for the CPUs",
                      observed, threshold, logical_cores),
      args);
}

NoiseCondition CheckHypervisor(const fs::path& root) {
  // Xen guests (and some others) name the hypervisor here even without the cpuinfo flag.
  std::optional<std::string> type = FirstLineIfReadable(UnderRoot(root, "/sys/hypervisor/type"));
  if (type && !type->empty()) {
    const std::string observed = absl::StrCat("/sys/hypervisor/type = ", *type);
    return MakeCondition("hypervisor", kNoiseWarning, observed,
                         absl::StrCat("running under a hypervisor (", observed,
                                      "): other guests share the host's CPUs"),
                         {{"evidence", observed}});
  }
  std::ifstream in(UnderRoot(root, "/proc/cpuinfo"));
  std::string line;
  bool has_flags = false;
  while (std::getline(in, line)) {
    // x86 lists CPU features on "flags"; other architectures have no hypervisor flag.
    if (line.rfind("flags", 0) != 0) continue;
    const std::string::size_type colon = line.find(':');
    if (colon == std::string::npos) continue;
    has_flags = true;
    for (absl::string_view flag : absl::StrSplit(absl::string_view(line).substr(colon + 1), ' ',
                                                 absl::SkipEmpty())) {
      if (flag == "hypervisor") {
        const std::string observed = "/proc/cpuinfo flags: hypervisor";
        return MakeCondition("hypervisor", kNoiseWarning, observed,
                             absl::StrCat("running under a hypervisor (", observed,
                                          "): other guests share the host's CPUs"),
                             {{"evidence", observed}});
      }
    }
    break;  // every CPU lists the same flags
  }
  if (!has_flags) {
    return NotCheckable("hypervisor",
                        "hypervisor: no CPU flags in /proc/cpuinfo and no /sys/hypervisor/type",
                        "/proc/cpuinfo, /sys/hypervisor/type");
  }
  return MakeCondition("hypervisor", kNoiseFine, "none", "no hypervisor flag in /proc/cpuinfo",
                       {{"source", "/proc/cpuinfo"}});
}

NoiseCondition CheckIdleStates(const fs::path& root, const CpuIdleHold& hold) {
  constexpr char kStates[] = "/sys/devices/system/cpu/cpu0/cpuidle";
  // The deepest state the kernel may enter: the largest exit latency of the enabled states.
  std::string deepest;
  uint64_t latency_us = 0;
  bool listed = false;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(UnderRoot(root, kStates), ec)) {
    if (entry.path().filename().string().rfind("state", 0) != 0) continue;
    const std::optional<std::string> name = FirstLineIfReadable(entry.path() / "name");
    const std::optional<std::string> latency = FirstLineIfReadable(entry.path() / "latency");
    uint64_t us = 0;
    if (!name || !latency || !absl::SimpleAtoi(*latency, &us)) continue;
    listed = true;
    if (FirstLineIfReadable(entry.path() / "disable").value_or("0") == "1") continue;
    if (deepest.empty() || us > latency_us) deepest = *name, latency_us = us;
  }
  if (!listed || deepest.empty()) {
    return NotCheckable("idle", absl::StrCat("CPU idle states: none listed in ", kStates), kStates);
  }
  const std::string driver =
      FirstLineIfReadable(UnderRoot(root, "/sys/devices/system/cpu/cpuidle/current_driver"))
          .value_or("");
  std::vector<std::pair<std::string, std::string>> args = {
      {"deepest", deepest}, {"latency", absl::StrCat(latency_us)},
      {"driver", driver.empty() ? "?" : driver}, {"device", "/dev/cpu_dma_latency"}};
  const std::string state = absl::StrCat(deepest, " (declared exit latency ", latency_us, " us)");
  if (latency_us == 0) {
    return MakeCondition(
        "idle", kNoiseFine, state,
        absl::StrCat("CPU idle states: the deepest is ", state, ", nothing to wake from"), args);
  }
  if (hold.held()) {
    return MakeCondition(
        "idle", kNoiseFine, absl::StrCat(state, ", held off"),
        absl::StrCat("CPU idle states: held off for the run (/dev/cpu_dma_latency at 0); "
                     "the deepest is ",
                     state),
        args, "held");
  }
  args.emplace_back("reason", hold.why());
  args.emplace_back("command", hold.requested() ? "sudo zoo-host run" : "--cpu-idle shallow");
  return MakeCondition(
      "idle", kNoiseWarning, absl::StrCat(state, ", allowed"),
      absl::StrCat("CPU idle states: the CPUs may enter ", state, " while they wait (", hold.why(),
                   "): a wake-up to an idle CPU pays its exit latency"),
      args, hold.requested() ? "" : "not_requested");
}

NoiseCondition CheckRounds(uint32_t processes, uint32_t measured_rounds) {
  const uint32_t total = processes * measured_rounds;
  std::vector<std::pair<std::string, std::string>> args = {
      {"processes", absl::StrCat(processes)},
      {"rounds", absl::StrCat(measured_rounds)},
      {"total", absl::StrCat(total)},
      {"minimum_processes", absl::StrCat(kMinTrustworthyProcesses)},
      {"minimum", absl::StrCat(kMinTrustworthyRounds)}};
  const std::string observed = absl::StrCat(processes, " x ", measured_rounds);
  if (processes >= kMinTrustworthyProcesses && total >= kMinTrustworthyRounds) {
    return MakeCondition(
        "samples", kNoiseFine, observed,
        absl::StrCat(processes, " processes of ", measured_rounds,
                     " measured rounds per cell, at least ", kMinTrustworthyProcesses,
                     " processes and ", kMinTrustworthyRounds, " rounds in all"),
        args);
  }
  const uint32_t need_processes = std::max(processes, kMinTrustworthyProcesses);
  const uint32_t need_rounds =
      std::max(measured_rounds, (kMinTrustworthyRounds + need_processes - 1) / need_processes);
  args.emplace_back("command",
                    absl::StrCat("--processes ", need_processes, " --rounds ", need_rounds));
  return MakeCondition(
      "samples", kNoiseWarning, observed,
      absl::StrCat(processes, " processes of ", measured_rounds,
                   " measured rounds per cell, fewer than the ", kMinTrustworthyProcesses,
                   " processes and ", kMinTrustworthyRounds,
                   " rounds in all a trustworthy verdict needs"),
      args);
}

NoiseRecord ReadNoiseConditions(const SystemInfo& environment, const Matrix& matrix,
                                const CpuIdleHold& idle, const fs::path& root) {
  NoiseRecord record;
  record.recorded = true;
  record.conditions = {CheckGovernor(root),
                       CheckTurbo(root),
                       CheckAslr(root),
                       CheckBuild(environment),
                       CheckLoad(root, environment.logical_cores),
                       CheckHypervisor(root),
                       CheckIdleStates(root, idle),
                       CheckRounds(matrix.processes, matrix.measured_rounds)};
  return record;
}

}  // namespace zoo
