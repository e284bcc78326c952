#include "core/base/sysinfo.h"

#include <sys/utsname.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "core/base/build_config.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"

namespace zoo {
namespace {

using ::zoo::testing::TempDir;

std::string CommandLine(std::initializer_list<const char*> args) {
  return ShellCommandLine(static_cast<int>(args.size()), args.begin());
}

TEST(SysinfoTest, Sha256OfAbc) {
  TempDir dir;
  absl::StatusOr<std::string> sha = FileSha256(dir.Write("abc.txt", "abc"));
  ASSERT_TRUE(sha.ok()) << sha.status();
  EXPECT_EQ(*sha, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(SysinfoTest, Sha256OfEmptyFile) {
  TempDir dir;
  absl::StatusOr<std::string> sha = FileSha256(dir.Write("empty", ""));
  ASSERT_TRUE(sha.ok()) << sha.status();
  EXPECT_EQ(*sha, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

// More than one 64 KiB chunk, with a partial last one: the digest must not depend on where
// the reads split the file. The expected value is SHA-256 of 100000 'a' bytes.
TEST(SysinfoTest, Sha256SpansChunks) {
  TempDir dir;
  absl::StatusOr<std::string> sha = FileSha256(dir.Write("big", std::string(100000, 'a')));
  ASSERT_TRUE(sha.ok()) << sha.status();
  EXPECT_EQ(*sha, "6d1cf22d7cc09b085dfc25ee1a1f3ae0265804c607bc2074ad253bcc82fd81ee");
}

TEST(SysinfoTest, Sha256OfMissingFileIsNotFound) {
  TempDir dir;
  absl::StatusOr<std::string> sha = FileSha256(dir.path() / "missing");
  EXPECT_EQ(sha.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(std::string(sha.status().message()).find("missing: cannot be read"),
            std::string::npos)
      << sha.status();
}

TEST(SysinfoTest, Sha256OfDirectoryIsNotFound) {
  TempDir dir;
  EXPECT_EQ(FileSha256(dir.path()).status().code(), absl::StatusCode::kNotFound);
}

TEST(SysinfoTest, ShellCommandLineLeavesPlainArgumentsAlone) {
  EXPECT_EQ(CommandLine({"./zoo-host", "--matrix=m.json", "-o", "out/run_1", "a,b@c%d+e:f"}),
            "./zoo-host --matrix=m.json -o out/run_1 a,b@c%d+e:f");
}

TEST(SysinfoTest, ShellCommandLineQuotesSpaces) {
  EXPECT_EQ(CommandLine({"zoo-host", "--out", "my runs/1"}), "zoo-host --out 'my runs/1'");
}

TEST(SysinfoTest, ShellCommandLineEscapesSingleQuotes) {
  EXPECT_EQ(CommandLine({"echo", "it's"}), "echo 'it'\\''s'");
}

TEST(SysinfoTest, ShellCommandLineQuotesEmptyArguments) {
  EXPECT_EQ(CommandLine({"zoo-host", "", "x"}), "zoo-host '' x");
}

TEST(SysinfoTest, ShellCommandLineQuotesShellMetacharacters) {
  EXPECT_EQ(CommandLine({"echo", "$HOME", "a*", "x;y"}), "echo '$HOME' 'a*' 'x;y'");
}

TEST(SysinfoTest, ShellCommandLineOfNothingIsEmpty) { EXPECT_EQ(ShellCommandLine(0, nullptr), ""); }

TEST(SysinfoTest, ReadSystemInfoDescribesThisMachineAndBuild) {
  const SystemInfo info = ReadSystemInfo();
  EXPECT_GE(info.logical_cores, 1u);
  EXPECT_FALSE(info.cpu_model.empty());

  struct utsname u {};
  ASSERT_EQ(uname(&u), 0);
  EXPECT_FALSE(info.kernel.empty());
  EXPECT_EQ(info.kernel, u.release);
  EXPECT_EQ(info.machine, u.machine);
  EXPECT_EQ(info.os.rfind(std::string(u.sysname) + " " + u.release + " ", 0), 0u) << info.os;

  EXPECT_EQ(info.zoo_host_version, ZOO_HOST_VERSION);
  EXPECT_EQ(info.build_type, ZOO_BUILD_TYPE);
  EXPECT_FALSE(info.compiler.empty());
  EXPECT_FALSE(info.sanitizers.empty());
  EXPECT_FALSE(info.git_commit.empty());
  EXPECT_FALSE(info.hostname.empty());
  // The caches and clock are this machine's, read from the real /sys and /proc; the load
  // moves, so only its shape is checked.
  const std::vector<CpuCache> caches = ReadCpuCaches();
  ASSERT_EQ(info.caches.size(), caches.size());
  for (size_t i = 0; i < caches.size(); ++i) {
    EXPECT_EQ(info.caches[i].type, caches[i].type);
    EXPECT_EQ(info.caches[i].size_bytes, caches[i].size_bytes);
  }
  EXPECT_EQ(info.mhz_per_cpu > 0, ReadCpuMhz() > 0);
  EXPECT_EQ(info.load_avg.size(), ReadLoadAverages().size());
}

// A unit's ids: those handed out after `before` up to `after`, across one wrap of the id space
// (pid_max is 32768 on many machines, and a test suite's processes go round it in minutes).
TEST(SysinfoTest, AnIdHandedOutDuringAnIntervalIsFoundAcrossAWrapOfTheIds) {
  EXPECT_TRUE(IdHandedOutBetween(1001, 1000, 2000));
  EXPECT_TRUE(IdHandedOutBetween(2000, 1000, 2000));
  EXPECT_FALSE(IdHandedOutBetween(1000, 1000, 2000));  // `before` itself was handed out before
  EXPECT_FALSE(IdHandedOutBetween(999, 1000, 2000));
  EXPECT_FALSE(IdHandedOutBetween(2001, 1000, 2000));
  // Wrapped: 32000 climbed to pid_max, then the ids restarted low and reached 300.
  EXPECT_TRUE(IdHandedOutBetween(32500, 32000, 300));
  EXPECT_TRUE(IdHandedOutBetween(120, 32000, 300));
  EXPECT_FALSE(IdHandedOutBetween(31999, 32000, 300));
  EXPECT_FALSE(IdHandedOutBetween(301, 32000, 300));
}

}  // namespace
}  // namespace zoo
