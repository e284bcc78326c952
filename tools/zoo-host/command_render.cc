// zoo-host render: re-renders an archive's report without measuring anything. The same
// archive renders to the same bytes every time (reporters are deterministic).
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/program_options.hpp>

#include "core/render/report_render.h"
#include "tools/zoo-host/cli_common.h"

namespace zoo::cli {

std::filesystem::path DefaultReportDir(const std::filesystem::path& archive) {
  std::filesystem::path dir = archive;
  dir.replace_extension();  // results/x/20261130T130619Z.json -> results/x/20261130T130619Z/
  return dir;
}

int RenderReport(const std::filesystem::path& archive, const std::filesystem::path& out_dir,
                 const std::string& formats, const std::string& language,
                 const std::string& reporter, const std::vector<std::string>& plugins,
                 bool allow_untrusted_plugins, const std::string& command,
                 const std::string& reference) {
  RenderRequest request;
  request.analysis.reference = reference;
  request.archive = archive;
  request.out_dir = out_dir;
  if (!formats.empty()) {
    absl::StatusOr<std::vector<std::string>> parsed = ParseNameList(formats, "--format");
    if (!parsed.ok()) return UsageError(command, std::string(parsed.status().message()));
    request.formats = *std::move(parsed);
  }
  request.language = language;
  request.reporter = reporter;
  request.plugin_paths = plugins;
  request.allow_untrusted_plugins = allow_untrusted_plugins;
  request.zoo_host = SelfExecutable();
  request.on_note = [](std::string_view line) { std::cerr << "  " << line << "\n"; };
  absl::StatusOr<RenderOutcome> outcome = RenderArchive(request);
  if (!outcome.ok()) return StatusError(command, outcome.status());
  std::cout << "report (" << language << ") of " << outcome->archive_shown << " in "
            << out_dir.string() << ":\n";
  for (const std::string& f : outcome->files) std::cout << "  " << f << "\n";
  return kExitOk;
}

int RenderCommand(int argc, char** argv) {
  namespace po = boost::program_options;
  std::string archive, out, formats, language = "en", reporter, reference;
  std::vector<std::string> plugins;
  po::options_description options(
      "Usage: zoo-host render ARCHIVE [--out DIR] [--format md,html,csv,json,pdf]\n"
      "                       [--lang en|zh] [--subject NAME] [--reporter NAME] [--plugin PATH]\n\n"
      "Writes the report of one archive: report.md, report.html (a self-contained slide deck),\n"
      "figures/*.svg, cells.csv, cost.csv and report-model.json by default; --format pdf adds\n"
      "report.pdf, the deck printed by headless Chromium, one 1920x1080 page per slide\n"
      "(Chromium on PATH, or the one ZOO_HOST_CHROMIUM names). Measures nothing; the same\n"
      "archive gives byte-identical files. The folder is written beside it first and moved\n"
      "into place when complete. Exit codes: 0 written, 2 a bad archive, flag or reporter, or\n"
      "no Chromium (or a failed one) for --format pdf, 1 the machine refused a write, e.g. a\n"
      "full disk (one sentence says which).\n\n"
      "Options");
  options.add_options()("help,h", "show this help")(
      "archive", po::value(&archive), "the archive (results/<subject>-<version>/<time>.json)")(
      "out", po::value(&out), "the report folder (default: beside the archive, named after it)")(
      "format", po::value(&formats), "comma-separated formats (default md,html,csv,json; "
      "also gbench: Google Benchmark's JSON layout, and pdf: the deck printed by Chromium)")(
      "lang", po::value(&language)->default_value(language), "en or zh")(
      "subject", po::value(&reference), "read the archive with this measured adapter as the "
      "reference the others are judged against (default: the run's subject, which stays "
      "recorded as the one measured); nothing is re-measured")(
      "reporter", po::value(&reporter), "render with this reporter only (see 'zoo-host list')")(
      "plugin", po::value(&plugins)->composing(), "a plugin file or folder; repeatable")(
      "allow-untrusted-plugins", kAllowUntrustedPluginsHelp);
  po::positional_options_description positional;
  positional.add("archive", 1);
  po::variables_map vm;
  if (std::optional<int> done = ParseCommandLine("render", argc, argv, options, positional, vm)) {
    return *done;
  }
  if (archive.empty()) return UsageError("render", "give the archive to render");
  // Another reference never overwrites the run's own report: <time>.<reference>/ beside it.
  std::filesystem::path out_dir = out.empty() ? DefaultReportDir(archive) : std::filesystem::path(out);
  if (out.empty() && !reference.empty()) out_dir += "." + reference;
  return RenderReport(archive, out_dir, formats, language, reporter, plugins,
                      vm.count("allow-untrusted-plugins") > 0, "render", reference);
}

}  // namespace zoo::cli
