// Every reporter plugin zoo-host can use: the built-in ones (md, html, csv, json) and any a
// third party ships, found on the same search path as adapters (--plugin, then
// ZOO_HOST_PLUGIN_PATH, then the built-in reporter folder). Each is probed in a child.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/plugin/plugin_search_path.h"
#include "core/plugin/reporter_loader.h"

namespace zoo {

struct ReporterEntry {
  PluginCandidate candidate;
  std::optional<ReporterDescriptor> descriptor;
  std::string problem;  // one sentence; empty when usable
  bool shadowed = false;  // as CatalogEntry::shadowed: a duplicate name, ignored, not an error
  bool usable() const { return problem.empty(); }
};

// The built-in reporter folders for the zoo-host binary at `executable`.
std::vector<std::filesystem::path> BuiltinReporterDirs(const std::filesystem::path& executable);

// `command_line` (--plugin paths) plus ZOO_HOST_PLUGIN_PATH plus the built-in reporters.
PluginSearchPath DefaultReporterSearchPath(std::vector<std::filesystem::path> command_line);

// Probes each candidate in a child `zoo_host __worker probe-reporter FILE`. Files that are
// not reporters (adapters, other libraries) are left out without a word: the adapter catalog
// speaks for them. A name already taken by an earlier reporter makes the later one unusable.
std::vector<ReporterEntry> BuildReporterCatalog(const std::vector<PluginCandidate>& candidates,
                                                const std::filesystem::path& zoo_host,
                                                std::chrono::milliseconds timeout);

}  // namespace zoo
