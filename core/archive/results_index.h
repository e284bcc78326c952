// The archives of a results folder, found and ordered for `zoo-host index`. An archive is a
// depth-2 *.json file, results/<subject>-<version>/<UTC>.json; anything deeper (a report
// folder's report-model.json) or shallower is not one.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace zoo {

struct IndexedArchive {
  std::filesystem::path path;  // as found under the results folder
  std::string folder;          // "<subject>-<version>" (the results folder's own, sanitized)
  std::string stem;            // "20261130T130619Z"
  std::string subject;
  std::string subject_version;
  std::string started_utc;
};

struct ResultsScan {
  // Grouped by subject (by name), then by recorded subject version (CompareVersions), then
  // by start time, then by path.
  std::vector<IndexedArchive> archives;
  // One sentence per depth-2 *.json file that is not a readable archive (naming it); such a
  // file is skipped.
  std::vector<std::string> skipped;
};

// kInvalidArgument / kNotFound when `results` is not a folder that can be read.
absl::StatusOr<ResultsScan> ScanResults(const std::filesystem::path& results);

// Versions compared by dot-separated parts: numerically where both parts are numbers
// ("1.9" < "1.10"), else as text; a version that is a prefix of the other comes first.
// Negative, zero or positive like strcmp.
int CompareVersions(std::string_view a, std::string_view b);

// Per subject, the latest archive (by start time) of each recorded version, paired with the
// next version's: indices into `archives` as (older version, newer version).
std::vector<std::pair<size_t, size_t>> AdjacentVersionPairs(
    const std::vector<IndexedArchive>& archives);

}  // namespace zoo
