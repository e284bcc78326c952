#include "core/archive/archive.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/archive/calibration_json.h"
#include "core/archive/capability_json.h"
#include "core/archive/machine_state_json.h"
#include "core/archive/noise_json.h"
#include "core/archive/plugin_build_json.h"
#include "core/archive/unit_json.h"
#include "core/base/absl_view.h"
#include "core/base/atomic_file.h"
#include "core/base/input_file.h"
#include "core/base/json_util.h"
#include "core/plugin/plugin_text.h"
#include "rapidjson/document.h"

namespace zoo {
namespace {

void WriteMatrix(json::Writer& w, const Matrix& m) {
  w.Key("matrix");
  w.StartObject();
  json::StringList(w, "adapters", m.adapters);
  json::String(w, "subject", m.subject);
  json::UintList(w, "concurrency", m.concurrencies);
  json::UintList(w, "tiers_us", m.tiers_us);
  json::Uint(w, "warmup_rounds", m.warmup_rounds);
  json::Uint(w, "measured_rounds", m.measured_rounds);
  json::String(w, "workload", m.workload);
  json::Double(w, "unit_timeout_s", m.unit_timeout_s);
  json::Uint(w, "processes", m.processes);
  json::Double(w, "cell_budget_s", m.cell_budget_s);
  w.EndObject();
}

}  // namespace

void WriteEnvironment(json::Writer& w, const SystemInfo& e) {
  w.Key("environment");
  w.StartObject();
  json::String(w, "cpu_model", e.cpu_model);
  json::Uint(w, "logical_cores", e.logical_cores);
  json::String(w, "os", e.os);
  json::String(w, "kernel", e.kernel);
  json::String(w, "machine", e.machine);
  json::String(w, "hostname", e.hostname);
  json::String(w, "compiler", e.compiler);
  json::String(w, "compiler_flags", e.compiler_flags);
  json::String(w, "build_type", e.build_type);
  json::String(w, "sanitizers", e.sanitizers);
  json::String(w, "zoo_host_version", e.zoo_host_version);
  json::String(w, "git_commit", e.git_commit);
  WriteMachineState(w, e);
  w.EndObject();
}

namespace {

absl::StatusOr<std::vector<uint32_t>> ReadUintList(const rapidjson::Value& v, const char* key,
                                                   std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(v, key, where));
  if (!m->IsArray()) {
    return absl::InvalidArgumentError(absl::StrCat(Sv(where), ": ", key, " must be a list"));
  }
  std::vector<uint32_t> out;
  for (const rapidjson::Value& x : m->GetArray()) {
    if (!x.IsUint()) {
      return absl::InvalidArgumentError(
          absl::StrCat(Sv(where), ": ", key, " must hold whole numbers"));
    }
    out.push_back(x.GetUint());
  }
  return out;
}

absl::StatusOr<Matrix> ReadMatrix(const rapidjson::Value& run) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, json::Member(run, "matrix", "run"));
  const char* where = "run matrix";
  Matrix out;
  const rapidjson::Value* adapters;
  ZOO_ASSIGN_OR_RETURN(adapters, json::Member(*m, "adapters", where));
  if (!adapters->IsArray()) return absl::InvalidArgumentError("run matrix: adapters must be a list");
  for (const rapidjson::Value& a : adapters->GetArray()) {
    if (!a.IsString()) return absl::InvalidArgumentError("run matrix: adapters must be names");
    out.adapters.emplace_back(a.GetString(), a.GetStringLength());
  }
  ZOO_ASSIGN_OR_RETURN(out.subject, json::GetString(*m, "subject", where));
  ZOO_ASSIGN_OR_RETURN(out.concurrencies, ReadUintList(*m, "concurrency", where));
  ZOO_ASSIGN_OR_RETURN(out.tiers_us, ReadUintList(*m, "tiers_us", where));
  uint64_t n;
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(*m, "warmup_rounds", where));
  out.warmup_rounds = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(*m, "measured_rounds", where));
  out.measured_rounds = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(out.workload, json::GetString(*m, "workload", where));
  ZOO_ASSIGN_OR_RETURN(out.unit_timeout_s, json::GetDouble(*m, "unit_timeout_s", where));
  // Archives from before measured each cell in one process (their "subject_processes" gave
  // the subject more, which its units' own process numbers tell).
  out.processes = 1;
  if (m->HasMember("processes")) {
    ZOO_ASSIGN_OR_RETURN(n, json::GetUint(*m, "processes", where));
    out.processes = static_cast<uint32_t>(n);
  }
  out.cell_budget_s = 0;
  if (m->HasMember("cell_budget_s")) {
    ZOO_ASSIGN_OR_RETURN(out.cell_budget_s, json::GetDouble(*m, "cell_budget_s", where));
  }
  return out;
}

