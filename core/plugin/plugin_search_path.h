// Where adapter plugins are looked for, in order: every --plugin PATH (a file or a folder),
// then the colon-separated ZOO_HOST_PLUGIN_PATH, then the built-in location (the build tree's
// plugins/ when zoo-host runs from the build tree, else the installed adapter folder).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace zoo {

enum class PluginOrigin { kCommandLine, kEnvironment, kBuiltin };

const char* PluginOriginName(PluginOrigin origin);

// What a plugin file holds: an adapter (zoo_adapter_entry) or a reporter (zoo_reporter_entry).
enum class PluginKind { kAdapter, kReporter };

// "adapter", "reporter": the word in sentences and listings.
const char* PluginKindName(PluginKind kind);

struct PluginSearchPath {
  std::vector<std::filesystem::path> command_line;  // --plugin, in the order given
  std::vector<std::filesystem::path> environment;   // ZOO_HOST_PLUGIN_PATH entries
  std::vector<std::filesystem::path> builtin;       // folders
  // --allow-untrusted-plugins: load files that others could have replaced (see below).
  bool allow_untrusted = false;
};

struct PluginCandidate {
  std::filesystem::path file;
  PluginOrigin origin;
  // Why the file is not to be loaded at all (not even probed: loading runs its code), one
  // sentence naming it; empty when it may be loaded.
  std::string refused = {};
};

// Splits a colon-separated list; empty entries are skipped.
std::vector<std::filesystem::path> SplitPathList(const std::string& list);

// The built-in adapter folders for the zoo-host binary at `executable`.
std::vector<std::filesystem::path> BuiltinAdapterDirs(const std::filesystem::path& executable);

// The search path of this process: `command_line` plus the environment plus the built-ins.
PluginSearchPath DefaultSearchPath(std::vector<std::filesystem::path> command_line);

// Every candidate plugin file, in search order: a file entry as given; a folder's regular
// files ending in ".so", sorted by name. The same file reached twice is listed once.
// kInvalidArgument when a --plugin path does not exist or cannot be used (a user's mistake);
// missing environment or built-in folders are skipped, as a missing PATH entry is.
//
// A plugin's code runs with the user's rights and decides what is measured, so a file that
// someone else could replace is `refused` unless search.allow_untrusted: the file, or the
// folder it is found in, writable by its group or by others (a folder with the sticky bit,
// as /tmp, only for a file given by itself: there others cannot replace it, but in a searched
// folder they could add one). Refused rather than loaded with a warning: a warning scrolls
// away in a run's progress, and the numbers would carry no trace of it.
absl::StatusOr<std::vector<PluginCandidate>> ListCandidates(const PluginSearchPath& search);

// The one sentence for a plugin whose name an earlier one of its kind in the search took: it
// names both files, where each was found, and which is used.
// A plugin's status as list, validate and run name it: "ok", "skipped" (shadowed by an
// earlier file of the same name: ignored, not an error) or "error".
const char* PluginStatusName(bool usable, bool shadowed);

std::string DuplicateNameProblem(PluginKind kind, std::string_view name,
                                 const PluginCandidate& used, const PluginCandidate& ignored);

// The sentence ListCandidates refuses `file` with ("" when only its owner can change it);
// `searched` says whether it was found in a folder that was searched (else given itself).
std::string UntrustedPluginReason(const std::filesystem::path& file, bool searched);

}  // namespace zoo
