#include "core/worker/reporter_catalog.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <system_error>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/build_config.h"
#include "core/base/build_tree.h"
#include "core/base/json_util.h"
#include "core/worker/child_process.h"
#include "core/worker/worker_protocol.h"
#include "rapidjson/document.h"

namespace zoo {

namespace fs = std::filesystem;

namespace {

struct ProbeAnswer {
  bool not_a_reporter = false;
  std::string error;  // the refusal of a reporter this host cannot use
};

absl::StatusOr<ProbeAnswer> ReadReporterProbeAnswer(const std::string& json) {
  rapidjson::Document doc;
  // RapidJSON parses recursively: a plugin's child must not overflow the host's stack.
  const bool too_deep = json::NestingDepth(json) > json::kMaxJsonDepth;
  if (!too_deep) doc.Parse(json.data(), json.size());
  if (too_deep || doc.HasParseError() || !doc.IsObject()) {
    return absl::InvalidArgumentError("the reporter probe's answer is not a JSON object");
  }
  ProbeAnswer a;
  if (doc.HasMember("error") && doc["error"].IsString()) {
    a.error = doc["error"].GetString();
    a.not_a_reporter = doc.HasMember("not_a_reporter");
  }
  return a;
}

}  // namespace

std::vector<fs::path> BuiltinReporterDirs(const fs::path& executable) {
  std::error_code ec;
  const fs::path exe_dir = fs::weakly_canonical(executable, ec).parent_path();
  if (!ec && exe_dir == fs::weakly_canonical(build_tree::kToolsDir, ec)) {
    std::vector<fs::path> dirs;
    for (const fs::directory_entry& e : fs::directory_iterator(build_tree::kReportersDir, ec)) {
      if (e.is_directory(ec)) dirs.push_back(e.path());
    }
    std::sort(dirs.begin(), dirs.end());
    return dirs;
  }
  if (std::string(ZOO_REPORTERDIR_FROM_BINDIR).empty()) return {ZOO_INSTALLED_REPORTERDIR};
  return {(exe_dir / ZOO_REPORTERDIR_FROM_BINDIR).lexically_normal()};
}

PluginSearchPath DefaultReporterSearchPath(std::vector<fs::path> command_line) {
  PluginSearchPath search;
  search.command_line = std::move(command_line);
  if (const char* env = std::getenv("ZOO_HOST_PLUGIN_PATH")) search.environment = SplitPathList(env);
  std::error_code ec;
  search.builtin = BuiltinReporterDirs(fs::read_symlink("/proc/self/exe", ec));
  return search;
}

std::vector<ReporterEntry> BuildReporterCatalog(const std::vector<PluginCandidate>& candidates,
                                                const fs::path& zoo_host,
                                                std::chrono::milliseconds timeout) {
  std::vector<ReporterEntry> catalog;
  std::map<std::string, const PluginCandidate*> owner_of_name;
  for (const PluginCandidate& c : candidates) {
    ReporterEntry entry{.candidate = c, .descriptor = std::nullopt, .problem = ""};
    if (!c.refused.empty()) {  // never loaded, not even to probe it
      entry.problem = c.refused;
      catalog.push_back(std::move(entry));
      continue;
    }
    ChildOptions options{.argv = {zoo_host.string(), "__worker", "probe-reporter",
                                  absl::StrCat("--report-fd=", kChildReportFd), c.file.string()},
                         .timeout = timeout};
    absl::StatusOr<ChildResult> child = RunChild(options);
    if (!child.ok()) {
      entry.problem = std::string(child.status().message());
      catalog.push_back(std::move(entry));
      continue;
    }
    ParsedReport report = ParseReport(child->report);
    if (!report.result_json) {
      entry.problem = absl::StrCat(c.file.string(), ": loading it ", DescribeEnd(*child),
                                   " in the probe process");
      catalog.push_back(std::move(entry));
      continue;
    }
    absl::StatusOr<ProbeAnswer> answer = ReadReporterProbeAnswer(*report.result_json);
    if (!answer.ok()) {
      entry.problem = std::string(answer.status().message());
      catalog.push_back(std::move(entry));
      continue;
    }
    if (answer->not_a_reporter) continue;
    if (!answer->error.empty()) {
      entry.problem = answer->error;
      catalog.push_back(std::move(entry));
      continue;
    }
    absl::StatusOr<ReporterDescriptor> d = ReporterDescriptorFromJson(*report.result_json);
    if (!d.ok()) {
      entry.problem = std::string(d.status().message());
    } else {
      entry.descriptor = *std::move(d);
      auto [it, inserted] = owner_of_name.emplace(entry.descriptor->name, &c);
      if (!inserted) {
        entry.problem = DuplicateNameProblem("reporter", entry.descriptor->name, *it->second, c);
      }
    }
    catalog.push_back(std::move(entry));
  }
  return catalog;
}

}  // namespace zoo
