#include "core/render/report_render.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <system_error>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/archive/archive.h"
#include "core/base/atomic_file.h"
#include "core/base/json_util.h"
#include "core/model/compare_model.h"
#include "core/model/report_model_json.h"
#include "core/render/deck_pdf.h"
#include "core/worker/reporter_catalog.h"
#include "core/worker/worker_client.h"
#include "rapidjson/document.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;

// What the host hands a reporter during one render: writes go under `out_dir` only.
struct OutputState {
  fs::path out_dir;
  std::set<std::string> written_set;
  std::vector<std::string>* written;
  std::string last_error;
  absl::StatusCode last_error_code = absl::StatusCode::kOk;
};

bool IsSafeRelativePath(const std::string& p) {
  if (p.empty() || p.front() == '/' || p.find('\\') != std::string::npos) return false;
  const fs::path path(p);
  for (const fs::path& part : path) {
    if (part == ".." || part == ".") return false;
  }
  return true;
}

zoo_status_t WriteFile(const zoo_report_output_t* output, const char* relative_path,
                       const void* data, size_t size) {
  auto* state = static_cast<OutputState*>(output->host_data);
  const std::string path = relative_path != nullptr ? relative_path : "";
  if (!IsSafeRelativePath(path)) {
    state->last_error = absl::StrCat("refused to write '", path,
                                     "': a report file must be a relative path without '..'");
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  if (!state->written_set.insert(path).second) {
    state->last_error = absl::StrCat("refused to write '", path, "' twice in one render");
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  const std::string_view content(static_cast<const char*>(data), data != nullptr ? size : 0);
  if (absl::Status s = WriteFileAtomically(state->out_dir / path, content); !s.ok()) {
    state->last_error = std::string(s.message());
    state->last_error_code = s.code();
    return ZOO_STATUS_ERROR;
  }
  state->written->push_back(path);
  return ZOO_STATUS_OK;
}

void Log(const zoo_report_output_t* /*output*/, int32_t level, const char* message) {
  static constexpr const char* kLevels[] = {"info", "warning", "error"};
  std::fprintf(stderr, "reporter %s: %s\n", kLevels[std::clamp(level, 0, 2)],
               message != nullptr ? message : "");
}

bool Contains(const std::vector<std::string>& xs, const std::string& x) {
  return std::find(xs.begin(), xs.end(), x) != xs.end();
}

std::vector<std::string> Split(const std::string& list) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = list.find(',', start);
    const std::string part = list.substr(start, comma == std::string::npos ? std::string::npos
                                                                           : comma - start);
    if (!part.empty()) out.push_back(part);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// A temporary file that is removed when this goes.
class TempFile {
 public:
  explicit TempFile(fs::path path) : path_(std::move(path)) {}
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    std::error_code ec;
    fs::remove(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

}  // namespace

std::string ShownArchivePath(const fs::path& archive) {
  std::error_code ec;
  const fs::path absolute = fs::weakly_canonical(fs::absolute(archive, ec), ec);
  for (fs::path dir = absolute.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) return absolute.lexically_relative(dir).generic_string();
    if (dir == dir.root_path()) break;
  }
  const fs::path relative = absolute.lexically_relative(fs::current_path(ec));
  if (!relative.empty() && *relative.begin() != "..") return relative.generic_string();
  return absolute.filename().string();
}

absl::Status RenderWithReporter(const LoadedReporter& reporter, std::string_view model_json,
                                const fs::path& out_dir, const std::string& language,
                                const std::string& formats, std::vector<std::string>* written,
                                const std::string& document) {
  if (!Contains(reporter.descriptor().documents, document)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "reporter '", reporter.descriptor().name, "' does not render ", document,
        " documents (it renders: ", absl::StrJoin(reporter.descriptor().documents, ", "), ")"));
  }
  OutputState state{.out_dir = out_dir, .written_set = {}, .written = written, .last_error = "",
                    .last_error_code = absl::StatusCode::kOk};
  const zoo_report_output_t output{.struct_size = sizeof(zoo_report_output_t),
                                   .reserved0 = 0,
                                   .host_data = &state,
                                   .write_file = &WriteFile,
                                   .log = &Log};
  const zoo_report_request_t request{.struct_size = sizeof(zoo_report_request_t),
                                     .model_version = static_cast<uint32_t>(
                                         document == "compare" ? kCompareModelVersion
                                                               : kReportModelVersion),
                                     .model_json = model_json.data(),
                                     .model_json_size = model_json.size(),
                                     .language = language.c_str(),
                                     .formats = formats.c_str()};
  const zoo_status_t s = reporter.entry().render(&request, &output);
  if (s == ZOO_STATUS_OK) return absl::OkStatus();
  if (state.last_error_code == absl::StatusCode::kUnavailable) {
    return absl::UnavailableError(absl::StrCat("reporter '", reporter.descriptor().name,
                                               "' could not write its files: ", state.last_error));
  }
  const char* text = reporter.entry().error_text();
  std::string why = (text != nullptr && *text != '\0') ? text : "(no error text)";
  if (!state.last_error.empty() && why.find(state.last_error) == std::string::npos) {
    absl::StrAppend(&why, " (", state.last_error, ")");
  }
  return absl::FailedPreconditionError(absl::StrCat("reporter '", reporter.descriptor().name,
                                                    "' failed: ", why));
}

