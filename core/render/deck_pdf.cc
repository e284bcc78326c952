#include "core/render/deck_pdf.h"

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/base/atomic_file.h"
#include "core/worker/child_process.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;

constexpr const char* kChromiumNames[] = {"chromium", "chromium-browser", "google-chrome-stable",
                                          "google-chrome"};

bool IsExecutableFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0;
}

// `name` itself when it holds a '/', else its first executable match on PATH, else empty.
fs::path Resolve(const std::string& name) {
  if (name.find('/') != std::string::npos) {
    return IsExecutableFile(name) ? fs::path(name) : fs::path();
  }
  const char* path = getenv("PATH");
  for (absl::string_view dir : absl::StrSplit(path != nullptr ? path : "", ':')) {
    if (dir.empty()) continue;
    const fs::path candidate = fs::path(std::string(dir)) / name;
    if (IsExecutableFile(candidate)) return candidate;
  }
  return {};
}

// A private folder (mkdtemp) removed with everything in it when this goes: Chromium's
// profile and the PDF before it is checked and moved into place.
class ScratchFolder {
 public:
  static absl::StatusOr<ScratchFolder> Make() {
    std::error_code ec;
    fs::path base = fs::temp_directory_path(ec);
    if (ec) base = "/tmp";
    std::string pattern = (base / "zoo-host-pdf-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) return FileError(pattern, "cannot be made", errno);
    return ScratchFolder(pattern);
  }
  ScratchFolder(ScratchFolder&& o) noexcept : path_(std::exchange(o.path_, {})) {}
  ScratchFolder& operator=(ScratchFolder&&) = delete;
  ScratchFolder(const ScratchFolder&) = delete;
  ~ScratchFolder() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  explicit ScratchFolder(fs::path path) : path_(std::move(path)) {}
  fs::path path_;
};

std::vector<std::string> ChromiumArgv(const PdfRequest& request, const fs::path& scratch,
                                      const fs::path& pdf) {
  std::vector<std::string> argv = {request.chromium.string(), "--headless"};
  // Chromium refuses to start its sandbox as root (CI runs as root); the page is zoo-host's
  // own deck read from a local file, with no network.
  if (geteuid() == 0) argv.push_back("--no-sandbox");
  for (const char* flag :
       {"--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-extensions", "--disable-sync", "--no-first-run", "--no-default-browser-check",
        "--no-pdf-header-footer"}) {
    argv.emplace_back(flag);
  }
  argv.push_back(absl::StrCat("--user-data-dir=", (scratch / "profile").string()));
  argv.push_back(absl::StrCat("--print-to-pdf=", pdf.string()));
  std::error_code ec;
  argv.push_back(FileUrl(fs::absolute(request.deck, ec)));
  return argv;
}

std::string ReadAll(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace

absl::StatusOr<fs::path> FindChromium() {
  const char* named = getenv(kChromiumEnv);
  if (named != nullptr && *named != '\0') {
    if (std::string_view(named) == "none") {
      return absl::NotFoundError(absl::StrCat(
          "no Chromium to print the deck with: ", kChromiumEnv, " is 'none'"));
    }
    fs::path found = Resolve(named);
    if (found.empty()) {
      return absl::NotFoundError(absl::StrCat(kChromiumEnv, " names '", named,
                                              "', which is not an executable file or a program "
                                              "on PATH"));
    }
    return found;
  }
  for (const char* name : kChromiumNames) {
    if (fs::path found = Resolve(name); !found.empty()) return found;
  }
  return absl::NotFoundError(absl::StrCat(
      "no Chromium to print the deck with (looked for chromium, chromium-browser, "
      "google-chrome-stable and google-chrome on PATH): install it with "
      "`apt-get install chromium`, or name it in ", kChromiumEnv));
}

absl::Status PrintDeckToPdf(const PdfRequest& request) {
  absl::StatusOr<ScratchFolder> scratch = ScratchFolder::Make();
  if (!scratch.ok()) return scratch.status();
  const fs::path printed = scratch->path() / "report.pdf";
  absl::StatusOr<ChildResult> child = RunChild(
      {.argv = ChromiumArgv(request, scratch->path(), printed),
       .timeout = request.timeout,
       // The PDF's dates are pinned to the archive's UTC time: Chromium writes them in UTC.
       .extra_env = {"TZ=UTC"}});
  if (!child.ok()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "Chromium (", request.chromium.string(), ") could not be started to print ",
        request.deck.filename().string(), ": ", child.status().message()));
  }
  std::string pdf = ReadAll(printed);
  if (!child->exited || child->exit_code != 0 || !absl::StartsWith(pdf, "%PDF-")) {
    const std::string last = LastOutputLine(*child);
    return absl::FailedPreconditionError(absl::StrCat(
        "Chromium (", request.chromium.string(), ") did not print ",
        request.deck.filename().string(), " to a PDF: it ", DescribeEnd(*child),
        pdf.empty() ? " and wrote no file" : " and wrote no PDF",
        last.empty() ? "" : absl::StrCat(" (", last, ")")));
  }
  return WriteFileAtomically(request.pdf, PinPdfDates(std::move(pdf), request.date_utc));
}

std::string PinPdfDates(std::string pdf, std::string_view date_utc) {
  std::string digits;
  for (const char c : date_utc) {
    if (c >= '0' && c <= '9' && digits.size() < 14) digits += c;
  }
  if (digits.size() < 14) digits = "00000101000000";
  for (const std::string_view key : {"/CreationDate (D:", "/ModDate (D:"}) {
    for (size_t at = pdf.find(key); at != std::string::npos; at = pdf.find(key, at + 1)) {
      const size_t start = at + key.size();
      size_t n = 0;
      while (n < digits.size() && start + n < pdf.size() && pdf[start + n] >= '0' &&
             pdf[start + n] <= '9') {
        ++n;
      }
      pdf.replace(start, n, digits, 0, n);  // as many digits as were there: same length
    }
  }
  return pdf;
}

std::string FileUrl(const fs::path& absolute) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string url = "file://";
  for (const char c : absolute.string()) {
    const auto b = static_cast<unsigned char>(c);
    if ((b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') ||
        std::string_view("/._~-").find(c) != std::string_view::npos) {
      url += c;
    } else {
      url += '%';
      url += kHex[b >> 4];
      url += kHex[b & 0xF];
    }
  }
  return url;
}

}  // namespace zoo
