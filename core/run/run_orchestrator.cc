#include "core/run/run_orchestrator.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/archive/noise_conditions.h"
#include "core/base/cpu_idle_hold.h"
#include "core/base/clock.h"
#include "core/base/round_trips.h"
#include "core/measure/alloc_counting.h"
#include "core/plugin/plugin_build.h"
#include "core/run/cost_plan.h"
#include "core/run/run_plan.h"
#include "core/run/scenario_plan.h"
#include "core/run/self_checks.h"
#include "core/run/subject_lines.h"
#include "core/worker/calibration_runner.h"
#include "core/worker/gate_cache.h"
#include "core/worker/gate_runner.h"
#include "core/worker/plugin_catalog.h"
#include "core/worker/semantics_runner.h"
#include "core/worker/unit_runner.h"

namespace zoo {
namespace {

// How the plugin file was built, for the report's build table and its warning on an
// unoptimised plugin; nothing when the file cannot be read as ELF (the gate says why).
std::optional<PluginBuild> BuildOf(const std::filesystem::path& file) {
  absl::StatusOr<PluginBuild> build = ReadPluginBuild(file.string());
  if (!build.ok()) return std::nullopt;
  return *std::move(build);
}

constexpr double kCallgrindTimeoutFactor = 20;

std::string UtcNow() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// The adapters to measure, subject first, then the others by name.
absl::StatusOr<std::vector<const CatalogEntry*>> SelectAdapters(
    const std::vector<CatalogEntry>& catalog, const Matrix& m) {
  std::map<std::string, const CatalogEntry*> usable;
  for (const CatalogEntry& e : catalog) {
    if (e.usable()) usable.emplace(e.descriptor->name, &e);
  }
  auto known = [&] {
    std::vector<std::string> names;
    for (const auto& [name, entry] : usable) names.push_back(name);
    return names.empty() ? std::string("none") : absl::StrJoin(names, ", ");
  };
  if (!usable.count(m.subject)) {
    return absl::InvalidArgumentError(absl::StrCat("unknown subject '", m.subject,
                                                   "': no usable adapter has that name (found: ",
                                                   known(), ")"));
  }
  std::vector<std::string> names = m.adapters;
  if (names.empty()) {
    for (const auto& [name, entry] : usable) names.push_back(name);
  }
  std::vector<const CatalogEntry*> out = {usable.at(m.subject)};
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    auto it = usable.find(name);
    if (it == usable.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "unknown adapter '", name, "': no usable adapter has that name (found: ", known(), ")"));
    }
    if (name != m.subject && std::find(out.begin(), out.end(), it->second) == out.end()) {
      out.push_back(it->second);
    }
  }
  return out;
}

// The scheduling-semantics dimension: probe the subject (in a child), then plan, at the
// smallest tier (where a per-task cost shows most) and every concurrency within the cores, one
// unit with every item off and one per priced item switched on alone, in the matrix's
// processes (run_plan.h).
void PlanSemanticsDimension(const std::filesystem::path& zoo_host, const CatalogEntry& subject,
                            const Matrix& m, uint32_t cores,
                            const RunCalibration& calibration, SemanticsRecord* record,
                            std::vector<UnitSpec>* specs) {
  std::vector<uint32_t> concurrencies;
  for (uint32_t c : m.concurrencies) {
    if (c <= cores) concurrencies.push_back(c);
  }
  const uint32_t tier = *std::min_element(m.tiers_us.begin(), m.tiers_us.end());
  *record = PlanSemantics(
      RunSemanticsProbeInChild(zoo_host, subject.candidate.file, cores, std::chrono::seconds(60)),
      m.subject, tier, concurrencies);
  if (record->status != "measured") return;
  std::vector<PlannedSemanticsItem> items;
  for (const SemanticsItemRecord& item : record->items) {
    if (item.priced) items.push_back({.name = item.item.name, .value = item.item.default_value});
  }
  std::vector<UnitSpec> planned = PlanSemanticsUnits(
      m, {.name = m.subject, .plugin_file = subject.candidate.file.string()}, tier,
      record->concurrencies, items, cores, calibration);
  specs->insert(specs->end(), planned.begin(), planned.end());
}

using NoteFn = std::function<void(std::string_view)>;

