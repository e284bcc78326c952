// Loads one reporter plugin (zoo/reporter.h) and checks its entry before anything else of it
// is trusted: the same order and the same kind of sentences as the adapter loader.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/plugin/plugin_text.h"
#include "zoo/reporter.h"

namespace boost::dll {
class shared_library;
}

namespace zoo {

struct ReporterDescriptor {
  std::string name;
  std::string version;
  std::string description;
  std::vector<std::string> formats;    // "md", "html", ...
  std::vector<std::string> languages;  // "en", "zh", ...
  // "report", "compare" (ABI 1.1 `documents`); a 1.0 reporter renders "report" only.
  std::vector<std::string> documents = {"report"};
  uint32_t min_model_version = 0;
  uint32_t max_model_version = 0;
  uint32_t abi_major = 0;
  uint32_t abi_minor = 0;
  std::string file;
  PluginText text = {};  // the description in other languages (zoo.text/1, ABI 1.2)
};

class LoadedReporter {
 public:
  LoadedReporter(LoadedReporter&&) noexcept;
  LoadedReporter& operator=(LoadedReporter&&) noexcept;
  ~LoadedReporter();

  const zoo_reporter_entry_t& entry() const { return *entry_; }
  const ReporterDescriptor& descriptor() const { return descriptor_; }

 private:
  friend absl::StatusOr<LoadedReporter> LoadReporter(const std::filesystem::path& file);
  LoadedReporter(std::unique_ptr<boost::dll::shared_library> library,
                 const zoo_reporter_entry_t* entry, ReporterDescriptor descriptor);

  std::unique_ptr<boost::dll::shared_library> library_;
  const zoo_reporter_entry_t* entry_;
  ReporterDescriptor descriptor_;
};

// kNotFound: no such file; kInvalidArgument: not a plugin, or a plugin without
// zoo_reporter_entry (an adapter, say); kFailedPrecondition: a reporter this host cannot
// serve (magic, ABI major, struct size, a missing function, a bad name, no format).
absl::StatusOr<LoadedReporter> LoadReporter(const std::filesystem::path& file);

std::string ReporterDescriptorToJson(const ReporterDescriptor& d);
absl::StatusOr<ReporterDescriptor> ReporterDescriptorFromJson(std::string_view json);
// The probe's refusal: {"error": ..., "not_a_reporter": true} for a file without the reporter
// symbol (an adapter, say), which reporter catalogs leave out without a word.
std::string ReporterProbeFailureToJson(std::string_view error, bool not_a_reporter);

}  // namespace zoo
