// zoo-host compare: what changed for one subject between two archives, on same-run ratios
// (core/compare_model.h), rendered by the reporters that render compare documents, with an
// optional regression gate for CI (exit code 3).
#include <cmath>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/program_options.hpp>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/archive/archive.h"
#include "core/model/compare_model.h"
#include "core/model/compare_model_json.h"
#include "core/render/report_render.h"
#include "tools/zoo-host/cli_common.h"

namespace zoo::cli {
namespace {

namespace fs = std::filesystem;

// results/x/NEW.json against results/x/OLD.json -> results/x/NEW.vs-OLD/
fs::path DefaultCompareDir(const fs::path& old_archive, const fs::path& new_archive) {
  return new_archive.parent_path() /
         absl::StrCat(new_archive.stem().string(), ".vs-", old_archive.stem().string());
}

void PrintSummary(const CompareModel& m) {
  uint32_t only_old = 0, only_new = 0;
  for (const OneSided& o : m.only_in_one) {
    if (o.kind == "cell") (o.side == "old" ? only_old : only_new) += 1;
  }
  std::cout << absl::StrFormat(
      "%s %s -> %s: %u shared cells: %u regressed, %u improved, %u within noise; %u cells only "
      "in OLD, %u only in NEW\n",
      m.subject, m.old_side.subject_version, m.new_side.subject_version, m.cells.size(),
      m.regressed, m.improved, m.within_noise, only_old, only_new);
  if (std::isfinite(m.geomean.change)) {
    std::cout << absl::StrFormat(
        "geometric mean of the subject's relative cost: %+.1f%% (%s the median cell's noise "
        "band of %.1f%%)\n",
        m.geomean.change * 100, m.geomean.beyond_noise ? "beyond" : "within",
        m.geomean.noise_band * 100);
  }
  for (const CellChange& c : m.cells) {
    if (c.direction == ChangeDirection::kWithinNoise) continue;
    std::cout << absl::StrFormat("  %s %s: %+.1f%% read %s (noise band %.1f%%, p = %.4f)\n",
                                 ChangeDirectionName(c.direction), c.id(), c.change * 100,
                                 c.basis == CompareBasis::kTierBody ? "at the tier's body"
                                                                    : "end-to-end",
                                 c.noise_band * 100, c.test.p_value);
  }
  for (const OneSided& o : m.only_in_one) {
    std::cout << absl::StrFormat("  only in %s: %s %s\n", o.side == "old" ? "OLD" : "NEW", o.kind,
                                 o.value);
  }
}

}  // namespace

int CompareCommand(int argc, char** argv) {
  namespace po = boost::program_options;
  std::string old_path, new_path, out, formats, language = "en", reference;
  std::vector<std::string> plugins;
  double fail_pct = -1;
  po::options_description options(
      "Usage: zoo-host compare OLD.json NEW.json [--out DIR] [--format md,html,json]\n"
      "                        [--lang en|zh] [--fail-on-regression PCT] [--plugin PATH]\n\n"
      "Compares two archives of the same subject on same-run ratios (baseline median / subject\n"
      "median per cell), never on absolute times across runs: per shared cell the subject's\n"
      "relative cost change, whether it is beyond noise (both runs' bands added, and a\n"
      "Mann-Whitney U test at p < 0.05), the overhead share change, the geometric mean, and what\n"
      "only one archive measured. Writes compare.md, compare.html and compare.json.\n"
      "Exit codes: 0 compared, 2 a bad archive or flag (one sentence says which), 1 a reporter\n"
      "failed, 3 --fail-on-regression tripped: a shared cell regressed beyond noise by more than\n"
      "PCT percent, or the geometric mean regressed by more than PCT percent (the cells named).\n\n"
      "Options");
  options.add_options()("help,h", "show this help")(
      "old", po::value(&old_path), "the older archive")(
      "new", po::value(&new_path), "the newer archive")(
      "out", po::value(&out), "the compare folder (default: beside NEW, <new>.vs-<old>/)")(
      "format", po::value(&formats), "comma-separated formats (default md,html,json)")(
      "lang", po::value(&language)->default_value(language), "en or zh")(
      "subject", po::value(&reference), "judge this adapter's change, against the others, in "
      "both archives (default: their subject, which must then be the same)")(
      "fail-on-regression", po::value(&fail_pct),
      "exit 3 when a cell regressed beyond noise by more than PCT percent, or the geometric "
      "mean by more than PCT percent")(
      "plugin", po::value(&plugins)->composing(), "a reporter file or folder; repeatable")(
      "allow-untrusted-plugins", kAllowUntrustedPluginsHelp);
  po::positional_options_description positional;
  positional.add("old", 1).add("new", 1);
  po::variables_map vm;
  if (std::optional<int> done = ParseCommandLine("compare", argc, argv, options, positional, vm)) {
    return *done;
  }
  if (old_path.empty() || new_path.empty()) {
    return UsageError("compare", "give two archives: OLD.json NEW.json");
  }
  const bool gate = vm.count("fail-on-regression") != 0;
  if (gate && !(std::isfinite(fail_pct) && fail_pct >= 0)) {
    return UsageError("compare", "--fail-on-regression takes a percentage of 0 or more");
  }

  std::vector<std::string> format_list;
  if (!formats.empty()) {
    absl::StatusOr<std::vector<std::string>> parsed = ParseNameList(formats, "--format");
    if (!parsed.ok()) return UsageError("compare", std::string(parsed.status().message()));
    format_list = *std::move(parsed);
  }

  absl::StatusOr<Archive> old_archive = ReadArchive(old_path);
  if (!old_archive.ok()) return UsageError("compare", std::string(old_archive.status().message()));
  absl::StatusOr<Archive> new_archive = ReadArchive(new_path);
  if (!new_archive.ok()) return UsageError("compare", std::string(new_archive.status().message()));
  AnalysisOptions analysis;
  analysis.reference = reference;
  absl::StatusOr<CompareModel> model =
      BuildCompareModel(*old_archive, ShownArchivePath(old_path), *new_archive,
                        ShownArchivePath(new_path), analysis);
  if (!model.ok()) return UsageError("compare", std::string(model.status().message()));

  RenderRequest request;
  request.out_dir = out.empty() ? DefaultCompareDir(old_path, new_path) : fs::path(out);
  request.formats = format_list;
  request.language = language;
  request.plugin_paths = plugins;
  request.allow_untrusted_plugins = vm.count("allow-untrusted-plugins") > 0;
  request.zoo_host = SelfExecutable();
  request.on_note = [](std::string_view line) { std::cerr << "  " << line << "\n"; };
  absl::StatusOr<RenderOutcome> outcome =
      RenderCompareDocument(CompareModelToJson(*model), request);
  if (!outcome.ok()) {
    const bool user_error = absl::IsInvalidArgument(outcome.status()) ||
                            absl::IsNotFound(outcome.status());
    std::cerr << "zoo-host compare: " << outcome.status().message() << "\n";
    return user_error ? kExitUsage : kExitRejected;
  }
  PrintSummary(*model);
  std::cout << "compare (" << language << ") in " << request.out_dir.string() << ":\n";
  for (const std::string& f : outcome->files) std::cout << "  " << f << "\n";

  if (!gate) return kExitOk;
  const RegressionGateVerdict verdict = EvaluateRegressionGate(*model, fail_pct);
  if (!verdict.failed) {
    std::cout << absl::StrFormat("regression gate (%g%%): passed\n", fail_pct);
    return kExitOk;
  }
  std::cout << absl::StrFormat("regression gate (%g%%): FAILED\n", fail_pct);
  if (!verdict.cells.empty()) {
    std::cout << "  regressed beyond noise by more than " << fail_pct
              << "%: " << absl::StrJoin(verdict.cells, ", ") << "\n";
  }
  if (verdict.geomean_failed) {
    std::cout << absl::StrFormat(
        "  the geometric mean regressed by %+.1f%%, more than %g%% and beyond its noise band of "
        "%.1f%%\n",
        model->geomean.change * 100, fail_pct, model->geomean.noise_band * 100);
  }
  return kExitRegression;
}

}  // namespace zoo::cli