absl::StatusOr<SystemInfo> ReadEnvironment(const rapidjson::Value& v) {
  const char* where = "environment";
  SystemInfo e;
  uint64_t cores;
  ZOO_ASSIGN_OR_RETURN(e.cpu_model, json::GetString(v, "cpu_model", where));
  ZOO_ASSIGN_OR_RETURN(cores, json::GetUint(v, "logical_cores", where));
  e.logical_cores = static_cast<uint32_t>(cores);
  ZOO_ASSIGN_OR_RETURN(e.os, json::GetString(v, "os", where));
  ZOO_ASSIGN_OR_RETURN(e.kernel, json::GetString(v, "kernel", where));
  ZOO_ASSIGN_OR_RETURN(e.machine, json::GetString(v, "machine", where));
  ZOO_ASSIGN_OR_RETURN(e.hostname, json::GetString(v, "hostname", where));
  ZOO_ASSIGN_OR_RETURN(e.compiler, json::GetString(v, "compiler", where));
  ZOO_ASSIGN_OR_RETURN(e.compiler_flags, json::GetString(v, "compiler_flags", where));
  ZOO_ASSIGN_OR_RETURN(e.build_type, json::GetString(v, "build_type", where));
  ZOO_ASSIGN_OR_RETURN(e.sanitizers, json::GetString(v, "sanitizers", where));
  ZOO_ASSIGN_OR_RETURN(e.zoo_host_version, json::GetString(v, "zoo_host_version", where));
  ZOO_ASSIGN_OR_RETURN(e.git_commit, json::GetString(v, "git_commit", where));
  if (absl::Status s = ReadMachineState(v, where, e); !s.ok()) return s;
  return e;
}

absl::StatusOr<AdapterRecord> ReadAdapter(const rapidjson::Value& v, std::string_view where) {
  AdapterRecord a;
  AdapterDescriptor& d = a.descriptor;
  ZOO_ASSIGN_OR_RETURN(d.name, json::GetString(v, "name", where));
  ZOO_ASSIGN_OR_RETURN(d.version, json::GetString(v, "version", where));
  ZOO_ASSIGN_OR_RETURN(d.description, json::GetString(v, "description", where));
  ZOO_ASSIGN_OR_RETURN(d.kind, json::GetString(v, "kind", where));
  ZOO_ASSIGN_OR_RETURN(d.caliber_notes, json::GetString(v, "caliber_notes", where));
  ZOO_ASSIGN_OR_RETURN(d.drive_level, json::GetString(v, "drive_level", where));
  std::string abi;
  ZOO_ASSIGN_OR_RETURN(abi, json::GetString(v, "abi", where));
  unsigned major = 0, minor = 0;
  if (std::sscanf(abi.c_str(), "%u.%u", &major, &minor) != 2) {
    return absl::InvalidArgumentError(absl::StrCat(Sv(where), ": abi must look like \"1.0\""));
  }
  d.abi_major = major;
  d.abi_minor = minor;
  ZOO_ASSIGN_OR_RETURN(d.file, json::GetString(v, "file", where));
  ZOO_ASSIGN_OR_RETURN(a.sha256, json::GetString(v, "sha256", where));
  ZOO_ASSIGN_OR_RETURN(a.build, ReadPluginBuildRecord(v, where));
  ZOO_ASSIGN_OR_RETURN(d.text, ReadPluginText(v, where));
  ZOO_ASSIGN_OR_RETURN(d.submit_any_thread, ReadSubmitAnyThread(v, where));
  const rapidjson::Value* gate;
  ZOO_ASSIGN_OR_RETURN(gate, json::Member(v, "gate", where));
  const std::string at = absl::StrCat(Sv(where), " gate");
  ZOO_ASSIGN_OR_RETURN(a.gate_passed, json::GetBool(*gate, "passed", at));
  ZOO_ASSIGN_OR_RETURN(a.gate_reason, json::GetString(*gate, "reason", at));
  return a;
}