// The archive's run record and environment, before any unit: the machine's round trips are
// measured here, once, under the run's idle hold and after the catalog's probes have ended.
Archive StartArchive(const RunOptions& options, const SystemInfo& environment, NoiseRecord noise,
                     const NoteFn& note) {
  Archive archive;
  archive.run.started_utc = UtcNow();
  archive.run.command = options.command_line;
  archive.run.quick = options.quick;
  archive.run.quick_description = options.quick ? QuickDescription() : "";
  archive.run.matrix = options.matrix;
  archive.run.instrument = options.instrument;
  archive.run.instrument_version =
      options.instrument == RunInstrument::kNone ? "" : options.valgrind_version;
  archive.environment = environment;
  note(MeasureRunRoundTrips(archive.environment.round_trips));
  archive.noise = std::move(noise);
  archive.subject = options.matrix.subject;
  archive.run.clock = {.asked = ClockChoiceName(options.clock),
                       .decision = DecideClock(options.clock,
                                               TscUnusableReasonHere(options.noise_root))};
  return archive;
}

// No adapter is trusted before the gate; a PASS of the same file and build is reused. Fills
// the archive's adapter records; the adapters that passed, subject first, or why the subject
// did not.
absl::StatusOr<std::vector<const CatalogEntry*>> GateAdapters(
    const RunOptions& options, const std::vector<const CatalogEntry*>& selected, uint32_t cores,
    Archive& archive, const NoteFn& note) {
  GateRunOptions gate;
  gate.timeout = std::chrono::seconds(60);
  gate.gate.logical_cores = cores;
  const GateCache gate_cache = GateCache::Open(options.gate_cache_dir, options.zoo_host, gate.gate);
  std::vector<std::optional<GateReport>> cached;
  std::vector<std::filesystem::path> to_gate;
  for (const CatalogEntry* e : selected) {
    absl::StatusOr<std::string> sha = FileSha256(e->candidate.file);
    archive.adapters.push_back({.descriptor = *e->descriptor,
                                .sha256 = sha.ok() ? *sha : std::string("unreadable"),
                                .build = BuildOf(e->candidate.file),
                                .gate_passed = false,
                                .gate_reason = ""});
    cached.push_back(sha.ok() ? gate_cache.FindPass(*sha) : std::nullopt);
    if (!cached.back()) to_gate.push_back(e->candidate.file);
  }
  const std::vector<GateVerdict> gated =
      RunGatesInChildren(options.zoo_host, to_gate, gate, std::min(cores, 2u));
  std::vector<const CatalogEntry*> passed;
  for (size_t i = 0, next_gated = 0; i < selected.size(); ++i) {
    AdapterRecord& rec = archive.adapters[i];
    GateVerdict verdict = cached[i] ? GateVerdict{.passed = true, .reason = "", .report = cached[i]}
                                    : gated[next_gated++];
    if (!cached[i] && verdict.passed && verdict.report && rec.sha256 != "unreadable") {
      // A cache that cannot be written costs the next run time, not this run its data.
      if (absl::Status s = gate_cache.StorePass(rec.sha256, *verdict.report); !s.ok()) {
        note(absl::StrCat("gate cache: ", s.message()));
      }
    }
    rec.gate_passed = verdict.passed;
    rec.gate_reason = verdict.reason;
    note(absl::StrCat("gate: ", verdict.passed ? "PASS     " : "REJECTED ", rec.descriptor.name,
                      verdict.passed ? "" : absl::StrCat(": ", verdict.reason),
                      cached[i] ? " (an earlier PASS of this file and zoo-host build)" : ""));
    if (rec.descriptor.name == archive.subject) archive.subject_version = rec.descriptor.version;
    if (verdict.passed) passed.push_back(selected[i]);
  }
  if (passed.empty() || passed.front()->descriptor->name != archive.subject) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the subject '", archive.subject, "' did not pass the equivalence gate: ",
        archive.adapters.front().gate_reason));
  }
  return passed;
}

// Same work in every unit: each tier's body calibrated once, in processes of its own.
absl::Status CalibrateTiers(const RunOptions& options, Archive& archive, const NoteFn& note) {
  const Matrix& m = options.matrix;
  const uint32_t cores = std::max(1u, archive.environment.logical_cores);
  absl::StatusOr<RunCalibration> calibration =
      CalibrateInChildren(options.zoo_host, m.workload, m.tiers_us, CalibrationProcesses(cores),
                          cores, std::chrono::seconds(60));
  if (!calibration.ok()) return calibration.status();
  archive.run.calibration = *std::move(calibration);
  for (const TierCalibration& t : archive.run.calibration.tiers) {
    std::vector<std::string> counts;
    for (const TierCalibration::Process& p : t.processes) {
      counts.push_back(absl::StrCat(p.repetitions, " on cpu ", p.cpu));
    }
    note(absl::StrCat("calibration: ", t.tier_us, " us = ", t.repetitions,
                      " repetitions (the fastest of ", absl::StrJoin(counts, ", "), ")"));
  }
  return absl::OkStatus();
}

