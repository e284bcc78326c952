#include "plugins/reporters/common/cost_cells.h"

#include <utility>

#include "plugins/reporters/common/model_document.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {

const CostCount kCostCounts[6] = {
    {"alloc_calls", "cost.col.alloc_calls", Count},
    {"alloc_bytes", "cost.col.alloc_bytes", Bytes},
    {"instructions", "cost.col.instructions", Count},
    {"cycles", "cost.col.cycles", Count},
    {"context_switches", "cost.col.context_switches", Count},
    {"cpu_migrations", "cost.col.cpu_migrations", Count},
};

CostCell CostNotes::Cell(const rapidjson::Value* count, std::string (*format)(double),
                         std::string_view row_failure, const char* field) {
  if (count != nullptr && BoolOf(*count, "available")) {
    return {.figure = format(NumberOf(*count, field)), .note = 0};
  }
  std::string code(count != nullptr ? StringOf(*count, "unavailable_code") : "");
  std::string detail(count != nullptr ? StringOf(*count, "unavailable_reason") : "");
  if (code.empty()) code = row_failure.empty() ? "not_counted" : "unit_failed";
  if (detail.empty()) detail = std::string(row_failure);
  return {.figure = {}, .note = NoteFor(std::move(code), std::move(detail))};
}

CostCell CostNotes::Failed(std::string_view failure) {
  return {.figure = {}, .note = NoteFor("unit_failed", std::string(failure))};
}

CostCell CostNotes::NotRepeated(std::string_view why) {
  return {.figure = {}, .note = NoteFor("not_repeated", std::string(why))};
}

size_t CostNotes::NoteFor(std::string code, std::string detail) {
  for (size_t i = 0; i < notes_.size(); ++i) {
    if (notes_[i].code == code && notes_[i].detail == detail) return i + 1;
  }
  notes_.push_back({std::move(code), std::move(detail)});
  return notes_.size();
}

}  // namespace zoo::report
