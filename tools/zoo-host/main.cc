// zoo-host: measures what a task-execution framework costs per task, next to other ways of
// doing the same job. This file only dispatches to the commands.
#include <csignal>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>

#include "core/base/build_config.h"
#include "core/child/worker_modes.h"
#include "tools/zoo-host/cli_common.h"
#include "zoo/adapter.h"

namespace zoo::cli {
int AnalyzeCommand(int argc, char** argv);
int CompareCommand(int argc, char** argv);
int IndexCommand(int argc, char** argv);
int HistoryCommand(int argc, char** argv);
int ListCommand(int argc, char** argv);
int RenderCommand(int argc, char** argv);
int RunCommand(int argc, char** argv);
int ValidateCommand(int argc, char** argv);
}  // namespace zoo::cli

namespace {

constexpr char kUsageLines[] =
    "Usage: zoo-host [--help] [--version] <command> [<args>]\n"
    "       zoo-host --plugin PATH... [<run options>]   'run' with these plugins added\n";

// `zoo-host` alone: what to type next, not the whole page.
constexpr char kShortHelp[] =
    "\n"
    "Commands: analyze compare history index list render run validate\n"
    "Run 'zoo-host --help' for what each does, 'zoo-host <command> --help' for its options.\n";

constexpr char kHelpBody[] =
    "\n"
    "Measures what a task-execution framework costs per task, against other ways of doing\n"
    "the same job, on the same machine, in the same run.\n"
    "\n"
    "Commands:\n"
    "  analyze    read an archive: every cell's verdict, unfavourable data included\n"
    "  compare    what changed between two archives of one subject (same-run ratios, noise,\n"
    "             a regression gate)\n"
    "  history    every archive of a results folder on one timeline per machine and subject,\n"
    "             with the versions where the subject's ratios changed level (a step gate)\n"
    "  index      a static site of a results folder: every report, version-over-version\n"
    "             compare pages, an index linking them\n"
    "  list       list the adapters and reporters found, with version, ABI and status\n"
    "  render     write an archive's report (md, html, csv, json) without measuring\n"
    "  run        measure the matrix (every adapter x tier x concurrency), archive it and\n"
    "             write its report\n"
    "  validate   run the equivalence gate on adapters: PASS or REJECTED with the reason\n"
    "\n"
    "Adapters and reporters are looked for in every --plugin PATH (a file or a folder), then in the\n"
    "colon-separated ZOO_HOST_PLUGIN_PATH, then in the built-in location.\n"
    "Run 'zoo-host <command> --help' for a command's options.\n"
    "\n"
    "Exit codes: 0 all good, 1 something was rejected or failed, 2 a usage or input error,\n"
    "3 compare --fail-on-regression found a regression (or history --fail-on-step a step), 130 a run stopped by Ctrl-C (its archive keeps the units that finished).\n";

// `zoo-host --plugin dir/ --quick`: the first thing a third party types after building a
// plugin. No command but --plugin first means the main job, `run`, with those plugins added.
bool StartsWithPluginOption(std::string_view arg) {
  return arg == "--plugin" || arg.rfind("--plugin=", 0) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  // A write beyond a file size limit (ulimit -f) then fails with EFBIG and a sentence naming
  // the file, as a full disk does, rather than killing zoo-host with SIGXFSZ.
  signal(SIGXFSZ, SIG_IGN);
  if (argc < 2) {
    std::cerr << kUsageLines << kShortHelp;
    return zoo::cli::kExitUsage;
  }
  // No command, --plugin first: `run`. A command's parser skips its argv[0] (behind a command,
  // the command's name; here the program's), so `run` reads exactly the arguments it would
  // read after its name.
  const bool implied_run = StartsWithPluginOption(argv[1]);
  const std::string command = implied_run ? "run" : argv[1];
  try {
    if (implied_run) return zoo::cli::RunCommand(argc, argv);
    if (command == "--help" || command == "-h" || command == "help") {
      std::cout << kUsageLines << kHelpBody;
      return zoo::cli::kExitOk;
    }
    if (command == "--version") {
      std::cout << "zoo-host " << ZOO_HOST_VERSION << " (adapter C ABI " << ZOO_ABI_MAJOR << "."
                << ZOO_ABI_MINOR << ")\n";
      return zoo::cli::kExitOk;
    }
    if (command == "analyze") return zoo::cli::AnalyzeCommand(argc - 1, argv + 1);
    if (command == "compare") return zoo::cli::CompareCommand(argc - 1, argv + 1);
    if (command == "index") return zoo::cli::IndexCommand(argc - 1, argv + 1);
    if (command == "history") return zoo::cli::HistoryCommand(argc - 1, argv + 1);
    if (command == "list") return zoo::cli::ListCommand(argc - 1, argv + 1);
    if (command == "render") return zoo::cli::RenderCommand(argc - 1, argv + 1);
    if (command == "run") return zoo::cli::RunCommand(argc - 1, argv + 1);
    if (command == "validate") return zoo::cli::ValidateCommand(argc - 1, argv + 1);
    if (command == "__worker") return zoo::RunWorkerMode(argc - 1, argv + 1);
  } catch (const std::exception& e) {
    // The last boundary: nothing escapes as an uncaught exception.
    std::cerr << "zoo-host " << command << ": " << e.what() << "\n";
    return zoo::cli::kExitUsage;
  }
  const bool is_option = command.rfind('-', 0) == 0;
  std::cerr << "zoo-host: unknown " << (is_option ? "option '" : "command '") << command
            << "'; run 'zoo-host --help' for the commands\n";
  return zoo::cli::kExitUsage;
}
