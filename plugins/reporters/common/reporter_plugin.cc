#include "plugins/reporters/common/reporter_plugin.h"

#include <cstddef>
#include <exception>
#include <new>
#include <optional>
#include <vector>

#include "plugins/reporters/common/concat.h"

namespace zoo::report {
namespace {

// The failure of the last render() on this thread (zoo/reporter.h: error_text() is per
// thread and valid until the next render() there).
thread_local std::string last_error;

// The request and output fields this reporter reads: a host built against an older header
// passes smaller structs, and reading past their end would read garbage.
constexpr size_t kRequestSize =
    offsetof(zoo_report_request_t, formats) + sizeof(zoo_report_request_t::formats);
constexpr size_t kOutputSize =
    offsetof(zoo_report_output_t, log) + sizeof(zoo_report_output_t::log);

std::vector<std::string> SplitList(std::string_view list) {
  std::vector<std::string> items;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(',', start);
    if (end == std::string_view::npos) end = list.size();
    std::string_view item = list.substr(start, end - start);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty()) items.emplace_back(item);
    start = end + 1;
  }
  return items;
}

bool Contains(const std::vector<std::string>& list, std::string_view item) {
  for (const std::string& s : list) {
    if (s == item) return true;
  }
  return false;
}

zoo_status_t StatusCode(const absl::Status& status) {
  switch (status.code()) {
    case absl::StatusCode::kOk: return ZOO_STATUS_OK;
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kNotFound: return ZOO_STATUS_INVALID_ARGUMENT;
    case absl::StatusCode::kFailedPrecondition: return ZOO_STATUS_FAILED_PRECONDITION;
    case absl::StatusCode::kResourceExhausted: return ZOO_STATUS_RESOURCE_EXHAUSTED;
    default: return ZOO_STATUS_ERROR;
  }
}

absl::Status CheckRequest(const ReporterDefinition& definition, const zoo_report_request_t* request,
                          const zoo_report_output_t* output) {
  if (request == nullptr || output == nullptr) {
    return absl::InvalidArgumentError("render() was called without a request or an output");
  }
  if (request->struct_size < kRequestSize) {
    return absl::InvalidArgumentError(
        Concat("the host's report request is ", std::to_string(request->struct_size),
               " bytes, smaller than the ", std::to_string(kRequestSize),
               " this reporter reads; update zoo-host"));
  }
  if (output->struct_size < kOutputSize || output->write_file == nullptr) {
    return absl::InvalidArgumentError(Concat("the host's report output is ",
                                             std::to_string(output->struct_size),
                                             " bytes or has no write_file, this reporter needs ",
                                             std::to_string(kOutputSize), "; update zoo-host"));
  }
  if (request->model_json == nullptr || request->language == nullptr ||
      request->formats == nullptr) {
    return absl::InvalidArgumentError(
        "the report request lacks the model, the language or the formats");
  }
  const std::string_view language = request->language;
  if (definition.languages != nullptr && !Contains(SplitList(definition.languages), language)) {
    return absl::InvalidArgumentError(Concat("this reporter does not write the language '",
                                             language, "'; it writes: ", definition.languages));
  }
  const std::vector<std::string> formats = SplitList(request->formats);
  if (formats.empty()) {
    return absl::InvalidArgumentError("the report request names no format");
  }
  if (definition.formats != nullptr) {
    const std::vector<std::string> served = SplitList(definition.formats);
    for (const std::string& f : formats) {
      if (!Contains(served, f)) {
        return absl::InvalidArgumentError(Concat("this reporter does not write the format '", f,
                                                 "'; it writes: ", definition.formats));
      }
    }
  }
  return absl::OkStatus();
}

constexpr std::string_view kCompareSchema = "zoo-host-compare";
constexpr uint32_t kSupportedCompareVersion = 3;

// The members every compare renderer reads without checking again.
absl::Status CheckCompareDocument(const rapidjson::Document& doc, uint32_t request_version) {
  const uint32_t version = UintOf(doc, "model_version");
  if (version != kSupportedCompareVersion) {
    return absl::InvalidArgumentError(
        Concat("the compare document is version ", std::to_string(version),
               "; this reporter reads version ", std::to_string(kSupportedCompareVersion)));
  }
  if (version != request_version) {
    return absl::InvalidArgumentError(
        Concat("the request says compare version ", std::to_string(request_version),
               " but the document is version ", std::to_string(version)));
  }
  struct Need {
    const char* key;
    bool (rapidjson::Value::*is)() const;
  };
  const Need needs[] = {{"subject", &rapidjson::Value::IsString},
                        {"old", &rapidjson::Value::IsObject},
                        {"new", &rapidjson::Value::IsObject},
                        {"same_machine", &rapidjson::Value::IsBool},
                        {"machine", &rapidjson::Value::IsObject},
                        {"summary", &rapidjson::Value::IsObject},
                        {"cells", &rapidjson::Value::IsArray},
                        {"shares", &rapidjson::Value::IsArray},
                        {"drift", &rapidjson::Value::IsArray},
                        {"geomean", &rapidjson::Value::IsObject},
                        {"geomean_per_baseline", &rapidjson::Value::IsArray},
                        {"only_in_one", &rapidjson::Value::IsArray}};
  for (const Need& n : needs) {
    const rapidjson::Value* v = MemberOf(doc, n.key);
    if (v == nullptr || !(v->*n.is)()) {
      return absl::InvalidArgumentError(
          Concat("the compare document lacks '", n.key, "' or it has the wrong type"));
    }
  }
  return absl::OkStatus();
}

