#include "core/archive/results_index.h"

#include <algorithm>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/archive/archive.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;

bool IsNumber(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Two numbers as text, without overflow: fewer digits (after leading zeros) is smaller.
int CompareNumbers(std::string_view a, std::string_view b) {
  while (a.size() > 1 && a.front() == '0') a.remove_prefix(1);
  while (b.size() > 1 && b.front() == '0') b.remove_prefix(1);
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  return a.compare(b) < 0 ? -1 : a.compare(b) > 0 ? 1 : 0;
}

std::vector<fs::path> SortedEntries(const fs::path& dir, std::error_code& ec) {
  std::vector<fs::path> out;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

int CompareVersions(std::string_view a, std::string_view b) {
  const std::vector<absl::string_view> pa = absl::StrSplit(absl::string_view(a.data(), a.size()), '.');
  const std::vector<absl::string_view> pb = absl::StrSplit(absl::string_view(b.data(), b.size()), '.');
  for (size_t i = 0; i < pa.size() && i < pb.size(); ++i) {
    const std::string_view x(pa[i].data(), pa[i].size()), y(pb[i].data(), pb[i].size());
    const int c = IsNumber(x) && IsNumber(y) ? CompareNumbers(x, y)
                                             : (x < y ? -1 : x > y ? 1 : 0);
    if (c != 0) return c;
  }
  if (pa.size() != pb.size()) return pa.size() < pb.size() ? -1 : 1;
  return 0;
}

absl::StatusOr<ResultsScan> ScanResults(const fs::path& results) {
  std::error_code ec;
  const fs::file_status st = fs::status(results, ec);
  if (!fs::is_directory(st)) {
    // A symbolic link loop says so, not "no such folder".
    const std::string why = st.type() == fs::file_type::not_found ? "no such folder"
                            : ec                                  ? ec.message()
                                                                  : "not a folder";
    return absl::InvalidArgumentError(
        absl::StrCat(results.string(), ": not a results folder (", why, ")"));
  }
  ResultsScan scan;
  const std::vector<fs::path> folders = SortedEntries(results, ec);
  if (ec) {
    return absl::InvalidArgumentError(
        absl::StrCat(results.string(), ": cannot be read: ", ec.message()));
  }
  for (const fs::path& folder : folders) {
    if (!fs::is_directory(folder, ec)) continue;
    for (const fs::path& file : SortedEntries(folder, ec)) {
      if (file.extension() != ".json") continue;
      if (!fs::is_regular_file(file, ec)) {
        if (ec) {  // e.g. a symbolic link loop: named, as any file that cannot be read
          scan.skipped.push_back(absl::StrCat("skipped ", file.string(), ": cannot be read (",
                                              ec.message(), ")"));
        }
        continue;
      }
      absl::StatusOr<Archive> archive = ReadArchive(file);
      if (!archive.ok()) {
        scan.skipped.push_back(absl::StrCat("skipped ", file.string(), ": ",
                                            archive.status().message()));
        continue;
      }
      scan.archives.push_back({.path = file,
                               .folder = folder.filename().string(),
                               .stem = file.stem().string(),
                               .subject = archive->subject,
                               .subject_version = archive->subject_version,
                               .started_utc = archive->run.started_utc});
    }
  }
  std::stable_sort(scan.archives.begin(), scan.archives.end(),
                   [](const IndexedArchive& x, const IndexedArchive& y) {
                     if (x.subject != y.subject) return x.subject < y.subject;
                     if (const int c = CompareVersions(x.subject_version, y.subject_version);
                         c != 0) {
                       return c < 0;
                     }
                     if (x.started_utc != y.started_utc) return x.started_utc < y.started_utc;
                     return x.path < y.path;
                   });
  return scan;
}

std::vector<std::pair<size_t, size_t>> AdjacentVersionPairs(
    const std::vector<IndexedArchive>& archives) {
  // `archives` is in ScanResults order: the last of a run of one (subject, version) is the
  // latest archive of that version.
  std::vector<size_t> latest;
  for (size_t i = 0; i < archives.size(); ++i) {
    const bool last_of_version =
        i + 1 == archives.size() || archives[i + 1].subject != archives[i].subject ||
        CompareVersions(archives[i + 1].subject_version, archives[i].subject_version) != 0;
    if (last_of_version) latest.push_back(i);
  }
  std::vector<std::pair<size_t, size_t>> pairs;
  for (size_t k = 0; k + 1 < latest.size(); ++k) {
    if (archives[latest[k]].subject == archives[latest[k + 1]].subject) {
      pairs.emplace_back(latest[k], latest[k + 1]);
    }
  }
  return pairs;
}

}  // namespace zoo
