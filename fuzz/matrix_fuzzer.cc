// libFuzzer target: the matrix file reader (core/matrix.h), and the flag parser that reads the
// same numbers from the command line. What the file reader accepts must pass ValidateMatrix,
// as a run would check it. Seeds: fuzz/corpus/matrix/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/archive/matrix.h"
#include "core/base/input_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > zoo::kMaxMatrixBytes) return 0;  // LoadMatrixFile refuses these unread
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)zoo::ParsePositiveList(text, "--concurrency");
  absl::StatusOr<zoo::Matrix> matrix = zoo::ParseMatrix(text, "fuzz.json");
  if (matrix.ok() && !zoo::ValidateMatrix(*matrix, "fuzz.json").ok()) std::abort();
  return 0;
}
