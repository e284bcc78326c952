// zoo-host index: a static site of a results folder (core/results_site.h): every archive's
// report, a compare page per adjacent pair of subject versions, and an index linking them.
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "absl/status/status.h"
#include "core/render/results_site.h"
#include "tools/zoo-host/cli_common.h"

namespace zoo::cli {

int IndexCommand(int argc, char** argv) {
  namespace po = boost::program_options;
  std::string results, out, language = "en";
  std::vector<std::string> plugins;
  po::options_description options(
      "Usage: zoo-host index RESULTS --out SITE [--lang en|zh] [--plugin PATH]\n\n"
      "Writes a static site of a results folder: SITE/index.html and index.md list every\n"
      "archive (RESULTS/<subject>-<version>/<UTC>.json) by subject, ordered by recorded version\n"
      "(numerically by dot-separated parts) then start time; each archive's report is rendered\n"
      "under SITE/reports/ beside a copy of the archive, and each pair of adjacent versions of a\n"
      "subject (the latest archive of each) gets a compare page under SITE/compare/. Every link\n"
      "is relative. A file in RESULTS that is not a readable archive is named on stderr and\n"
      "skipped. The site is built beside SITE and moved into place when complete.\n"
      "Exit codes: 0 written, 2 a bad folder or flag, 1 a reporter failed or the machine\n"
      "refused a write (a full disk).\n\n"
      "Options");
  options.add_options()("help,h", "show this help")(
      "results", po::value(&results), "the results folder")(
      "out", po::value(&out), "the site folder (required)")(
      "lang", po::value(&language)->default_value(language),
      "en or zh: the language of the index page, the reports and the compare pages")(
      "plugin", po::value(&plugins)->composing(), "a reporter file or folder; repeatable")(
      "allow-untrusted-plugins", kAllowUntrustedPluginsHelp);
  po::positional_options_description positional;
  positional.add("results", 1);
  po::variables_map vm;
  if (std::optional<int> done = ParseCommandLine("index", argc, argv, options, positional, vm)) {
    return *done;
  }
  if (results.empty()) return UsageError("index", "give the results folder to index");
  if (out.empty()) return UsageError("index", "give the site folder with --out SITE");

  SiteRequest request{.results = results,
                      .out_dir = out,
                      .language = language,
                      .plugin_paths = plugins,
                      .allow_untrusted_plugins = vm.count("allow-untrusted-plugins") > 0,
                      .zoo_host = SelfExecutable(),
                      .on_note = [](std::string_view line) { std::cerr << line << "\n"; }};
  absl::StatusOr<SiteOutcome> site = BuildResultsSite(request);
  if (!site.ok()) {
    if (absl::IsFailedPrecondition(site.status())) {  // a reporter failed
      std::cerr << "zoo-host index: " << site.status().message() << "\n";
      return kExitRejected;
    }
    return StatusError("index", site.status());
  }
  std::cout << "site of " << results << " in " << out << ": " << site->archives << " archives, "
            << site->compares << " compare pages, " << site->skipped.size()
            << " files skipped; open " << (std::filesystem::path(out) / "index.html").string()
            << "\n";
  return kExitOk;
}

}  // namespace zoo::cli
