#include "core/plugin/reporter_loader.h"

#include <utility>

#include <boost/dll/shared_library.hpp>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/base/abi_text.h"
#include "core/base/json_util.h"
#include "core/plugin/plugin_loader.h"
#include "rapidjson/document.h"
#include "zoo/ext/text.h"

namespace zoo {
namespace {


std::vector<std::string> SplitList(const char* s) {
  std::vector<std::string> out;
  for (absl::string_view part : absl::StrSplit(AbiText(s), ',', absl::SkipWhitespace())) {
    out.emplace_back(absl::StripAsciiWhitespace(part));
  }
  return out;
}

}  // namespace

LoadedReporter::LoadedReporter(std::unique_ptr<boost::dll::shared_library> library,
                               const zoo_reporter_entry_t* entry, ReporterDescriptor descriptor)
    : library_(std::move(library)), entry_(entry), descriptor_(std::move(descriptor)) {}
LoadedReporter::LoadedReporter(LoadedReporter&&) noexcept = default;
LoadedReporter& LoadedReporter::operator=(LoadedReporter&&) noexcept = default;
LoadedReporter::~LoadedReporter() = default;

absl::StatusOr<LoadedReporter> LoadReporter(const std::filesystem::path& file) {
  const std::string shown = file.string();
  absl::StatusOr<std::unique_ptr<boost::dll::shared_library>> opened = OpenPluginLibrary(file);
  if (!opened.ok()) return opened.status();
  std::unique_ptr<boost::dll::shared_library> library = *std::move(opened);
  if (!library->has(ZOO_REPORTER_ENTRY_SYMBOL)) {
    return absl::InvalidArgumentError(absl::StrCat(
        shown, ": no reporter entry symbol: it does not export '", ZOO_REPORTER_ENTRY_SYMBOL,
        "', so it is not a zoo-host reporter"));
  }
  const auto* entry = &library->get<const zoo_reporter_entry_t>(ZOO_REPORTER_ENTRY_SYMBOL);
  if (entry->magic != ZOO_REPORTER_MAGIC) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "%s: wrong magic number 0x%08X in zoo_reporter_entry (expected 0x%08X)", shown,
        entry->magic, ZOO_REPORTER_MAGIC));
  }
  if (entry->abi_major != ZOO_REPORTER_ABI_MAJOR) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "%s: reporter ABI %u.%u, this host serves reporter ABI %d.x: rebuild it against the "
        "current zoo-host-sdk",
        shown, entry->abi_major, entry->abi_minor, ZOO_REPORTER_ABI_MAJOR));
  }
  if (entry->struct_size < ZOO_REPORTER_ENTRY_SIZE_1_0) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "%s: zoo_reporter_entry is too small: struct_size %u bytes, ABI 1.0 needs at least %u",
        shown, entry->struct_size, static_cast<unsigned>(ZOO_REPORTER_ENTRY_SIZE_1_0)));
  }
  if (entry->render == nullptr || entry->error_text == nullptr) {
    return absl::FailedPreconditionError(absl::StrCat(
        shown, ": required function '", entry->render == nullptr ? "render" : "error_text",
        "' is missing (NULL in zoo_reporter_entry)"));
  }
  if (!IsValidAdapterName(entry->name)) {
    return absl::FailedPreconditionError(absl::StrCat(
        shown, ": invalid reporter name '", AbiText(entry->name),
        "': it must be 1 to 64 characters of a-z, 0-9 and _"));
  }
  ReporterDescriptor d{.name = AbiText(entry->name),
                       .version = AbiText(entry->version),
                       .description = AbiText(entry->description),
                       .formats = SplitList(entry->formats),
                       .languages = SplitList(entry->languages),
                       .min_model_version = entry->min_model_version,
                       .max_model_version = entry->max_model_version,
                       .abi_major = entry->abi_major,
                       .abi_minor = entry->abi_minor,
                       .file = std::filesystem::absolute(file).lexically_normal().string()};
  // `documents` exists only in entries built against ABI 1.1 or later: never read past the
  // struct the plugin declared.
  if (entry->abi_minor >= 1 && entry->struct_size >= ZOO_REPORTER_ENTRY_SIZE_1_1 &&
      entry->documents != nullptr) {
    d.documents = SplitList(entry->documents);
    if (d.documents.empty()) d.documents = {"report"};
  }
  if (entry->abi_minor >= 2 && entry->struct_size >= ZOO_REPORTER_ENTRY_SIZE_1_2 &&
      entry->get_extension != nullptr) {
    absl::StatusOr<PluginText> text = ReadTextExtension(entry->get_extension(ZOO_EXT_TEXT), shown);
    if (!text.ok()) return text.status();
    d.text = *std::move(text);
  }
  if (d.formats.empty() || d.languages.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        shown, ": reporter '", d.name, "' names no ", d.formats.empty() ? "format" : "language"));
  }
  return LoadedReporter(std::move(library), entry, std::move(d));
}

std::string ReporterDescriptorToJson(const ReporterDescriptor& d) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  json::String(w, "name", d.name);
  json::String(w, "version", d.version);
  json::String(w, "description", d.description);
  json::String(w, "formats", absl::StrJoin(d.formats, ","));
  json::String(w, "languages", absl::StrJoin(d.languages, ","));
  json::String(w, "documents", absl::StrJoin(d.documents, ","));
  json::Uint(w, "min_model_version", d.min_model_version);
  json::Uint(w, "max_model_version", d.max_model_version);
  json::Uint(w, "abi_major", d.abi_major);
  json::Uint(w, "abi_minor", d.abi_minor);
  json::String(w, "file", d.file);
  WritePluginText(w, d.text);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

std::string ReporterProbeFailureToJson(std::string_view error, bool not_a_reporter) {
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  json::String(w, "error", error);
  if (not_a_reporter) json::Bool(w, "not_a_reporter", true);
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize());
}

absl::StatusOr<ReporterDescriptor> ReporterDescriptorFromJson(std::string_view text) {
  rapidjson::Document doc;
  ZOO_ASSIGN_OR_RETURN(doc, json::ParseAnswer(text, "the reporter probe's answer"));
  const std::string where = "the reporter probe";
  ReporterDescriptor d;
  std::string formats, languages;
  uint64_t n = 0;
  ZOO_ASSIGN_OR_RETURN(d.name, json::GetString(doc, "name", where));
  ZOO_ASSIGN_OR_RETURN(d.version, json::GetString(doc, "version", where));
  ZOO_ASSIGN_OR_RETURN(d.description, json::GetString(doc, "description", where));
  ZOO_ASSIGN_OR_RETURN(formats, json::GetString(doc, "formats", where));
  ZOO_ASSIGN_OR_RETURN(languages, json::GetString(doc, "languages", where));
  d.formats = SplitList(formats.c_str());
  d.languages = SplitList(languages.c_str());
  // Optional: a probe answer without it comes from a host that knew reports only.
  if (doc.HasMember("documents") && doc["documents"].IsString()) {
    d.documents = SplitList(doc["documents"].GetString());
  }
  if (d.documents.empty()) d.documents = {"report"};
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(doc, "min_model_version", where));
  d.min_model_version = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(doc, "max_model_version", where));
  d.max_model_version = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(doc, "abi_major", where));
  d.abi_major = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(n, json::GetUint(doc, "abi_minor", where));
  d.abi_minor = static_cast<uint32_t>(n);
  ZOO_ASSIGN_OR_RETURN(d.file, json::GetString(doc, "file", where));
  ZOO_ASSIGN_OR_RETURN(d.text, ReadPluginText(doc, where));
  return d;
}

}  // namespace zoo
