// A PASS of the equivalence gate, remembered per plugin file and zoo-host build, so that `run`
// does not pay the gate's 40,000 tasks per adapter on every run. Only a PASS is kept: a
// rejected adapter is judged afresh each time. `validate` never reads the cache.
//
// The key is the SHA-256 of the plugin file's bytes, of the zoo-host binary and of the core
// library that holds the gate, and of the gate's options: a rebuilt plugin, a rebuilt host
// or other options never meet an old PASS. The cache is a folder of small JSON files; any
// file that cannot be read is a miss, never an error.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/measure/equivalence_gate.h"

namespace zoo {

// $XDG_CACHE_HOME/zoo-host/gate, else $HOME/.cache/zoo-host/gate; empty when neither is set.
std::filesystem::path DefaultGateCacheDir();

class GateCache {
 public:
  // An empty `dir` makes a cache that finds nothing and keeps nothing.
  // `zoo_host`: the binary the gate's child runs as.
  static GateCache Open(const std::filesystem::path& dir, const std::filesystem::path& zoo_host,
                        const GateOptions& options);

  bool enabled() const { return !dir_.empty(); }

  // The PASS stored for this plugin file, if any.
  std::optional<GateReport> FindPass(const std::string& plugin_sha256) const;
  // Keeps a PASS (a rejected report is ignored). Errors name the file and the cause.
  absl::Status StorePass(const std::string& plugin_sha256, const GateReport& report) const;

 private:
  std::filesystem::path File(const std::string& plugin_sha256) const;

  std::filesystem::path dir_;
  std::string host_key_;  // the host's binaries and the gate's options, hashed
};

}  // namespace zoo
