#include "core/plugin/plugin_loader.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>
#include <utility>

#include <boost/dll/shared_library.hpp>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/abi_text.h"
#include "zoo/ext/submit_any_thread.h"
#include "zoo/ext/text.h"
#include "zoo/reporter.h"

namespace zoo {
namespace {

// zoo.submit_any_thread/1 as the plugin declares it: a table shorter than its first three
// fields is read as not declared.
AdapterDescriptor::SubmitAnyThread SubmitAnyThreadOfEntry(const zoo_adapter_entry_t& entry) {
  if (entry.abi_minor < 1 || entry.get_extension == nullptr) return {};
  const auto* ext = static_cast<const zoo_submit_any_thread_extension_t*>(
      entry.get_extension(ZOO_EXT_SUBMIT_ANY_THREAD));
  if (ext == nullptr ||
      ext->struct_size < offsetof(zoo_submit_any_thread_extension_t, reserved0)) {
    return {};
  }
  const bool bounded = (ext->flags & ZOO_SUBMIT_BOUNDED) != 0;
  return {.declared = true,
          .bounded = bounded,
          .default_capacity = bounded ? ext->default_capacity : 0};
}

constexpr size_t kMaxNameLength = 64;


bool IsElfFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  char magic[4] = {};
  in.read(magic, sizeof magic);
  return in.gcount() == 4 && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' &&
         magic[3] == 'F';
}

// Boost.DLL appends "(dlerror system message: ...)" to its own text; keep only the loader's.
std::string LoaderText(const std::string& what) {
  static constexpr char kMarker[] = "dlerror system message: ";
  size_t at = what.find(kMarker);
  if (at == std::string::npos) return what;
  const size_t start = at + sizeof(kMarker) - 1;
  const size_t close = what.rfind(')');
  return what.substr(start, close != std::string::npos && close > start ? close - start
                                                                        : std::string::npos);
}

}  // namespace

bool IsValidAdapterName(const char* name) {
  if (name == nullptr || *name == '\0') return false;
  size_t n = 0;
  for (const char* p = name; *p != '\0'; ++p, ++n) {
    const char c = *p;
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return n <= kMaxNameLength;
}

LoadedAdapter::LoadedAdapter(std::unique_ptr<boost::dll::shared_library> library,
                             const zoo_adapter_entry_t* entry, AdapterDescriptor descriptor)
    : library_(std::move(library)), entry_(entry), descriptor_(std::move(descriptor)) {}
LoadedAdapter::LoadedAdapter(LoadedAdapter&&) noexcept = default;
LoadedAdapter& LoadedAdapter::operator=(LoadedAdapter&&) noexcept = default;
// Never unloaded mid-run: the library stays mapped until this object goes.
LoadedAdapter::~LoadedAdapter() = default;

absl::StatusOr<std::unique_ptr<boost::dll::shared_library>> OpenPluginLibrary(
    const std::filesystem::path& file) {
  const std::string shown = file.string();
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) {
    return absl::NotFoundError(absl::StrCat(shown, ": no such file"));
  }
  if (!std::filesystem::is_regular_file(file, ec)) {
    return absl::InvalidArgumentError(absl::StrCat(shown, ": not a regular file"));
  }
  if (!IsElfFile(file)) {
    return absl::InvalidArgumentError(
        absl::StrCat(shown, ": not a shared library (the file does not start with an ELF header)"));
  }

  auto library = std::make_unique<boost::dll::shared_library>();
  try {
    // Immediate binding: an unresolved symbol fails here, not in the middle of a run.
    library->load(std::filesystem::absolute(file),
                  boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(shown, ": the dynamic loader refused it: ", LoaderText(e.what())));
  }
  return library;
}

