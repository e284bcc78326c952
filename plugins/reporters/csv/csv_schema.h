// The columns of cells.csv and cost.csv with their types and units, in one place: the CSV
// header is written from them, and so is the machine-readable schema beside each file, a CSV
// on the Web (W3C CSVW) "<file>.csv-metadata.json". With it a reader loads the tables typed:
// numbers as numbers, "true"/"false" as booleans, and an empty field as NULL (a missing
// figure; never 0). tools/csv_to_sqlite.py is one such reader.
#pragma once

#include <string>
#include <vector>

namespace zoo::report {

struct CsvColumn {
  std::string name;
  // A CSVW datatype: "string", "integer", "double" or "boolean" (written "true"/"false").
  std::string datatype;
  std::string unit;  // "ns", "µs", "tasks/s", "bytes/task"...; "" for none
  std::string description;
};

// cells.csv: one row per unit of the model; a baseline's row also carries its cell against
// the subject at the same coordinates.
const std::vector<CsvColumn>& CellColumns();

// cost.csv: one row per counting unit, cold start and callgrind unit ("kind").
const std::vector<CsvColumn>& CostColumns();

// scenarios.csv: one row per scenario row of the model (adapter, pool size), judged against
// its scenario's fastest row.
const std::vector<CsvColumn>& ScenarioColumns();

// native_line.csv, layers.csv, layer_cost.csv and round_trips.csv (csv_lines.h): "status"
// first and "reason" last; every other column is named after the model member it copies.
const std::vector<CsvColumn>& NativeLineColumns();
const std::vector<CsvColumn>& LayerColumns();
const std::vector<CsvColumn>& LayerCostColumns();
const std::vector<CsvColumn>& RoundTripColumns();

// The CSVW metadata document of `file` ("cells.csv") with these columns and `description`:
// UTF-8, a header row, CRLF line ends, and "" as the null value of every column.
std::string CsvwMetadata(const std::string& file, const std::string& description,
                         const std::vector<CsvColumn>& columns);

}  // namespace zoo::report
