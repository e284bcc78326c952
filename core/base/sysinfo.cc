#include "core/base/sysinfo.h"

#include <sched.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <openssl/evp.h>

#include <array>
#include <cassert>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <memory>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/base/build_config.h"
#include "core/base/git_version.h"

namespace zoo {
namespace {

constexpr char kUnknown[] = "unknown";

// One function per source, as in Google Benchmark's sysinfo.cc: each returns its fact or a
// stated fallback, never an error, so that a run on an odd machine still describes itself.

// The first "model name" line of /proc/cpuinfo. Not every architecture has one (many ARM
// kernels do not), hence the fallback.
std::string ReadCpuModel() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const std::string::size_type colon = line.find(':');
    if (colon == std::string::npos) continue;
    // Debian's Abseil has its own string_view, so convert explicitly.
    std::string model(absl::StripAsciiWhitespace(absl::string_view(line).substr(colon + 1)));
    if (!model.empty()) return model;
  }
  return kUnknown;
}

struct Uname {
  std::string os;  // sysname release version
  std::string kernel;
  std::string machine;
};

Uname ReadUname() {
  struct utsname u {};
  if (uname(&u) != 0) return {kUnknown, kUnknown, kUnknown};
  return {absl::StrCat(u.sysname, " ", u.release, " ", u.version), u.release, u.machine};
}

std::string ReadHostname() {
  std::array<char, HOST_NAME_MAX + 1> name{};
  if (gethostname(name.data(), name.size()) != 0) return kUnknown;
  name.back() = '\0';  // POSIX leaves termination unspecified on truncation.
  return name[0] == '\0' ? kUnknown : name.data();
}

// Meson's compiler id and version, e.g. "gcc 12.2.0".
std::string BuildCompiler() { return ZOO_BUILD_COMPILER; }

std::string BuildCxxFlags() { return ZOO_BUILD_CXX_FLAGS; }

std::string BuildType() { return ZOO_BUILD_TYPE; }

// Meson's b_sanitize, e.g. "address,undefined"; "none" when none.
std::string BuildSanitizers() {
  const std::string_view sanitize = ZOO_BUILD_SANITIZE;
  return sanitize.empty() ? "none" : std::string(sanitize);
}

std::string HostVersion() { return ZOO_HOST_VERSION; }

