#include "core/plugin/plugin_search_path.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string_view>
#include <system_error>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/base/build_config.h"
#include "core/base/build_tree.h"

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

// Who besides the owner may write a file or folder of `mode`: "others", "its group" or null.
const char* WritableBy(mode_t mode) {
  if ((mode & S_IWOTH) != 0) return "others";
  if ((mode & S_IWGRP) != 0) return "its group";
  return nullptr;
}

std::string Untrusted(const fs::path& file, const std::string& what, const char* who) {
  return absl::StrCat(file.string(), ": not loaded: ", what, " is writable by ", who,
                      "; anyone ", std::string_view(who) == "others" ? "on this machine" : "in it",
                      " could replace what is measured or reported (make it writable by its "
                      "owner only, or pass --allow-untrusted-plugins)");
}

class CandidateList {
 public:
  explicit CandidateList(bool allow_untrusted) : allow_untrusted_(allow_untrusted) {}

  void Add(const fs::path& file, PluginOrigin origin, bool searched) {
    std::error_code ec;
    fs::path key = fs::weakly_canonical(file, ec);
    if (ec) key = fs::absolute(file);
    if (!seen_.insert(key.string()).second) return;
    out_.push_back({.file = fs::absolute(file),
                    .origin = origin,
                    .refused = allow_untrusted_ ? "" : UntrustedPluginReason(file, searched)});
  }
  void AddFolderOrFile(const fs::path& path, PluginOrigin origin) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      for (const fs::path& f : SharedObjectsIn(path)) Add(f, origin, /*searched=*/true);
    } else if (fs::exists(path, ec)) {
      Add(path, origin, /*searched=*/false);
    }
  }
  std::vector<PluginCandidate> Take() { return std::move(out_); }

 private:
  bool allow_untrusted_;
  std::set<std::string> seen_;
  std::vector<PluginCandidate> out_;
};

}  // namespace

std::string UntrustedPluginReason(const fs::path& file, bool searched) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(file, ec);
  struct stat st {};
  if (stat(absolute.c_str(), &st) == 0) {
    if (const char* who = WritableBy(st.st_mode)) return Untrusted(absolute, "it", who);
  }
  // The folder it was reached through, and the real one when a symbolic link leads elsewhere.
  // In a folder with the sticky bit (/tmp) others cannot replace a file they do not own, but
  // they can add one, which matters only where folders are searched.
  const fs::path real = fs::weakly_canonical(absolute, ec);
  for (const auto& [folder, searched_here] :
       {std::pair{absolute.parent_path(), searched}, std::pair{real.parent_path(), false}}) {
    if (folder.empty() || stat(folder.c_str(), &st) != 0) continue;
    if ((st.st_mode & S_ISVTX) != 0 && !searched_here) continue;
    if (const char* who = WritableBy(st.st_mode)) {
      return Untrusted(absolute, absl::StrCat("its folder ", folder.string()), who);
    }
  }
  return "";
}

std::string DuplicateNameProblem(PluginKind kind, std::string_view name,
                                 const PluginCandidate& used, const PluginCandidate& ignored) {
  return absl::StrCat(ignored.file.string(), ": duplicate ", PluginKindName(kind), " name '",
                      absl::string_view(name.data(), name.size()), "': ",
                      used.file.string(), " (", PluginOriginName(used.origin),
                      ") is used and this file (", PluginOriginName(ignored.origin),
                      ") is ignored, as the search goes --plugin, then ZOO_HOST_PLUGIN_PATH, "
                      "then built-in");
}

const char* PluginStatusName(bool usable, bool shadowed) {
  if (usable) return "ok";
  return shadowed ? "skipped" : "error";
}

const char* PluginKindName(PluginKind kind) {
  switch (kind) {
    case PluginKind::kAdapter: return "adapter";
    case PluginKind::kReporter: return "reporter";
  }
  return "?";
}

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
  CandidateList list(search.allow_untrusted);
  for (const fs::path& p : search.command_line) {
    std::error_code ec;
    const fs::file_status st = fs::status(p, ec);
    if (st.type() == fs::file_type::not_found) {
      return absl::InvalidArgumentError(
          absl::StrCat("--plugin ", p.string(), ": no such file or folder"));
    }
    if (ec) {  // a symbolic link loop, a folder on the way that cannot be searched
      return absl::InvalidArgumentError(
          absl::StrCat("--plugin ", p.string(), ": cannot be used (", ec.message(), ")"));
    }
    list.AddFolderOrFile(p, PluginOrigin::kCommandLine);
  }
  for (const fs::path& p : search.environment) list.AddFolderOrFile(p, PluginOrigin::kEnvironment);
  for (const fs::path& p : search.builtin) list.AddFolderOrFile(p, PluginOrigin::kBuiltin);
  return list.Take();
}

}  // namespace zoo
