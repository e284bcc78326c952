// zoo-host run: measure the matrix and archive every raw sample.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <boost/program_options.hpp>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/archive/matrix.h"
#include "core/base/atomic_file.h"
#include "core/base/sysinfo.h"
#include "core/measure/callgrind.h"
#include "core/render/deck_pdf.h"
#include "core/render/report_render.h"
#include "core/run/run_orchestrator.h"
#include "core/run/scenario_plan.h"
#include "tools/zoo-host/native_line_rows.h"
#include "core/worker/gate_cache.h"
#include "rapidjson/prettywriter.h"
#include "rapidjson/stringbuffer.h"
#include "tools/zoo-host/cli_common.h"
#include "tools/zoo-host/layer_rows.h"

namespace zoo::cli {
namespace {

namespace po = boost::program_options;

std::atomic<bool> g_stop{false};

extern "C" void OnStopSignal(int /*signal*/) { g_stop.store(true); }

void InstallStopHandlers() {
  struct sigaction sa {};
  sa.sa_handler = &OnStopSignal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

std::string Duration(double s) {
  if (s < 0) return "?";
  if (s < 90) return absl::StrFormat("%.0fs", s);
  return absl::StrFormat("%dm%02ds", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
}

// Microseconds, or nanoseconds under one (a noop task's few tens of them would read 0.0 us).
std::string Micros(double ns) {
  return ns < 1000 ? absl::StrFormat("%.0f ns", ns) : absl::StrFormat("%.1f us", ns / 1e3);
}

// "adapter", or "adapter{counters}" / "adapter{attribution}" / "adapter{floor}".
std::string UnitLabel(const UnitSpec& s) {
  std::string tag = InstrumentName(s.kind);
  if (tag.empty()) tag = PurposeName(s.kind);
  return tag.empty() ? s.adapter : absl::StrCat(s.adapter, "{", tag, "}");
}

// Progress goes to stderr: one updating line on a terminal, plain lines otherwise.
class ProgressPrinter {
 public:
  explicit ProgressPrinter(bool quiet) : tty_(isatty(2) == 1), quiet_(quiet) {}

  void operator()(const RunProgress& p) {
    const UnitSpec& s = *p.spec;
    const std::string adapter = UnitLabel(s);
    // A scenario unit by its scenario and pool size: its tier and concurrency say nothing.
    const std::string what =
        s.kind == UnitKind::kNative
            ? absl::StrFormat("[%u/%u] %s, native %s, %u B frames, concurrency %u",
                              p.unit_index + 1, p.units_total, adapter, s.options, s.tier_us,
                              s.concurrency)
        : IsScenario(s.kind)
            ? absl::StrFormat("[%u/%u] %s, scenario %s, %u worker(s)", p.unit_index + 1,
                              p.units_total, adapter, ScenarioName(s.scenario), s.workers)
            : absl::StrFormat("[%u/%u] %s, %u us, concurrency %u", p.unit_index + 1,
                              p.units_total, adapter, s.tier_us, s.concurrency);
    if (tty_) {
      std::cerr << "\r\033[K" << what << "  elapsed " << Duration(p.elapsed_s) << ", ETA "
                << Duration(p.eta_s) << std::flush;
      if (p.finished && !p.finished->ok) {
        std::cerr << "\r\033[K" << what << ": FAILED: " << p.finished->failure << "\n";
      }
      return;
    }
    if (!p.finished || quiet_) return;
    std::cerr << what << ": "
              << (p.finished->ok ? "ok" : absl::StrCat("FAILED: ", p.finished->failure)) << "\n";
  }
  void Finish() const {
    if (tty_) std::cerr << "\r\033[K" << std::flush;
  }
  void Note(std::string_view line) const {
    if (tty_) std::cerr << "\r\033[K";
    std::cerr << line << "\n";
  }

 private:
  bool tty_;
  bool quiet_;
};

// One line per scenario row: the median over its processes of each process's median time per
// task, and the allocations per task its counted process saw. The report judges the rows.
void PrintScenarioRows(const Archive& a) {
  struct Row {
    std::vector<double> process_medians;
    std::string allocations = "-";
  };
  std::map<std::tuple<std::string, std::string, uint32_t>, Row> rows;
  std::vector<std::tuple<std::string, std::string, uint32_t>> order;
  for (const ArchivedUnit& u : a.units) {
    const UnitSpec& s = u.result.spec;
    if (!IsScenario(s.kind)) continue;
    const auto key = std::make_tuple(std::string(ScenarioName(s.scenario)), s.adapter, s.workers);
    if (!rows.count(key)) order.push_back(key);
    Row& row = rows[key];
    if (!u.result.ok) continue;
    if (s.kind == UnitKind::kScenario) {
      row.process_medians.push_back(u.stats.end_to_end_ns.median);
    } else if (u.result.counts && u.result.counts->alloc_calls.available) {
      row.allocations = absl::StrFormat(
          "%.2f", static_cast<double>(u.result.counts->alloc_calls.total) /
                      static_cast<double>(std::max<uint64_t>(1, u.result.counts->tasks)));
    }
  }
  if (order.empty()) return;
  std::cout << absl::StrFormat("%-16s %-26s %7s %10s %14s %12s\n", "SCENARIO", "ADAPTER",
                               "WORKERS", "PROCESSES", "PER TASK", "ALLOCS/TASK");
  for (const auto& key : order) {
    const Row& row = rows[key];
    std::vector<double> m = row.process_medians;
    std::sort(m.begin(), m.end());
    const std::string per_task =
        m.empty() ? "FAILED" : absl::StrFormat("%.0f ns", m[m.size() / 2]);
    std::cout << absl::StrFormat("%-16s %-26s %7u %10u %14s %12s\n", std::get<0>(key),
                                 std::get<1>(key), std::get<2>(key), m.size(), per_task,
                                 row.allocations);
  }
  std::cout << "\n";
}

void PrintSummary(const RunOutcome& outcome, const std::string& shown_path) {
  const Archive& a = outcome.archive;
  std::cout << "archive: " << shown_path << "\n"
            << "run: " << RunStatusName(a.run.status) << ", " << a.run.units_measured
            << " units measured, " << a.run.units_failed << " failed, " << Duration(a.run.wall_s)
            << "\n";
  if (a.run.quick) std::cout << a.run.quick_description << "\n";
  std::cout << "\n" << a.run.note << "\n\n";
  std::cout << absl::StrFormat("%-26s %8s %5s %14s %14s %14s %8s %12s\n", "ADAPTER", "TIER_US",
                               "CONC", "E2E/TASK", "BODY", "OVERHEAD", "SHARE", "TASKS/S");
  for (const ArchivedUnit& u : a.units) {
    const UnitSpec& s = u.result.spec;
    // In their own tables below.
    if (IsScenario(s.kind) || s.kind == UnitKind::kNative || IsLayer(s.kind)) continue;
    // A semantics unit shows which item it switched on: "zoo_scheduler[priority]".
    std::string name = UnitLabel(s);
    if (!s.semantics.empty()) name = absl::StrCat(s.adapter, "[", s.semantics, "]");
    if (!u.result.ok) {
      std::cout << absl::StrFormat("%-26s %8u %5u   FAILED: %s\n", name, s.tier_us,
                                   s.concurrency, u.result.failure);
      continue;
    }
    const UnitStats& st = u.stats;
    std::cout << absl::StrFormat(
        "%-26s %8u %5u %14s %14s %14s %8s %12.0f\n", name, s.tier_us, s.concurrency,
        Micros(st.end_to_end_ns.median), Micros(st.body_ns.median),
        st.overhead_ns ? Micros(*st.overhead_ns) : "withheld",
        st.overhead_share ? absl::StrFormat("%.1f%%", *st.overhead_share * 100) : "-",
        st.throughput_per_s);
  }
  std::cout << "\n";
  PrintScenarioRows(a);
  PrintNativeLineRows(a);
  PrintLayerRows(a);
  for (const SelfCheck& c : a.self_checks) {
    std::cout << "self-check " << c.name << ": " << (c.passed ? "passed" : "FAILED") << " ("
              << c.detail << ")\n";
  }
}

void PrintJson(const RunOutcome& outcome, const std::string& shown_path) {
  const Archive& a = outcome.archive;
  rapidjson::StringBuffer buf;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
  w.StartObject();
  w.Key("archive");
  w.String(shown_path.c_str());
  w.Key("status");
  w.String(RunStatusName(a.run.status));
  w.Key("units_measured");
  w.Uint(a.run.units_measured);
  w.Key("units_failed");
  w.Uint(a.run.units_failed);
  w.Key("self_checks");
  w.StartArray();
  for (const SelfCheck& c : a.self_checks) {
    w.StartObject();
    w.Key("name");
    w.String(c.name.c_str());
    w.Key("passed");
    w.Bool(c.passed);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  std::cout << buf.GetString() << "\n";
}

// report.pdf beside the report when Chromium is here (deck_pdf.h); one line when it is not, or
// when it fails, and never the run's failure: the archive and the other formats are written.
void WriteReportPdf(const std::filesystem::path& dir, const std::string& started_utc) {
  absl::StatusOr<std::filesystem::path> chromium = FindChromium();
  absl::Status printed = chromium.status();
  if (chromium.ok()) {
    printed = PrintDeckToPdf({.chromium = *chromium,
                              .deck = dir / "report.html",
                              .pdf = dir / "report.pdf",
                              .date_utc = started_utc});
  }
  if (printed.ok()) {
    std::cout << "  report.pdf\n";
  } else {
    std::cout << "report.pdf not written: " << printed.message() << "\n";
  }
}

}  // namespace

int RunCommand(int argc, char** argv) {
  std::vector<std::string> plugins;
  std::optional<std::string> matrix_file, subject, adapters, concurrency, tiers, workload;
  std::string results = "results";
  std::string report_dir, language = "en", cpu_idle = "shallow";
  po::options_description options(
      "Usage: zoo-host run [--matrix FILE] [--quick] [options]\n\n"
      "Measures every (adapter, tier, concurrency) unit of the matrix, each in its own\n"
      "process, after every adapter has passed the equivalence gate, and archives every raw\n"
      "sample in RESULTS/<subject>-<version>/<UTC time>.json. Flags override the matrix file\n"
      "field by field; the defaults are the seed matrix. The report is rendered beside the\n"
      "archive, with report.pdf (the deck printed by Chromium, found as render finds it) when\n"
      "Chromium is here; one line says when it is not.\n"
      "Exit codes: 0 every unit measured, 1 a unit failed or an adapter was rejected, or the\n"
      "machine refused a write (a full disk: the archive keeps what was saved, marked failed),\n"
      "2 a usage or input error, 130 stopped by Ctrl-C (the archive keeps the finished units).\n\n"
      "Options");
  options.add_options()("help,h", "show this help")(
      "matrix", po::value<std::string>(), "JSON matrix file (fields: adapters, subject, "
      "concurrency, tiers_us, warmup_rounds, measured_rounds, processes, cell_budget_s, workload, "
      "unit_timeout_s)")(
      "quick", "a first look in under a minute: tiers 40,300,2700 us, concurrency 1 and the "
      "logical core count, at "
      "least 5 processes per cell (more within 5 s a cell) of up to 10 warm-up + 10 measured "
      "rounds")(
      "plugin", po::value(&plugins)->composing(), "a plugin file or folder; repeatable")(
      "allow-untrusted-plugins", kAllowUntrustedPluginsHelp)(
      "subject", po::value<std::string>(), "the adapter under test (default zoo_scheduler)")(
      "adapters", po::value<std::string>(),
      "comma-separated adapters to measure (default: every adapter that passes the gate)")(
      "concurrency", po::value<std::string>(), "comma-separated, default 1,4,16,64 and the logical core "
      "count and twice it where missing (1,2,4,16,64 on 2 cores)")(
      "tiers", po::value<std::string>(), "body tiers in us, comma-separated, default "
      "40,300,2700,10000")("processes", po::value<uint32_t>(), "the fewest processes measuring "
      "each cell of every adapter, interleaved across adapters, 1 to 64, default 3 (--quick 5)")(
      "cell-budget", po::value<double>(), "seconds per cell (all adapters together) within "
      "which a cheap cell gets more processes (up to 48 per adapter), default 6 (--quick 5); 0: "
      "exactly --processes")(
      "warmup", po::value<uint32_t>(), "warm-up rounds per process (at most about 20 ms of "
      "them, at least 1), default 10")(
      "rounds", po::value<uint32_t>(), "measured rounds per process, default 8 (--quick 10)")(
      "workload", po::value<std::string>(), "json (default), sleep or noop")(
      "unit-timeout", po::value<double>(), "seconds one unit may take, 0.1 to 86400, default "
      "120")(
      "results", po::value(&results)->default_value(results), "folder of the archives")(
      "report", po::value(&report_dir), "where to write the report (default: beside the "
      "archive, named after it: RESULTS/<subject>-<version>/<time>/)")(
      "lang", po::value(&language)->default_value(language), "the report's language: en or zh")(
      "no-report", "archive only; render later with 'zoo-host render ARCHIVE'")(
      "no-gate-cache", "run the equivalence gate on every adapter afresh (by default a PASS "
      "of the same plugin file and zoo-host build, kept in $XDG_CACHE_HOME/zoo-host/gate, is "
      "reused)")(
      "cpu-idle", po::value(&cpu_idle)->default_value(cpu_idle), "shallow: keep the CPUs out "
      "of deep idle states while measuring (zoo-host holds /dev/cpu_dma_latency at 0 until it "
      "exits, which needs root; without it the run goes on and the report warns); any: leave "
      "them as the machine has them")(
      "scenarios", po::value<std::string>(), "the scenarios measured after the matrix, "
      "comma-separated: roundtrip, continuation, burst (bounded and unbounded), workers; all "
      "or none. Default: all (--quick: roundtrip). continuation and burst need an adapter's "
      "zoo.submit_any_thread/1; where it lacks it the report says not applicable")(
      "no-cost", "skip the cost-of-code units (allocations, kernel counters and cold start "
      "per adapter, counted with the noop body after the matrix)")(
      "no-native-line", "skip the subject's native task line (its zoo.native/1 forms running "
      "modbus_rtu, gated and measured after the scenarios)")(
      "no-layers", "skip the subject's layer line (the bare clients and its zoo.layers/1 "
      "layers, gated and measured after the native line)")(
      "instrument", po::value<std::string>(), "callgrind: run every unit under valgrind's "
      "callgrind and count its instructions per task (exact, whatever the machine does; its "
      "times are meaningless). Without matrix flags the matrix is tiny: every adapter, noop, "
      "concurrency 1, 1 warm-up + 5 measured rounds")(
      "clock", po::value<std::string>(), "the timed region's clock: auto (default: the TSC "
      "where the kernel's clock source is tsc and the CPU reports constant_tsc and "
      "nonstop_tsc, calibrated against CLOCK_MONOTONIC in every unit process; else "
      "CLOCK_MONOTONIC), tsc (refused where not usable) or monotonic")(
      "json", "print a JSON summary on stdout instead of the table (progress stays on stderr)");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return UsageError("run", std::string(e.what()) + "; run 'zoo-host run --help'");
  }
  if (vm.count("help")) {
    std::cout << options << "\n";
    return kExitOk;
  }
  if (const int refused = RefuseEmptyValues("run", vm, options); refused != kExitOk) return refused;

  Matrix matrix = DefaultMatrix();
  std::string source = "the command line";
  if (vm.count("matrix")) {
    source = vm["matrix"].as<std::string>();
    absl::StatusOr<Matrix> loaded = LoadMatrixFile(source);
    if (!loaded.ok()) return UsageError("run", std::string(loaded.status().message()));
    matrix = *loaded;
  }
  const bool quick = vm.count("quick") > 0;
  // The machine's core count, as the run counts it (its affinity mask): in the default list.
  const uint32_t cores = LogicalCores();
  if (quick) ApplyQuick(&matrix, cores);
  if (!quick && !vm.count("matrix") && !vm.count("concurrency")) AddCoreCounts(&matrix, cores);
  RunInstrument instrument = RunInstrument::kNone;
  std::filesystem::path valgrind;
  if (vm.count("instrument")) {
    const std::string name = vm["instrument"].as<std::string>();
    if (ParseRunInstrument(name) != RunInstrument::kCallgrind) {
      return UsageError("run",
                        absl::StrCat("--instrument ", name, ": the only instrument is callgrind"));
    }
    instrument = RunInstrument::kCallgrind;
    std::optional<std::filesystem::path> found = FindValgrind();
    if (!found) {
      return UsageError("run", "--instrument callgrind needs valgrind, which is not on PATH "
                               "(install the valgrind package)");
    }
    valgrind = *found;
    // The tiny default: instructions per task do not need many rounds, valgrind is slow.
    if (!vm.count("matrix") && !quick) ApplyCallgrindDefaults(&matrix);
  }
  auto list = [&](const char* flag, std::vector<uint32_t>* out) -> bool {
    if (!vm.count(flag)) return true;
    absl::StatusOr<std::vector<uint32_t>> v =
        ParsePositiveList(vm[flag].as<std::string>(), absl::StrCat("--", flag));
    if (!v.ok()) {
      UsageError("run", std::string(v.status().message()));
      return false;
    }
    *out = *v;
    return true;
  };
  if (!list("concurrency", &matrix.concurrencies) || !list("tiers", &matrix.tiers_us)) {
    return kExitUsage;
  }
  if (vm.count("subject")) matrix.subject = vm["subject"].as<std::string>();
  if (vm.count("adapters")) {
    absl::StatusOr<std::vector<std::string>> names =
        ParseNameList(vm["adapters"].as<std::string>(), "--adapters");
    if (!names.ok()) return UsageError("run", std::string(names.status().message()));
    matrix.adapters = *std::move(names);
  }
  if (vm.count("warmup")) matrix.warmup_rounds = vm["warmup"].as<uint32_t>();
  if (vm.count("rounds")) matrix.measured_rounds = vm["rounds"].as<uint32_t>();
  if (vm.count("workload")) matrix.workload = vm["workload"].as<std::string>();
  if (vm.count("unit-timeout")) matrix.unit_timeout_s = vm["unit-timeout"].as<double>();
  if (vm.count("processes")) matrix.processes = vm["processes"].as<uint32_t>();
  if (vm.count("cell-budget")) matrix.cell_budget_s = vm["cell-budget"].as<double>();
  if (absl::Status s = ValidateMatrix(matrix, source); !s.ok()) {
    return UsageError("run", std::string(s.message()));
  }
  absl::StatusOr<std::vector<Scenario>> scenarios =
      ParseScenarioList(vm.count("scenarios") ? vm["scenarios"].as<std::string>()
                                              : (quick ? "roundtrip" : "all"));
  if (!scenarios.ok()) return UsageError("run", std::string(scenarios.status().message()));
  ClockChoice clock = ClockChoice::kAuto;
  if (vm.count("clock")) {
    const std::string name = vm["clock"].as<std::string>();
    if (name == "tsc") clock = ClockChoice::kTsc;
    else if (name == "monotonic") clock = ClockChoice::kMonotonic;
    else if (name != "auto") {
      return UsageError("run", absl::StrCat("--clock ", name, ": must be auto, tsc or monotonic"));
    }
  }
  if (cpu_idle != "shallow" && cpu_idle != "any") {
    return UsageError("run", absl::StrCat("--cpu-idle ", cpu_idle, ": must be shallow or any"));
  }
  // Everything that would stop the run after the measuring is checked before the gate: where
  // the archive and the report go (by making a probe there, as writing would), and whether a
  // reporter writes the language.
  const bool allow_untrusted = vm.count("allow-untrusted-plugins") > 0;
  const bool report = vm.count("no-report") == 0;
  if (absl::Status s = ProbeWritableFolder(results); !s.ok()) {
    return UsageError("run", absl::StrCat("--results ", s.message()));
  }
  if (report && !report_dir.empty()) {
    if (absl::Status s = ProbeWritableFolder(report_dir); !s.ok()) {
      return UsageError("run", absl::StrCat("--report ", s.message()));
    }
  }
  if (report) {
    RenderRequest check;
    check.language = language;
    check.plugin_paths = plugins;
    check.allow_untrusted_plugins = allow_untrusted;
    check.zoo_host = SelfExecutable();
    if (absl::Status s = CheckRenderRequest(check); !s.ok()) return StatusError("run", s);
  }

  const bool json = vm.count("json") > 0;
  ProgressPrinter progress(/*quiet=*/false);
  RunOptions run;
  run.matrix = matrix;
  run.quick = quick;
  run.plugin_paths = plugins;
  run.allow_untrusted_plugins = allow_untrusted;
  run.results_dir = results;
  std::vector<const char*> args = {"zoo-host", "run"};
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  run.command_line = ShellCommandLine(static_cast<int>(args.size()), args.data());
  run.zoo_host = SelfExecutable();
  run.stop = &g_stop;
  run.on_progress = [&progress](const RunProgress& p) { progress(p); };
  run.on_note = [&progress](std::string_view line) { progress.Note(line); };
  run.cost = vm.count("no-cost") == 0;
  run.native_line = vm.count("no-native-line") == 0;
  run.layer_line = vm.count("no-layers") == 0;
  run.scenarios = *std::move(scenarios);
  run.hold_cpu_idle = cpu_idle == "shallow";
  if (vm.count("no-gate-cache") == 0) run.gate_cache_dir = DefaultGateCacheDir();
  run.instrument = instrument;
  run.clock = clock;
  run.valgrind = valgrind;
  if (instrument != RunInstrument::kNone) run.valgrind_version = ValgrindVersion(valgrind);
  InstallStopHandlers();

  absl::StatusOr<RunOutcome> outcome = RunMatrix(run);
  progress.Finish();
  if (!outcome.ok()) {
    if (outcome.status().code() == absl::StatusCode::kFailedPrecondition) {
      std::cerr << "zoo-host run: " << outcome.status().message() << "\n";
      return kExitRejected;
    }
    return StatusError("run", outcome.status());
  }
  std::error_code ec;
  // Relative to where the user stands when it is below it (results/...), else absolute.
  std::filesystem::path shown = std::filesystem::relative(outcome->archive_path, ec);
  if (ec || shown.empty() || shown.string().rfind("..", 0) == 0) {
    shown = std::filesystem::absolute(outcome->archive_path);
  }
  if (json) {
    PrintJson(*outcome, shown.string());
  } else {
    PrintSummary(*outcome, shown.string());
  }
  // The report of what was measured, also of an interrupted run: the archive is already safe,
  // so a reporter that fails costs only its own files.
  if (report && !outcome->archive.units.empty()) {
    const std::filesystem::path dir = report_dir.empty()
                                          ? DefaultReportDir(outcome->archive_path)
                                          : std::filesystem::path(report_dir);
    std::ostream& out = json ? std::cerr : std::cout;
    out << "\n";
    std::streambuf* saved = std::cout.rdbuf();
    if (json) std::cout.rdbuf(std::cerr.rdbuf());  // stdout stays the JSON summary alone
    const int rendered = RenderReport(outcome->archive_path, dir, "", language, "", plugins,
                                      allow_untrusted, "run");
    if (rendered == kExitOk) WriteReportPdf(dir, outcome->archive.run.started_utc);
    std::cout.rdbuf(saved);
    if (rendered != kExitOk) return rendered;
  }
  if (outcome->archive.run.status == RunStatus::kInterrupted) return 130;
  bool rejected = outcome->archive.run.units_failed > 0;
  for (const AdapterRecord& a : outcome->archive.adapters) rejected |= !a.gate_passed;
  return rejected ? kExitRejected : kExitOk;
}

}  // namespace zoo::cli
