#include "tools/zoo-host/cli_common.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <system_error>

#include <boost/any.hpp>
#include <boost/program_options/parsers.hpp>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace zoo::cli {

int UsageError(const std::string& command, const std::string& message) {
  std::cerr << "zoo-host " << command << ": " << message << "\n";
  return kExitUsage;
}

int StatusError(const std::string& command, const absl::Status& status) {
  std::cerr << "zoo-host " << command << ": " << status.message() << "\n";
  switch (status.code()) {
    case absl::StatusCode::kUnavailable:
    case absl::StatusCode::kInternal:
    case absl::StatusCode::kResourceExhausted:
    case absl::StatusCode::kDataLoss:
      return kExitRejected;
    default:
      return kExitUsage;
  }
}

int RefuseEmptyValues(const std::string& command,
                      const boost::program_options::variables_map& vm,
                      const boost::program_options::options_description& options,
                      const std::vector<std::string>& positional) {
  for (const auto& [name, value] : vm) {
    if (value.defaulted()) continue;
    // A switch (--json) takes no value: boost stores an empty string for it.
    const auto* option = options.find_nothrow(name, /*approx=*/false);
    if (option != nullptr && option->semantic()->max_tokens() == 0) continue;
    bool empty = false;
    if (const auto* s = boost::any_cast<std::string>(&value.value())) {
      empty = s->empty();
    } else if (const auto* v = boost::any_cast<std::vector<std::string>>(&value.value())) {
      empty = std::any_of(v->begin(), v->end(), [](const std::string& x) { return x.empty(); });
    }
    if (!empty) continue;
    const bool is_positional =
        std::find(positional.begin(), positional.end(), name) != positional.end();
    return UsageError(command, is_positional
                                   ? absl::StrCat("the ", name, " is an empty string; give a path")
                                   : absl::StrCat("--", name, " is an empty string; give a "
                                                  "value, or leave the flag out for its default"));
  }
  return kExitOk;
}

absl::StatusOr<std::vector<std::string>> ParseNameList(std::string_view text,
                                                       std::string_view flag) {
  const absl::string_view flag_sv(flag.data(), flag.size());
  const absl::string_view text_sv(text.data(), text.size());
  std::vector<std::string> out;
  for (absl::string_view part : absl::StrSplit(text_sv, ',')) {
    const std::string name(absl::StripAsciiWhitespace(part));
    if (name.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          flag_sv, ": an empty entry in '", text_sv, "' (expected names separated by commas)"));
    }
    if (std::find(out.begin(), out.end(), name) != out.end()) {
      return absl::InvalidArgumentError(absl::StrCat(flag_sv, ": lists ", name, " twice"));
    }
    out.push_back(name);
  }
  return out;
}

std::filesystem::path SelfExecutable() {
  std::error_code ec;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path("zoo-host") : self;
}

absl::StatusOr<std::vector<CatalogEntry>> DiscoverAdapters(
    const std::vector<std::string>& plugin_paths, bool allow_untrusted_plugins) {
  std::vector<std::filesystem::path> paths(plugin_paths.begin(), plugin_paths.end());
  PluginSearchPath search = DefaultSearchPath(std::move(paths));
  search.allow_untrusted = allow_untrusted_plugins;
  absl::StatusOr<std::vector<PluginCandidate>> candidates = ListCandidates(search);
  if (!candidates.ok()) return candidates.status();
  return BuildCatalog(*candidates, ChildProbe(SelfExecutable(), std::chrono::seconds(20)));
}

std::optional<int> ParseCommandLine(
    const std::string& command, int argc, char** argv,
    const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional,
    boost::program_options::variables_map& vm) {
  namespace po = boost::program_options;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).positional(positional).run(),
              vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return UsageError(command,
                      absl::StrCat(e.what(), "; run 'zoo-host ", command, " --help'"));
  }
  if (vm.count("help")) {
    std::cout << options << "\n";
    return kExitOk;
  }
  std::vector<std::string> positional_names;
  for (unsigned i = 0; i < positional.max_total_count() && i < 16; ++i) {
    const std::string& name = positional.name_for_position(i);
    if (std::find(positional_names.begin(), positional_names.end(), name) ==
        positional_names.end()) {
      positional_names.push_back(name);
    }
  }
  if (const int refused = RefuseEmptyValues(command, vm, options, positional_names);
      refused != kExitOk) {
    return refused;
  }
  return std::nullopt;
}

}  // namespace zoo::cli
