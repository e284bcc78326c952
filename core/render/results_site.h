// `zoo-host index`: a static site of a results folder. Every archive (results_index.h) gets
// its report rendered (RenderArchive) and its raw JSON copied; each subject's adjacent
// versions (the latest archive of each) get a compare page; index.html and index.md link
// them all. Every link is relative and points at a file the build wrote, so the folder can be
// moved or served as it is. Files are written atomically; nothing under `results` changes.
//
//   SITE/index.html, SITE/index.md
//   SITE/reports/<subject>-<version>/<UTC>.json        the archive, byte for byte
//   SITE/reports/<subject>-<version>/<UTC>/report.*    its report (render's default formats)
//   SITE/compare/<old folder>.vs-<new folder>/compare.{md,html,json}
//   SITE/history/<machine>-<subject>.{md,html,svg}      one per machine and subject
//                                                        (history_page.h)
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace zoo {

struct SiteRequest {
  std::filesystem::path results;
  std::filesystem::path out_dir;
  std::string language = "en";  // of the reports and compare pages
  std::vector<std::string> plugin_paths;
  bool allow_untrusted_plugins = false;  // plugin_search_path.h
  std::filesystem::path zoo_host;
  std::function<void(std::string_view)> on_note;
};

struct SiteOutcome {
  size_t archives = 0;
  size_t compares = 0;
  std::vector<std::string> skipped;  // one sentence per malformed archive, naming it
};

// kInvalidArgument for a results folder that is missing or unreadable, an output folder that
// cannot be made, or an unknown language; kFailedPrecondition when a reporter fails;
// kUnavailable when the machine refuses a write (a full disk). The site is built in a staging
// folder and moved into place only when complete: a failure leaves no half site. An archive that is malformed, or reads but cannot
// be reported (no measured unit of its subject), is skipped and named in `skipped`, never
// fatal; so is a compare page whose two archives cannot be compared.
absl::StatusOr<SiteOutcome> BuildResultsSite(const SiteRequest& request);

}  // namespace zoo
