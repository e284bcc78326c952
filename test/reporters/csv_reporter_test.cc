// cells.csv: one row per unit, RFC 4180, and it reads back to the model's values; cost.csv:
// the cost of code, one row per counting unit, cold start and callgrind unit; each with its
// CSVW schema, whose columns are the header's and whose types every field keeps.
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/reporters/common/model_document.h"
#include "rapidjson/document.h"
#include "rapidjson/pointer.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "test/reporters/reporter_test_support.h"
#include "test/test_paths.h"

namespace zoo::report {
namespace {

using ::testing::ElementsAre;
using testing::RenderResult;
using testing::ReporterModule;

using Row = std::vector<std::string>;

// An RFC 4180 reader: CRLF between records, quoted fields with "" for a quote.
std::vector<Row> ParseCsv(const std::string& text) {
  std::vector<Row> rows;
  Row row;
  std::string field;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (quoted) {
      if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      row.push_back(std::move(field));
      field.clear();
    } else if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      row.push_back(std::move(field));
      field.clear();
      rows.push_back(std::move(row));
      row.clear();
      ++i;
    } else {
      EXPECT_NE(ch, '\n') << "a bare LF outside quotes at " << i;
      field += ch;
    }
  }
  EXPECT_TRUE(field.empty() && row.empty()) << "the last record lacks its CRLF";
  return rows;
}

class CsvReporterTest : public ::testing::Test {
 protected:
  ReporterModule module_{::zoo::testing::BuiltinReporter("csv")};
  std::string model_ = testing::SampleModelJson();
};

TEST_F(CsvReporterTest, OneRowPerUnitThatReadsBack) {
  RenderResult r = module_.Render(model_, "en", "csv");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  ASSERT_EQ(r.files.size(), 4u) << "cells.csv and cost.csv, each with its schema";
  const std::vector<Row> rows = ParseCsv(r.files["cells.csv"]);
  absl::StatusOr<ModelDocument> model = ModelDocument::Parse(model_);
  ASSERT_TRUE(model.ok()) << model.status();
  const rapidjson::Value& units = model->root()["units"];
  ASSERT_EQ(rows.size(), units.Size() + 1) << "a header, then one row per unit";

  const Row& header = rows[0];
  EXPECT_EQ(header[0], "id");
  for (const Row& row : rows) ASSERT_EQ(row.size(), header.size());
  auto column = [&](const char* name) {
    return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  for (rapidjson::SizeType i = 0; i < units.Size(); ++i) {
    const Row& row = rows[i + 1];
    EXPECT_EQ(row[column("id")], StringOf(units[i], "id"));
    EXPECT_EQ(row[column("adapter")], StringOf(units[i], "adapter"));
    if (BoolOf(units[i], "ok")) {
      const double median = NumberOf(units[i]["stats"]["end_to_end_ns"], "median");
      EXPECT_EQ(std::stod(row[column("median_ns")]), median) << row[0];
    } else {
      EXPECT_EQ(row[column("median_ns")], "") << "a failed unit has no figure";
      EXPECT_THAT(row[column("failure")], ::testing::HasSubstr("SIGSEGV"));
    }
  }
}

TEST_F(CsvReporterTest, BaselineRowsCarryTheirCellAndTheSubjectsDoNot) {
  RenderResult r = module_.Render(model_, "zh", "csv");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  const std::vector<Row> rows = ParseCsv(r.files["cells.csv"]);
  const Row& header = rows[0];
  auto column = [&](const char* name) {
    return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  for (const Row& row : rows) {
    if (row[0] == "subj/c1/40us") {
      EXPECT_EQ(row[column("verdict")], "");
      EXPECT_EQ(row[column("ratio")], "");
    }
    if (row[0] == "fast/c1/40us") {
      EXPECT_EQ(row[column("verdict")], "subject_slower");
      EXPECT_EQ(row[column("ratio")], "0.5");
    }
    if (row[0] == "<script>alert(1)</script>|x/c1/40us") {
      EXPECT_EQ(row[column("adapter")], "<script>alert(1)</script>|x");
    }
  }
  const auto off = std::find_if(rows.begin(), rows.end(),
                                [](const Row& row) { return row[0] == "subj[off]/c1/40us"; });
  ASSERT_NE(off, rows.end()) << "semantics units are units too";
  EXPECT_EQ((*off)[column("semantics")], "off");
  EXPECT_EQ((*off)[column("verdict")], "") << "a semantics unit enters no cell";
}

// The rows of cost.csv as maps from column name to field, header checked.
std::vector<std::map<std::string, std::string>> CostRows(const std::string& csv) {
  const std::vector<Row> rows = ParseCsv(csv);
  std::vector<std::map<std::string, std::string>> out;
  if (rows.empty()) {
    ADD_FAILURE() << "cost.csv is empty";
    return out;
  }
  const Row& header = rows[0];
  EXPECT_EQ(header[0], "kind");
  for (size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].size(), header.size()) << "row " << i;
    std::map<std::string, std::string> row;
    for (size_t j = 0; j < header.size() && j < rows[i].size(); ++j) row[header[j]] = rows[i][j];
    out.push_back(std::move(row));
  }
  return out;
}

