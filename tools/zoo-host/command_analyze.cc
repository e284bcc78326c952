// zoo-host analyze: the report model of one archive, as plain text or as JSON. Prints what
// BuildReportModel says and computes nothing of its own (design.md: nothing downstream of
// the report model computes a number).
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include <boost/program_options.hpp>

#include "absl/strings/str_format.h"
#include "core/archive/archive.h"
#include "core/model/report_model.h"
#include "core/model/report_model_json.h"
#include "tools/zoo-host/cli_common.h"

namespace zoo::cli {
namespace {

namespace po = boost::program_options;

std::string Ratio(double r) { return std::isfinite(r) ? absl::StrFormat("%.2fx", r) : "n/a"; }

std::string Percent(double f) {
  return std::isfinite(f) ? absl::StrFormat("%.1f%%", f * 100) : "unknown";
}

std::string PValue(double p) {
  if (!std::isfinite(p)) return "n/a";
  if (p < 0.001) return "< 0.001";
  return absl::StrFormat("= %.3f", p);
}

std::string CellLine(const Cell& c) {
  return absl::StrFormat("  %-16s c%-4u %8s  %7s  %s (Mann-Whitney p %s)\n", c.baseline,
                         c.concurrency, absl::StrFormat("%uus", c.tier_us), Ratio(c.ratio),
                         c.text, PValue(c.test.p_value));
}

std::string Plural(size_t n, const char* one, const char* many) {
  return absl::StrFormat("%u %s", n, n == 1 ? one : many);
}

void PrintSelfChecks(const SelfCheckSummary& s) {
  if (s.passed) {
    std::cout << "Self-checks: all " << s.checks.size() << " passed\n";
  } else {
    std::cout << "SELF-CHECK FAILED: read every figure below with this in mind\n";
  }
  for (const SelfCheck& c : s.checks) {
    std::cout << "  " << c.name << ": " << (c.passed ? "passed" : "FAILED") << " (" << c.detail
              << ")\n";
  }
  if (!s.withheld_units.empty()) {
    std::cout << "  overhead withheld for "
              << Plural(s.withheld_units.size(), "unit", "units") << ":\n";
    for (const std::string& w : s.withheld_units) std::cout << "    " << w << "\n";
  }
  std::cout << "\n";
}

void PrintCells(const ReportModel& m, const std::vector<size_t>& indices) {
  for (size_t i : indices) std::cout << CellLine(m.cells[i]);
}

// The grouped summary per baseline, then every cell the subject lost. A cell a group does not
// name is still printed, under its own heading: unfavourable data is never dropped.
void PrintUnfavourable(const ReportModel& m) {
  std::cout << "Published unfavourable data ("
            << Plural(m.subject_slower.size(), "cell", "cells") << " of " << m.cells.size()
            << " where a baseline is faster than the subject)\n";
  if (m.subject_slower.empty()) {
    std::cout << "  none: no baseline is faster than the subject by more than the band in any "
                 "compared cell\n\n";
    return;
  }
  std::map<std::string, size_t> by_id;
  for (size_t i : m.subject_slower) by_id[m.cells[i].id()] = i;
  std::map<std::string, size_t> compared;
  for (const Cell& c : m.cells) ++compared[c.baseline];
  std::set<size_t> printed;
  for (const UnfavourableGroup& g : m.unfavourable) {
    if (g.cells_lost == 0) {
      std::cout << "  " << g.baseline << ": no cell lost\n";
      continue;
    }
    std::cout << absl::StrFormat("  %s: %u of %u cells lost; worst: %s is %s faster, at %s\n",
                                 g.baseline, g.cells_lost, compared[g.baseline], g.baseline,
                                 Ratio(g.worst_factor), g.worst_cell);
    for (const std::string& id : g.cells) {
      auto it = by_id.find(id);
      if (it == by_id.end()) {
        std::cout << "  " << id << "\n";
        continue;
      }
      std::cout << "  " << CellLine(m.cells[it->second]);
      printed.insert(it->second);
    }
  }
  bool heading = false;
  for (size_t i : m.subject_slower) {
    if (printed.count(i)) continue;
    if (!heading) std::cout << "  not in a group above:\n";
    heading = true;
    std::cout << "  " << CellLine(m.cells[i]);
  }
  std::cout << "\n";
}

void PrintText(const ReportModel& m) {
  const RunRecord& r = m.run;
  std::cout << absl::StrFormat("archive: %s\n", m.archive_path);
  std::cout << absl::StrFormat(
      "run: subject %s %s, %s, %u of %u units measured, %u failed, started %s\n", m.subject,
      m.subject_version, RunStatusName(r.status), r.units_measured, r.units_planned, r.units_failed,
      r.started_utc);
  if (r.quick) std::cout << r.quick_description << "\n";
  std::cout << absl::StrFormat(
      "ratio = baseline / subject per-task time on the cell's basis (below 1.00x the baseline "
      "is faster); a cell has a winner only when the 95%% interval of the factor (a bootstrap "
      "over processes, then rounds; %d draws, seed %#x) excludes 1.00x and the factor lies "
      "beyond %.2fx\n\n",
      m.verdict_resamples, m.verdict_seed, 1 + m.verdict_threshold);

  if (!m.self_checks.passed) PrintSelfChecks(m.self_checks);

  std::cout << "Conclusions\n";
  if (m.conclusions.empty()) std::cout << "  none\n";
  for (const Conclusion& c : m.conclusions) std::cout << "  - " << c.text << "\n";
  std::cout << "\n";

  std::cout << "Where the subject is faster (" << Plural(m.subject_faster.size(), "cell", "cells")
            << " of " << m.cells.size() << ")\n";
  if (m.subject_faster.empty()) std::cout << "  none\n";
  PrintCells(m, m.subject_faster);
  std::cout << "\n";

  PrintUnfavourable(m);

  std::cout << "Cells with no winner (" << Plural(m.indistinguishable.size(), "cell", "cells")
            << " of " << m.cells.size() << ")\n";
  if (m.indistinguishable.empty()) std::cout << "  none\n";
  PrintCells(m, m.indistinguishable);
  std::cout << "\n";

  std::cout << "Not measured (" << Plural(m.unmeasured.size(), "cell", "cells") << ")\n";
  if (m.unmeasured.empty()) std::cout << "  none\n";
  for (const UnmeasuredCell& u : m.unmeasured) {
    std::cout << absl::StrFormat("  %-16s c%-4u %8s  %s\n", u.baseline, u.concurrency,
                                 absl::StrFormat("%uus", u.tier_us), u.reason);
  }
  std::cout << "\n";

  std::cout << "Crossovers\n";
  if (m.crossovers.empty()) std::cout << "  none (no concurrency within the cores compared)\n";
  for (const Crossover& x : m.crossovers) std::cout << "  - " << x.text << "\n";
  std::cout << "\n";

  std::cout << "Share thresholds (overhead share below " << Percent(m.share_threshold) << ")\n";
  if (m.share_thresholds.empty()) std::cout << "  none (no concurrency within the cores)\n";
  for (const ShareThreshold& t : m.share_thresholds) std::cout << "  - " << t.text << "\n";

  if (m.self_checks.passed) {
    std::cout << "\n";
    PrintSelfChecks(m.self_checks);
  }
}

}  // namespace

int AnalyzeCommand(int argc, char** argv) {
  double share_threshold = 0.15;
  po::options_description options(
      "Usage: zoo-host analyze ARCHIVE [--json] [--share-threshold FRACTION]\n\n"
      "Reads one archive written by 'zoo-host run' and prints what it shows, measuring\n"
      "nothing: every (baseline, concurrency, tier) cell against the subject with its\n"
      "verdict (subject faster, subject slower - published as unfavourable data - or no\n"
      "winner: a winner only when the 95% interval of the factor, bootstrapped over\n"
      "processes and then rounds, excludes 1.00x and the factor lies beyond 3%), with the\n"
      "seeds' band and a Mann-Whitney p-value over the processes' medians as columns,\n"
      "the cells that could not be compared and why, the crossovers, the overhead share\n"
      "thresholds, the conclusions and the self-checks (first, when one failed).\n"
      "With --json, prints the whole report model instead, as one JSON object\n"
      "(\"schema\": \"zoo-host-report-model\", \"model_version\": N).\n"
      "Exit codes: 0 analysed, 2 a usage error or an archive that cannot be read.\n\n"
      "Options");
  options.add_options()("help,h", "show this help")(
      "json", "print the report model as JSON instead of the text summary")(
      "subject", po::value<std::string>(), "read the archive with this measured adapter as the "
      "reference (default: the run's subject, which stays recorded as the one measured)")(
      "share-threshold", po::value(&share_threshold)->default_value(share_threshold, "0.15"),
      "the overhead share (a fraction of end-to-end, between 0 and 1) that the share "
      "threshold statement looks for");
  po::options_description hidden;
  hidden.add_options()("archive", po::value<std::vector<std::string>>(), "the archive file");
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("archive", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return UsageError("analyze", std::string(e.what()) + "; run 'zoo-host analyze --help'");
  }
  if (vm.count("help")) {
    std::cout << options << "\n";
    return kExitOk;
  }
  if (const int refused = RefuseEmptyValues("analyze", vm, all, {"archive"}); refused != kExitOk) {
    return refused;
  }
  const std::vector<std::string> archives =
      vm.count("archive") ? vm["archive"].as<std::vector<std::string>>()
                          : std::vector<std::string>{};
  if (archives.size() != 1) {
    return UsageError("analyze", archives.empty()
                                     ? "give the archive file to analyse; run 'zoo-host "
                                       "analyze --help'"
                                     : "give exactly one archive file");
  }
  if (!std::isfinite(share_threshold) || share_threshold <= 0 || share_threshold >= 1) {
    return UsageError("analyze", "--share-threshold: must be a fraction between 0 and 1 "
                                 "(exclusive), e.g. 0.15 for 15%");
  }
  const std::string& path = archives.front();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return UsageError("analyze", path + ": is a folder; give one archive file in it");
  }
  absl::StatusOr<Archive> archive = ReadArchive(path);
  if (!archive.ok()) return UsageError("analyze", std::string(archive.status().message()));

  AnalysisOptions analysis;
  analysis.share_threshold = share_threshold;
  if (vm.count("subject")) analysis.reference = vm["subject"].as<std::string>();
  absl::StatusOr<ReportModel> model = BuildReportModel(*archive, path, analysis);
  if (!model.ok()) {
    return UsageError("analyze", path + ": " + std::string(model.status().message()));
  }
  if (vm.count("json")) {
    std::cout << ReportModelToJson(*model) << "\n";
  } else {
    PrintText(*model);
  }
  return kExitOk;
}

}  // namespace zoo::cli
