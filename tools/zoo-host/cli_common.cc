#include "tools/zoo-host/cli_common.h"

#include <chrono>
#include <iostream>
#include <system_error>

namespace zoo::cli {

int UsageError(const std::string& command, const std::string& message) {
  std::cerr << "zoo-host " << command << ": " << message << "\n";
  return kExitUsage;
}

std::filesystem::path SelfExecutable() {
  std::error_code ec;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path("zoo-host") : self;
}

absl::StatusOr<std::vector<CatalogEntry>> DiscoverAdapters(
    const std::vector<std::string>& plugin_paths) {
  std::vector<std::filesystem::path> paths(plugin_paths.begin(), plugin_paths.end());
  absl::StatusOr<std::vector<PluginCandidate>> candidates =
      ListCandidates(DefaultSearchPath(std::move(paths)));
  if (!candidates.ok()) return candidates.status();
  return BuildCatalog(*candidates, ChildProbe(SelfExecutable(), std::chrono::seconds(20)));
}

}  // namespace zoo::cli