TEST_F(CsvReporterTest, CostCsvHasARowPerCountingUnitColdStartAndCallgrindUnit) {
  testing::SampleOptions options;
  options.cost = true;
  RenderResult r = module_.Render(testing::SampleModelJson(options), "en", "csv");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  const auto rows = CostRows(r.files["cost.csv"]);
  // 5 adapters x 2 concurrencies, 5 cold starts, 5 callgrind units.
  ASSERT_EQ(rows.size(), 20u);
  const auto& subject = rows[0];
  EXPECT_EQ(subject.at("kind"), "counters");
  EXPECT_EQ(subject.at("adapter"), "subj");
  EXPECT_EQ(subject.at("concurrency"), "1");
  EXPECT_EQ(subject.at("unit"), "subj{counters}/c1/0us");
  EXPECT_EQ(subject.at("ok"), "true");
  EXPECT_EQ(subject.at("tasks"), "5");
  EXPECT_EQ(subject.at("alloc_calls_per_task"), "2");
  EXPECT_EQ(subject.at("alloc_calls_total"), "10");
  EXPECT_EQ(subject.at("alloc_bytes_per_task"), "128");
  EXPECT_EQ(subject.at("instructions_per_task"), "1843.4");
  EXPECT_EQ(subject.at("instructions_total"), "9217");
  EXPECT_EQ(subject.at("alloc_calls_unavailable_code"), "");
  // Unavailable: empty figures, never 0, with the code and the core's sentence.
  EXPECT_EQ(subject.at("cpu_migrations_per_task"), "");
  EXPECT_EQ(subject.at("cpu_migrations_total"), "");
  EXPECT_EQ(subject.at("cpu_migrations_unavailable_code"), "not_permitted");
  EXPECT_THAT(subject.at("cpu_migrations_unavailable_reason"),
              ::testing::HasSubstr("perf_event_paranoid is 3"));
  const auto& failed = rows[9];
  EXPECT_EQ(failed.at("adapter"), "<script>alert(1)</script>|x");
  EXPECT_EQ(failed.at("ok"), "false");
  EXPECT_EQ(failed.at("failure"), "the counting unit timed out after 30 s");
  EXPECT_EQ(failed.at("alloc_calls_per_task"), "");
  EXPECT_EQ(failed.at("alloc_calls_unavailable_code"), "unit_failed");

  const auto& cold = rows[10];
  EXPECT_EQ(cold.at("kind"), "cold_start");
  EXPECT_EQ(cold.at("adapter"), "subj");
  EXPECT_EQ(cold.at("setup_ns"), "250000");
  EXPECT_EQ(cold.at("first_task_ns"), "41000");
  EXPECT_EQ(cold.at("alloc_calls_total"), "17");
  EXPECT_EQ(cold.at("alloc_bytes_total"), "73728");
  EXPECT_EQ(cold.at("instructions_per_task"), "") << "a cold start counts allocations only";

  const auto& callgrind = rows[15];
  EXPECT_EQ(callgrind.at("kind"), "callgrind");
  EXPECT_EQ(callgrind.at("tier_us"), "0");
  EXPECT_EQ(callgrind.at("instructions_per_task"), "1234567");
  EXPECT_EQ(callgrind.at("instructions_total"), "6172835");
  EXPECT_EQ(callgrind.at("alloc_calls_per_task"), "");
  EXPECT_EQ(callgrind.at("callgrind_repeat_total"), "6172835");
  EXPECT_EQ(callgrind.at("callgrind_repeats_exactly"), "true");
  EXPECT_EQ(rows[16].at("callgrind_repeats_exactly"), "false");
  EXPECT_EQ(rows[17].at("callgrind_repeat_total"), "") << "no second count: empty, never 0";
  EXPECT_EQ(rows[17].at("callgrind_repeats_exactly"), "");
  EXPECT_EQ(rows[0].at("callgrind_repeat_total"), "") << "a counters row has no callgrind";
  const auto& callgrind_failed = rows[19];
  EXPECT_EQ(callgrind_failed.at("ok"), "false");
  EXPECT_EQ(callgrind_failed.at("instructions_per_task"), "");
  EXPECT_EQ(callgrind_failed.at("instructions_unavailable_code"), "unit_failed");
  EXPECT_EQ(callgrind_failed.at("instructions_unavailable_reason"),
            "valgrind exited with status 1");
}

