#include "core/worker/gate_cache.h"

#include <dlfcn.h>

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/atomic_file.h"
#include "core/base/input_file.h"
#include "core/base/sysinfo.h"
#include "core/worker/worker_protocol.h"
#include "openssl/evp.h"

namespace zoo {
namespace {

// A gate report is a few hundred bytes; anything larger is not one of ours.
constexpr uintmax_t kMaxEntryBytes = 64 * 1024;

std::string Sha256Hex(const std::string& text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(text.data(), text.size(), digest, &size, EVP_sha256(), nullptr);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < size; ++i) {
    hex.push_back(kHex[digest[i] >> 4]);
    hex.push_back(kHex[digest[i] & 15]);
  }
  return hex;
}

// The shared library (or executable) this code was loaded from: where the gate lives.
std::filesystem::path ThisLibrary() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<const void*>(&DefaultGateCacheDir), &info) == 0 ||
      info.dli_fname == nullptr) {
    return {};
  }
  return info.dli_fname;
}

}  // namespace

std::filesystem::path DefaultGateCacheDir() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && *xdg == '/') return std::filesystem::path(xdg) / "zoo-host" / "gate";
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home == '/') {
    return std::filesystem::path(home) / ".cache" / "zoo-host" / "gate";
  }
  return {};
}

GateCache GateCache::Open(const std::filesystem::path& dir, const std::filesystem::path& zoo_host,
                          const GateOptions& options) {
  GateCache cache;
  if (dir.empty()) return cache;
  absl::StatusOr<std::string> host = FileSha256(zoo_host);
  absl::StatusOr<std::string> core = FileSha256(ThisLibrary());
  // Without both hashes a PASS could outlive the code that judged it: no cache.
  if (!host.ok() || !core.ok()) return cache;
  cache.dir_ = dir;
  cache.host_key_ = absl::StrCat(*host, " ", *core, " tasks=", options.tasks_per_phase,
                                 " concurrency=", absl::StrJoin(options.concurrencies, ","),
                                 " large_batch=", options.large_batch,
                                 " body_ns=", options.body_ns, " grace_ns=", options.grace_ns,
                                 " logical_cores=", options.logical_cores);
  return cache;
}

std::filesystem::path GateCache::File(const std::string& plugin_sha256) const {
  return dir_ / (Sha256Hex(absl::StrCat(plugin_sha256, " ", host_key_)) + ".json");
}

std::optional<GateReport> GateCache::FindPass(const std::string& plugin_sha256) const {
  if (!enabled()) return std::nullopt;
  absl::StatusOr<std::string> text = ReadInputFile(File(plugin_sha256), kMaxEntryBytes);
  if (!text.ok()) return std::nullopt;
  absl::StatusOr<GateReport> report = GateReportFromJson(*text);
  if (!report.ok() || !report->passed) return std::nullopt;
  return *std::move(report);
}

absl::Status GateCache::StorePass(const std::string& plugin_sha256,
                                  const GateReport& report) const {
  if (!enabled() || !report.passed) return absl::OkStatus();
  return WriteFileAtomically(File(plugin_sha256), GateReportToJson(report));
}

}  // namespace zoo
