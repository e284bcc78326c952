// What every zoo-host command shares: exit codes, the usage-error sentence, the plugin
// search, and the path of this binary (to start worker children).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/plugin_catalog.h"

namespace zoo::cli {

// Documented in README.md and --help.
inline constexpr int kExitOk = 0;
inline constexpr int kExitRejected = 1;  // something was refused or failed its checks
inline constexpr int kExitUsage = 2;     // a bad flag, file or argument
inline constexpr int kExitRegression = 3;  // compare --fail-on-regression: the gate tripped

// Prints "zoo-host <command>: <message>" to stderr and returns kExitUsage.
int UsageError(const std::string& command, const std::string& message);

// This zoo-host binary, for `__worker` children.
std::filesystem::path SelfExecutable();

// Candidates from --plugin paths, ZOO_HOST_PLUGIN_PATH and the built-in location, each
// probed in a child process. kInvalidArgument for a --plugin path that does not exist.
absl::StatusOr<std::vector<CatalogEntry>> DiscoverAdapters(
    const std::vector<std::string>& plugin_paths);

// The report folder `zoo-host run` and `render` use by default: beside the archive, named
// after it (results/x/20261130T130619Z.json -> results/x/20261130T130619Z/).
std::filesystem::path DefaultReportDir(const std::filesystem::path& archive);

// Renders `archive` into `out_dir` and prints the files; exit code (kExitUsage on failure,
// with the one sentence saying why, as "zoo-host <command>: ...").
int RenderReport(const std::filesystem::path& archive, const std::filesystem::path& out_dir,
                 const std::string& formats, const std::string& language,
                 const std::string& reporter, const std::vector<std::string>& plugins,
                 const std::string& command);

}  // namespace zoo::cli
