// What every zoo-host command shares: exit codes, the usage-error sentence, the plugin
// search, and the path of this binary (to start worker children).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/positional_options.hpp>
#include <boost/program_options/variables_map.hpp>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/worker/plugin_catalog.h"

namespace zoo::cli {

// Documented in README.md and --help.
inline constexpr int kExitOk = 0;
inline constexpr int kExitRejected = 1;  // something was refused or failed its checks
inline constexpr int kExitUsage = 2;     // a bad flag, file or argument
inline constexpr int kExitRegression = 3;  // compare --fail-on-regression: the gate tripped

// Prints "zoo-host <command>: <message>" to stderr and returns kExitUsage.
int UsageError(const std::string& command, const std::string& message);

// Prints "zoo-host <command>: <status message>" to stderr and returns its exit code:
// kExitRejected when the machine failed (a full disk, an I/O error: kUnavailable, kInternal,
// kResourceExhausted, kDataLoss), since nothing the user typed was wrong; else kExitUsage.
int StatusError(const std::string& command, const absl::Status& status);

// kExitOk, or the usage error for the first string flag (or positional argument) of
// `options` given an empty value: "--out ''" would otherwise act as the default, or as the
// current folder. `positional` names the options that are given without a flag.
int RefuseEmptyValues(const std::string& command,
                      const boost::program_options::variables_map& vm,
                      const boost::program_options::options_description& options,
                      const std::vector<std::string>& positional = {});

// Parses a command's arguments into `vm`, positional ones by `positional`. Returns nullopt
// when the command goes on; otherwise its exit code: kExitOk after printing the help for
// --help, kExitUsage after one sentence for a bad flag or an empty value (RefuseEmptyValues).
std::optional<int> ParseCommandLine(
    const std::string& command, int argc, char** argv,
    const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional,
    boost::program_options::variables_map& vm);

// A comma-separated list of names given to `flag` ("md,html"): each trimmed, none empty, none
// twice (as a matrix file's lists are refused: "--format: lists md twice").
absl::StatusOr<std::vector<std::string>> ParseNameList(std::string_view text,
                                                       std::string_view flag);

// The help of --allow-untrusted-plugins, which every command that loads plugins takes.
inline constexpr char kAllowUntrustedPluginsHelp[] =
    "load plugin files even when their file or folder is writable by group or others "
    "(refused otherwise: anyone who can write there could replace what is measured)";

// This zoo-host binary, for `__worker` children.
std::filesystem::path SelfExecutable();

// Candidates from --plugin paths, ZOO_HOST_PLUGIN_PATH and the built-in location, each
// probed in a child process. kInvalidArgument for a --plugin path that does not exist.
absl::StatusOr<std::vector<CatalogEntry>> DiscoverAdapters(
    const std::vector<std::string>& plugin_paths, bool allow_untrusted_plugins = false);

// The report folder `zoo-host run` and `render` use by default: beside the archive, named
// after it (results/x/20261130T130619Z.json -> results/x/20261130T130619Z/).
std::filesystem::path DefaultReportDir(const std::filesystem::path& archive);

// Renders `archive` into `out_dir` and prints the files; exit code (StatusError's on
// failure, with the one sentence saying why, as "zoo-host <command>: ...").
int RenderReport(const std::filesystem::path& archive, const std::filesystem::path& out_dir,
                 const std::string& formats, const std::string& language,
                 const std::string& reporter, const std::vector<std::string>& plugins,
                 bool allow_untrusted_plugins, const std::string& command,
                 const std::string& reference = "");

}  // namespace zoo::cli
