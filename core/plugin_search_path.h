// Where adapter plugins are looked for, in order: every --plugin PATH (a file or a folder),
// then the colon-separated ZOO_HOST_PLUGIN_PATH, then the built-in location (the build tree's
// plugins/ when zoo-host runs from the build tree, else the installed adapter folder).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace zoo {

enum class PluginOrigin { kCommandLine, kEnvironment, kBuiltin };

const char* PluginOriginName(PluginOrigin origin);

struct PluginSearchPath {
  std::vector<std::filesystem::path> command_line;  // --plugin, in the order given
  std::vector<std::filesystem::path> environment;   // ZOO_HOST_PLUGIN_PATH entries
  std::vector<std::filesystem::path> builtin;       // folders
};

struct PluginCandidate {
  std::filesystem::path file;
  PluginOrigin origin;
};

// Splits a colon-separated list; empty entries are skipped.
std::vector<std::filesystem::path> SplitPathList(const std::string& list);

// The built-in adapter folders for the zoo-host binary at `executable`.
std::vector<std::filesystem::path> BuiltinAdapterDirs(const std::filesystem::path& executable);

// The search path of this process: `command_line` plus the environment plus the built-ins.
PluginSearchPath DefaultSearchPath(std::vector<std::filesystem::path> command_line);

// Every candidate plugin file, in search order: a file entry as given; a folder's regular
// files ending in ".so", sorted by name. The same file reached twice is listed once.
// kInvalidArgument when a --plugin path does not exist (a user's mistake); missing
// environment or built-in folders are skipped, as a missing PATH entry is.
absl::StatusOr<std::vector<PluginCandidate>> ListCandidates(const PluginSearchPath& search);

}  // namespace zoo
