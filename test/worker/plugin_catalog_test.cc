#include "core/worker/plugin_catalog.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;
using ::zoo::testing::BuiltinPlugin;
using ::zoo::testing::HostBinary;
using ::zoo::testing::TestPlugin;

std::vector<PluginCandidate> Candidates(const std::vector<std::filesystem::path>& files) {
  std::vector<PluginCandidate> out;
  for (const auto& f : files) out.push_back({f, PluginOrigin::kCommandLine});
  return out;
}

TEST(PluginCatalogTest, OneBadFileDoesNotStopTheOthers) {
  std::vector<CatalogEntry> catalog = BuildCatalog(
      Candidates({TestPlugin("not_a_library"), BuiltinPlugin("inline"),
                  TestPlugin("wrong_abi_major"), BuiltinPlugin("thread_pool")}),
      InProcessProbe());
  ASSERT_EQ(catalog.size(), 4u);
  EXPECT_FALSE(catalog[0].usable());
  EXPECT_THAT(catalog[0].problem, HasSubstr("not a shared library"));
  EXPECT_TRUE(catalog[1].usable()) << catalog[1].problem;
  EXPECT_FALSE(catalog[2].usable());
  EXPECT_THAT(catalog[2].problem, HasSubstr("plugin ABI 2.0"));
  EXPECT_TRUE(catalog[3].usable()) << catalog[3].problem;
  EXPECT_EQ(catalog[3].descriptor->name, "thread_pool");
}

TEST(PluginCatalogTest, TheFirstOfTwoAdaptersWithTheSameNameWins) {
  std::vector<CatalogEntry> catalog = BuildCatalog(
      Candidates({BuiltinPlugin("inline"), TestPlugin("duplicate_name")}), InProcessProbe());
  ASSERT_EQ(catalog.size(), 2u);
  EXPECT_TRUE(catalog[0].usable());
  EXPECT_FALSE(catalog[1].usable());
  EXPECT_THAT(catalog[1].problem, HasSubstr("duplicate adapter name 'inline'"));
  // Both files, and which one is used.
  EXPECT_THAT(catalog[1].problem, HasSubstr(TestPlugin("duplicate_name").string() + ": "));
  EXPECT_THAT(catalog[1].problem,
              HasSubstr(BuiltinPlugin("inline").string() + " (--plugin) is used"));
}

// A file others could replace is never loaded, not even in a probe: loading runs its code.
TEST(PluginCatalogTest, ARefusedCandidateIsNeverProbed) {
  std::vector<PluginCandidate> candidates = Candidates({BuiltinPlugin("inline")});
  candidates[0].refused = "x.so: not loaded: it is writable by others";
  int probed = 0;
  const Probe counting = [&](const std::filesystem::path&) -> absl::StatusOr<AdapterDescriptor> {
    ++probed;
    return absl::InternalError("probed");
  };
  std::vector<CatalogEntry> catalog = BuildCatalog(candidates, counting);
  ASSERT_EQ(catalog.size(), 1u);
  EXPECT_EQ(probed, 0);
  EXPECT_EQ(catalog[0].problem, "x.so: not loaded: it is writable by others");
}

TEST(PluginCatalogTest, TheChildProbeReadsTheSameDescriptorsAndReasons) {
  std::vector<CatalogEntry> catalog = BuildCatalog(
      Candidates({BuiltinPlugin("bare_thread"), TestPlugin("missing_dependency"),
                  TestPlugin("no_entry_symbol")}),
      ChildProbe(HostBinary(), std::chrono::seconds(30)));
  ASSERT_EQ(catalog.size(), 3u);
  ASSERT_TRUE(catalog[0].usable()) << catalog[0].problem;
  EXPECT_EQ(catalog[0].descriptor->name, "bare_thread");
  EXPECT_FALSE(catalog[0].descriptor->caliber_notes.empty());
  EXPECT_THAT(catalog[1].problem, HasSubstr("libzoo_vanished_dependency.so.1"));
  EXPECT_THAT(catalog[2].problem, HasSubstr("no entry symbol"));
}

TEST(PluginCatalogTest, AProbeThatCrashesIsReportedNotInherited) {
  // /bin/false stands in for a zoo-host whose probe dies before it reports.
  std::vector<CatalogEntry> catalog = BuildCatalog(
      Candidates({BuiltinPlugin("inline")}), ChildProbe("/bin/false", std::chrono::seconds(10)));
  ASSERT_EQ(catalog.size(), 1u);
  EXPECT_FALSE(catalog[0].usable());
  EXPECT_THAT(catalog[0].problem, HasSubstr("exited with status 1 in the probe process"));
}

}  // namespace
}  // namespace zoo
