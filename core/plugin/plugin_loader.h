// Loads one adapter plugin file and checks its entry before anything else of it is trusted.
//
// Loading runs the plugin's static constructors: a host that loads plugins it has not
// validated should do it in a child process (see plugin_catalog.h).
#pragma once

#include <string>
#include <filesystem>
#include <memory>

#include "absl/status/statusor.h"
#include "core/plugin/adapter_descriptor.h"
#include "zoo/adapter.h"

namespace boost::dll {
class shared_library;
}

namespace zoo {

// A loaded plugin whose entry passed every check. Keeps the library mapped for its lifetime;
// the entry pointer is valid as long as this object lives. Move-only.
class LoadedAdapter {
 public:
  LoadedAdapter(LoadedAdapter&&) noexcept;
  LoadedAdapter& operator=(LoadedAdapter&&) noexcept;
  ~LoadedAdapter();

  const zoo_adapter_entry_t& entry() const { return *entry_; }
  const AdapterDescriptor& descriptor() const { return descriptor_; }

 private:
  friend absl::StatusOr<LoadedAdapter> LoadAdapter(const std::filesystem::path& file);
  LoadedAdapter(std::unique_ptr<boost::dll::shared_library> library,
                const zoo_adapter_entry_t* entry, AdapterDescriptor descriptor);

  std::unique_ptr<boost::dll::shared_library> library_;
  const zoo_adapter_entry_t* entry_;
  AdapterDescriptor descriptor_;
};

// Loads `file` with immediate binding and checks, in this order, each refusal one sentence
// that names the file: it exists and is a regular file; it is an ELF shared object; dlopen
// succeeds (else the loader's own text, e.g. a missing dependency); it exports
// zoo_adapter_entry; the magic; the ABI major; the struct size; the required functions; a
// valid name. Codes: kNotFound (no such file), kInvalidArgument (not a plugin at all),
// kFailedPrecondition (a plugin this host cannot serve), kAlreadyExists (a reporter plugin:
// not an adapter, and no fault; catalogs of adapters leave it out).
absl::StatusOr<LoadedAdapter> LoadAdapter(const std::filesystem::path& file);

// The first checks of every plugin, adapter or reporter: it exists, is a regular file, is an
// ELF shared object, and dlopen (immediate binding, local symbols) accepts it.
absl::StatusOr<std::unique_ptr<boost::dll::shared_library>> OpenPluginLibrary(
    const std::filesystem::path& file);

// True when `name` is a valid adapter name: [a-z0-9_]+, at most 64 characters.
bool IsValidAdapterName(const char* name);

// The adapter's error_text() for `state` (nullptr after a failed setup or teardown), or
// "(no error text)" when it has none: the second half of every "call() failed" sentence.
std::string AdapterErrorText(const zoo_adapter_entry_t& entry, const zoo_adapter_state_t* state);

}  // namespace zoo