absl::StatusOr<RunRecord> ReadRunRecord(const rapidjson::Value& run) {
  RunRecord r;
  uint64_t n;
  std::string status;
  ZOO_ASSIGN_OR_RETURN(r.started_utc, json::GetString(run, "started_utc", "run"));
  ZOO_ASSIGN_OR_RETURN(r.finished_utc, json::GetString(run, "finished_utc", "run"));
  ZOO_ASSIGN_OR_RETURN(r.wall_s, json::GetDouble(run, "wall_s", "run"));
  ZOO_ASSIGN_OR_RETURN(status, json::GetString(run, "status", "run"));
  const std::optional<RunStatus> parsed = ParseRunStatus(status);
  if (!parsed) {
    return absl::InvalidArgumentError(absl::StrCat(
        "run: status must be running, complete, interrupted or failed, not \"", status, "\""));
  }
  r.status = *parsed;
  ZOO_ASSIGN_OR_RETURN(r.command, json::GetString(run, "command", "run"));
  ZOO_ASSIGN_OR_RETURN(r.quick, json::GetBool(run, "quick", "run"));
  ZOO_ASSIGN_OR_RETURN(r.quick_description, json::GetString(run, "quick_description", "run"));
  ZOO_ASSIGN_OR_RETURN(r.note, json::GetString(run, "note", "run"));
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(run, "units_planned", "run"));
  r.units_planned = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(run, "units_measured", "run"));
  r.units_measured = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(run, "units_failed", "run"));
  r.units_failed = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(r.matrix, ReadMatrix(run));
  // Runs archived before instrumented runs were timed runs.
  if (run.HasMember("instrument")) {
    std::string instrument;
    ZOO_ASSIGN_OR_RETURN(instrument, json::GetString(run, "instrument", "run"));
    const std::optional<RunInstrument> parsed_instrument = ParseRunInstrument(instrument);
    if (!parsed_instrument) {
      return absl::InvalidArgumentError(absl::StrCat(
          "run: instrument must be \"\" or \"callgrind\", not \"", instrument, "\""));
    }
    r.instrument = *parsed_instrument;
    ZOO_ASSIGN_OR_RETURN(r.instrument_version, json::GetString(run, "instrument_version", "run"));
  }
  ZOO_ASSIGN_OR_RETURN(r.calibration, ReadRunCalibration(run));
  ZOO_ASSIGN_OR_RETURN(r.clock, ReadRunClock(run));
  return r;
}