TEST_F(CsvReporterTest, CostCsvSaysWhenTheRunDidNotCount) {
  RenderResult r = module_.Render(model_, "en", "csv");  // the core's default: not recorded
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  const auto rows = CostRows(r.files["cost.csv"]);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].at("kind"), "not_run");
  EXPECT_EQ(rows[0].at("not_run_reason"), "not_recorded");
}

// True when `field` is a value of the CSVW `datatype` as the CSV reporter writes it.
bool OfType(const std::string& field, const std::string& datatype) {
  if (datatype == "string") return true;
  if (datatype == "boolean") return field == "true" || field == "false";
  if (field.empty() || field.find_first_of("eEnN") != std::string::npos) return false;
  char* end = nullptr;
  if (datatype == "integer") {
    std::strtoll(field.c_str(), &end, 10);
  } else if (datatype == "double") {
    std::strtod(field.c_str(), &end);
  } else {
    return false;
  }
  return end == field.c_str() + field.size();
}

TEST_F(CsvReporterTest, EachTableHasACsvwSchemaItsFieldsKeep) {
  testing::SampleOptions options;
  options.cost = true;
  RenderResult r = module_.Render(testing::SampleModelJson(options), "en", "csv");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  for (const std::string table : {"cells.csv", "cost.csv"}) {
    ASSERT_EQ(r.files.count(table + "-metadata.json"), 1u) << table;
    rapidjson::Document meta;
    meta.Parse(r.files[table + "-metadata.json"].c_str());
    ASSERT_FALSE(meta.HasParseError()) << table;
    EXPECT_STREQ(meta["@context"].GetString(), "http://www.w3.org/ns/csvw");
    EXPECT_EQ(meta["url"].GetString(), table);
    const rapidjson::Value& columns = meta["tableSchema"]["columns"];
    const std::vector<Row> rows = ParseCsv(r.files[table]);
    ASSERT_GE(rows.size(), 2u) << table;
    ASSERT_EQ(columns.Size(), rows[0].size()) << table;
    size_t empty = 0, typed = 0;
    for (rapidjson::SizeType i = 0; i < columns.Size(); ++i) {
      const rapidjson::Value& c = columns[i];
      EXPECT_EQ(c["name"].GetString(), rows[0][i]) << table;
      EXPECT_STREQ(c["null"].GetString(), "") << "an empty field is NULL: " << rows[0][i];
      EXPECT_TRUE(c.HasMember("dc:description")) << rows[0][i];
      const std::string datatype =
          c["datatype"].IsObject() ? c["datatype"]["base"].GetString() : c["datatype"].GetString();
      for (size_t row = 1; row < rows.size(); ++row) {
        const std::string& field = rows[row][i];
        if (field.empty()) {
          ++empty;
          continue;
        }
        if (datatype != "string") ++typed;
        EXPECT_TRUE(OfType(field, datatype))
            << table << " line " << row + 1 << " " << rows[0][i] << ": '" << field
            << "' is not " << datatype;
      }
    }
    EXPECT_GT(empty, 0u) << table;
    EXPECT_GT(typed, 0u) << table;
  }
  // A few columns whose types a reader depends on.
  rapidjson::Document cells;
  cells.Parse(r.files["cells.csv-metadata.json"].c_str());
  std::map<std::string, std::string> types, units;
  for (const rapidjson::Value& c : cells["tableSchema"]["columns"].GetArray()) {
    types[c["name"].GetString()] =
        c["datatype"].IsObject() ? c["datatype"]["base"].GetString() : c["datatype"].GetString();
    if (c.HasMember("schema:unitText")) units[c["name"].GetString()] = c["schema:unitText"].GetString();
  }
  EXPECT_EQ(types["median_ns"], "double");
  EXPECT_EQ(units["median_ns"], "ns");
  EXPECT_EQ(types["concurrency"], "integer");
  EXPECT_EQ(types["ok"], "boolean");
  EXPECT_EQ(types["verdict"], "string");
  EXPECT_EQ(units["throughput_per_s"], "tasks/s");
}

