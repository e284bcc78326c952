// native_line.csv, layers.csv, layer_cost.csv and round_trips.csv (csv_lines.h). Each column
// is named after the model member it copies, so one writer serves every table.
#include "plugins/reporters/csv/csv_lines.h"

#include <cmath>
#include <string>
#include <vector>

#include "plugins/reporters/common/model_document.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/csv/csv_schema.h"

namespace zoo::report {
namespace {

// The field of `column` in `v`, written as its datatype says; a missing member, null or NaN is
// an empty field (NULL to the schema), never 0.
std::string FieldOf(const rapidjson::Value& v, const CsvColumn& column) {
  const rapidjson::Value* m = MemberOf(v, column.name.c_str());
  if (m == nullptr || m->IsNull()) return "";
  if (column.datatype == "boolean") return m->IsBool() ? (m->GetBool() ? "true" : "false") : "";
  if (column.datatype == "integer") return m->IsUint64() ? std::to_string(m->GetUint64()) : "";
  if (column.datatype == "double") {
    const double d = NumberOf(*m);
    return std::isfinite(d) ? ExactNumber(d) : "";
  }
  return std::string(StringOf(*m));
}

// One table: a header, then per row "status" (measured), `prefix` (fields set by the caller,
// e.g. the table's concurrency), the row's members, and an empty "reason".
class LineTable {
 public:
  explicit LineTable(const std::vector<CsvColumn>& columns) : columns_(columns) {
    std::vector<std::string> names;
    for (const CsvColumn& c : columns_) names.push_back(c.name);
    AppendCsvRow(names, out_);
  }

  void Add(const rapidjson::Value& row, const std::vector<std::string>& prefix) {
    std::vector<std::string> fields = {"measured"};
    fields.insert(fields.end(), prefix.begin(), prefix.end());
    for (size_t i = fields.size(); i + 1 < columns_.size(); ++i) {
      fields.push_back(FieldOf(row, columns_[i]));
    }
    fields.emplace_back();  // reason
    AppendCsvRow(fields, out_);
  }

  // The only row of a line that was not measured: its status and why.
  void NotMeasured(std::string_view status, std::string_view reason) {
    std::vector<std::string> fields(columns_.size());
    fields.front() = std::string(status);
    fields.back() = std::string(reason);
    AppendCsvRow(fields, out_);
  }

  const std::string& text() const { return out_; }

 private:
  const std::vector<CsvColumn>& columns_;
  std::string out_;
};

absl::Status WriteTable(const RenderContext& context, const std::string& file,
                        const std::string& description, const std::vector<CsvColumn>& columns,
                        const LineTable& table) {
  if (absl::Status s = context.WriteFile(file, table.text()); !s.ok()) return s;
  return context.WriteFile(file + "-metadata.json", CsvwMetadata(file, description, columns));
}

absl::Status WriteNativeLine(const RenderContext& context, const rapidjson::Value& line) {
  LineTable table(NativeLineColumns());
  if (StringOf(line, "status") == "measured") {
    for (const rapidjson::Value& cell : ArrayOf(line, "cells").GetArray()) table.Add(cell, {});
  } else {
    table.NotMeasured(StringOf(line, "status"), StringOf(line, "reason"));
  }
  return WriteTable(context, "native_line.csv",
                    "The subject's native task line: its zoo.native/1 forms parsing modbus_rtu "
                    "frames, one row per (form, frame, concurrency). Measured on its own: it "
                    "enters no cell of the main matrix.",
                    NativeLineColumns(), table);
}

absl::Status WriteLayers(const RenderContext& context, const rapidjson::Value& layers) {
  LineTable ranges(LayerColumns());
  LineTable cost(LayerCostColumns());
  if (StringOf(layers, "status") == "measured") {
    for (const rapidjson::Value& t : ArrayOf(layers, "tables").GetArray()) {
      for (const rapidjson::Value& row : ArrayOf(t, "rows").GetArray()) {
        ranges.Add(row, {std::to_string(UintOf(t, "concurrency"))});
      }
    }
    for (const rapidjson::Value& row : ArrayOf(layers, "cost").GetArray()) cost.Add(row, {});
  } else {
    ranges.NotMeasured(StringOf(layers, "status"), StringOf(layers, "reason_code"));
    cost.NotMeasured(StringOf(layers, "status"), StringOf(layers, "reason_code"));
  }
  if (absl::Status s = WriteTable(context, "layers.csv",
                                  "The subject's layers, bare client to public API: one row per "
                                  "(concurrency, row), its rounds' range, against the row below.",
                                  LayerColumns(), ranges);
      !s.ok()) {
    return s;
  }
  return WriteTable(context, "layer_cost.csv",
                    "The cost of code of each layer row: allocations and instructions per task "
                    "in the steady state, and the cold start.",
                    LayerCostColumns(), cost);
}

absl::Status WriteRoundTrips(const RenderContext& context, const rapidjson::Value& trips) {
  LineTable table(RoundTripColumns());
  for (const char* kind : {"handoff", "pipe"}) {
    if (const rapidjson::Value* trip = MemberOf(trips, kind); trip != nullptr) {
      table.Add(*trip, {kind});
    }
  }
  return WriteTable(context, "round_trips.csv",
                    "The machine's round-trip references, measured at run start outside every "
                    "unit: a condition-variable hand-off between two threads and a pipe round "
                    "trip between two processes.",
                    RoundTripColumns(), table);
}

}  // namespace

absl::Status WriteLineTables(const RenderContext& context) {
  const rapidjson::Value& root = context.model.root();
  if (const rapidjson::Value* line = MemberOf(root, "native_line"); line != nullptr) {
    if (absl::Status s = WriteNativeLine(context, *line); !s.ok()) return s;
  }
  if (const rapidjson::Value* layers = MemberOf(root, "layers"); layers != nullptr) {
    if (absl::Status s = WriteLayers(context, *layers); !s.ok()) return s;
  }
  const rapidjson::Value* trips = MemberOf(ObjectOf(root, "environment"), "round_trips");
  if (trips != nullptr && trips->IsObject()) return WriteRoundTrips(context, *trips);
  return absl::OkStatus();
}

}  // namespace zoo::report