// The messages of the requested language. A language-independent reporter (no catalogs) still
// gets a Messages to hand around: one with no templates, so any sentence it asks for fails by
// name.
absl::StatusOr<Messages> LoadMessages(const CatalogSet* catalogs,
                                      const zoo_report_request_t* request) {
  const CatalogSet no_catalogs = {{request->language, {}}};
  return Messages::Load(catalogs != nullptr ? *catalogs : no_catalogs, request->language);
}

std::set<std::string> RequestedFormats(const zoo_report_request_t* request) {
  std::set<std::string> formats;
  for (std::string& f : SplitList(request->formats)) formats.insert(std::move(f));
  return formats;
}

absl::Status RenderCompare(const ReporterDefinition& definition,
                           const zoo_report_request_t* request, const zoo_report_output_t* output,
                           std::string_view json, const rapidjson::Document& doc) {
  if (definition.render_compare == nullptr) {
    return absl::InvalidArgumentError("this reporter does not render compare documents");
  }
  if (absl::Status s = CheckCompareDocument(doc, request->model_version); !s.ok()) return s;
  absl::StatusOr<Messages> messages = LoadMessages(definition.compare_catalogs, request);
  if (!messages.ok()) return messages.status();
  return definition.render_compare({.compare = doc,
                                    .messages = *messages,
                                    .language = request->language,
                                    .formats = RequestedFormats(request),
                                    .output = output,
                                    .model_json = json});
}

absl::Status WriteThroughHost(const zoo_report_output_t* output, std::string_view relative_path,
                              std::string_view content) {
  const std::string path(relative_path);
  const zoo_status_t status =
      output->write_file(output, path.c_str(), content.data(), content.size());
  if (status != ZOO_STATUS_OK) {
    return absl::InternalError(
        Concat("the host could not write '", path, "' (status ", std::to_string(status), ")"));
  }
  return absl::OkStatus();
}

absl::Status Render(const ReporterDefinition& definition, const zoo_report_request_t* request,
                    const zoo_report_output_t* output) {
  if (absl::Status s = CheckRequest(definition, request, output); !s.ok()) return s;
  const std::string_view json(request->model_json, request->model_json_size);
  // Which document this is: a compare document says so in its schema.
  {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseFullPrecisionFlag>(json.data(), json.size());
    if (!doc.HasParseError() && doc.IsObject() && StringOf(doc, "schema") == kCompareSchema) {
      return RenderCompare(definition, request, output, json, doc);
    }
  }
  absl::StatusOr<ModelDocument> model = ModelDocument::Parse(json);
  if (!model.ok()) return model.status();
  const uint32_t document_version = UintOf(model->root(), "model_version");
  if (document_version != request->model_version) {
    return absl::InvalidArgumentError(
        Concat("the request says model version ", std::to_string(request->model_version),
               " but the document is version ", std::to_string(document_version)));
  }
  absl::StatusOr<Messages> messages = LoadMessages(definition.catalogs, request);
  if (!messages.ok()) return messages.status();
  return definition.render({.model = *model,
                            .messages = *messages,
                            .language = request->language,
                            .formats = RequestedFormats(request),
                            .output = output,
                            .model_json = json});
}

}  // namespace

absl::Status RenderContext::WriteFile(std::string_view relative_path,
                                      std::string_view content) const {
  return WriteThroughHost(output, relative_path, content);
}

absl::Status CompareRenderContext::WriteFile(std::string_view relative_path,
                                             std::string_view content) const {
  return WriteThroughHost(output, relative_path, content);
}

zoo_status_t RenderThroughAbi(const ReporterDefinition& definition,
                              const zoo_report_request_t* request,
                              const zoo_report_output_t* output) {
  last_error.clear();
  absl::Status status;
  // Nothing C++ may cross the C boundary: exceptions become a status here.
  try {
    status = Render(definition, request, output);
  } catch (const std::bad_alloc&) {
    status = absl::ResourceExhaustedError("the reporter ran out of memory");
  } catch (const std::exception& e) {
    status = absl::InternalError(Concat("the reporter failed: ", e.what()));
  } catch (...) {
    status = absl::InternalError("the reporter failed with an unknown exception");
  }
  if (status.ok()) return ZOO_STATUS_OK;
  try {
    last_error = std::string(status.message());
  } catch (...) {
    // No memory for the sentence: error_text() stays "" and the status code still says it.
  }
  return StatusCode(status);
}

const char* LastRenderError() { return last_error.c_str(); }

}  // namespace zoo::report