absl::StatusOr<Archive> ReadArchiveDocument(const rapidjson::Document& doc) {
  Archive a;
  const rapidjson::Value* m;
  int64_t version;
  ZOO_ASSIGN_OR_RETURN(version, json::GetInt(doc, "schema_version", "the archive"));
  if (version != kArchiveSchemaVersion) {
    return absl::FailedPreconditionError(absl::StrCat(
        "archive schema version ", version, ", this zoo-host reads version ",
        kArchiveSchemaVersion));
  }
  a.schema_version = static_cast<int>(version);

  ZOO_ASSIGN_OR_RETURN(m, json::Member(doc, "run", "the archive"));
  ZOO_ASSIGN_OR_RETURN(a.run, ReadRunRecord(*m));

  ZOO_ASSIGN_OR_RETURN(m, json::Member(doc, "environment", "the archive"));
  ZOO_ASSIGN_OR_RETURN(a.environment, ReadEnvironment(*m));
  ZOO_ASSIGN_OR_RETURN(m, json::Member(doc, "subject", "the archive"));
  ZOO_ASSIGN_OR_RETURN(a.subject, json::GetString(*m, "name", "subject"));
  ZOO_ASSIGN_OR_RETURN(a.subject_version, json::GetString(*m, "version", "subject"));

  ZOO_ASSIGN_OR_RETURN(m, json::Member(doc, "adapters", "the archive"));
  if (!m->IsArray()) return absl::InvalidArgumentError("adapters must be a list");
  for (rapidjson::SizeType i = 0; i < m->Size(); ++i) {
    AdapterRecord rec;
    ZOO_ASSIGN_OR_RETURN(rec, ReadAdapter((*m)[i], absl::StrCat("adapter ", i)));
    a.adapters.push_back(std::move(rec));
  }
  // Archives written before the semantics dimension: not applicable, as they had none.
  if (doc.HasMember("semantics")) {
    ZOO_ASSIGN_OR_RETURN(a.semantics, ReadSemanticsRecord(doc["semantics"], "semantics"));
  }
  // Archives written before cost units: not run, not recorded.
  if (doc.HasMember("cost")) {
    ZOO_ASSIGN_OR_RETURN(a.cost, ReadCostRecord(doc["cost"], "cost"));
  }
  // Archives written before scenarios asked for none.
  if (doc.HasMember("layers")) {
    ZOO_ASSIGN_OR_RETURN(a.layers, ReadLayerRecord(doc["layers"], "layers"));
  }
  if (doc.HasMember("scenarios")) {
    ZOO_ASSIGN_OR_RETURN(a.scenarios, ReadScenarioRecord(doc["scenarios"], "scenarios"));
  }
  if (doc.HasMember("native_line")) {  // archives before the native task line have none
    ZOO_ASSIGN_OR_RETURN(a.native_line, ReadNativeLineRecord(doc["native_line"], "native_line"));
  }
  ZOO_ASSIGN_OR_RETURN(m, json::Member(doc, "units", "the archive"));
  if (!m->IsArray()) return absl::InvalidArgumentError("units must be a list");
  for (rapidjson::SizeType i = 0; i < m->Size(); ++i) {
    const std::string where = absl::StrCat("unit ", i);
    ArchivedUnit u;
    ZOO_ASSIGN_OR_RETURN(u.result, ReadUnitResult((*m)[i], where));
    ZOO_ASSIGN_OR_RETURN(u.stats, ReadUnitStats((*m)[i], "stats", where));
    a.units.push_back(std::move(u));
  }
  ZOO_ASSIGN_OR_RETURN(m, json::Member(doc, "self_checks", "the archive"));
  if (!m->IsArray()) return absl::InvalidArgumentError("self_checks must be a list");
  for (rapidjson::SizeType i = 0; i < m->Size(); ++i) {
    const std::string where = absl::StrCat("self-check ", i);
    SelfCheck c;
    ZOO_ASSIGN_OR_RETURN(c.name, json::GetString((*m)[i], "name", where));
    ZOO_ASSIGN_OR_RETURN(c.passed, json::GetBool((*m)[i], "passed", where));
    ZOO_ASSIGN_OR_RETURN(c.detail, json::GetString((*m)[i], "detail", where));
    if ((*m)[i].HasMember("message")) {
      ZOO_ASSIGN_OR_RETURN(c.message, ReadMessage((*m)[i], "message", where));
    } else {
      // Archives of zoo-host 0.1.0 before messages: the English detail, quoted as it is.
      c.message = {"self_check.verbatim", {{"name", c.name}, {"detail", c.detail}}};
    }
    a.self_checks.push_back(std::move(c));
  }
  ZOO_ASSIGN_OR_RETURN(a.noise, ReadNoiseArchiveMembers(doc));
  return a;
}

std::string Sanitize(const std::string& s) {
  std::string out = s;
  for (char& c : out) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '+' || c == '-';
    if (!ok) c = '_';
  }
  return out.empty() ? "unknown" : out;
}

}  // namespace

