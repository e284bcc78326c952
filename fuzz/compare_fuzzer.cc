// libFuzzer target: the compare path (core/compare_model.h) as `zoo-host compare OLD NEW` takes
// it: two archives read, the compare model built from them, its JSON and the regression gate.
// The input is the OLD archive's line, then the NEW archive's (as WriteArchive writes an
// archive: one line); without a second line the archive is compared with itself.
// Seeds: fuzz/corpus/compare/ (and fuzz/corpus/archive/ works too).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/archive/archive.h"
#include "core/base/input_file.h"
#include "core/model/compare_model.h"
#include "core/model/compare_model_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > zoo::kMaxArchiveBytes) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const size_t newline = text.find('\n');
  const std::string_view old_text = text.substr(0, newline);
  std::string_view new_text =
      newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
  if (new_text.empty() || new_text == "\n") new_text = old_text;
  absl::StatusOr<zoo::Archive> old_archive = zoo::ArchiveFromJson(old_text, "old.json");
  if (!old_archive.ok()) return 0;
  absl::StatusOr<zoo::Archive> new_archive = zoo::ArchiveFromJson(new_text, "new.json");
  if (!new_archive.ok()) return 0;
  zoo::AnalysisOptions options;
  options.verdict.resamples = 40;  // the verdicts' code as with 2000 resamples, sooner
  absl::StatusOr<zoo::CompareModel> model =
      zoo::BuildCompareModel(*old_archive, "old.json", *new_archive, "new.json", options);
  if (!model.ok()) return 0;
  (void)zoo::CompareModelToJson(*model);
  (void)zoo::EvaluateRegressionGate(*model, 5);
  return 0;
}
