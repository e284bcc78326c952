// What the reporter suites share: a built reporter module loaded the way zoo-host loads it
// (dlopen with immediate binding, then its one entry symbol), an in-memory zoo_report_output_t
// that keeps the files a render writes, and report models built from small archives with the
// core's own functions, so the models have exactly the layout zoo-host produces.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "zoo/reporter.h"

namespace zoo::report::testing {

struct RenderResult {
  zoo_status_t status = ZOO_STATUS_ERROR;
  std::string error;                         // error_text() after the render
  std::map<std::string, std::string> files;  // relative path -> bytes
};

class ReporterModule {
 public:
  // Loads `path` (RTLD_NOW | RTLD_LOCAL); a failure is a test failure and entry() is null.
  explicit ReporterModule(const std::string& path);
  ~ReporterModule();
  ReporterModule(const ReporterModule&) = delete;
  ReporterModule& operator=(const ReporterModule&) = delete;

  const zoo_reporter_entry_t* entry() const { return entry_; }

  // One render through the C ABI, as the host does it.
  RenderResult Render(std::string_view model_json, const char* language, const char* formats) const;
  // The same with a request whose struct_size is `request_size`.
  RenderResult RenderWithRequestSize(std::string_view model_json, const char* language,
                                     const char* formats, uint32_t request_size) const;

 private:
  void* handle_ = nullptr;
  const zoo_reporter_entry_t* entry_ = nullptr;
};

// What the sample archive holds beyond the basics.
struct SampleOptions {
  // The name of a baseline that is faster than the subject, fails one unit, and carries
  // markup in its notes: what escaping is tested with.
  std::string hostile_name = "<script>alert(1)</script>|x";
  // Two units share a process: the process isolation self-check fails.
  bool break_isolation = false;
  // The model carries the cost-of-code section of fixture_cost.h (concurrency 1 and 2);
  // otherwise it is the core's "not_run" default.
  bool cost = false;
};

// The report model JSON of a small archive: subject "subj" and baselines "fast" (always
// faster), "slow" (always slower), "near" (no winner) and the hostile one, tiers 40 and
// 300 µs, concurrency 1, 2 and 4 on a 2-core machine (so concurrency 4 has no overhead
// figure), one failed unit, one adapter rejected by the gate, and a measured semantics
// dimension with one priced item and one dropped.
std::string SampleModelJson(const SampleOptions& options = {});

// Runs of two or more English words (3+ letters each, not technical tokens such as CPU or
// zoo-host) in `text` once quoted plugin text (<span lang="en">), code, markup and link targets
// are taken out: report prose a Chinese report must not contain.
std::vector<std::string> EnglishRuns(std::string_view text);
// `markdown` without any string value of `model_json` (as written, and Markdown-escaped): what
// report.md says in its own words, now that quoted plugin text carries no HTML mark.
std::string WithoutModelText(std::string markdown, std::string_view model_json);

// The archive path the sample model names (relative, as the host passes it).
inline constexpr std::string_view kSampleArchivePath = "results/subj-1.0/20261130T120000Z.json";

}  // namespace zoo::report::testing