// vcs_tag writes "unknown" outside a git checkout; guard against an empty tag as well.
std::string GitCommit() {
  const std::string_view commit = ZOO_GIT_COMMIT;
  return commit.empty() ? kUnknown : std::string(commit);
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

struct EvpMdCtxFree {
  void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

constexpr size_t kHashChunkBytes = 64 * 1024;

}  // namespace

// The CPUs this process may be scheduled on (taskset, cgroup cpusets), which is what bounds
// its real parallelism; hardware_concurrency() counts every online CPU instead and is only the
// fallback. Returns 0 if neither can tell.
uint32_t LogicalCores() {
  // A fixed cpu_set_t covers 1024 CPUs; sched_getaffinity fails with EINVAL when the kernel's
  // mask is larger, so grow the set until it fits.
  for (int cpus = CPU_SETSIZE; cpus <= (1 << 16); cpus *= 2) {
    std::unique_ptr<cpu_set_t, void (*)(cpu_set_t*)> set(CPU_ALLOC(cpus),
                                                         [](cpu_set_t* s) { CPU_FREE(s); });
    if (set == nullptr) break;
    const size_t size = CPU_ALLOC_SIZE(cpus);
    CPU_ZERO_S(size, set.get());
    if (sched_getaffinity(0, size, set.get()) == 0) {
      const int count = CPU_COUNT_S(size, set.get());
      if (count > 0) return static_cast<uint32_t>(count);
      break;
    }
    if (errno != EINVAL) break;
  }
  return std::thread::hardware_concurrency();
}

SystemInfo ReadSystemInfo() {
  Uname u = ReadUname();
  return SystemInfo{
      .cpu_model = ReadCpuModel(),
      .logical_cores = LogicalCores(),
      .os = std::move(u.os),
      .kernel = std::move(u.kernel),
      .machine = std::move(u.machine),
      .hostname = ReadHostname(),
      .compiler = BuildCompiler(),
      .compiler_flags = BuildCxxFlags(),
      .build_type = BuildType(),
      .sanitizers = BuildSanitizers(),
      .zoo_host_version = HostVersion(),
      .git_commit = GitCommit(),
      .caches = ReadCpuCaches(),
      .mhz_per_cpu = ReadCpuMhz(),
      .load_avg = ReadLoadAverages(),
  };
}

absl::StatusOr<std::string> FileSha256(const std::filesystem::path& file) {
  const auto cannot_read = [&file] {
    return absl::NotFoundError(absl::StrCat(file.string(), ": cannot be read"));
  };
  std::unique_ptr<std::FILE, FileCloser> in(std::fopen(file.c_str(), "rb"));
  if (in == nullptr) return cannot_read();

  std::unique_ptr<EVP_MD_CTX, EvpMdCtxFree> ctx(EVP_MD_CTX_new());
  if (ctx == nullptr || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1) {
    return absl::InternalError("OpenSSL: cannot start a SHA-256 digest");
  }
  std::vector<unsigned char> chunk(kHashChunkBytes);
  size_t n;
  while ((n = std::fread(chunk.data(), 1, chunk.size(), in.get())) > 0) {
    if (EVP_DigestUpdate(ctx.get(), chunk.data(), n) != 1) {
      return absl::InternalError("OpenSSL: SHA-256 update failed");
    }
  }
  // fopen succeeds on a directory; the read then fails with EISDIR and lands here.
  if (std::ferror(in.get())) return cannot_read();

  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int digest_len = 0;
  if (EVP_DigestFinal_ex(ctx.get(), digest.data(), &digest_len) != 1) {
    return absl::InternalError("OpenSSL: SHA-256 final failed");
  }
  assert(digest_len == 32);

  constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(2 * digest_len);
  for (unsigned int i = 0; i < digest_len; ++i) {
    hex.push_back(kHex[digest[i] >> 4]);
    hex.push_back(kHex[digest[i] & 0xf]);
  }
  return hex;
}

std::string ShellCommandLine(int argc, const char* const* argv) {
  // REQUIRES: argv[0..argc) are non-null, as main's argv is.
  assert(argc >= 0);
  assert(argc == 0 || argv != nullptr);
  const auto is_safe = [](unsigned char c) {
    return absl::ascii_isalnum(c) || std::string_view("_./=:,@%+-").find(static_cast<char>(c)) !=
                                         std::string_view::npos;
  };
  std::string line;
  for (int i = 0; i < argc; ++i) {
    assert(argv[i] != nullptr);
    const std::string_view arg = argv[i];
    if (i > 0) line.push_back(' ');
    bool plain = !arg.empty();
    for (char c : arg) plain = plain && is_safe(static_cast<unsigned char>(c));
    if (plain) {
      line.append(arg);
      continue;
    }
    // Inside single quotes the shell takes every byte literally except the closing quote, so
    // an embedded quote closes the string, adds an escaped quote and reopens: '\''.
    line.push_back('\'');
    for (char c : arg) {
      if (c == '\'') {
        line.append("'\\''");
      } else {
        line.push_back(c);
      }
    }
    line.push_back('\'');
  }
  return line;
}

// The command name may hold spaces and parentheses, so the fields are read from the last ')'.
uint64_t ProcessStartTicks() {
  std::ifstream in("/proc/self/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(stat.substr(close + 1));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i) {
    if (i == 22) return std::strtoull(field.c_str(), nullptr, 10);
  }
  return 0;
}

int64_t LastIdHandedOut() {
  std::ifstream in("/proc/loadavg");
  std::string field, last;
  while (in >> field) last = field;
  return last.empty() ? 0 : std::strtoll(last.c_str(), nullptr, 10);
}

bool IdHandedOutBetween(int64_t id, int64_t before, int64_t after) {
  if (after >= before) return id > before && id <= after;
  return id > before || id <= after;  // the ids wrapped once in between
}

}  // namespace zoo