void WriteRunRecord(json::Writer& w, const RunRecord& r) {
  w.Key("run");
  w.StartObject();
  json::String(w, "started_utc", r.started_utc);
  json::String(w, "finished_utc", r.finished_utc);
  json::Double(w, "wall_s", r.wall_s);
  json::String(w, "status", RunStatusName(r.status));
  json::String(w, "command", r.command);
  json::Bool(w, "quick", r.quick);
  json::String(w, "quick_description", r.quick_description);
  json::String(w, "note", r.note);
  json::Uint(w, "units_planned", r.units_planned);
  json::Uint(w, "units_measured", r.units_measured);
  json::Uint(w, "units_failed", r.units_failed);
  WriteMatrix(w, r.matrix);
  json::String(w, "instrument", RunInstrumentName(r.instrument));
  json::String(w, "instrument_version", r.instrument_version);
  WriteRunCalibration(w, r.calibration);
  WriteRunClock(w, r.clock);
  w.EndObject();

}

void WriteAdapterRecords(json::Writer& w, const std::vector<AdapterRecord>& adapters) {
  w.Key("adapters");
  w.StartArray();
  for (const AdapterRecord& rec : adapters) {
    const AdapterDescriptor& d = rec.descriptor;
    w.StartObject();
    json::String(w, "name", d.name);
    json::String(w, "version", d.version);
    json::String(w, "description", d.description);
    json::String(w, "kind", d.kind);
    json::String(w, "caliber_notes", d.caliber_notes);
    json::String(w, "drive_level", d.drive_level);
    json::String(w, "abi", absl::StrCat(d.abi_major, ".", d.abi_minor));
    json::String(w, "file", d.file);
    json::String(w, "sha256", rec.sha256);
    if (rec.build) WritePluginBuild(w, *rec.build);
    WriteSubmitAnyThread(w, d.submit_any_thread);
    WritePluginText(w, d.text);  // absent for a plugin without zoo.text/1, and in old archives
    w.Key("gate");
    w.StartObject();
    json::Bool(w, "passed", rec.gate_passed);
    json::String(w, "reason", rec.gate_reason);
    w.EndObject();
    w.EndObject();
  }
  w.EndArray();

}

std::string ArchivedUnitToJson(const ArchivedUnit& u) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  WriteUnitResultMembers(w, u.result);
  WriteUnitStats(w, "stats", u.stats);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::string ArchiveToJson(const Archive& a, const std::vector<std::string>* unit_json) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  json::String(w, "schema", kArchiveSchemaName);
  json::Int(w, "schema_version", a.schema_version);

  WriteRunRecord(w, a.run);

  WriteEnvironment(w, a.environment);
  w.Key("subject");
  w.StartObject();
  json::String(w, "name", a.subject);
  json::String(w, "version", a.subject_version);
  w.EndObject();

  WriteAdapterRecords(w, a.adapters);
  WriteSemanticsRecord(w, "semantics", a.semantics);
  WriteCostRecord(w, "cost", a.cost);
  if (!a.scenarios.requested.empty()) WriteScenarioRecord(w, "scenarios", a.scenarios);
  if (!a.native_line.status.empty()) WriteNativeLineRecord(w, "native_line", a.native_line);
  if (a.layers.reason_code != "not_recorded") WriteLayerRecord(w, "layers", a.layers);

  w.Key("units");
  w.StartArray();
  const bool cached = unit_json != nullptr && unit_json->size() == a.units.size();
  for (size_t i = 0; i < a.units.size(); ++i) {
    const std::string text = cached ? std::string() : ArchivedUnitToJson(a.units[i]);
    const std::string& json = cached ? (*unit_json)[i] : text;
    w.RawValue(json.data(), json.size(), rapidjson::kObjectType);
  }
  w.EndArray();

  json::ObjectList(w, "self_checks", a.self_checks, [](json::Writer& out, const SelfCheck& c) {
    json::String(out, "name", c.name);
    json::Bool(out, "passed", c.passed);
    json::String(out, "detail", c.detail);
    WriteMessage(out, "message", c.message);
  });
  WriteNoiseArchiveMembers(w, a.noise);
  w.EndObject();
  return buf.GetString();
}