// `model` with `json` set at `pointer` ("/native_line", "/environment/round_trips").
std::string WithMember(const std::string& model, const char* pointer, const char* json) {
  rapidjson::Document d;
  d.Parse(model.data(), model.size());
  rapidjson::Document member(&d.GetAllocator());
  member.Parse(json);
  EXPECT_FALSE(member.HasParseError()) << pointer;
  rapidjson::Pointer(pointer).Set(d, rapidjson::Value(member, d.GetAllocator()));
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  d.Accept(w);
  return b.GetString();
}

// The rows of `table` as column -> field, after checking its header against its schema and
// every field against its column's type.
std::vector<std::map<std::string, std::string>> TypedRows(RenderResult& r,
                                                          const std::string& table) {
  std::vector<std::map<std::string, std::string>> out;
  rapidjson::Document meta;
  meta.Parse(r.files[table + "-metadata.json"].c_str());
  EXPECT_FALSE(meta.HasParseError()) << table << " has no schema";
  if (meta.HasParseError()) return out;
  const rapidjson::Value& columns = meta["tableSchema"]["columns"];
  const std::vector<Row> rows = ParseCsv(r.files[table]);
  EXPECT_FALSE(rows.empty()) << table;
  if (rows.empty()) return out;
  EXPECT_EQ(columns.Size(), rows[0].size()) << table;
  for (size_t row = 1; row < rows.size(); ++row) {
    std::map<std::string, std::string>& fields = out.emplace_back();
    EXPECT_EQ(rows[row].size(), rows[0].size()) << table << " line " << row + 1;
    for (rapidjson::SizeType i = 0; i < columns.Size() && i < rows[row].size(); ++i) {
      const rapidjson::Value& c = columns[i];
      EXPECT_EQ(c["name"].GetString(), rows[0][i]) << table;
      const std::string datatype =
          c["datatype"].IsObject() ? c["datatype"]["base"].GetString() : c["datatype"].GetString();
      const std::string& field = rows[row][i];
      EXPECT_TRUE(field.empty() || OfType(field, datatype))
          << table << " line " << row + 1 << " " << rows[0][i] << ": '" << field << "'";
      fields[rows[0][i]] = field;
    }
  }
  return out;
}

TEST_F(CsvReporterTest, TheSubjectsLinesAndTheRoundTripsHaveTablesOfTheirOwn) {
  std::string model = WithMember(model_, "/native_line", R"({"status": "measured",
    "reason": "", "task": "modbus_rtu.parse_response", "frame_bytes": [7],
    "concurrencies": [1], "seed": "0x2a", "warmup_rounds": 100, "measured_rounds": 100,
    "processes_per_cell": 1, "forms": [],
    "cells": [{"form": "closure", "frame_bytes": 7, "concurrency": 1, "ok": true, "failure": "",
               "unit": "s{native,form=closure}/c1/7B", "ns_per_task": 812.5,
               "ratio_to_first": 1},
              {"form": "typed", "frame_bytes": 7, "concurrency": 1, "ok": false,
               "failure": "the unit timed out", "unit": "s{native,form=typed}/c1/7B",
               "ns_per_task": null, "ratio_to_first": null}]})");
  model = WithMember(model, "/layers", R"({"status": "not_applicable",
    "reason_code": "no_layers", "subject": "s", "zero_at": "", "zero_reason": "",
    "tables": [], "cost": []})");
  model = WithMember(model, "/environment/round_trips", R"({
    "handoff": {"method": "two threads", "median_ns": 4100.5, "mean_ns": 4390.25,
                "exchanges": 20000, "batch": 100},
    "pipe": {"method": "two processes", "median_ns": 4700, "mean_ns": 4800,
             "exchanges": 20000, "batch": 100}})");
  RenderResult r = module_.Render(model, "en", "csv");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;

  const auto native = TypedRows(r, "native_line.csv");
  ASSERT_EQ(native.size(), 2u);
  EXPECT_EQ(native[0].at("status"), "measured");
  EXPECT_EQ(native[0].at("form"), "closure");
  EXPECT_EQ(native[0].at("frame_bytes"), "7");
  EXPECT_EQ(native[0].at("ns_per_task"), "812.5");
  EXPECT_EQ(native[0].at("reason"), "");
  // A failed cell's missing figure is empty, never 0.
  EXPECT_EQ(native[1].at("ok"), "false");
  EXPECT_EQ(native[1].at("failure"), "the unit timed out");
  EXPECT_EQ(native[1].at("ns_per_task"), "");

  // A line that does not apply is one row saying so, in both of its tables.
  for (const std::string table : {"layers.csv", "layer_cost.csv"}) {
    const auto rows = TypedRows(r, table);
    ASSERT_EQ(rows.size(), 1u) << table;
    EXPECT_EQ(rows[0].at("status"), "not_applicable") << table;
    EXPECT_EQ(rows[0].at("reason"), "no_layers") << table;
    EXPECT_EQ(rows[0].at("label"), "") << table;
  }

  const auto trips = TypedRows(r, "round_trips.csv");
  ASSERT_EQ(trips.size(), 2u);
  EXPECT_EQ(trips[0].at("kind"), "handoff");
  EXPECT_EQ(trips[0].at("median_ns"), "4100.5");
  EXPECT_EQ(trips[1].at("kind"), "pipe");
  EXPECT_EQ(trips[1].at("exchanges"), "20000");

  // A model that records none of them (an older archive) gets none of these files.
  RenderResult plain = module_.Render(model_, "en", "csv");
  ASSERT_EQ(plain.status, ZOO_STATUS_OK) << plain.error;
  for (const char* table : {"native_line.csv", "layers.csv", "layer_cost.csv", "round_trips.csv"}) {
    EXPECT_EQ(plain.files.count(table), 0u) << table;
  }
}

