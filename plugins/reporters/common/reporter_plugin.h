// The C++ side of a built-in reporter: implement one Render function, export it with
// ZOO_EXPORT_REPORTER, and the C ABI of zoo/reporter.h is handled here (the model parsed, the
// language's catalog loaded, exceptions and statuses turned into error_text).
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "rapidjson/document.h"
#include "plugins/reporters/common/messages.h"
#include "plugins/reporters/common/model_document.h"
#include "zoo/reporter.h"
#include "zoo/text.hpp"

namespace zoo::report {

struct RenderContext {
  const ModelDocument& model;
  const Messages& messages;      // the requested language, every catalog this reporter uses
  std::string language;          // "en", "zh"
  std::set<std::string> formats;  // the formats requested of this reporter
  const zoo_report_output_t* output;
  std::string_view model_json;  // the model exactly as the host sent it

  // Writes one file through the host (atomic, relative path); an error names the path.
  absl::Status WriteFile(std::string_view relative_path, std::string_view content) const;
};

using RenderFunction = absl::Status (*)(const RenderContext& context);

// A compare document (schema "zoo-host-compare", core/compare_model_json.h), checked by
// ParseCompareDocument before a reporter sees it.
struct CompareRenderContext {
  const rapidjson::Document& compare;
  const Messages& messages;
  std::string language;
  std::set<std::string> formats;
  const zoo_report_output_t* output;
  std::string_view model_json;  // the compare document exactly as the host sent it

  absl::Status WriteFile(std::string_view relative_path, std::string_view content) const;
};

using CompareRenderFunction = absl::Status (*)(const CompareRenderContext& context);

// The catalogs a reporter renders from, per language: `catalogs` lists JSON catalog texts
// (see messages.h) merged in order; a key defined twice is an error.
struct ReporterDefinition {
  RenderFunction render;
  const CatalogSet* catalogs;  // may be null for a language-independent reporter
  // The entry's own lists (',' separated): a request outside them is refused by name.
  const char* formats = nullptr;
  const char* languages = nullptr;
  // Compare documents (ABI 1.1 "documents" includes "compare" when set).
  CompareRenderFunction render_compare = nullptr;
  const CatalogSet* compare_catalogs = nullptr;
};

// Implementation of zoo_reporter_entry_t::render / error_text for one definition.
zoo_status_t RenderThroughAbi(const ReporterDefinition& definition,
                              const zoo_report_request_t* request,
                              const zoo_report_output_t* output);
const char* LastRenderError();

}  // namespace zoo::report

// Defines and exports zoo_reporter_entry for a reporter whose render function is `fn` and
// whose catalogs are `catalogs` (a `const zoo::report::CatalogSet*`, or nullptr). It renders
// report documents only. `translations` is an array of zoo::Translation (zoo/text.hpp) with
// static storage: the description in other languages, offered as zoo.text/1.
#define ZOO_EXPORT_REPORTER(reporter_name, reporter_version, reporter_description,           \
                            reporter_formats, reporter_languages, fn, catalogs, translations) \
  ZOO_EXPORT_REPORTER_DOCUMENTS(reporter_name, reporter_version, reporter_description,        \
                                reporter_formats, reporter_languages, fn, catalogs, nullptr,  \
                                nullptr, "report", translations)

// The same for a reporter that also renders compare documents with `compare_fn` (a
// zoo::report::CompareRenderFunction) from `compare_catalogs`.
#define ZOO_EXPORT_REPORTER_WITH_COMPARE(reporter_name, reporter_version, reporter_description, \
                                         reporter_formats, reporter_languages, fn, catalogs,    \
                                         compare_fn, compare_catalogs, translations)            \
  ZOO_EXPORT_REPORTER_DOCUMENTS(reporter_name, reporter_version, reporter_description,           \
                                reporter_formats, reporter_languages, fn, catalogs, compare_fn,  \
                                compare_catalogs, "report,compare", translations)

#define ZOO_EXPORT_REPORTER_DOCUMENTS(reporter_name, reporter_version, reporter_description,  \
                                      reporter_formats, reporter_languages, fn, catalogs,     \
                                      compare_fn, compare_catalogs, reporter_documents,       \
                                      translations)                                           \
  namespace {                                                                                 \
  const ::zoo::report::ReporterDefinition kZooReporterDefinition{                             \
      fn, catalogs, reporter_formats, reporter_languages, compare_fn, compare_catalogs};      \
  zoo_status_t ZooReporterRender(const zoo_report_request_t* request,                         \
                                 const zoo_report_output_t* output) {                         \
    return ::zoo::report::RenderThroughAbi(kZooReporterDefinition, request, output);          \
  }                                                                                           \
  const char* ZooReporterErrorText() { return ::zoo::report::LastRenderError(); }             \
  const void* ZooReporterExtension(const char* id) {                                          \
    if (id == nullptr || std::string_view(id) != ZOO_EXT_TEXT) return nullptr;                \
    return ::zoo::TextExtension<translations>();                                              \
  }                                                                                           \
  }                                                                                           \
  extern "C" ZOO_REPORTER_EXPORT const zoo_reporter_entry_t zoo_reporter_entry = {            \
      ZOO_REPORTER_MAGIC,   ZOO_REPORTER_ABI_MAJOR,  ZOO_REPORTER_ABI_MINOR,                  \
      sizeof(zoo_reporter_entry_t), reporter_name, reporter_version, reporter_description,    \
      reporter_formats,     reporter_languages,      1,                                       \
      1,                    ZooReporterRender,       ZooReporterErrorText,                    \
      reporter_documents,   ZooReporterExtension}
