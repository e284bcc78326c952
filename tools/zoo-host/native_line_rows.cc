#include "tools/zoo-host/native_line_rows.h"

#include <iostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace zoo {

void PrintNativeLineRows(const Archive& a) {
  const NativeLineRecord& line = a.native_line;
  if (line.status.empty() || line.status == "not_run") return;
  std::cout << "native task line (" << line.task << "), measured on its own: " << line.status;
  if (!line.reason.empty()) std::cout << ": " << line.reason;
  std::cout << "\n";
  for (const NativeLineForm& f : line.forms) {
    std::cout << "  form " << f.name << ": gate "
              << (f.passed ? "passed" : absl::StrCat("REJECTED: ", f.reason)) << "\n";
  }
  bool header = false;
  for (const ArchivedUnit& u : a.units) {
    const UnitSpec& s = u.result.spec;
    if (s.kind != UnitKind::kNative) continue;
    if (!header) {
      std::cout << absl::StrFormat("%-26s %-16s %7s %5s %14s\n", "ADAPTER", "FORM", "FRAME_B",
                                   "CONC", "PER TASK");
      header = true;
    }
    const std::string per_task = u.result.ok
                                     ? absl::StrFormat("%.0f ns", u.stats.end_to_end_ns.median)
                                     : absl::StrCat("FAILED: ", u.result.failure);
    std::cout << absl::StrFormat("%-26s %-16s %7u %5u %14s\n", s.adapter, s.options,
                                 s.tier_us, s.concurrency, per_task);
  }
  std::cout << "\n";
}

}  // namespace zoo
