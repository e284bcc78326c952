// zoo-host list: every adapter and every reporter found, usable or not, and why not.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/base/build_tree.h"
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

void PrintJson(const std::vector<CatalogEntry>& catalog,
               const std::vector<ReporterEntry>& reporters) {
  rapidjson::StringBuffer buf;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
  auto field = [&](const char* key, const std::string& value) {
    w.Key(key);
    w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
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
      field("description", d.description);
      field("caliber_notes", d.caliber_notes);
      field("drive_level", d.drive_level);
      field("abi", absl::StrFormat("%u.%u", d.abi_major, d.abi_minor));
    }
    field("file", e.candidate.file.string());
    field("found_by", PluginOriginName(e.candidate.origin));
    field("status", PluginStatusName(e.usable(), e.shadowed));
    if (!e.usable()) field("problem", e.problem);
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
      field("description", d.description);
      field("formats", absl::StrJoin(d.formats, ","));
      field("languages", absl::StrJoin(d.languages, ","));
      field("documents", absl::StrJoin(d.documents, ","));
      field("abi", absl::StrFormat("%u.%u", d.abi_major, d.abi_minor));
    }
    field("file", e.candidate.file.string());
    field("found_by", PluginOriginName(e.candidate.origin));
    field("status", PluginStatusName(e.usable(), e.shadowed));
    if (!e.usable()) field("problem", e.problem);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  std::cout << buf.GetString() << "\n";
}

void PrintReporters(const std::vector<ReporterEntry>& reporters) {
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
  }
}

void PrintTable(const std::vector<CatalogEntry>& catalog) {
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
  po::options_description options(
      "Usage: zoo-host list [--plugin PATH]... [--json]\n\n"
      "Lists every adapter found (name, version, kind, ABI, status, file), then every\n"
      "reporter (name, version, formats, languages, ABI, status, file). A file that cannot\n"
      "be used is listed with the reason.\n\nOptions");
  options.add_options()("help,h", "show this help")(
      "plugin", po::value(&plugins)->composing(),
      "a plugin file or a folder of plugins; repeatable; searched before "
      "ZOO_HOST_PLUGIN_PATH and the built-in location")(
      "allow-untrusted-plugins", kAllowUntrustedPluginsHelp)(
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
    PrintJson(*catalog, reporters);
  } else {
    PrintTable(*catalog);
    PrintReporters(reporters);
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
