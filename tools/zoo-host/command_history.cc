// zoo-host history: every archive of a results folder as one timeline per machine and subject,
// with the versions where the subject's same-run ratios changed level (core/model/history.h).
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/archive/archive.h"
#include "core/archive/results_index.h"
#include "core/model/history.h"
#include "core/model/history_json.h"
#include "tools/zoo-host/cli_common.h"

namespace zoo::cli {
namespace {

// The archive of the series just before `first` (the old level's newest), or "".
std::string Before(const HistoryGroup& g, size_t first) {
  for (size_t i = first; i-- > 0;) {
    if (g.archives[i].in_series) return g.archives[i].path;
  }
  return "";
}

std::string Change(const HistoryStep& s) {
  return absl::StrFormat("%.2fx %s", s.slowdown ? s.factor : 1 / s.factor,
                         s.slowdown ? "slower" : "faster");
}

std::string Interval(const HistoryStep& s) {
  return absl::StrFormat("%.2fx-%.2fx", s.low, s.high);
}

std::string CompareLine(const HistoryGroup& g, const HistoryStep& s) {
  return absl::StrCat("zoo-host compare ", Before(g, s.first_archive), " ",
                      g.archives[s.first_archive].path);
}

void PrintText(const HistoryGroup& g) {
  size_t in = 0;
  for (const HistoryArchive& a : g.archives) in += a.in_series;
  std::cout << "machine " << g.machine.id << ": " << g.machine.description << "\n"
            << "  subject " << g.subject << ": " << g.archives.size()
            << (g.archives.size() == 1 ? " archive (" : " archives (")
            << g.archives.front().version << " to " << g.archives.back().version << "), " << in
            << " in the series, " << g.series.size() << " series\n";
  if (in < 2) std::cout << "  nothing to compare: fewer than two archives in the series\n";
  for (const HistoryStep& s : g.steps) {
    std::cout << "  step at " << s.version << ": " << Change(s) << " (95% interval "
              << Interval(s) << ")" << (s.persists ? ", lasts to the newest archive" : "")
              << (s.confirmed ? "" : ", unconfirmed: the newest archive alone") << "\n"
              << "    cells: " << absl::StrJoin(s.cells, ", ") << "\n"
              << "    compare: " << CompareLine(g, s) << "\n";
  }
  if (in >= 2 && g.steps.empty()) std::cout << "  no step: every series stays within noise\n";
  for (const HistoryArchive& a : g.archives) {
    if (!a.in_series) std::cout << "  left out: " << a.path << " (" << a.left_out << ")\n";
  }
  if (!g.missing_cells.empty()) {
    std::cout << "  cells not in every archive (no series): "
              << absl::StrJoin(g.missing_cells, ", ") << "\n";
  }
}

void PrintMarkdown(const HistoryGroup& g) {
  std::cout << "### " << g.subject << " on machine " << g.machine.id << "\n\n"
            << g.machine.description << "\n\n";
  if (g.steps.empty()) {
    std::cout << "No step: every series stays within noise.\n\n";
    return;
  }
  std::cout << "| step at | change | 95% interval | lasts to the newest | cells | compare |\n"
            << "| --- | --- | --- | --- | --- | --- |\n";
  for (const HistoryStep& s : g.steps) {
    std::vector<std::string> cells;
    for (const std::string& c : s.cells) cells.push_back("`" + c + "`");
    std::cout << "| " << s.version << (s.confirmed ? "" : " (unconfirmed)") << " | " << Change(s)
              << " | " << Interval(s) << " | " << (s.persists ? "yes" : "no") << " | "
              << absl::StrJoin(cells, ", ") << " | `" << CompareLine(g, s) << "` |\n";
  }
  std::cout << "\n";
}

}  // namespace

int HistoryCommand(int argc, char** argv) {
  namespace po = boost::program_options;
  std::string results, subject, machine, format = "text";
  double fail_pct = -1;
  po::options_description options(
      "Usage: zoo-host history RESULTS [--subject NAME] [--machine ID] [--format text|md]\n"
      "                        [--json] [--fail-on-step PCT]\n\n"
      "Reads every archive of a results folder (RESULTS/<subject>-<version>/<UTC>.json),\n"
      "groups them by machine (a fingerprint of the environment record) and subject, orders\n"
      "each group by version, and finds the versions where the subject's same-run ratio to its\n"
      "baselines changed level: per step, the first version at the new level, the change with\n"
      "its 95% interval, whether it lasts to the newest archive, the cells it shows in and the\n"
      "compare command for the two archives around it. Absolute times never enter a series.\n"
      "Exit codes: 0 read, 2 a bad folder or flag, 3 --fail-on-step tripped: the newest archive\n"
      "starts or continues a slowdown step larger than PCT percent.\n\n"
      "Options");
  options.add_options()("help,h", "show this help")(
      "results", po::value(&results), "the results folder")(
      "subject", po::value(&subject), "only this subject")(
      "machine", po::value(&machine), "only this machine (its id, as printed)")(
      "format", po::value(&format)->default_value(format),
      "text, or md: a summary fit for a pull-request comment")(
      "json", "print the whole history model as JSON (schema zoo-host-history) instead")(
      "fail-on-step", po::value(&fail_pct),
      "exit 3 when the newest archive starts or continues a slowdown step larger than PCT "
      "percent");
  po::positional_options_description positional;
  positional.add("results", 1);
  po::variables_map vm;
  if (std::optional<int> done = ParseCommandLine("history", argc, argv, options, positional, vm)) {
    return *done;
  }
  if (results.empty()) return UsageError("history", "give the results folder to read");
  if (format != "text" && format != "md") {
    return UsageError("history", "--format " + format + ": must be text or md");
  }
  const bool gate = vm.count("fail-on-step") != 0;
  if (gate && !(std::isfinite(fail_pct) && fail_pct >= 0)) {
    return UsageError("history", "--fail-on-step takes a percentage of 0 or more");
  }
  absl::StatusOr<ResultsScan> scan = ScanResults(results);
  if (!scan.ok()) return UsageError("history", std::string(scan.status().message()));
  for (const std::string& s : scan->skipped) std::cerr << s << "\n";
  std::vector<LoadedArchive> loaded;
  for (const IndexedArchive& a : scan->archives) {
    if (!subject.empty() && a.subject != subject) continue;
    absl::StatusOr<Archive> archive = ReadArchive(a.path);
    if (!archive.ok()) {
      std::cerr << archive.status().message() << "\n";
      continue;
    }
    loaded.push_back({.path = a.path.string(), .archive = *std::move(archive)});
  }
  HistoryModel model = BuildHistory(loaded);
  model.skipped = scan->skipped;
  if (!machine.empty()) {
    std::erase_if(model.groups, [&machine](const HistoryGroup& g) { return g.machine.id != machine; });
  }
  const bool json = vm.count("json") > 0;
  if (json) std::cout << HistoryToJson(model) << "\n";
  bool tripped = false;
  size_t shown = 0;
  for (const HistoryGroup& g : model.groups) {
    if (!machine.empty() && g.machine.id != machine) continue;
    ++shown;
    if (!json) format == "md" ? PrintMarkdown(g) : PrintText(g);
    for (const HistoryStep& s : g.steps) {
      if (gate && s.slowdown && s.persists && (s.factor - 1) * 100 > fail_pct) {
        tripped = true;
        std::cerr << "zoo-host history: " << g.subject << " on " << g.machine.id << " is "
                  << Change(s) << " since " << s.version << ", more than " << fail_pct
                  << "%\n";
      }
    }
  }
  if (shown == 0 && !json) {
    std::cout << "no archive" << (subject.empty() ? "" : " of " + subject)
              << (machine.empty() ? "" : " on machine " + machine) << " in " << results << "\n";
  }
  return tripped ? kExitRegression : kExitOk;
}

}  // namespace zoo::cli