TEST_F(CsvReporterTest, AMeasuredLayerLineHasARowPerConcurrencyAndRow) {
  const std::string model = WithMember(model_, "/layers", R"({"status": "measured",
    "reason_code": "", "subject": "s", "zero_at": "thread_pool", "zero_reason": "pool",
    "tables": [{"concurrency": 1, "rows": [
      {"label": "thread_pool", "adapter": "thread_pool", "layer": "", "description": "",
       "bare": true, "gate_passed": true, "gate_reason": "", "measured": true, "processes": 5,
       "best_ns": 1000, "median_ns": 1100, "slowest_ns": 1500, "best_rel": 0,
       "median_rel": 0.1, "slowest_rel": 0.5, "below": "", "factor": 1, "low": 1, "high": 1,
       "verdict": ""},
      {"label": "s/core", "adapter": "s", "layer": "core", "description": "d", "bare": false,
       "gate_passed": true, "gate_reason": "", "measured": true, "processes": 5,
       "best_ns": 2000, "median_ns": 2200, "slowest_ns": 2600, "best_rel": 1,
       "median_rel": 1.2, "slowest_rel": 1.6, "below": "thread_pool", "factor": 2, "low": 1.9,
       "high": 2.1, "verdict": "slower"}]},
      {"concurrency": 2, "rows": [
      {"label": "s/core", "adapter": "s", "layer": "core", "description": "d", "bare": false,
       "gate_passed": true, "gate_reason": "", "measured": true, "processes": 5,
       "best_ns": 900, "median_ns": 1000, "slowest_ns": 1200, "best_rel": 0,
       "median_rel": 0.1, "slowest_rel": 0.3, "below": "", "factor": 1, "low": 1, "high": 1,
       "verdict": ""}]}],
    "cost": [{"label": "s/core", "allocs_per_task": 0, "instructions_per_task": null,
      "callgrind_instructions_per_task": 812.5, "callgrind_repeat": "repeated",
      "cold_alloc_calls": 16, "first_task_ns": 1000000}]})");
  RenderResult r = module_.Render(model, "en", "csv");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  const auto rows = TypedRows(r, "layers.csv");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].at("concurrency"), "1");
  EXPECT_EQ(rows[1].at("label"), "s/core");
  EXPECT_EQ(rows[1].at("factor"), "2");
  EXPECT_EQ(rows[1].at("verdict"), "slower");
  EXPECT_EQ(rows[2].at("concurrency"), "2");
  const auto cost = TypedRows(r, "layer_cost.csv");
  ASSERT_EQ(cost.size(), 1u);
  EXPECT_EQ(cost[0].at("callgrind_instructions_per_task"), "812.5");
  EXPECT_EQ(cost[0].at("instructions_per_task"), "");
  EXPECT_EQ(cost[0].at("cold_alloc_calls"), "16");
}

TEST_F(CsvReporterTest, TheSameModelGivesTheSameBytesInEveryLanguage) {
  RenderResult en = module_.Render(model_, "en", "csv");
  RenderResult zh = module_.Render(model_, "zh", "csv");
  EXPECT_EQ(en.files, zh.files);
  EXPECT_EQ(module_.Render(model_, "fr", "csv").status, ZOO_STATUS_INVALID_ARGUMENT);
}

}  // namespace
}  // namespace zoo::report
