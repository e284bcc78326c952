// `zoo-host render`: one archive -> one report model -> the reporters that write it. Each
// reporter runs in a child (`zoo-host __worker render`), so a reporter that crashes or hangs
// costs its own output only; the archive is only ever read.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/model/report_model.h"
#include "core/plugin/reporter_loader.h"

namespace zoo {

inline constexpr char kDefaultReportFormats[] = "md,html,csv,json";
inline constexpr char kDefaultCompareFormats[] = "md,html,json";

struct RenderRequest {
  std::filesystem::path archive;
  std::filesystem::path out_dir;
  std::vector<std::string> formats;  // empty: every format of `reporter`, or the defaults
  std::string language = "en";
  std::string reporter;              // "": for each format the first reporter that serves it
  std::vector<std::string> plugin_paths;
  bool allow_untrusted_plugins = false;  // plugin_search_path.h
  std::filesystem::path zoo_host;
  AnalysisOptions analysis;
  std::chrono::milliseconds reporter_timeout{120'000};
  std::function<void(std::string_view)> on_note;
};

struct RenderOutcome {
  std::string archive_shown;         // as the report prints it (relative to the repository)
  std::vector<std::string> files;    // written, relative to out_dir, in order
};

// kInvalidArgument / kNotFound: a user's mistake (a missing, corrupt or foreign archive, an
// unknown format, language or reporter). kFailedPrecondition: a reporter failed (its name and
// its sentence). kUnavailable: the machine refused a write (a full disk: the path and the
// system's reason). The report is written into a staging folder and moved to out_dir only
// when complete (atomic_file.h): a failure leaves no half folder.
absl::StatusOr<RenderOutcome> RenderArchive(const RenderRequest& request);

// What RenderArchive would refuse before reading the archive (the formats, the language, the
// reporter), found the same way; `zoo-host run` asks before it measures anything.
absl::Status CheckRenderRequest(const RenderRequest& request);

// `zoo-host compare`'s rendering: the compare document (core/compare_model_json.h) through
// every reporter whose `documents` include "compare" (request.archive is not read; formats
// default to kDefaultCompareFormats). The same errors as RenderArchive.
absl::StatusOr<RenderOutcome> RenderCompareDocument(const std::string& compare_json,
                                                    const RenderRequest& request);

// How a report names its archive: relative to the repository holding it (the nearest folder
// above it with a .git), else relative to the current folder, else the file name alone; never
// an absolute path of the machine that rendered it.
std::string ShownArchivePath(const std::filesystem::path& archive);

// Child side: renders `model_json` (a `document`: "report" or "compare") with `reporter` into `out_dir` (files written atomically;
// absolute paths, "..", and a second write of one path refused). Returns the files written,
// or the reporter's failure; `written` holds what was written before a failure.
absl::Status RenderWithReporter(const LoadedReporter& reporter, std::string_view model_json,
                                const std::filesystem::path& out_dir, const std::string& language,
                                const std::string& formats, std::vector<std::string>* written,
                                const std::string& document = "report");

std::string RenderResultToJson(const absl::Status& status, const std::vector<std::string>& files);

}  // namespace zoo