std::string RenderResultToJson(const absl::Status& status, const std::vector<std::string>& files) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  json::Bool(w, "ok", status.ok());
  json::String(w, "error", std::string(status.message()));
  if (absl::IsUnavailable(status)) json::Bool(w, "io_failure", true);  // a full disk, not a bug
  w.Key("files");
  w.StartArray();
  for (const std::string& f : files) w.String(f.data(), static_cast<rapidjson::SizeType>(f.size()));
  w.EndArray();
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

namespace {

// Which reporter writes which formats, in the order first asked for.
using RenderPlan = std::vector<std::pair<ReporterDescriptor, std::vector<std::string>>>;

// The usable reporters of `document` documents, in search order (a --plugin reporter serving
// a format comes first); each unusable one is a note.
absl::StatusOr<std::vector<ReporterDescriptor>> UsableReporters(const RenderRequest& request,
                                                                const std::string& document) {
  std::vector<fs::path> paths(request.plugin_paths.begin(), request.plugin_paths.end());
  PluginSearchPath search = DefaultReporterSearchPath(std::move(paths));
  search.allow_untrusted = request.allow_untrusted_plugins;
  absl::StatusOr<std::vector<PluginCandidate>> candidates = ListCandidates(search);
  if (!candidates.ok()) return candidates.status();
  std::vector<ReporterDescriptor> usable;
  for (const ReporterEntry& e :
       BuildReporterCatalog(*candidates, request.zoo_host, std::chrono::seconds(20))) {
    if (e.usable() && !Contains(e.descriptor->documents, document)) continue;
    if (e.usable()) {
      usable.push_back(*e.descriptor);
    } else if (request.on_note) {
      request.on_note(absl::StrCat("skipped: ", e.problem));
    }
  }
  return usable;
}

// The plan for one document (`document`: "report" or "compare"): the reporters that serve the
// requested formats and render that kind of document, or the usage error that stops it.
absl::StatusOr<RenderPlan> PlanRender(const RenderRequest& request, const std::string& document) {
  absl::StatusOr<std::vector<ReporterDescriptor>> found = UsableReporters(request, document);
  if (!found.ok()) return found.status();
  const std::vector<ReporterDescriptor>& usable = *found;
  std::vector<std::string> names, known_formats;
  for (const ReporterDescriptor& d : usable) {
    names.push_back(d.name);
    for (const std::string& f : d.formats) {
      if (!Contains(known_formats, f)) known_formats.push_back(f);
    }
  }

  RenderPlan plan;
  auto add = [&](const ReporterDescriptor* d, const std::string& format) {
    for (auto& [reporter, formats] : plan) {
      if (reporter.name == d->name) {
        formats.push_back(format);
        return;
      }
    }
    plan.push_back({*d, {format}});
  };
  if (!request.reporter.empty()) {
    auto it = std::find_if(usable.begin(), usable.end(), [&](const ReporterDescriptor& d) {
      return d.name == request.reporter;
    });
    if (it == usable.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--reporter ", request.reporter, ": no usable reporter",
          document == "compare" ? " of compare documents" : "", " has that name (found: ",
          names.empty() ? "none" : absl::StrJoin(names, ", "), ")"));
    }
    const std::vector<std::string> formats =
        request.formats.empty() ? it->formats : request.formats;
    for (const std::string& f : formats) {
      if (!Contains(it->formats, f)) {
        return absl::InvalidArgumentError(absl::StrCat("--format ", f, ": reporter '", it->name,
                                                       "' writes ", absl::StrJoin(it->formats, ", ")));
      }
      add(&*it, f);
    }
  } else {
    const std::vector<std::string> formats =
        !request.formats.empty() ? request.formats
        : document == "compare"  ? Split(kDefaultCompareFormats)
                                 : Split(kDefaultReportFormats);
    for (const std::string& f : formats) {
      auto it = std::find_if(usable.begin(), usable.end(), [&](const ReporterDescriptor& d) {
        return Contains(d.formats, f);
      });
      if (it == usable.end()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "--format ", f, ": no usable reporter writes it",
            document == "compare" ? " for compare documents" : "", " (formats: ",
            known_formats.empty() ? "none" : absl::StrJoin(known_formats, ", "), ")"));
      }
      add(&*it, f);
    }
  }
  for (const auto& [d, formats] : plan) {
    if (!Contains(d.languages, request.language)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--lang ", request.language, ": reporter '", d.name, "' writes ",
          absl::StrJoin(d.languages, ", "), " only"));
    }
    // The model version range is the report model's; compare documents carry their own
    // version, which each reporter checks.
    if (document == "report" &&
        (static_cast<uint32_t>(kReportModelVersion) < d.min_model_version ||
         static_cast<uint32_t>(kReportModelVersion) > d.max_model_version)) {
      return absl::FailedPreconditionError(absl::StrCat(
          d.file, ": reporter '", d.name, "' reads report model versions ",
          d.min_model_version, " to ", d.max_model_version, "; this zoo-host writes version ",
          kReportModelVersion));
    }
  }
  return plan;
}

