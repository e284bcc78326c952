// Every candidate plugin file, probed and checked: usable adapters with their descriptors,
// and for each file that is not usable one sentence saying why. One bad file never stops the
// others.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/plugin/adapter_descriptor.h"
#include "core/plugin/plugin_search_path.h"

namespace zoo {

struct CatalogEntry {
  PluginCandidate candidate;
  std::optional<AdapterDescriptor> descriptor;  // set when the entry could be read
  std::string problem;                          // one sentence; empty when usable
  // A later file under a name an earlier one took: ignored, and not an error (a --plugin build
  // of an installed adapter is how a developer tries a change). list, validate and run all say
  // "skipped" with the same sentence and exit as if the file were not there.
  bool shadowed = false;
  bool usable() const { return problem.empty(); }
};


// Reads one plugin's descriptor, or says why it cannot.
using Probe = std::function<absl::StatusOr<AdapterDescriptor>(const std::filesystem::path&)>;

// Probes every candidate in order. A name already taken by an earlier usable entry makes the
// later one shadowed ("duplicate adapter name ... is ignored"); search order decides who wins.
std::vector<CatalogEntry> BuildCatalog(const std::vector<PluginCandidate>& candidates,
                                       const Probe& probe);

// Loads the plugin in this process (runs its static constructors here).
Probe InProcessProbe();

// Loads the plugin in a child `zoo_host __worker probe FILE`, so that a plugin that crashes
// or hangs while loading costs only that child.
Probe ChildProbe(std::filesystem::path zoo_host, std::chrono::milliseconds timeout);

}  // namespace zoo
