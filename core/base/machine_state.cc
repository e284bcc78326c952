// Reads the caches, clock and load of machine_state.h; see there for the sources.
#include "core/base/machine_state.h"

#include <fstream>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "core/base/under_root.h"

namespace zoo {
namespace {

// The first line of a small sysfs file, trimmed; "" when it cannot be read.
std::string FirstLine(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return std::string(absl::StripAsciiWhitespace(line));
}

// "32K", "512K", "32768K", "1M", or a plain byte count; 0 when it does not parse.
uint64_t CacheSizeBytes(std::string_view text) {
  uint64_t scale = 1;
  if (!text.empty() && (text.back() == 'K' || text.back() == 'M' || text.back() == 'G')) {
    scale = text.back() == 'K' ? 1024 : text.back() == 'M' ? 1024 * 1024 : 1024 * 1024 * 1024;
    text.remove_suffix(1);
  }
  uint64_t n = 0;
  return absl::SimpleAtoi(absl::string_view(text.data(), text.size()), &n) ? n * scale : 0;
}

}  // namespace

uint32_t CountCpuList(std::string_view list) {
  uint32_t count = 0;
  const absl::string_view text(list.data(), list.size());
  for (absl::string_view part : absl::StrSplit(text, ',', absl::SkipWhitespace())) {
    part = absl::StripAsciiWhitespace(part);
    const size_t dash = part.find('-');
    uint32_t first = 0, last = 0;
    if (!absl::SimpleAtoi(part.substr(0, dash), &first)) return 0;
    last = first;
    if (dash != absl::string_view::npos && !absl::SimpleAtoi(part.substr(dash + 1), &last)) {
      return 0;
    }
    if (last < first) return 0;
    count += last - first + 1;
  }
  return count;
}

std::vector<CpuCache> ReadCpuCaches(const std::filesystem::path& root) {
  std::vector<CpuCache> caches;
  for (int index = 0;; ++index) {
    const std::filesystem::path dir =
        UnderRoot(root, "/sys/devices/system/cpu/cpu0/cache") / ("index" + std::to_string(index));
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) break;
    CpuCache cache;
    cache.type = FirstLine(dir / "type");
    cache.size_bytes = CacheSizeBytes(FirstLine(dir / "size"));
    cache.num_sharing = CountCpuList(FirstLine(dir / "shared_cpu_list"));
    const std::string level = FirstLine(dir / "level");
    // A cache whose type, level or size the kernel does not give says nothing to a reader.
    if (cache.type.empty() || !absl::SimpleAtoi(level, &cache.level) || cache.size_bytes == 0) {
      continue;
    }
    caches.push_back(std::move(cache));
  }
  return caches;
}

double ReadCpuMhz(const std::filesystem::path& root) {
  std::ifstream in(UnderRoot(root, "/proc/cpuinfo"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("cpu MHz", 0) != 0) continue;
    const size_t colon = line.find(':');
    double mhz = 0;
    if (colon != std::string::npos &&
        absl::SimpleAtod(absl::StripAsciiWhitespace(absl::string_view(line).substr(colon + 1)),
                         &mhz) &&
        mhz > 0) {
      return mhz;
    }
  }
  return 0;
}

std::vector<double> ReadLoadAverages(const std::filesystem::path& root) {
  std::ifstream in(UnderRoot(root, "/proc/loadavg"));
  std::vector<double> load;
  std::string field;
  for (int i = 0; i < 3 && in >> field; ++i) {
    double x = 0;
    if (!absl::SimpleAtod(field, &x) || x < 0) return {};
    load.push_back(x);
  }
  if (load.size() != 3) return {};
  return load;
}

}  // namespace zoo
