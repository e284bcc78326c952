// The native task line's gate on a subject with honest forms (zoo_scheduler), on a test
// adapter with one deliberately wrong form, and on a subject without the extension.
#include "core/measure/native_gate.h"

#include <string>
#include <vector>

#include "core/plugin/plugin_loader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;
using ::zoo::testing::BuiltinPlugin;
using ::zoo::testing::TestPlugin;

std::vector<NativeFormVerdict> Gate(const std::filesystem::path& file) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(file);
  EXPECT_TRUE(loaded.ok()) << loaded.status();
  if (!loaded.ok()) return {};
  return RunNativeGate(*loaded, NativeGateOptions{.frame_bytes = {7, 21, 255},
                                                  .seed = 1234,
                                                  .concurrency = 2,
                                                  .logical_cores = 2});
}

TEST(NativeGate, PassesEveryFormOfZooScheduler) {
  const std::vector<NativeFormVerdict> v = Gate(BuiltinPlugin("zoo_scheduler"));
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0].form, "closure");
  EXPECT_EQ(v[1].form, "typed");
  EXPECT_EQ(v[2].form, "batched");
  for (const NativeFormVerdict& f : v) EXPECT_TRUE(f.passed) << f.form << ": " << f.reason;
}

// "corrupt" flips a bit of the 21-byte frames' checksums: rejected, naming the first of them
// (task 64, the 21-byte tier's frame 0), its size and bytes; "exact" passes.
TEST(NativeGate, RejectsTheWrongFormNamingTheFrame) {
  const std::vector<NativeFormVerdict> v = Gate(TestPlugin("wrong_parse_form"));
  ASSERT_EQ(v.size(), 2u);
  EXPECT_TRUE(v[0].passed) << v[0].reason;
  EXPECT_EQ(v[1].form, "corrupt");
  EXPECT_FALSE(v[1].passed);
  EXPECT_THAT(v[1].reason, HasSubstr("form 'corrupt': task 64 (frame 0 (21 B: "));
  EXPECT_THAT(v[1].reason, HasSubstr("but the reference parse of that frame gives 0x"));
}

TEST(NativeGate, NoFormsWithoutTheExtension) {
  EXPECT_TRUE(Gate(BuiltinPlugin("inline")).empty());
}

}  // namespace
}  // namespace zoo