// Renders one document with the reporters of `plan` into `out_dir` (a staging folder);
// appends the files to `outcome`.
absl::Status RenderDocument(const RenderRequest& request, const RenderPlan& plan,
                            const fs::path& out_dir, const std::string& model_json,
                            const std::string& document, RenderOutcome& outcome) {
  const TempFile model_file(out_dir / absl::StrCat(".report-model.tmp-", getpid(), ".json"));
  if (absl::Status s = WriteFileAtomically(model_file.path(), model_json); !s.ok()) return s;

  for (const auto& [d, formats] : plan) {
    const WorkerReply reply =
        RunWorker({.zoo_host = request.zoo_host,
                   .mode = "render",
                   .flags = {{"model", model_file.path().string()},
                             {"out", out_dir.string()},
                             {"lang", request.language},
                             {"formats", absl::StrJoin(formats, ",")},
                             {"document", document}},
                   .file = d.file,
                   .timeout = request.reporter_timeout,
                   .answer_suffices = true,
                   .subject = absl::StrCat("reporter '", d.name, "' (", d.file, ")")});
    if (reply.child.pid == 0) return reply.status;  // never started
    rapidjson::Document doc;
    if (reply.status.ok()) {
      absl::StatusOr<rapidjson::Document> answer =
          json::ParseAnswer(reply.answer, "the reporter's answer");
      if (answer.ok()) doc = *std::move(answer);
    }
    if (!doc.IsObject() || !doc.HasMember("ok") || !doc["ok"].IsBool()) {
      return absl::FailedPreconditionError(reply.sentence);
    }
    if (doc.HasMember("files") && doc["files"].IsArray()) {
      for (const rapidjson::Value& f : doc["files"].GetArray()) {
        if (f.IsString()) outcome.files.emplace_back(f.GetString());
      }
    }
    if (!doc["ok"].GetBool()) {
      const std::string why = doc.HasMember("error") && doc["error"].IsString()
                                  ? std::string(doc["error"].GetString())
                                  : absl::StrCat("reporter '", d.name, "' failed");
      // A reporter whose files the disk refused did nothing wrong (RenderResultToJson).
      const bool machine = doc.HasMember("io_failure") && doc["io_failure"].IsTrue();
      return machine ? absl::UnavailableError(why) : absl::FailedPreconditionError(why);
    }
  }
  return absl::OkStatus();
}

// Renders into a staging folder beside request.out_dir (MakeStagingFolder) and moves it into
// place only when every reporter succeeded: a failure (a reporter, a full disk) leaves no half
// report folder, and what was there before stays.
// `finish`, when given, completes the staged folder before it is published (the PDF).
using StagedStep = std::function<absl::Status(const fs::path& staging, RenderOutcome&)>;