// The allocation counter the cost units preload, or an empty path (and why, as a note).
std::filesystem::path CostAllocCounter(const RunOptions& options, const NoteFn& note) {
  if (std::string why = AllocCountingUnsupportedReason(); !why.empty()) {
    note(absl::StrCat("cost: allocations not counted: ", why));
    return {};
  }
  std::error_code ec;
  std::filesystem::path library = AllocCounterLibrary(options.zoo_host);
  if (!std::filesystem::exists(library, ec)) {
    note(absl::StrCat("cost: allocations not counted: ", library.string(), " does not exist"));
    return {};
  }
  return library;
}

// Every unit of the run in order: the matrix, the semantics dimension, the cost units.
std::vector<UnitSpec> PlanRun(const RunOptions& options,
                              const std::vector<const CatalogEntry*>& passed, uint32_t cores,
                              Archive& archive, const NoteFn& note) {
  const Matrix& m = options.matrix;
  std::vector<PlannedAdapter> planned;
  for (const CatalogEntry* e : passed) {
    planned.push_back({.name = e->descriptor->name, .plugin_file = e->candidate.file.string()});
  }
  std::vector<UnitSpec> specs =
      PlanMatrixUnits(m, planned, cores, archive.run.calibration,
                      options.instrument == RunInstrument::kNone ? UnitKind::kTimed
                                                                 : UnitKind::kCallgrind);
  if (options.instrument == RunInstrument::kNone) {
    // The per-task stamps in processes of their own, among the timed units; then the floor.
    specs = InterleaveUnits(std::move(specs), PlanMatrixUnits(m, planned, cores,
                                                              archive.run.calibration,
                                                              UnitKind::kAttribution));
    for (const PlannedAdapter& a : planned) {
      if (a.name == "inline") {
        const std::vector<UnitSpec> floor = PlanFloorUnits(a, std::max(m.processes, 3u), cores);
        specs.insert(specs.end(), floor.begin(), floor.end());
      }
    }
    uint32_t fewest = kMaxProcessesPerCell, most = 0;
    for (uint32_t tier : m.tiers_us) {
      for (uint32_t c : m.concurrencies) {
        fewest = std::min(fewest, ProcessesFor(m, tier, c, cores, planned.size()));
        most = std::max(most, ProcessesFor(m, tier, c, cores, planned.size()));
      }
    }
    note(absl::StrCat("processes: ", fewest, " to ", most, " per cell, each up to ",
                      m.warmup_rounds, " warm-up + ", m.measured_rounds,
                      " measured rounds, adapters interleaved"));
  }
  PlanSemanticsDimension(options.zoo_host, *passed.front(), m, cores, archive.run.calibration,
                         &archive.semantics, &specs);
  if (archive.semantics.status == "measured") {
    note(absl::StrCat("semantics: ", archive.semantics.items.size(), " items of ", m.subject,
                      ", priced at ", archive.semantics.tier_us, " us"));
  } else {
    note(absl::StrCat("semantics: ", archive.semantics.status, ": ", archive.semantics.reason));
  }
  for (const SemanticsItemRecord& item : archive.semantics.items) {
    if (!item.priced) note(absl::StrCat("semantics: ", item.item.name, " dropped: ",
                                        item.dropped_reason));
  }
  PlanCostUnits(options, passed, cores, &archive.cost, &specs);
  // Scenarios last (none in a callgrind run: their times would be the simulator's).
  std::vector<ScenarioAdapter> adapters;
  for (const CatalogEntry* e : passed) adapters.push_back({*e->descriptor, e->candidate.file});
  ScenarioPlan scenarios = PlanScenarioUnits(
      options.instrument == RunInstrument::kNone ? options.scenarios : std::vector<Scenario>{},
      adapters, cores, options.quick ? kQuickScenarioProcesses : kScenarioProcesses);
  archive.scenarios = std::move(scenarios.record);
  specs.insert(specs.end(), scenarios.units.begin(), scenarios.units.end());
  PlanSubjectLines(options, passed, cores, archive, note, specs);  // native line, layers
  for (UnitSpec& spec : specs) spec.clock = archive.run.clock.decision.kind;
  return specs;
}

// Writes the archive after every unit. A full disk: the archive on disk keeps the units of
// the last save, marked failed in place (that needs no new space); one that never landed is
// no archive and goes.
class ArchiveSaver {
 public:
  ArchiveSaver(Archive& archive, std::filesystem::path path)
      : archive_(archive), path_(std::move(path)), start_(MonotonicNs()) {}

