// The cells of the cost-of-code tables, shared by every format: a count's figure, formatted
// without words (text_format.h), or, where the count could not be taken, the number of a note
// that says why. Notes are shared by cells with the same reason, numbered from 1 in order of
// first use, so a table of many unavailable cells carries each reason once.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "rapidjson/document.h"

namespace zoo::report {

// One per-task count of a cost row, in the order of the tables' columns.
struct CostCount {
  const char* field;       // the member of a cost row: "alloc_calls"
  const char* column_key;  // its catalog column name: "cost.col.alloc_calls"
  std::string (*format)(double);
};
extern const CostCount kCostCounts[6];

struct CostNote {
  std::string code;    // "not_permitted", "unit_failed", ...: the catalog key "cost.reason." + code
  std::string detail;  // the core's English sentence with the errno or the unit's failure
};

struct CostCell {
  std::string figure;  // when note == 0
  size_t note = 0;     // 1-based note number when the count is unavailable
};

class CostNotes {
 public:
  // The cell of `count` (a {available, total, per_task, unavailable_code, unavailable_reason}
  // object, or null): `field` of it formatted by `format` when available, else a note. A
  // count without a code reads as "unit_failed" with `row_failure` when the row failed, and
  // as "not_counted" otherwise.
  CostCell Cell(const rapidjson::Value* count, std::string (*format)(double),
                std::string_view row_failure, const char* field = "per_task");
  // A note for a row that failed as a whole (a callgrind row: it has no count objects).
  CostCell Failed(std::string_view failure);
  // A note for a callgrind row whose second run gave no count, with the core's sentence why.
  CostCell NotRepeated(std::string_view why);

  const std::vector<CostNote>& notes() const { return notes_; }

 private:
  size_t NoteFor(std::string code, std::string detail);
  std::vector<CostNote> notes_;
};

}  // namespace zoo::report
