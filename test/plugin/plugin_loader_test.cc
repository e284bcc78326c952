#include "core/plugin/plugin_loader.h"

#include <cstdlib>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::zoo::testing::BuiltinPlugin;
using ::zoo::testing::TestPlugin;

// The message of a refusal, which must name the file.
std::string Refusal(const std::filesystem::path& file) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(file);
  EXPECT_FALSE(loaded.ok()) << file << " was loaded but should have been refused";
  if (loaded.ok()) return "";
  const std::string message(loaded.status().message());
  EXPECT_THAT(message, HasSubstr(file.string()));
  return message;
}

TEST(PluginLoaderTest, LoadsEveryBuiltinAdapterWithItsDescriptor) {
  for (const std::string name : {"inline", "bare_thread", "thread_pool"}) {
    absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(BuiltinPlugin(name));
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    const AdapterDescriptor& d = loaded->descriptor();
    EXPECT_EQ(d.name, name);
    EXPECT_EQ(d.abi_major, static_cast<uint32_t>(ZOO_ABI_MAJOR));
    EXPECT_FALSE(d.version.empty());
    EXPECT_FALSE(d.caliber_notes.empty()) << name << " has no caliber notes";
    EXPECT_FALSE(d.drive_level.empty());
    EXPECT_EQ(d.file, BuiltinPlugin(name).string());
    EXPECT_EQ(loaded->entry().magic, ZOO_ADAPTER_MAGIC);
  }
}

TEST(PluginLoaderTest, RefusesAMissingFile) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(TestPlugin("does_not_exist"));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(loaded.status().message(), HasSubstr("no such file"));
}

TEST(PluginLoaderTest, RefusesAFileThatIsNotASharedLibrary) {
  EXPECT_THAT(Refusal(TestPlugin("not_a_library")), HasSubstr("not a shared library"));
}

TEST(PluginLoaderTest, RefusesAMissingDependencyWithTheLoadersOwnText) {
  EXPECT_THAT(Refusal(TestPlugin("missing_dependency")),
              AllOf(HasSubstr("the dynamic loader refused it"),
                    HasSubstr("libzoo_vanished_dependency.so.1"),
                    HasSubstr("cannot open shared object file")));
}

TEST(PluginLoaderTest, RefusesALibraryWithoutTheEntrySymbol) {
  EXPECT_THAT(Refusal(TestPlugin("no_entry_symbol")),
              AllOf(HasSubstr("no entry symbol"), HasSubstr("zoo_adapter_entry")));
}

TEST(PluginLoaderTest, RefusesAWrongMagicNumber) {
  EXPECT_THAT(Refusal(TestPlugin("bad_magic")),
              AllOf(HasSubstr("wrong magic number"), HasSubstr("0xDEADBEEF")));
}

TEST(PluginLoaderTest, RefusesAnotherAbiMajorAndPrintsBothVersions) {
  const std::string message = Refusal(TestPlugin("wrong_abi_major"));
  EXPECT_THAT(message, HasSubstr("plugin ABI 2.0"));
  EXPECT_THAT(message, HasSubstr("this host serves ABI 1.x"));
  EXPECT_THAT(message, HasSubstr("rebuild"));
}

// Built against the frozen ABI 1.0 header (test/sdk_1_0): a 1.1 host loads it as it is.
TEST(PluginLoaderTest, LoadsAPluginBuiltAgainstTheAbi10Header) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(TestPlugin("abi_1_0"));
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->descriptor().name, "abi_1_0");
  EXPECT_EQ(loaded->descriptor().abi_major, 1u);
  EXPECT_EQ(loaded->descriptor().abi_minor, 0u);
}

TEST(PluginLoaderTest, RefusesAnEntryStructThatIsTooSmall) {
  EXPECT_THAT(Refusal(TestPlugin("struct_too_small")),
              AllOf(HasSubstr("too small"), HasSubstr("struct_size 24 bytes")));
}

TEST(PluginLoaderTest, RefusesAMissingRequiredFunction) {
  EXPECT_THAT(Refusal(TestPlugin("missing_function")),
              AllOf(HasSubstr("required function 'drain' is missing")));
}

TEST(PluginLoaderTest, AcceptsAValidAdapterWrittenInAnotherFile) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(TestPlugin("fork_executor"));
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->descriptor().name, "fork_executor");
}

TEST(PluginLoaderTest, ValidatesAdapterNames) {
  EXPECT_TRUE(IsValidAdapterName("thread_pool"));
  EXPECT_TRUE(IsValidAdapterName("tbb2"));
  EXPECT_FALSE(IsValidAdapterName(""));
  EXPECT_FALSE(IsValidAdapterName(nullptr));
  EXPECT_FALSE(IsValidAdapterName("Thread-Pool"));
  EXPECT_FALSE(IsValidAdapterName("<script>"));
  EXPECT_FALSE(IsValidAdapterName(std::string(65, 'a').c_str()));
}

}  // namespace
}  // namespace zoo

namespace zoo {
namespace {

// A zoo.native/1 forms table the loader must refuse, in one sentence naming the file; the same
// plugin with its valid table loads with its one form.
TEST(PluginLoaderTest, RefusesAMalformedNativeFormsTable) {
  const std::filesystem::path file = ::zoo::testing::TestPlugin("bad_native_forms");
  const struct {
    const char* defect;
    const char* says;
  } kCases[] = {
      {"too_many", "declares 17 forms; it must list 1 to 16"},
      {"null", "entry 1 of its forms is missing"},
      {"repeated", "entry 2 of its forms has an invalid or repeated name 'plain'"},
      {"invalid", "entry 1 of its forms has an invalid or repeated name 'Not Valid'"},
  };
  for (const auto& c : kCases) {
    setenv("ZOO_TEST_BAD_NATIVE", c.defect, 1);
    EXPECT_THAT(Refusal(file), AllOf(HasSubstr("zoo.native/1"), HasSubstr(c.says))) << c.defect;
  }
  unsetenv("ZOO_TEST_BAD_NATIVE");
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(file);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  ASSERT_EQ(loaded->descriptor().variants.native_forms.size(), 1u);
  EXPECT_EQ(loaded->descriptor().variants.native_forms[0].name, "plain");
}

}  // namespace
}  // namespace zoo