  double elapsed_s() const { return static_cast<double>(MonotonicNs() - start_) / 1e9; }

  // After a unit was appended to the archive: serialised once, kept for every later save.
  void Added(const ArchivedUnit& unit) { unit_json_.push_back(ArchivedUnitToJson(unit)); }

  absl::Status Save() {
    archive_.run.wall_s = elapsed_s();
    archive_.self_checks = RunSelfChecks(archive_, static_cast<int>(getpid()));
    absl::Status s = WriteArchive(archive_, path_, &unit_json_);
    if (s.ok()) {
      saved_once_ = true;
      return s;
    }
    std::string kept;
    std::error_code ec;
    if (!saved_once_) {
      std::filesystem::remove(path_, ec);
      kept = "no archive was kept";
    } else if (absl::Status marked = MarkArchiveFailed(path_); marked.ok()) {
      kept = "the archive keeps what was saved before, marked failed";
    } else {
      kept = absl::StrCat("the archive keeps what was saved before, but could not be marked "
                          "failed: ", marked.message());
    }
    return absl::Status(s.code(), absl::StrCat(s.message(), "; ", kept));
  }

 private:
  Archive& archive_;
  std::filesystem::path path_;
  int64_t start_;
  std::vector<std::string> unit_json_;  // each unit serialised once (archive.h)
  bool saved_once_ = false;
};

// How long one unit may take: valgrind runs it tens of times slower than the hardware.
UnitRunOptions UnitOptions(const RunOptions& options, const UnitSpec& spec,
                           const std::filesystem::path& alloc_counter) {
  UnitRunOptions run_options;
  const double timeout_s = UnderCallgrind(spec.kind)
                               ? options.matrix.unit_timeout_s * kCallgrindTimeoutFactor
                               : options.matrix.unit_timeout_s;
  run_options.timeout = std::chrono::milliseconds(static_cast<int64_t>(timeout_s * 1000));
  run_options.cancel = options.stop;
  run_options.alloc_counter = alloc_counter;
  run_options.valgrind = options.valgrind;
  return run_options;
}

// Measures `specs` in order, each in its own process, saving after each; false when Ctrl-C
// stopped it. A cell that crashed or hung in one process would do so again: its later
// processes are not run (a hang would cost the unit timeout each time), and `not_run` counts
// them.
absl::StatusOr<bool> MeasureUnits(const RunOptions& options, const std::vector<UnitSpec>& specs,
                                  uint32_t cores, const std::filesystem::path& alloc_counter,
                                  Archive& archive, ArchiveSaver& saver, size_t& not_run) {
  std::set<std::string> failed_cells;
  auto cell_of = [](const UnitSpec& s) {
    return absl::StrCat(s.adapter, "/", s.semantics, "/", InstrumentName(s.kind), "/",
                        s.concurrency, "/", s.tier_us, "/", PurposeName(s.kind), "/", s.options);
  };
  for (size_t i = 0; i < specs.size(); ++i) {
    if (options.stop != nullptr && options.stop->load()) return false;
    if (specs[i].process > 0 && failed_cells.contains(cell_of(specs[i]))) {
      ++not_run;
      continue;
    }
    RunProgress progress{.unit_index = i, .units_total = specs.size(), .spec = &specs[i],
                         .elapsed_s = saver.elapsed_s(), .eta_s = -1, .finished = nullptr};
    if (i > 0) progress.eta_s = progress.elapsed_s / static_cast<double>(i) *
                                static_cast<double>(specs.size() - i);
    if (options.on_progress) options.on_progress(progress);
    UnitRun run =
        RunUnitInChild(options.zoo_host, specs[i], UnitOptions(options, specs[i], alloc_counter));
    if (run.cancelled) return false;  // the unit in progress is abandoned, not recorded
    ArchivedUnit unit{.result = std::move(run.result), .stats = {}};
    unit.stats = ComputeUnitStats(unit.result, cores);
    if (unit.result.ok) {
      archive.run.units_measured++;
    } else {
      archive.run.units_failed++;
      failed_cells.insert(cell_of(unit.result.spec));
    }
    archive.units.push_back(std::move(unit));
    saver.Added(archive.units.back());
    if (absl::Status s = saver.Save(); !s.ok()) return s;
    progress.finished = &archive.units.back().result;
    progress.elapsed_s = saver.elapsed_s();
    if (options.on_progress) options.on_progress(progress);
  }
  return true;
}

}  // namespace

