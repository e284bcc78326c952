#include "core/plugin_search_path.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <system_error>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/build_config.h"
#include "core/build_tree.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> SharedObjectsIn(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() == ".so" && e.is_regular_file(ec)) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

class CandidateList {
 public:
  void Add(const fs::path& file, PluginOrigin origin) {
    std::error_code ec;
    fs::path key = fs::weakly_canonical(file, ec);
    if (ec) key = fs::absolute(file);
    if (seen_.insert(key.string()).second) out_.push_back({fs::absolute(file), origin});
  }
  void AddFolderOrFile(const fs::path& path, PluginOrigin origin) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      for (const fs::path& f : SharedObjectsIn(path)) Add(f, origin);
    } else if (fs::exists(path, ec)) {
      Add(path, origin);
    }
  }
  std::vector<PluginCandidate> Take() { return std::move(out_); }

 private:
  std::set<std::string> seen_;
  std::vector<PluginCandidate> out_;
};

}  // namespace

const char* PluginOriginName(PluginOrigin origin) {
  switch (origin) {
    case PluginOrigin::kCommandLine: return "--plugin";
    case PluginOrigin::kEnvironment: return "ZOO_HOST_PLUGIN_PATH";
    case PluginOrigin::kBuiltin: return "built-in";
  }
  return "?";
}

std::vector<fs::path> SplitPathList(const std::string& list) {
  std::vector<fs::path> out;
  for (absl::string_view part : absl::StrSplit(list, ':', absl::SkipEmpty())) {
    out.emplace_back(std::string(part));
  }
  return out;
}

std::vector<fs::path> BuiltinAdapterDirs(const fs::path& executable) {
  std::error_code ec;
  const fs::path exe_dir = fs::weakly_canonical(executable, ec).parent_path();
  if (!ec && exe_dir == fs::weakly_canonical(build_tree::kToolsDir, ec)) {
    // Running from the build tree: each built-in adapter sits in plugins/<name>/.
    std::vector<fs::path> dirs;
    for (const fs::directory_entry& e : fs::directory_iterator(build_tree::kPluginsDir, ec)) {
      if (e.is_directory(ec)) dirs.push_back(e.path());
    }
    std::sort(dirs.begin(), dirs.end());
    return dirs;
  }
  if (std::string(ZOO_ADAPTERDIR_FROM_BINDIR).empty()) return {ZOO_INSTALLED_ADAPTERDIR};
  return {(exe_dir / ZOO_ADAPTERDIR_FROM_BINDIR).lexically_normal()};
}

PluginSearchPath DefaultSearchPath(std::vector<fs::path> command_line) {
  PluginSearchPath search;
  search.command_line = std::move(command_line);
  if (const char* env = std::getenv("ZOO_HOST_PLUGIN_PATH")) search.environment = SplitPathList(env);
  std::error_code ec;
  search.builtin = BuiltinAdapterDirs(fs::read_symlink("/proc/self/exe", ec));
  return search;
}

absl::StatusOr<std::vector<PluginCandidate>> ListCandidates(const PluginSearchPath& search) {
  CandidateList list;
  for (const fs::path& p : search.command_line) {
    std::error_code ec;
    if (!fs::exists(p, ec)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--plugin ", p.string(), ": no such file or folder"));
    }
    list.AddFolderOrFile(p, PluginOrigin::kCommandLine);
  }
  for (const fs::path& p : search.environment) list.AddFolderOrFile(p, PluginOrigin::kEnvironment);
  for (const fs::path& p : search.builtin) list.AddFolderOrFile(p, PluginOrigin::kBuiltin);
  return list.Take();
}

}  // namespace zoo
