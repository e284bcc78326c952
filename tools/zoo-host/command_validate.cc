// zoo-host validate: the equivalence gate on every adapter found (or the ones named), each in
// a child process with a deadline. PASS or REJECTED with the reason, per adapter.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/worker/gate_runner.h"
#include "rapidjson/prettywriter.h"
#include "rapidjson/stringbuffer.h"
#include "tools/zoo-host/cli_common.h"

namespace zoo::cli {
namespace {

namespace po = boost::program_options;

struct Outcome {
  std::string who;  // adapter name, or the file when it has none
  std::string file;
  bool passed = false;
  bool skipped = false;  // shadowed by an earlier file of the same name: not judged, not an error
  std::string detail;    // the reason, or what was checked
};

const char* VerdictName(const Outcome& o) {
  if (o.skipped) return "SKIPPED";
  return o.passed ? "PASS" : "REJECTED";
}

absl::StatusOr<std::vector<uint32_t>> ParseConcurrencies(const std::string& text) {
  std::vector<uint32_t> out;
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    uint32_t c = 0;
    if (!absl::SimpleAtoi(part, &c) || c == 0 || c > 4096) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--concurrency: '", part, "' is not a whole number from 1 to 4096"));
    }
    out.push_back(c);
  }
  return out;
}

// What a PASS checked: "40000 tasks at concurrency 1, 4, 16 and 16 with batches up to 4096:
// each ran exactly once, before drain returned; nothing was left after teardown".
std::string CheckedSentence(const GateReport& r) {
  std::string where = absl::StrJoin(r.concurrencies, ", ");
  if (r.repeated_concurrency > 0) {
    absl::StrAppend(&where, " and ", r.repeated_concurrency, " again");
    if (r.large_batch > 0) absl::StrAppend(&where, " with batches up to ", r.large_batch);
  }
  std::string sentence = absl::StrCat(r.tasks_submitted, " tasks at concurrency ", where,
                                      ": each ran exactly once, before drain returned; ");
  if (r.threads_kept == 0) {
    absl::StrAppend(&sentence, "nothing was left running after teardown");
  } else {
    absl::StrAppend(&sentence, r.threads_kept,
                    " thread(s) outlived teardown and were reused by the repeat (a process-wide "
                    "pool of the adapter's runtime); no process was left");
  }
  // What the adapter used to do it: the threads its tasks ran on, and its allocations.
  if (!r.executor_threads.empty()) {
    absl::StrAppend(&sentence, "; tasks ran on ", absl::StrJoin(r.executor_threads, ", "),
                    " thread(s) per instance");
  }
  if (r.alloc_calls >= 0 && r.tasks_submitted > 0) {
    absl::StrAppendFormat(&sentence, "; %.2f allocations per task inside submit() and drain()",
                          static_cast<double>(r.alloc_calls) /
                              static_cast<double>(r.tasks_submitted));
  } else {
    absl::StrAppend(&sentence, "; allocations not counted (no allocation counter in this build)");
  }
  if (r.submit_any_thread_checked) {
    absl::StrAppend(&sentence, "; zoo.submit_any_thread/1 held: tasks from 4 producer threads "
                               "and chains submitted from inside tasks each ran exactly once, "
                               "before drain returned");
  }
  return sentence;
}

void PrintJson(const std::vector<Outcome>& outcomes) {
  rapidjson::StringBuffer buf;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
  w.StartObject();
  w.Key("results");
  w.StartArray();
  for (const Outcome& o : outcomes) {
    w.StartObject();
    w.Key("adapter");
    w.String(o.who.c_str());
    w.Key("file");
    w.String(o.file.c_str());
    w.Key("verdict");
    w.String(VerdictName(o));
    w.Key(o.passed ? "checked" : "reason");
    w.String(o.detail.c_str());
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  std::cout << buf.GetString() << "\n";
}

}  // namespace

