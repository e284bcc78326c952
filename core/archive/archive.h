// The archive: the raw JSON record of one run, results/<subject>-<version>/<UTC>.json.
// Everything a report prints must be traceable to it; every derived number in it can be
// recomputed from its raw samples (unit_stats.h). Written to a temporary file and renamed,
// so a reader never sees half a file.
//
// Schema (schema_version 1; the tool version is recorded apart from it):
//   {"schema": "zoo-host-archive", "schema_version": 1,
//    "run": {started_utc, finished_utc, wall_s,
//            status: "running"|"complete"|"interrupted"|"failed" (a save failed: a full disk),
//            command, quick, quick_description, note, units_planned, units_measured,
//            units_failed, matrix: {adapters, subject, concurrency, tiers_us, warmup_rounds,
//            measured_rounds, processes, workload, unit_timeout_s}, instrument,
//            instrument_version, calibration (calibration_json.h)},
//    "environment": {cpu_model, logical_cores, os, kernel, machine, hostname, compiler,
//            compiler_flags, build_type, sanitizers, zoo_host_version, git_commit,
//            caches, mhz_per_cpu, load_avg (machine_state_json.h; optional),
//            round_trips (round_trips_json.h; optional)},
//    "subject": {name, version},
//    "adapters": [{name, version, description, kind, caliber_notes, drive_level, abi, file,
//            sha256, build (plugin_build_json.h; optional), text: {language: {key: text}}
//            (zoo.text/1, core/plugin/plugin_text.h; optional), gate: {passed, reason}}],
//    "semantics": {status, reason_code, reason, tier_us, concurrencies,
//            items: [{item: {...}, priced, dropped_code, dropped_reason, check}]}
//                                                          (semantics_record.h)
//    "cost": {status, reason_code, workload, tier_us, concurrencies}   (cost_record.h)
//    "units": [{spec, status, failure, pid, calibration, setup_ns, teardown_ns, checksum,
//            output_tail, counts (instrumented units only), rounds: [...], stats: {...}}],
//            (a round's cpu_ns and stats.cpu_per_task_ns are optional: absent in archives
//            before them and in instrumented units)
//                                                          (unit_json.h)
//    "self_checks": [{name, passed, detail, message: {code, args}}],   (message.h)
//    "noise_warnings": [...], "noise_checked": [...]}   (noise_json.h; optional: absent in
//                                                        archives written before them)
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/archive/unit_timing_json.h"
#include "core/archive/cost_record.h"
#include "core/archive/matrix.h"
#include "core/archive/noise_conditions.h"
#include "core/archive/run_enums.h"
#include "core/archive/native_line_record.h"
#include "core/archive/layer_record.h"
#include "core/archive/scenario_record.h"
#include "core/archive/semantics_record.h"
#include "core/base/json_util.h"
#include "core/base/message.h"
#include "core/base/sysinfo.h"
#include "core/measure/calibration.h"
#include "core/measure/unit.h"
#include "core/measure/unit_stats.h"
#include "core/plugin/adapter_descriptor.h"
#include "core/plugin/plugin_build.h"

