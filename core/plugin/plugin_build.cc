#include "core/plugin/plugin_build.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

namespace zoo {
namespace {

// Closes the file when the reader is done, whatever path it leaves by.
class ReadOnlyFile {
 public:
  explicit ReadOnlyFile(const std::string& path) : fd_(open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~ReadOnlyFile() {
    if (fd_ >= 0) close(fd_);
  }
  ReadOnlyFile(const ReadOnlyFile&) = delete;
  ReadOnlyFile& operator=(const ReadOnlyFile&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

using ElfHandle = std::unique_ptr<Elf, decltype(&elf_end)>;
using DwarfHandle = std::unique_ptr<Dwarf, decltype(&dwarf_end)>;

// Lower is less optimised; a level the table does not know counts as optimised.
int OptimizationRank(absl::string_view flag) {
  static constexpr std::array<absl::string_view, 4> kUnoptimised = {"-O0", "-Og", "-O1", "-O"};
  const auto* at = std::find(kUnoptimised.begin(), kUnoptimised.end(), flag);
  return at == kUnoptimised.end() ? 100 : static_cast<int>(at - kUnoptimised.begin());
}

Elf_Scn* SectionNamed(Elf* elf, absl::string_view name) {
  size_t names = 0;
  if (elf_getshdrstrndx(elf, &names) != 0) return nullptr;
  for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn != nullptr; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr header;
    if (gelf_getshdr(scn, &header) == nullptr) continue;
    const char* n = elf_strptr(elf, names, header.sh_name);
    if (n != nullptr && name == n) return scn;
  }
  return nullptr;
}

// ".comment": NUL-separated lines, one per toolchain that contributed; distinct ones joined.
std::string CompilerComment(Elf* elf) {
  Elf_Scn* scn = SectionNamed(elf, ".comment");
  Elf_Data* data = scn == nullptr ? nullptr : elf_getdata(scn, nullptr);
  if (data == nullptr || data->d_buf == nullptr) return "";
  std::vector<std::string> lines;
  const absl::string_view all(static_cast<const char*>(data->d_buf), data->d_size);
  for (absl::string_view line : absl::StrSplit(all, '\0', absl::SkipEmpty())) {
    if (std::find(lines.begin(), lines.end(), line) == lines.end()) lines.emplace_back(line);
  }
  return absl::StrJoin(lines, "; ");
}

bool IsCompilerOfC(absl::string_view producer) {
  return absl::StartsWith(producer, "GNU C") || absl::StrContains(producer, "clang version");
}

// Every C and C++ compile unit's producer: the first is kept, the least optimised wins.
void ReadProducers(Elf* elf, PluginBuild& build) {
  DwarfHandle dwarf(dwarf_begin_elf(elf, DWARF_C_READ, nullptr), &dwarf_end);
  if (dwarf == nullptr) return;  // no debug information
  bool any_level = false;
  Dwarf_CU* cu = nullptr;
  Dwarf_Die cu_die;
  while (dwarf_get_units(dwarf.get(), cu, &cu, nullptr, nullptr, &cu_die, nullptr) == 0) {
    Dwarf_Attribute attribute;
    const char* producer = dwarf_formstring(dwarf_attr(&cu_die, DW_AT_producer, &attribute));
    if (producer == nullptr || !IsCompilerOfC(producer)) continue;
    if (build.producer.empty()) build.producer = producer;
    const std::string level = OptimizationOfProducer(producer);
    if (level.empty()) continue;
    if (!any_level || OptimizationRank(level) < OptimizationRank(build.optimization)) {
      build.optimization = level;
    }
    any_level = true;
  }
}

// ".zoo.build": one NUL-terminated "zoo.build/1 optimized=<0|1> assertions=<0|1>" per file
// that declared it (zoo/ext/build.h). The least optimised declaration counts; assertions are
// on when any file has them on. A string of another version or shape is left unread.
void ReadDeclaration(Elf* elf, PluginBuild& build) {
  Elf_Scn* scn = SectionNamed(elf, ".zoo.build");
  Elf_Data* data = scn == nullptr ? nullptr : elf_getdata(scn, nullptr);
  if (data == nullptr || data->d_buf == nullptr) return;
  const absl::string_view all(static_cast<const char*>(data->d_buf), data->d_size);
  for (absl::string_view line : absl::StrSplit(all, '\0', absl::SkipEmpty())) {
    std::vector<absl::string_view> words = absl::StrSplit(line, ' ');
    if (words.size() != 3 || words[0] != "zoo.build/1") continue;
    const auto flag = [](absl::string_view word, absl::string_view key) -> std::optional<bool> {
      if (!absl::ConsumePrefix(&word, key) || (word != "0" && word != "1")) return std::nullopt;
      return word == "1";
    };
    const std::optional<bool> optimized = flag(words[1], "optimized=");
    const std::optional<bool> assertions = flag(words[2], "assertions=");
    if (!optimized || !assertions) continue;
    build.declared_optimized = build.declared_optimized.value_or(true) && *optimized;
    build.declared_assertions = build.declared_assertions.value_or(false) || *assertions;
  }
}

// A sanitizer shows as its runtime among the needed libraries (GCC) or as undefined
// references to its entry points that the executable provides (clang).
void ReadSanitizers(Elf* elf, PluginBuild& build) {
  static constexpr std::array<std::pair<absl::string_view, absl::string_view>, 5> kMarks = {{
      {"asan", "address"}, {"tsan", "thread"}, {"ubsan", "undefined"}, {"msan", "memory"},
      {"lsan", "leak"}}};
  auto note = [&](absl::string_view name) {
    for (const auto& [mark, sanitizer] : kMarks) {
      const bool library = absl::StartsWith(name, absl::StrCat("lib", mark, ".so"));
      const bool symbol = absl::StartsWith(name, absl::StrCat("__", mark, "_"));
      if ((library || symbol) && std::find(build.sanitizers.begin(), build.sanitizers.end(),
                                           sanitizer) == build.sanitizers.end()) {
        build.sanitizers.emplace_back(sanitizer);
      }
    }
  };
  for (Elf_Scn* scn = elf_nextscn(elf, nullptr); scn != nullptr; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr header;
    if (gelf_getshdr(scn, &header) == nullptr) continue;
    Elf_Data* data = elf_getdata(scn, nullptr);
    if (data == nullptr || header.sh_entsize == 0) continue;
    const size_t count = header.sh_size / header.sh_entsize;
    if (header.sh_type == SHT_DYNAMIC) {
      for (size_t i = 0; i < count; ++i) {
        GElf_Dyn dyn;
        if (gelf_getdyn(data, static_cast<int>(i), &dyn) == nullptr) continue;
        if (dyn.d_tag != DT_NEEDED) continue;
        if (const char* n = elf_strptr(elf, header.sh_link, dyn.d_un.d_val)) note(n);
      }
    } else if (header.sh_type == SHT_DYNSYM) {
      for (size_t i = 0; i < count; ++i) {
        GElf_Sym sym;
        if (gelf_getsym(data, static_cast<int>(i), &sym) == nullptr) continue;
        if (sym.st_shndx != SHN_UNDEF) continue;
        if (const char* n = elf_strptr(elf, header.sh_link, sym.st_name)) note(n);
      }
    }
  }
  std::sort(build.sanitizers.begin(), build.sanitizers.end());
}

}  // namespace

std::string OptimizationOfProducer(const std::string& producer) {
  std::string last;
  bool any_switch = false;
  for (absl::string_view word : absl::StrSplit(producer, ' ', absl::SkipEmpty())) {
    if (!absl::StartsWith(word, "-")) continue;
    any_switch = true;
    if (absl::StartsWith(word, "-O")) last = std::string(word);
  }
  if (last == "-O") return "-O1";
  if (last.empty() && any_switch && absl::StartsWith(producer, "GNU ")) return "-O0";
  return last;
}

absl::StatusOr<PluginBuild> ReadPluginBuild(const std::string& path) {
  if (elf_version(EV_CURRENT) == EV_NONE) {
    return absl::InternalError("libelf refuses this ELF version");
  }
  ReadOnlyFile file(path);
  if (file.fd() < 0) {
    return absl::NotFoundError(absl::StrCat(path, ": cannot be opened (", std::strerror(errno),
                                            ")"));
  }
  ElfHandle elf(elf_begin(file.fd(), ELF_C_READ, nullptr), &elf_end);
  if (elf == nullptr || elf_kind(elf.get()) != ELF_K_ELF) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": not an ELF file"));
  }
  PluginBuild build;
  build.compiler = CompilerComment(elf.get());
  ReadProducers(elf.get(), build);
  ReadSanitizers(elf.get(), build);
  ReadDeclaration(elf.get(), build);
  return build;
}

}  // namespace zoo
