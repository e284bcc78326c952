// libFuzzer target: the archive reader (core/archive.h), then what `zoo-host analyze` makes of
// an archive it accepted: the report model and its JSON. What the reader accepts, the writer
// must write and the reader read back to the same bytes. Seeds: fuzz/corpus/archive/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/archive/archive.h"
#include "core/base/input_file.h"
#include "core/model/report_model.h"
#include "core/model/report_model_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > zoo::kMaxArchiveBytes) return 0;  // ReadArchive refuses these unread
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<zoo::Archive> archive = zoo::ArchiveFromJson(text, "fuzz.json");
  if (!archive.ok()) return 0;
  const std::string once = zoo::ArchiveToJson(*archive);
  absl::StatusOr<zoo::Archive> again = zoo::ArchiveFromJson(once, "again.json");
  if (!again.ok() || zoo::ArchiveToJson(*again) != once) std::abort();
  zoo::AnalysisOptions options;
  options.verdict.resamples = 40;  // the verdicts' code as with 2000 resamples, sooner
  absl::StatusOr<zoo::ReportModel> model = zoo::BuildReportModel(*archive, "fuzz.json", options);
  if (model.ok()) (void)zoo::ReportModelToJson(*model);
  return 0;
}