absl::StatusOr<LoadedAdapter> LoadAdapter(const std::filesystem::path& file) {
  const std::string shown = file.string();
  absl::StatusOr<std::unique_ptr<boost::dll::shared_library>> opened = OpenPluginLibrary(file);
  if (!opened.ok()) return opened.status();
  std::unique_ptr<boost::dll::shared_library> library = *std::move(opened);

  if (!library->has(ZOO_ADAPTER_ENTRY_SYMBOL) && library->has(ZOO_REPORTER_ENTRY_SYMBOL)) {
    return absl::AlreadyExistsError(
        absl::StrCat(shown, ": a zoo-host reporter, not an adapter"));
  }
  if (!library->has(ZOO_ADAPTER_ENTRY_SYMBOL)) {
    return absl::InvalidArgumentError(absl::StrCat(
        shown, ": no entry symbol: it does not export '", ZOO_ADAPTER_ENTRY_SYMBOL,
        "', so it is not a zoo-host adapter (define it with ZOO_ADAPTER_EXPORT or "
        "ZOO_EXPORT_ADAPTER)"));
  }
  const auto* entry = &library->get<const zoo_adapter_entry_t>(ZOO_ADAPTER_ENTRY_SYMBOL);

  // The frozen header first: nothing past it is read until it checks out.
  if (entry->magic != ZOO_ADAPTER_MAGIC) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "%s: wrong magic number 0x%08X in zoo_adapter_entry (expected 0x%08X): the symbol is "
        "not a zoo-host adapter entry or the file is corrupt",
        shown, entry->magic, ZOO_ADAPTER_MAGIC));
  }
  if (entry->abi_major != ZOO_ABI_MAJOR) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "%s: plugin ABI %u.%u, this host serves ABI %d.x: rebuild the plugin against "
        "zoo-host-sdk with ABI %d, or use a zoo-host that serves ABI %u",
        shown, entry->abi_major, entry->abi_minor, ZOO_ABI_MAJOR, ZOO_ABI_MAJOR,
        entry->abi_major));
  }
  if (entry->struct_size < ZOO_ADAPTER_ENTRY_SIZE_1_0) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "%s: zoo_adapter_entry is too small: struct_size %u bytes, ABI %u.%u needs at least %u "
        "(this host: ABI %d.%d); rebuild the plugin against the current zoo-host-sdk",
        shown, entry->struct_size, entry->abi_major, entry->abi_minor,
        static_cast<unsigned>(ZOO_ADAPTER_ENTRY_SIZE_1_0), ZOO_ABI_MAJOR, ZOO_ABI_MINOR));
  }
  const std::pair<const char*, bool> required[] = {
      {"setup", entry->setup != nullptr},       {"submit", entry->submit != nullptr},
      {"drain", entry->drain != nullptr},       {"teardown", entry->teardown != nullptr},
      {"error_text", entry->error_text != nullptr},
  };
  for (const auto& [function, present] : required) {
    if (!present) {
      return absl::FailedPreconditionError(absl::StrCat(
          shown, ": required function '", function, "' is missing (NULL in zoo_adapter_entry)"));
    }
  }
  if (!IsValidAdapterName(entry->name)) {
    return absl::FailedPreconditionError(absl::StrCat(
        shown, ": invalid adapter name '", AbiText(entry->name),
        "': it must be 1 to 64 characters of a-z, 0-9 and _"));
  }

  absl::StatusOr<PluginText> text = ReadTextExtension(
      entry->get_extension != nullptr ? entry->get_extension(ZOO_EXT_TEXT) : nullptr, shown);
  if (!text.ok()) return text.status();
  absl::StatusOr<AdapterVariants> variants = ReadAdapterVariants(*entry, shown);
  if (!variants.ok()) return variants.status();
  AdapterDescriptor descriptor{
      .name = AbiText(entry->name),
      .version = AbiText(entry->version),
      .description = AbiText(entry->description),
      .kind = AbiText(entry->kind),
      .caliber_notes = AbiText(entry->caliber_notes),
      .drive_level = AbiText(entry->drive_level),
      .abi_major = entry->abi_major,
      .abi_minor = entry->abi_minor,
      .file = std::filesystem::absolute(file).lexically_normal().string(),
      .text = *std::move(text),
      .submit_any_thread = SubmitAnyThreadOfEntry(*entry),
      .variants = *std::move(variants),
  };
  return LoadedAdapter(std::move(library), entry, std::move(descriptor));
}

std::string AdapterErrorText(const zoo_adapter_entry_t& entry, const zoo_adapter_state_t* state) {
  const char* text = entry.error_text(state);
  return (text != nullptr && *text != '\0') ? std::string(text) : std::string("(no error text)");
}

}  // namespace zoo
