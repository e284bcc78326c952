#include "core/measure/callgrind.h"

#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <string_view>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace zoo {

std::optional<std::filesystem::path> FindValgrind() {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return std::nullopt;
  for (absl::string_view dir : absl::StrSplit(path, ':', absl::SkipEmpty())) {
    std::filesystem::path candidate = std::filesystem::path(std::string(dir)) / "valgrind";
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec) && access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return std::nullopt;
}

std::string ValgrindVersion(const std::filesystem::path& valgrind) {
  const std::string command = absl::StrCat("'", valgrind.string(), "' --version 2>/dev/null");
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), &pclose);
  if (!pipe) return "";
  char buf[128] = {};
  if (fgets(buf, sizeof buf, pipe.get()) == nullptr) return "";
  return std::string(absl::StripAsciiWhitespace(buf));
}

std::vector<std::string> CallgrindCommand(const std::filesystem::path& valgrind,
                                          const std::filesystem::path& out_file,
                                          const std::vector<std::string>& command) {
  std::vector<std::string> argv = {valgrind.string(), "--tool=callgrind",
                                   absl::StrCat("--callgrind-out-file=", out_file.string()),
                                   "--quiet"};
  argv.insert(argv.end(), command.begin(), command.end());
  return argv;
}

std::vector<std::filesystem::path> CallgrindDumpParts(const std::filesystem::path& out_file) {
  std::vector<std::filesystem::path> parts;
  for (int n = 1;; ++n) {
    std::filesystem::path part(absl::StrCat(out_file.string(), ".", n));
    std::error_code ec;
    if (!std::filesystem::exists(part, ec)) return parts;
    parts.push_back(std::move(part));
  }
}

absl::StatusOr<std::filesystem::path> FindCallgrindDump(const std::filesystem::path& out_file,
                                                        std::string_view trigger) {
  const std::string wanted = absl::StrCat("desc: Trigger: Client Request: ", std::string(trigger));
  for (const std::filesystem::path& part : CallgrindDumpParts(out_file)) {
    std::ifstream in(part);
    std::string line;
    // The "desc:" lines are in the header, which ends with its "events:" line.
    while (std::getline(in, line) && line.rfind("events:", 0) != 0) {
      if (absl::StripTrailingAsciiWhitespace(line) == wanted) return part;
    }
  }
  return absl::NotFoundError(absl::StrCat(out_file.string(), ": callgrind wrote no dump named \"",
                                          std::string(trigger), "\""));
}

absl::StatusOr<uint64_t> ReadCallgrindTotal(const std::filesystem::path& out_file) {
  std::ifstream in(out_file);
  if (!in) return absl::NotFoundError(absl::StrCat(out_file.string(), ": cannot be read"));
  std::optional<uint64_t> totals, summary;
  std::string line;
  while (std::getline(in, line)) {
    for (auto [prefix, slot] : {std::pair{std::string_view("totals:"), &totals},
                                std::pair{std::string_view("summary:"), &summary}}) {
      if (line.rfind(prefix, 0) != 0) continue;
      // "totals: 12345" (the first event is Ir, the only one collected by default).
      std::vector<absl::string_view> fields =
          absl::StrSplit(absl::string_view(line).substr(prefix.size()), ' ', absl::SkipEmpty());
      uint64_t value = 0;
      if (!fields.empty() && absl::SimpleAtoi(fields[0], &value)) *slot = value;
    }
  }
  if (totals) return *totals;
  if (summary) return *summary;
  return absl::InvalidArgumentError(
      absl::StrCat(out_file.string(), ": no \"totals:\" or \"summary:\" line"));
}

}  // namespace zoo