absl::Status RenderStaged(const RenderRequest& request, const RenderPlan& plan,
                          const std::string& model_json, const std::string& document,
                          RenderOutcome& outcome, const StagedStep& finish = nullptr) {
  absl::StatusOr<fs::path> staging = MakeStagingFolder(request.out_dir);
  if (!staging.ok()) return staging.status();
  absl::Status s = RenderDocument(request, plan, *staging, model_json, document, outcome);
  if (s.ok() && finish) s = finish(*staging, outcome);
  if (!s.ok()) {
    std::error_code ec;
    fs::remove_all(*staging, ec);
    return s;
  }
  return PublishFolder(*staging, request.out_dir);
}

// `--format pdf`: no reporter writes it; the deck (format html) is rendered and printed by
// Chromium (deck_pdf.h) in the staging folder. `formats` then asks for html instead of pdf,
// and the deck is kept only when html was asked for too.
struct PdfStep {
  fs::path chromium;
  bool keep_deck = false;
  std::string date_utc;
};

absl::StatusOr<std::optional<PdfStep>> TakePdfFormat(std::vector<std::string>& formats) {
  const auto pdf = std::find(formats.begin(), formats.end(), "pdf");
  if (pdf == formats.end()) return std::nullopt;
  absl::StatusOr<fs::path> chromium = FindChromium();
  if (!chromium.ok()) {
    return absl::Status(chromium.status().code(),
                        absl::StrCat("--format pdf: ", chromium.status().message()));
  }
  formats.erase(pdf);
  PdfStep step{.chromium = *chromium, .keep_deck = Contains(formats, "html"), .date_utc = ""};
  if (!step.keep_deck) formats.push_back("html");
  return step;
}

absl::Status PrintStagedDeck(const PdfStep& step, const fs::path& staging,
                             RenderOutcome& outcome) {
  const auto deck = std::find(outcome.files.begin(), outcome.files.end(), "report.html");
  if (deck == outcome.files.end()) {
    return absl::FailedPreconditionError(
        "--format pdf: the reporter of format html wrote no report.html to print");
  }
  if (absl::Status s = PrintDeckToPdf({.chromium = step.chromium,
                                       .deck = staging / "report.html",
                                       .pdf = staging / "report.pdf",
                                       .date_utc = step.date_utc});
      !s.ok()) {
    return s;
  }
  if (!step.keep_deck) {
    std::error_code ec;
    fs::remove(staging / "report.html", ec);
    outcome.files.erase(deck);
  }
  outcome.files.emplace_back("report.pdf");
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<RenderOutcome> RenderArchive(const RenderRequest& request) {
  // No Chromium for --format pdf is known before the archive is read and its model built.
  RenderRequest reporters = request;
  absl::StatusOr<std::optional<PdfStep>> pdf = TakePdfFormat(reporters.formats);
  if (!pdf.ok()) return pdf.status();
  absl::StatusOr<Archive> archive = ReadArchive(request.archive);
  if (!archive.ok()) return archive.status();
  RenderOutcome outcome;
  outcome.archive_shown = ShownArchivePath(request.archive);
  absl::StatusOr<ReportModel> model =
      BuildReportModel(*archive, outcome.archive_shown, request.analysis);
  if (!model.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(request.archive.string(), ": ", model.status().message()));
  }
  if (pdf->has_value()) (*pdf)->date_utc = archive->run.started_utc;
  absl::StatusOr<RenderPlan> plan = PlanRender(reporters, "report");
  if (!plan.ok()) return plan.status();
  StagedStep finish;
  if (pdf->has_value()) {
    finish = [step = **pdf](const fs::path& staging, RenderOutcome& o) {
      return PrintStagedDeck(step, staging, o);
    };
  }
  if (absl::Status s =
          RenderStaged(reporters, *plan, ReportModelToJson(*model), "report", outcome, finish);
      !s.ok()) {
    return s;
  }
  return outcome;
}

absl::StatusOr<RenderOutcome> RenderCompareDocument(const std::string& compare_json,
                                                    const RenderRequest& request) {
  absl::StatusOr<RenderPlan> plan = PlanRender(request, "compare");
  if (!plan.ok()) return plan.status();
  RenderOutcome outcome;
  if (absl::Status s = RenderStaged(request, *plan, compare_json, "compare", outcome); !s.ok()) {
    return s;
  }
  return outcome;
}

absl::Status CheckRenderRequest(const RenderRequest& request) {
  RenderRequest reporters = request;
  if (absl::StatusOr<std::optional<PdfStep>> pdf = TakePdfFormat(reporters.formats); !pdf.ok()) {
    return pdf.status();
  }
  return PlanRender(reporters, "report").status();
}

}  // namespace zoo
