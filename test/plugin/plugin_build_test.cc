// The reader of a plugin's build: the same adapter source at -O0 and at -O2 (both with debug
// information) must read as such, a file that is not ELF is named, and a sanitizer build's
// plugins name their sanitizer.
#include "core/plugin/plugin_build.h"

#include <optional>
#include <string>

#include "absl/strings/match.h"
#include "core/base/build_config.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::zoo::testing::TestPlugin;

TEST(PluginBuildTest, ReadsTheOptimisationOfEachBuild) {
  absl::StatusOr<PluginBuild> o0 = ReadPluginBuild(TestPlugin("thread_pool_o0"));
  absl::StatusOr<PluginBuild> o2 = ReadPluginBuild(TestPlugin("thread_pool_o2"));
  ASSERT_TRUE(o0.ok()) << o0.status();
  ASSERT_TRUE(o2.ok()) << o2.status();
  EXPECT_EQ(o0->optimization, "-O0") << o0->producer;
  EXPECT_TRUE(o0->Unoptimized());
  EXPECT_EQ(o2->optimization, "-O2") << o2->producer;
  EXPECT_FALSE(o2->Unoptimized());
  EXPECT_FALSE(o2->producer.empty());
  EXPECT_FALSE(o2->compiler.empty());  // every toolchain here writes .comment
}

// Without debug information the file records no level: the plugin's own declaration
// (ZOO_EXPORT_ADAPTER, zoo/ext/build.h) tells an -O0 build from an -O2 one.
TEST(PluginBuildTest, ADeclaredBuildTellsWhatAFileWithoutDebugInformationDoesNot) {
  absl::StatusOr<PluginBuild> o0 = ReadPluginBuild(TestPlugin("thread_pool_o0_nodebug"));
  absl::StatusOr<PluginBuild> o2 = ReadPluginBuild(TestPlugin("thread_pool_o2_nodebug"));
  ASSERT_TRUE(o0.ok()) << o0.status();
  ASSERT_TRUE(o2.ok()) << o2.status();
  EXPECT_EQ(o0->optimization, "") << o0->producer;
  EXPECT_EQ(o2->optimization, "") << o2->producer;
  ASSERT_TRUE(o0->declared_optimized.has_value());
  ASSERT_TRUE(o2->declared_optimized.has_value());
  EXPECT_FALSE(*o0->declared_optimized);
  EXPECT_TRUE(*o2->declared_optimized);
  EXPECT_TRUE(o0->Unoptimized());
  EXPECT_FALSE(o2->Unoptimized());
  // Neither defines NDEBUG: assert() is on in both.
  EXPECT_EQ(o0->declared_assertions, std::optional<bool>(true));
  // A plugin written in C without ZOO_DECLARE_BUILD declares nothing.
  absl::StatusOr<PluginBuild> c = ReadPluginBuild(TestPlugin("wrong_abi_major"));
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_FALSE(c->declared_optimized.has_value());
}

TEST(PluginBuildTest, NamesTheSanitizerOfASanitizerBuild) {
  absl::StatusOr<PluginBuild> build = ReadPluginBuild(TestPlugin("thread_pool_o2"));
  ASSERT_TRUE(build.ok()) << build.status();
  const std::string sanitize = ZOO_BUILD_SANITIZE;
  if (absl::StrContains(sanitize, "address")) {
    EXPECT_THAT(build->sanitizers, Contains("address"));
  } else if (absl::StrContains(sanitize, "thread")) {
    EXPECT_THAT(build->sanitizers, Contains("thread"));
  } else {
    EXPECT_TRUE(build->sanitizers.empty()) << build->sanitizers.front();
  }
}

TEST(PluginBuildTest, AFileThatIsNotElfIsNamed) {
  const std::string path = TestPlugin("not_a_library");
  absl::StatusOr<PluginBuild> build = ReadPluginBuild(path);
  ASSERT_FALSE(build.ok());
  EXPECT_THAT(build.status().message(), HasSubstr(path));
  EXPECT_THAT(build.status().message(), HasSubstr("not an ELF file"));
  EXPECT_FALSE(ReadPluginBuild(path + ".missing").ok());
}

TEST(PluginBuildTest, ReadsTheLevelFromAProducerString) {
  EXPECT_EQ(OptimizationOfProducer("GNU C++20 12.2.0 -mtune=generic -g -O2"), "-O2");
  EXPECT_EQ(OptimizationOfProducer("GNU C++20 12.2.0 -O3 -g -O0"), "-O0");  // the last wins
  EXPECT_EQ(OptimizationOfProducer("GNU C11 12.2.0 -mtune=generic -g"), "-O0");  // GCC's default
  EXPECT_EQ(OptimizationOfProducer("GNU C17 12.2.0 -O"), "-O1");
  EXPECT_EQ(OptimizationOfProducer("Debian clang version 14.0.6"), "");  // records no switches
}

}  // namespace
}  // namespace zoo
