#include "core/worker/plugin_catalog.h"

#include <map>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/plugin/plugin_loader.h"
#include "core/worker/worker_client.h"
#include "core/worker/worker_protocol.h"

namespace zoo {

std::vector<CatalogEntry> BuildCatalog(const std::vector<PluginCandidate>& candidates,
                                       const Probe& probe) {
  std::vector<CatalogEntry> catalog;
  std::map<std::string, const PluginCandidate*> owner_of_name;  // name -> the first usable one
  for (const PluginCandidate& c : candidates) {
    CatalogEntry entry{.candidate = c, .descriptor = std::nullopt, .problem = ""};
    if (!c.refused.empty()) {  // never loaded, not even to probe it
      entry.problem = c.refused;
      catalog.push_back(std::move(entry));
      continue;
    }
    absl::StatusOr<AdapterDescriptor> d = probe(c.file);
    if (d.status().code() == absl::StatusCode::kAlreadyExists) continue;  // a reporter
    if (!d.ok()) {
      entry.problem = std::string(d.status().message());
    } else {
      entry.descriptor = *std::move(d);
      auto [it, inserted] = owner_of_name.emplace(entry.descriptor->name, &c);
      if (!inserted) {
        entry.problem =
            DuplicateNameProblem(PluginKind::kAdapter, entry.descriptor->name, *it->second, c);
        entry.shadowed = true;
      }
    }
    catalog.push_back(std::move(entry));
  }
  return catalog;
}

Probe InProcessProbe() {
  return [](const std::filesystem::path& file) -> absl::StatusOr<AdapterDescriptor> {
    absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(file);
    if (!loaded.ok()) return loaded.status();
    return loaded->descriptor();
  };
}

Probe ChildProbe(std::filesystem::path zoo_host, std::chrono::milliseconds timeout) {
  return [zoo_host = std::move(zoo_host),
          timeout](const std::filesystem::path& file) -> absl::StatusOr<AdapterDescriptor> {
    const WorkerReply reply = RunWorker({.zoo_host = zoo_host,
                                         .mode = "probe",
                                         .file = file.string(),
                                         .timeout = timeout,
                                         .answer_suffices = true,
                                         .subject = absl::StrCat(file.string(), ": loading it"),
                                         .place = "in the probe process"});
    if (reply.status.ok()) return ProbeResultFromJson(reply.answer);
    if (reply.child.pid == 0) return reply.status;  // never started
    return absl::FailedPreconditionError(reply.sentence);
  };
}

}  // namespace zoo