int ValidateCommand(int argc, char** argv) {
  std::vector<std::string> plugins, names;
  const GateOptions gate_defaults;
  uint32_t tasks = gate_defaults.tasks_per_phase;
  uint32_t large_batch = gate_defaults.large_batch;
  // The gate keeps every task's record: a billion would be refused by memory, blamed on a
  // plugin.
  constexpr uint32_t kMaxGateTasks = 10'000'000;
  constexpr uint32_t kMaxLargeBatch = 1'048'576;
  std::string concurrency = "1,4,16";
  double timeout_s = 60;
  po::options_description options(
      "Usage: zoo-host validate [--plugin PATH]... [options] [NAME...]\n\n"
      "Runs the equivalence gate on each adapter found (or on the NAMEs given), each in its\n"
      "own child process: setup, submit bodies, drain, teardown, at several concurrencies;\n"
      "checks that every body ran exactly once, that drain returned only after all of them\n"
      "finished, that nothing completed after drain returned, and that teardown returned\n"
      "with every thread and process the adapter started gone. Always run afresh (run\n"
      "reuses a PASS of the same plugin file and zoo-host build; see run --no-gate-cache).\n"
      "Exit codes: 0 all passed, 1 something was rejected, 2 a usage or input error.\n\n"
      "Options");
  options.add_options()("help,h", "show this help")(
      "plugin", po::value(&plugins)->composing(), "a plugin file or folder; repeatable")(
      "allow-untrusted-plugins", kAllowUntrustedPluginsHelp)(
      "tasks", po::value(&tasks)->default_value(tasks),
      "tasks submitted to each instance (one per concurrency, and one with large batches)")(
      "large-batch", po::value(&large_batch)->default_value(large_batch),
      "the most tasks one more instance takes between drains, at the largest concurrency; "
      "0: no such instance")(
      "concurrency", po::value(&concurrency)->default_value(concurrency),
      "comma-separated concurrencies, one gate phase each")(
      "timeout", po::value(&timeout_s)->default_value(timeout_s),
      "seconds one adapter's gate may take before it counts as hung")(
      "json", "print JSON instead of lines");
  po::options_description hidden;
  hidden.add_options()("name", po::value(&names)->composing());
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("name", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return UsageError("validate", std::string(e.what()) + "; run 'zoo-host validate --help'");
  }
  if (vm.count("help")) {
    std::cout << options << "\n";
    return kExitOk;
  }
  if (const int refused = RefuseEmptyValues("validate", vm, all, {"name"}); refused != kExitOk) {
    return refused;
  }
  // A negative number reads as a huge unsigned one: a bound, not a plugin, refuses it.
  if (tasks == 0 || tasks > kMaxGateTasks) {
    return UsageError("validate", absl::StrCat("--tasks must be from 1 to ", kMaxGateTasks));
  }
  if (!(timeout_s >= 0.1 && timeout_s <= 86'400)) {
    return UsageError("validate", "--timeout must be from 0.1 to 86400 seconds");
  }
  absl::StatusOr<std::vector<uint32_t>> concurrencies = ParseConcurrencies(concurrency);
  if (!concurrencies.ok()) {
    return UsageError("validate", std::string(concurrencies.status().message()));
  }

  // A plugin file given where a name goes (`zoo-host validate ./libmine.so`): judge that file.
  std::vector<std::string> files;
  for (auto it = names.begin(); it != names.end();) {
    if (it->find('/') != std::string::npos || absl::EndsWith(*it, ".so")) {
      files.push_back(*it);
      plugins.push_back(*it);
      it = names.erase(it);
    } else {
      ++it;
    }
  }
  absl::StatusOr<std::vector<CatalogEntry>> catalog = DiscoverAdapters(plugins, vm.count("allow-untrusted-plugins") > 0);
  if (!catalog.ok()) return UsageError("validate", std::string(catalog.status().message()));

  // Which entries to judge: all of them, or the ones whose name or file was given.
  std::vector<const CatalogEntry*> chosen;
  for (const std::string& file : files) {
    std::error_code ec;
    const std::filesystem::path wanted = std::filesystem::weakly_canonical(file, ec);
    for (const CatalogEntry& e : *catalog) {
      if (std::filesystem::weakly_canonical(e.candidate.file, ec) == wanted) chosen.push_back(&e);
    }
  }
  if (names.empty() && files.empty()) {
    for (const CatalogEntry& e : *catalog) chosen.push_back(&e);
  } else {
    for (const std::string& name : names) {
      const CatalogEntry* found = nullptr;
      for (const CatalogEntry& e : *catalog) {
        if (e.descriptor && e.descriptor->name == name && (found == nullptr || e.usable())) {
          if (found == nullptr || !found->usable()) found = &e;
        }
      }
      if (found == nullptr) {
        return UsageError("validate",
                          absl::StrCat("no adapter named '", name,
                                       "' was found; run 'zoo-host list' to see what was"));
      }
      chosen.push_back(found);
    }
  }
  if (chosen.empty()) {
    return UsageError("validate",
                      "no adapters found (give --plugin PATH or set ZOO_HOST_PLUGIN_PATH)");
  }

  GateRunOptions run_options;
  // zoo/adapter.h promises adapters max_batch <= 1048576.
  if (large_batch > kMaxLargeBatch) {
    return UsageError("validate", absl::StrCat("--large-batch must be from 0 to ", kMaxLargeBatch));
  }
  run_options.gate.tasks_per_phase = tasks;
  run_options.gate.large_batch = large_batch;
  run_options.gate.concurrencies = *concurrencies;
  run_options.timeout = std::chrono::milliseconds(static_cast<int64_t>(timeout_s * 1000));

  const bool json = vm.count("json") > 0;
  std::vector<Outcome> outcomes;
  bool any_rejected = false;
  for (const CatalogEntry* e : chosen) {
    Outcome o;
    o.file = e->candidate.file.string();
    o.who = e->descriptor ? e->descriptor->name : o.file;
    if (e->shadowed) {
      o.skipped = true;  // the same sentence and exit code as list and run
      o.detail = e->problem;
    } else if (!e->usable()) {
      // The problem already names the file; do not print it twice.
      o.detail = e->problem;
      const std::string prefix = o.file + ": ";
      if (!e->descriptor && o.detail.rfind(prefix, 0) == 0) o.detail.erase(0, prefix.size());
    } else {
      GateVerdict v = RunGateInChild(SelfExecutable(), e->candidate.file, run_options);
      o.passed = v.passed;
      o.detail = v.passed ? CheckedSentence(*v.report) : v.reason;
    }
    any_rejected |= !o.passed && !o.skipped;
    if (!json) {
      std::cout << absl::StrFormat("%-10s", VerdictName(o)) << o.who << ": " << o.detail
                << std::endl;
    }
    outcomes.push_back(std::move(o));
  }
  if (json) PrintJson(outcomes);
  return any_rejected ? kExitRejected : kExitOk;
}

}  // namespace zoo::cli
