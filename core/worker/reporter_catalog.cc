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
#include "core/worker/worker_client.h"
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
  ZOO_ASSIGN_OR_RETURN(doc, json::ParseAnswer(json, "the reporter probe's answer"));
  ProbeAnswer a;
  if (doc.HasMember("error") && doc["error"].IsString()) {
    a.error = doc["error"].GetString();
    a.not_a_reporter = doc.HasMember("not_a_reporter");
  }
  return a;
}

// The reporter in `file`, nullopt when the file is not a reporter, or the one sentence saying
// why it cannot be used.
absl::StatusOr<std::optional<ReporterDescriptor>> ProbeReporter(
    const fs::path& file, const fs::path& zoo_host, std::chrono::milliseconds timeout) {
  const WorkerReply reply = RunWorker({.zoo_host = zoo_host,
                                       .mode = "probe-reporter",
                                       .file = file.string(),
                                       .timeout = timeout,
                                       .answer_suffices = true,
                                       .subject = absl::StrCat(file.string(), ": loading it"),
                                       .place = "in the probe process"});
  if (!reply.status.ok()) return reply.status;
  absl::StatusOr<ProbeAnswer> answer = ReadReporterProbeAnswer(reply.answer);
  if (!answer.ok()) return answer.status();
  if (answer->not_a_reporter) return std::nullopt;
  if (!answer->error.empty()) return absl::FailedPreconditionError(answer->error);
  absl::StatusOr<ReporterDescriptor> d = ReporterDescriptorFromJson(reply.answer);
  if (!d.ok()) return d.status();
  return *std::move(d);
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
    absl::StatusOr<std::optional<ReporterDescriptor>> d = ProbeReporter(c.file, zoo_host, timeout);
    if (d.ok() && !d->has_value()) continue;  // not a reporter
    if (!d.ok()) {
      entry.problem = std::string(d.status().message());
    } else {
      entry.descriptor = std::move(*d);
      auto [it, inserted] = owner_of_name.emplace(entry.descriptor->name, &c);
      if (!inserted) {
        entry.problem =
            DuplicateNameProblem(PluginKind::kReporter, entry.descriptor->name, *it->second, c);
        entry.shadowed = true;
      }
    }
    catalog.push_back(std::move(entry));
  }
  return catalog;
}

}  // namespace zoo