namespace zoo {

inline constexpr int kArchiveSchemaVersion = 1;
inline constexpr char kArchiveSchemaName[] = "zoo-host-archive";

// Printed with every absolute time.
inline constexpr char kAbsoluteTimesNote[] =
    "Absolute times are valid only within this run: they depend on this machine and this "
    "moment. Compare runs, versions and machines by the same-run ratios.";

struct AdapterRecord {
  AdapterDescriptor descriptor;
  std::string sha256;
  std::optional<PluginBuild> build;  // how the plugin file was built; absent in older archives
  bool gate_passed = false;
  std::string gate_reason;
};

struct ArchivedUnit {
  UnitResult result;
  UnitStats stats;  // derived from result by ComputeUnitStats
};

struct SelfCheck {
  std::string name;
  bool passed = false;
  std::string detail;  // English, for logs
  Message message;     // the same statement for reporters: "self_check.<name>.<outcome>"
};

struct RunRecord {
  std::string started_utc;   // 2026-11-30T13:06:19Z
  std::string finished_utc;  // "" while running
  double wall_s = 0;
  RunStatus status = RunStatus::kRunning;
  std::string command;
  bool quick = false;
  std::string quick_description;
  std::string note = kAbsoluteTimesNote;
  uint32_t units_planned = 0;
  uint32_t units_measured = 0;
  uint32_t units_failed = 0;
  Matrix matrix;
  RunInstrument instrument = RunInstrument::kNone;
  std::string instrument_version;  // the valgrind that ran a callgrind run's units
  // Each tier's body calibrated once for the whole run (calibration.h); status "per_unit"
  // in archives from before, whose units each calibrated in their own process.
  RunCalibration calibration;
  // The timed region's clock: asked for, and what this machine allowed (timed_clock.h).
  RunClock clock;
};

struct Archive {
  int schema_version = kArchiveSchemaVersion;
  RunRecord run;
  SystemInfo environment;
  std::string subject;
  std::string subject_version;
  std::vector<AdapterRecord> adapters;
  SemanticsRecord semantics;  // the subject's scheduling-semantics dimension
  CostRecord cost;            // the cost-of-code units (allocations, counters, cold start)
  ScenarioRecord scenarios;   // the scenarios asked for and those not applicable
  NativeLineRecord native_line;  // the subject's native task line (status "": none)
  LayerRecord layers;         // the layer line (zoo.layers/1): its rows, or why not
  std::vector<ArchivedUnit> units;  // the main matrix's, the semantics units, the cost units
  std::vector<SelfCheck> self_checks;
  NoiseRecord noise;  // read at run start; `recorded` false in archives that predate it
};

// `unit_json`, when it holds one entry per unit, gives each unit's JSON as
// ArchivedUnitToJson wrote it: a run that saves its archive after every unit serialises each
// unit once rather than every unit at every save.
std::string ArchiveToJson(const Archive& archive,
                          const std::vector<std::string>* unit_json = nullptr);
std::string ArchivedUnitToJson(const ArchivedUnit& unit);

// The archive's "run", "environment" and "adapters" members (key and value), for other
// documents that carry them in the same layout (the report model's JSON).
void WriteRunRecord(json::Writer& w, const RunRecord& run);
void WriteEnvironment(json::Writer& w, const SystemInfo& environment);
void WriteAdapterRecords(json::Writer& w, const std::vector<AdapterRecord>& adapters);
// `source` names the file in errors: "FILE: not a zoo-host archive (...)".
absl::StatusOr<Archive> ArchiveFromJson(std::string_view json, std::string_view source);

// Writes to `path` + ".tmp-<pid>", then renames over `path`; creates the folder.
absl::Status WriteArchive(const Archive& archive, const std::filesystem::path& path,
                          const std::vector<std::string>* unit_json = nullptr);
absl::StatusOr<Archive> ReadArchive(const std::filesystem::path& path);

// After WriteArchive failed (a full disk), marks the archive already at `path` as of a run that
// failed: its run status "running" is overwritten in place by "failed" (and a space), the one
// change that needs no new disk space. kNotFound when `path` holds no running archive (the
// run's first save never landed); a FileError when the file cannot be written.
absl::Status MarkArchiveFailed(const std::filesystem::path& path);

// results_dir/<subject>-<version>/<started, as 20261130T130619Z>.json; characters outside
// [A-Za-z0-9._+-] in the subject or version become '_'.
std::filesystem::path ArchivePath(const std::filesystem::path& results_dir,
                                  const std::string& subject, const std::string& version,
                                  const std::string& started_utc);

// Claims `path` for one run: creates its folder and the file itself exclusively (empty, to be
// replaced by WriteArchive's rename), or, when another run started in the same second took
// it, the first free of "<stem>-2.json", "<stem>-3.json", ...; two runs never share an
// archive or the report folder named after it. The claimed path, or why none could be made.
absl::StatusOr<std::filesystem::path> ClaimArchivePath(const std::filesystem::path& path);

}  // namespace zoo
