// zoo-host list: every adapter and every reporter found, usable or not, and why not.
#include <algorithm>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/base/build_tree.h"
#include "core/plugin/plugin_text.h"
#include "core/worker/reporter_catalog.h"
#include "rapidjson/prettywriter.h"
#include "rapidjson/stringbuffer.h"
#include "tools/zoo-host/cli_common.h"

namespace zoo::cli {
namespace {

namespace po = boost::program_options;

// Built-in adapters this zoo-host was built without, as (name, why).
std::vector<std::pair<std::string, std::string>> NotBuilt() {
  std::vector<std::pair<std::string, std::string>> out;
  for (absl::string_view item :
       absl::StrSplit(build_tree::kNotBuiltAdapters, ';', absl::SkipEmpty())) {
    std::pair<absl::string_view, absl::string_view> kv = absl::StrSplit(item, absl::MaxSplits(": ", 1));
    out.emplace_back(std::string(kv.first), std::string(kv.second));
  }
  return out;
}

// A plugin's text `key` in `language` ("" = English), and the language it is really in: its
// zoo.text/1 table's, or "en" when the table gives none.
std::pair<std::string, std::string> Localized(const PluginText& text, const std::string& language,
                                              const std::string& key, const std::string& english) {
  if (language.empty() || language == "en") return {english, "en"};
  const std::map<std::string, std::string>* strings = TextsFor(text, language);
  if (strings == nullptr) return {english, "en"};
  const auto it = strings->find(key);
  if (it == strings->end()) return {english, "en"};
  return {it->second, language};
}

// The one-line description under a plugin's row: in `language`, or marked "[en]".
void PrintDescription(const PluginText& text, const std::string& language,
                      const std::string& english) {
  if (language.empty()) return;
  const auto [line, in] = Localized(text, language, "description", english);
  if (line.empty()) return;
  std::cout << "    " << (in == "en" && language != "en" ? "[en] " : "") << line << "\n";
}

void PrintJson(const std::vector<CatalogEntry>& catalog,
               const std::vector<ReporterEntry>& reporters, const std::string& language) {
  rapidjson::StringBuffer buf;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
  auto field = [&](const char* key, const std::string& value) {
    w.Key(key);
    w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
  };
  // A text field in `language` with "<key>_language" saying which it is in (with --lang only).
  auto text_field = [&](const char* key, const PluginText& text, const std::string& english) {
    const auto [value, in] = Localized(text, language, key, english);
    field(key, value);
    if (!language.empty()) field((std::string(key) + "_language").c_str(), in);
  };
  auto all_texts = [&](const PluginText& text) {
    if (text.empty()) return;
    w.Key("text");
    w.StartObject();
    for (const auto& [tag, strings] : text) {
      w.Key(tag.c_str());
      w.StartObject();
      for (const auto& [key, value] : strings) field(key.c_str(), value);
      w.EndObject();
    }
    w.EndObject();
  };
  // The file, how it was found and its status: the same members for adapters and reporters.
  auto where_and_status = [&](const auto& e) {
    field("file", e.candidate.file.string());
    field("found_by", PluginOriginName(e.candidate.origin));
    field("status", PluginStatusName(e.usable(), e.shadowed));
    if (!e.usable()) field("problem", e.problem);
  };
  w.StartObject();
  w.Key("adapters");
  w.StartArray();
  for (const CatalogEntry& e : catalog) {
    w.StartObject();
    if (e.descriptor) {
      const AdapterDescriptor& d = *e.descriptor;
      field("name", d.name);
      field("version", d.version);
      field("kind", d.kind);
      text_field("description", d.text, d.description);
      text_field("caliber_notes", d.text, d.caliber_notes);
      text_field("drive_level", d.text, d.drive_level);
      field("abi", absl::StrFormat("%u.%u", d.abi_major, d.abi_minor));
      all_texts(d.text);
    }
    where_and_status(e);
    w.EndObject();
  }
  w.EndArray();
  w.Key("not_built");
  w.StartArray();
  for (const auto& [name, why] : NotBuilt()) {
    w.StartObject();
    field("name", name);
    field("reason", why);
    w.EndObject();
  }
  w.EndArray();
  w.Key("reporters");
  w.StartArray();
  for (const ReporterEntry& e : reporters) {
    w.StartObject();
    if (e.descriptor) {
      const ReporterDescriptor& d = *e.descriptor;
      field("name", d.name);
      field("version", d.version);
      text_field("description", d.text, d.description);
      all_texts(d.text);
      field("formats", absl::StrJoin(d.formats, ","));
      field("languages", absl::StrJoin(d.languages, ","));
      field("documents", absl::StrJoin(d.documents, ","));
      field("abi", absl::StrFormat("%u.%u", d.abi_major, d.abi_minor));
    }
    where_and_status(e);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  std::cout << buf.GetString() << "\n";
}

void PrintReporters(const std::vector<ReporterEntry>& reporters, const std::string& language) {
  std::cout << "\n";
  if (reporters.empty()) {
    std::cout << "no reporters found\n";
    return;
  }
  std::vector<std::vector<std::string>> rows = {{"REPORTER", "VERSION", "FORMATS", "LANGUAGES",
                                                 "ABI", "STATUS"}};
  for (const ReporterEntry& e : reporters) {
    const ReporterDescriptor* d = e.descriptor ? &*e.descriptor : nullptr;
    rows.push_back({d ? d->name : "-", d ? d->version : "-",
                    d ? absl::StrJoin(d->formats, ",") : "-",
                    d ? absl::StrJoin(d->languages, ",") : "-",
                    d ? absl::StrFormat("%u.%u", d->abi_major, d->abi_minor) : "-",
                    PluginStatusName(e.usable(), e.shadowed)});
  }
  size_t width[6] = {};
  for (const auto& row : rows) {
    for (size_t i = 0; i < 6; ++i) width[i] = std::max(width[i], row[i].size());
  }
  for (size_t r = 0; r < rows.size(); ++r) {
    for (size_t i = 0; i < 6; ++i) std::cout << absl::StrFormat("%-*s  ", width[i], rows[r][i]);
    std::cout << (r == 0 ? std::string("FILE") : reporters[r - 1].candidate.file.string()) << "\n";
    if (r > 0 && !reporters[r - 1].usable()) {
      std::cout << "    " << (reporters[r - 1].shadowed ? "skipped: " : "")
                << reporters[r - 1].problem << "\n";
    }
    if (r > 0 && reporters[r - 1].descriptor) {
      const ReporterDescriptor& d = *reporters[r - 1].descriptor;
      PrintDescription(d.text, language, d.description);
    }
  }
}

void PrintTable(const std::vector<CatalogEntry>& catalog, const std::string& language) {
  if (catalog.empty()) {
    std::cout << "no adapters found (give --plugin PATH or set ZOO_HOST_PLUGIN_PATH)\n";
    return;
  }
  // Columns as wide as their widest value: versions such as "1.0.0 (oneTBB 2021.8.0)" vary.
  std::vector<std::vector<std::string>> rows = {{"NAME", "VERSION", "KIND", "ABI", "STATUS"}};
  for (const CatalogEntry& e : catalog) {
    const AdapterDescriptor* d = e.descriptor ? &*e.descriptor : nullptr;
    rows.push_back({d ? d->name : "-", d ? d->version : "-", d ? d->kind : "-",
                    d ? absl::StrFormat("%u.%u", d->abi_major, d->abi_minor) : "-",
                    PluginStatusName(e.usable(), e.shadowed)});
  }
  size_t width[5] = {};
  for (const auto& row : rows) {
    for (size_t i = 0; i < 5; ++i) width[i] = std::max(width[i], row[i].size());
  }
  auto print_row = [&](const std::vector<std::string>& row, const std::string& file) {
    for (size_t i = 0; i < 5; ++i) std::cout << absl::StrFormat("%-*s  ", width[i], row[i]);
    std::cout << file << "\n";
  };
  print_row(rows[0], "FILE");
  for (size_t r = 0; r < catalog.size(); ++r) {
    const CatalogEntry& e = catalog[r];
    print_row(rows[r + 1], e.candidate.file.string());
    if (!e.usable()) {
      std::cout << "    " << (e.shadowed ? "skipped: " : "") << e.problem << "\n";
    }
    if (e.descriptor) PrintDescription(e.descriptor->text, language, e.descriptor->description);
  }
  const auto not_built = NotBuilt();
  if (!not_built.empty()) {
    std::cout << "\nnot built into this zoo-host:\n";
    for (const auto& [name, why] : not_built) std::cout << "  " << name << ": " << why << "\n";
  }
}

}  // namespace

int ListCommand(int argc, char** argv) {
  std::vector<std::string> plugins;
  std::string language;
  po::options_description options(
      "Usage: zoo-host list [--plugin PATH]... [--lang LANG] [--json]\n\n"
      "Lists every adapter found (name, version, kind, ABI, status, file), then every\n"
      "reporter (name, version, formats, languages, ABI, status, file). A file that cannot\n"
      "be used is listed with the reason. With --lang, each plugin's description follows its\n"
      "row in that language (zoo.text/1), or in English marked [en] when the plugin gives\n"
      "none; --json then gives the texts in that language.\n\nOptions");
  options.add_options()("help,h", "show this help")(
      "plugin", po::value(&plugins)->composing(),
      "a plugin file or a folder of plugins; repeatable; searched before "
      "ZOO_HOST_PLUGIN_PATH and the built-in location")(
      "allow-untrusted-plugins", kAllowUntrustedPluginsHelp)(
      "lang", po::value(&language),
      "the language of the plugins' texts: a BCP 47 tag such as en or zh")(
      "json", "print JSON instead of a table");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return UsageError("list", std::string(e.what()) + "; run 'zoo-host list --help'");
  }
  if (vm.count("help")) {
    std::cout << options << "\n";
    return kExitOk;
  }
  if (const int refused = RefuseEmptyValues("list", vm, options); refused != kExitOk) {
    return refused;
  }
  if (vm.count("lang") && !IsLanguageTag(language)) {
    return UsageError("list", "--lang '" + language +
                                  "' is not a language tag (give one such as en or zh)");
  }
  const bool allow_untrusted = vm.count("allow-untrusted-plugins") > 0;
  absl::StatusOr<std::vector<CatalogEntry>> catalog = DiscoverAdapters(plugins, allow_untrusted);
  if (!catalog.ok()) return UsageError("list", std::string(catalog.status().message()));
  std::vector<std::filesystem::path> paths(plugins.begin(), plugins.end());
  PluginSearchPath search = DefaultReporterSearchPath(std::move(paths));
  search.allow_untrusted = allow_untrusted;
  absl::StatusOr<std::vector<PluginCandidate>> candidates = ListCandidates(search);
  if (!candidates.ok()) return UsageError("list", std::string(candidates.status().message()));
  const std::vector<ReporterEntry> reporters =
      BuildReporterCatalog(*candidates, SelfExecutable(), std::chrono::seconds(20));
  if (vm.count("json")) {
    PrintJson(*catalog, reporters, language);
  } else {
    PrintTable(*catalog, language);
    PrintReporters(reporters, language);
  }
  // A shadowed duplicate is not an error: validate and run skip it the same way.
  for (const CatalogEntry& e : *catalog) {
    if (!e.usable() && !e.shadowed) return kExitRejected;
  }
  for (const ReporterEntry& e : reporters) {
    if (!e.usable() && !e.shadowed) return kExitRejected;
  }
  return kExitOk;
}

}  // namespace zoo::cli
