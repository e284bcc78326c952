// report.pdf: the deck (report.html) printed by the headless Chromium the setup installs, one
// 1920x1080 page per slide (the deck's print CSS sets the page size and a page break after
// every slide). No rendering stack of zoo-host's own: the PDF shows what the deck shows, with
// the same fonts, and its text stays extractable. Chromium is found on the machine, never
// bundled; a machine without it gets one sentence saying what to install.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace zoo {

// A path or a name on PATH; "none" means: print no PDF (the test suites' runs set it, each
// print costing seconds of Chromium).
inline constexpr char kChromiumEnv[] = "ZOO_HOST_CHROMIUM";

// The Chromium to print with: $ZOO_HOST_CHROMIUM when set, else the first of chromium,
// chromium-browser, google-chrome-stable, google-chrome on PATH. kNotFound with one sentence
// (what was looked for, what to install) when there is none.
absl::StatusOr<std::filesystem::path> FindChromium();

struct PdfRequest {
  std::filesystem::path chromium;  // from FindChromium
  std::filesystem::path deck;      // report.html
  std::filesystem::path pdf;       // written atomically (atomic_file.h)
  // The archive's start ("2026-12-02T02:05:01Z"): the PDF's creation and modification dates,
  // so that one archive prints to the same bytes every time (Chromium would stamp the clock).
  std::string date_utc;
  std::chrono::milliseconds timeout{300'000};
};

// kFailedPrecondition when Chromium fails or writes no PDF (how it ended and its last line),
// kUnavailable / kInvalidArgument when the write is refused (atomic_file.h).
absl::Status PrintDeckToPdf(const PdfRequest& request);

// `pdf` with the digits of its /CreationDate and /ModDate replaced by those of `date_utc`
// (YYYYMMDDHHMMSS, taken in order from it; "00000101000000" when it has fewer). The length
// stays, so the cross-reference offsets stay valid.
std::string PinPdfDates(std::string pdf, std::string_view date_utc);

// "file:///..." for an absolute path, every byte outside [A-Za-z0-9/._~-] percent-encoded.
std::string FileUrl(const std::filesystem::path& absolute);

}  // namespace zoo