absl::StatusOr<Archive> ArchiveFromJson(std::string_view text, std::string_view source) {
  const json::ParsedObject parsed = json::ParseObject(text);
  if (parsed.problem == json::ParseProblem::kTooDeep ||
      parsed.problem == json::ParseProblem::kNotJson) {
    return absl::InvalidArgumentError(
        absl::StrCat(Sv(source), ": not a zoo-host archive (", parsed.detail, ")"));
  }
  const rapidjson::Document& doc = parsed.doc;
  if (!doc.IsObject() || !doc.HasMember("schema") || !doc["schema"].IsString() ||
      std::string(doc["schema"].GetString()) != kArchiveSchemaName) {
    return absl::InvalidArgumentError(absl::StrCat(
        Sv(source), ": not a zoo-host archive (no \"schema\": \"", kArchiveSchemaName, "\")"));
  }
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(Sv(source), ": ", parsed.detail));
  }
  absl::StatusOr<Archive> archive = ReadArchiveDocument(doc);
  if (!archive.ok()) {
    return absl::Status(archive.status().code(),
                        absl::StrCat(Sv(source), ": corrupt archive: ", archive.status().message()));
  }
  return archive;
}

absl::Status WriteArchive(const Archive& archive, const std::filesystem::path& path,
                          const std::vector<std::string>* unit_json) {
  return WriteFileAtomically(path, ArchiveToJson(archive, unit_json) + "\n");
}

absl::StatusOr<Archive> ReadArchive(const std::filesystem::path& path) {
  absl::StatusOr<std::string> text = ReadInputFile(path, kMaxArchiveBytes);
  if (!text.ok()) return text.status();
  return ArchiveFromJson(*text, path.string());
}

absl::Status MarkArchiveFailed(const std::filesystem::path& path) {
  // The writer puts "run" first and its "status" after three members without quotes in their
  // values, so the first "status" member within the first bytes is the run's.
  constexpr std::string_view kRunning = R"("status":"running")";
  constexpr std::string_view kFailed = R"("status":"failed" )";
  static_assert(kRunning.size() == kFailed.size());
  const int fd = open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return FileError(path, "cannot be opened", errno);
  char head[1024];
  const ssize_t n = pread(fd, head, sizeof head, 0);
  const std::string_view text(head, n > 0 ? static_cast<size_t>(n) : 0);
  const size_t at = text.find(kRunning);
  if (at == std::string_view::npos || text.find(R"("status":)") != at) {
    close(fd);
    return absl::NotFoundError(absl::StrCat(path.string(), ": not an archive of a running run"));
  }
  const ssize_t written = pwrite(fd, kFailed.data(), kFailed.size(), static_cast<off_t>(at));
  const int err = errno;
  if (close(fd) != 0 || written != static_cast<ssize_t>(kFailed.size())) {
    return FileError(path, "cannot be marked failed", written < 0 ? err : EIO);
  }
  return absl::OkStatus();
}

std::filesystem::path ArchivePath(const std::filesystem::path& results_dir,
                                  const std::string& subject, const std::string& version,
                                  const std::string& started_utc) {
  std::string stamp;
  for (char c : started_utc) {
    if (c != '-' && c != ':') stamp.push_back(c);
  }
  return results_dir / (Sanitize(subject) + "-" + Sanitize(version)) / (Sanitize(stamp) + ".json");
}

absl::StatusOr<std::filesystem::path> ClaimArchivePath(const std::filesystem::path& path) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) return FileError(path.parent_path(), "cannot be created", ec.value());
  for (int n = 1; n < 1000; ++n) {
    std::filesystem::path candidate = path;
    if (n > 1) candidate.replace_filename(absl::StrCat(path.stem().string(), "-", n, ".json"));
    const int fd = open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0) {
      close(fd);
      return candidate;
    }
    if (errno != EEXIST) return FileError(candidate, "cannot be created", errno);
  }
  return absl::InvalidArgumentError(
      absl::StrCat(path.string(), ": 999 runs already claimed this second's archive name"));
}

}  // namespace zoo