absl::StatusOr<RunOutcome> RunMatrix(const RunOptions& options) {
  const NoteFn note = [&](std::string_view line) {
    if (options.on_note) options.on_note(line);
  };
  const Matrix& m = options.matrix;
  if (absl::Status s = ValidateMatrix(m, "the matrix"); !s.ok()) return s;

  // Before the catalog probes and the gate start child processes of their own, so that the
  // load average is the machine's, not ours; nothing is timed yet.
  const SystemInfo environment = ReadSystemInfo();
  // Held until this function returns, over the calibration and every unit; the kernel drops
  // it should zoo-host die. Taken before the noise conditions, which record whether it held.
  const CpuIdleHold idle = options.hold_cpu_idle
                               ? CpuIdleHold::Acquire(options.noise_root / "dev/cpu_dma_latency")
                               : CpuIdleHold::NotRequested();
  NoiseRecord noise = ReadNoiseConditions(environment, m, idle, options.noise_root);

  std::vector<std::filesystem::path> paths(options.plugin_paths.begin(),
                                           options.plugin_paths.end());
  PluginSearchPath search = DefaultSearchPath(std::move(paths));
  search.allow_untrusted = options.allow_untrusted_plugins;
  absl::StatusOr<std::vector<PluginCandidate>> candidates = ListCandidates(search);
  if (!candidates.ok()) return candidates.status();
  const std::vector<CatalogEntry> catalog =
      BuildCatalog(*candidates, ChildProbe(options.zoo_host, std::chrono::seconds(20)));
  for (const CatalogEntry& e : catalog) {
    if (!e.usable()) note(absl::StrCat("skipped: ", e.problem));
  }
  absl::StatusOr<std::vector<const CatalogEntry*>> selected = SelectAdapters(catalog, m);
  if (!selected.ok()) return selected.status();
  // Printed once the run is sure to go ahead (a usage error stays one sentence); never fatal.
  for (const NoiseCondition& c : noise.conditions) {
    if (c.warning()) note(absl::StrCat("noise warning: ", c.detail));
  }
  if (idle.held()) note("cpu idle: deep idle states held off until the run ends (/dev/cpu_dma_latency at 0)");

  const uint32_t cores = std::max(1u, environment.logical_cores);
  Archive archive = StartArchive(options, environment, std::move(noise), note);
  if (const RunClock& c = archive.run.clock; !c.decision.fallback_reason.empty()) {
    if (options.clock == ClockChoice::kTsc) {
      return absl::InvalidArgumentError(absl::StrCat("--clock tsc: ", c.decision.fallback_reason));
    }
    note(absl::StrCat("clock: CLOCK_MONOTONIC, not the TSC: ", c.decision.fallback_reason));
  }
  absl::StatusOr<std::vector<const CatalogEntry*>> passed =
      GateAdapters(options, *selected, cores, archive, note);
  if (!passed.ok()) return passed.status();
  if (absl::Status s = CalibrateTiers(options, archive, note); !s.ok()) return s;
  const std::vector<UnitSpec> specs = PlanRun(options, *passed, cores, archive, note);
  std::filesystem::path alloc_counter;
  if (archive.cost.status == "measured" || archive.layers.status == "measured") {
    alloc_counter = CostAllocCounter(options, note);
    note(absl::StrCat("cost: ", archive.cost.concurrencies.size() * passed->size(),
                      " counters units (noop) after the matrix"));
  }
  archive.run.units_planned = static_cast<uint32_t>(specs.size());

  RunOutcome outcome;
  absl::StatusOr<std::filesystem::path> claimed = ClaimArchivePath(ArchivePath(
      options.results_dir, archive.subject, archive.subject_version, archive.run.started_utc));
  if (!claimed.ok()) return claimed.status();
  outcome.archive_path = *claimed;
  ArchiveSaver saver(archive, outcome.archive_path);
  if (absl::Status s = saver.Save(); !s.ok()) return s;
  size_t not_run = 0;
  absl::StatusOr<bool> completed =
      MeasureUnits(options, specs, cores, alloc_counter, archive, saver, not_run);
  if (!completed.ok()) return completed.status();
  if (not_run > 0) {
    archive.run.units_planned -= static_cast<uint32_t>(not_run);
    note(absl::StrCat(not_run, " later processes of cells that had failed were not run: a "
                            "crash or hang repeats, and a hang costs the unit timeout each time"));
  }
  archive.run.status = *completed ? RunStatus::kComplete : RunStatus::kInterrupted;
  archive.run.finished_utc = UtcNow();
  if (absl::Status s = saver.Save(); !s.ok()) return s;
  outcome.archive = std::move(archive);
  return outcome;
}

}  // namespace zoo
