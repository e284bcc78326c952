#include "core/plugin/plugin_search_path.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::zoo::testing::TempDir;

std::vector<std::string> Names(const std::vector<PluginCandidate>& cs) {
  std::vector<std::string> out;
  for (const PluginCandidate& c : cs) out.push_back(c.file.filename().string());
  return out;
}

TEST(PluginSearchPathTest, SplitsAColonSeparatedListSkippingEmptyEntries) {
  EXPECT_EQ(SplitPathList("/a::/b:"), (std::vector<fs::path>{"/a", "/b"}));
  EXPECT_TRUE(SplitPathList("").empty());
}

TEST(PluginSearchPathTest, AFolderGivesItsSharedObjectsSortedAndAFileGivesItself) {
  TempDir dir;
  dir.Write("b.so", "x");
  dir.Write("a.so", "x");
  dir.Write("notes.txt", "x");
  dir.Write("nested/c.so", "x");
  const fs::path odd = dir.Write("elsewhere/plugin.bin", "x");
  absl::StatusOr<std::vector<PluginCandidate>> cs =
      ListCandidates({.command_line = {dir.path(), odd}, .environment = {}, .builtin = {}});
  ASSERT_TRUE(cs.ok()) << cs.status();
  EXPECT_EQ(Names(*cs), (std::vector<std::string>{"a.so", "b.so", "plugin.bin"}));
  for (const PluginCandidate& c : *cs) EXPECT_EQ(c.origin, PluginOrigin::kCommandLine);
}

TEST(PluginSearchPathTest, SearchesCommandLineThenEnvironmentThenBuiltinAndListsAFileOnce) {
  TempDir cli, env, builtin;
  const fs::path shared = cli.Write("shared.so", "x");
  env.Write("env.so", "x");
  builtin.Write("builtin.so", "x");
  absl::StatusOr<std::vector<PluginCandidate>> cs = ListCandidates(
      {.command_line = {cli.path(), shared},
       .environment = {env.path(), env.path() / "missing-folder", cli.path()},
       .builtin = {builtin.path()}});
  ASSERT_TRUE(cs.ok()) << cs.status();
  ASSERT_EQ(Names(*cs), (std::vector<std::string>{"shared.so", "env.so", "builtin.so"}));
  EXPECT_EQ((*cs)[0].origin, PluginOrigin::kCommandLine);
  EXPECT_EQ((*cs)[1].origin, PluginOrigin::kEnvironment);
  EXPECT_EQ((*cs)[2].origin, PluginOrigin::kBuiltin);
}

TEST(PluginSearchPathTest, ANonexistentPluginPathIsTheUsersMistake) {
  absl::StatusOr<std::vector<PluginCandidate>> cs =
      ListCandidates({.command_line = {"/no/such/plugin.so"}, .environment = {}, .builtin = {}});
  ASSERT_FALSE(cs.ok());
  EXPECT_EQ(cs.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(cs.status().message(), HasSubstr("--plugin /no/such/plugin.so: no such file"));
}

TEST(PluginSearchPathTest, ASymbolicLinkLoopIsNamedAsOne) {
  TempDir dir;
  std::filesystem::create_symlink(dir.path() / "b", dir.path() / "a");
  std::filesystem::create_symlink(dir.path() / "a", dir.path() / "b");
  absl::StatusOr<std::vector<PluginCandidate>> cs = ListCandidates(
      {.command_line = {dir.path() / "a"}, .environment = {}, .builtin = {}});
  ASSERT_FALSE(cs.ok());
  EXPECT_THAT(cs.status().message(), HasSubstr("Too many levels of symbolic links"));
}

// The refusal (not loaded, not even probed) of a plugin someone else could replace.
std::string Refused(const fs::path& path, bool allow = false) {
  absl::StatusOr<std::vector<PluginCandidate>> cs = ListCandidates(
      {.command_line = {path}, .environment = {}, .builtin = {}, .allow_untrusted = allow});
  EXPECT_TRUE(cs.ok()) << cs.status();
  EXPECT_EQ(cs.ok() ? cs->size() : 0u, 1u);
  return cs.ok() && !cs->empty() ? cs->front().refused : "?";
}

TEST(PluginSearchPathTest, AFileOrFolderOthersCanWriteIsRefusedUnlessAllowed) {
  TempDir dir;  // 0700
  const fs::path file = dir.Write("plugins/a.so", "x");
  const fs::path folder = file.parent_path();
  fs::permissions(folder, fs::perms::owner_all);
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(Refused(file), "");
  EXPECT_EQ(Refused(folder), "");

  fs::permissions(file, fs::perms::others_write, fs::perm_options::add);
  EXPECT_EQ(Refused(file),
            file.string() + ": not loaded: it is writable by others; anyone on this machine "
                            "could replace what is measured or reported (make it writable by "
                            "its owner only, or pass --allow-untrusted-plugins)");
  EXPECT_THAT(Refused(folder), HasSubstr(file.string() + ": not loaded: it is writable by others"));
  EXPECT_EQ(Refused(file, /*allow=*/true), "");

  fs::permissions(file, fs::perms::others_write, fs::perm_options::remove);
  fs::permissions(folder, fs::perms::group_write, fs::perm_options::add);
  EXPECT_THAT(Refused(folder),
              HasSubstr(": not loaded: its folder " + folder.string() +
                        " is writable by its group"));
  EXPECT_THAT(Refused(file), HasSubstr("is writable by its group"));

  // With the sticky bit (as /tmp) others cannot replace a file they do not own, but they can
  // add one to a folder that is searched.
  fs::permissions(folder, fs::perms::all | fs::perms::sticky_bit);
  EXPECT_EQ(Refused(file), "");
  EXPECT_THAT(Refused(folder),
              HasSubstr("its folder " + folder.string() + " is writable by others"));
  EXPECT_EQ(Refused(folder, /*allow=*/true), "");
}

TEST(PluginSearchPathTest, ADuplicateNameNamesBothFilesAndWhichIsUsed) {
  const PluginCandidate used{.file = "/p/a.so", .origin = PluginOrigin::kCommandLine};
  const PluginCandidate ignored{.file = "/b/inline.so", .origin = PluginOrigin::kBuiltin};
  EXPECT_EQ(DuplicateNameProblem(PluginKind::kAdapter, "inline", used, ignored),
            "/b/inline.so: duplicate adapter name 'inline': /p/a.so (--plugin) is used and this "
            "file (built-in) is ignored, as the search goes --plugin, then "
            "ZOO_HOST_PLUGIN_PATH, then built-in");
}

TEST(PluginSearchPathTest, TheBuildTreeBinaryUsesTheBuildTreePlugins) {
  std::vector<fs::path> dirs = BuiltinAdapterDirs(zoo::testing::HostBinary());
  std::vector<std::string> names;
  for (const fs::path& d : dirs) names.push_back(d.filename().string());
  EXPECT_THAT(names, ::testing::IsSupersetOf({"inline", "bare_thread", "thread_pool"}));
}

TEST(PluginSearchPathTest, AnInstalledBinaryUsesTheAdapterFolderBesideIt) {
  // A staged install (DESTDIR) or a relocated prefix finds its own adapters.
  std::vector<fs::path> dirs = BuiltinAdapterDirs("/tmp/stage/usr/local/bin/zoo-host");
  ASSERT_EQ(dirs.size(), 1u);
  EXPECT_THAT(dirs[0].string(), ::testing::StartsWith("/tmp/stage/usr/local/lib"));
  EXPECT_THAT(dirs[0].string(), ::testing::EndsWith("zoo-host/adapters"));
}

}  // namespace
}  // namespace zoo
