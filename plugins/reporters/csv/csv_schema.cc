// The columns of the CSV tables and their CSVW metadata (csv_schema.h).
#include "plugins/reporters/csv/csv_schema.h"

#include <string_view>

#include "plugins/reporters/common/cost_cells.h"
#include "rapidjson/prettywriter.h"
#include "rapidjson/stringbuffer.h"

namespace zoo::report {
namespace {

constexpr const char* kEndToEnd = "per-task end-to-end (round wall / concurrency) over the "
                                  "unit's pooled rounds";
constexpr const char* kCellOnly = "; baseline rows only (empty on the subject's and on "
                                  "semantics rows)";

// What one count of the cost section counts, and its unit.
struct CountMeaning {
  std::string_view field;
  const char* what;
  const char* unit;
};
constexpr CountMeaning kCountMeanings[] = {
    {"alloc_calls", "heap allocations (malloc, calloc, realloc, aligned and new)", "allocations"},
    {"alloc_bytes", "bytes requested from the heap", "bytes"},
    {"instructions", "instructions retired (perf counter, or callgrind on callgrind rows)",
     "instructions"},
    {"cycles", "CPU cycles (perf counter)", "cycles"},
    {"context_switches", "context switches (perf software counter)", "switches"},
    {"cpu_migrations", "CPU migrations (perf software counter)", "migrations"},
};

const CountMeaning& MeaningOf(std::string_view field) {
  for (const CountMeaning& m : kCountMeanings) {
    if (m.field == field) return m;
  }
  return kCountMeanings[0];  // unreachable: every kCostCounts field is listed above
}

std::vector<CsvColumn> MakeCostColumns() {
  std::vector<CsvColumn> columns = {
      {"kind", "string", "",
       "counters (a counting unit: an adapter at one concurrency), cold_start (setup plus "
       "first task), callgrind (a unit under callgrind), or not_run (the only such row when "
       "nothing was counted; not_run_reason says why)"},
      {"adapter", "string", "", "the adapter"},
      {"concurrency", "integer", "tasks", "tasks submitted per round"},
      {"tier_us", "integer", "µs", "the body's target duration (callgrind rows)"},
      {"unit", "string", "", "the unit that counted, e.g. thread_pool{counters}/c1/0us"},
      {"ok", "boolean", "", "the unit ran to its end"},
      {"failure", "string", "", "why the unit failed; empty when ok"},
      {"tasks", "integer", "tasks", "tasks the counts cover"},
      {"setup_ns", "double", "ns", "setup() of a cold start"},
      {"first_task_ns", "double", "ns", "the first task after setup() of a cold start"},
  };
  for (const CostCount& c : kCostCounts) {
    const CountMeaning& m = MeaningOf(c.field);
    const std::string field = c.field;
    columns.push_back({field + "_per_task", "double", std::string(m.unit) + "/task",
                       std::string(m.what) + " per task; empty when not counted"});
    columns.push_back({field + "_total", "integer", m.unit,
                       std::string(m.what) + " over all the row's tasks; empty when not counted"});
    columns.push_back({field + "_unavailable_code", "string", "",
                       "why the count could not be taken (not_permitted, not_supported, "
                       "unit_failed...); empty when it was"});
    columns.push_back({field + "_unavailable_reason", "string", "",
                       "the core's sentence for the code, with the errno; empty when counted"});
  }
  columns.push_back({"callgrind_repeat_total", "integer", "instructions",
                     "a callgrind row's second run: its total; empty without one"});
  columns.push_back({"callgrind_repeats_exactly", "boolean", "",
                     "a callgrind row's second run counted exactly the same"});
  columns.push_back({"callgrind_cold_instructions", "integer", "instructions",
                     "a concurrency-1 callgrind row's cold start: setup() and the first task; "
                     "empty otherwise"});
  columns.push_back({"not_run_reason", "string", "",
                     "a not_run row: not_requested or not_recorded"});
  return columns;
}

}  // namespace

const std::vector<CsvColumn>& CellColumns() {
  static const std::vector<CsvColumn> columns = {
      {"id", "string", "", "the unit, e.g. thread_pool/c1/40us or zoo_scheduler[priority]/c1/40us"},
      {"adapter", "string", "", "the adapter"},
      {"concurrency", "integer", "tasks", "tasks submitted per round"},
      {"tier_us", "integer", "µs", "the body's target duration"},
      {"semantics", "string", "",
       "empty for the main matrix; off or a semantics item for the semantics dimension"},
      {"ok", "boolean", "", "the unit was measured (false: every figure is empty)"},
      {"failure", "string", "", "why the unit failed; empty when ok"},
      {"median_ns", "double", "ns", std::string("median ") + kEndToEnd},
      {"p50_ns", "double", "ns", std::string("50th percentile ") + kEndToEnd},
      {"p95_ns", "double", "ns", std::string("95th percentile ") + kEndToEnd},
      {"p99_ns", "double", "ns", std::string("99th percentile ") + kEndToEnd},
      {"mean_ns", "double", "ns", std::string("mean ") + kEndToEnd},
      {"stdev_ns", "double", "ns", std::string("standard deviation ") + kEndToEnd},
      {"relative_spread", "double", "", "stdev_ns / median_ns"},
      {"body_median_ns", "double", "ns", "median body self-time, measured by the body itself"},
      {"overhead_ns", "double", "ns",
       "median end-to-end minus median body self-time; empty when withheld"},
      {"overhead_share", "double", "", "overhead_ns / median_ns, a fraction"},
      {"overhead_withheld", "string", "",
       "why the overhead is withheld (e.g. concurrency above the cores); empty when given"},
      {"throughput_per_s", "double", "tasks/s", "tasks completed per second"},
      {"ratio", "double", "",
       std::string("baseline / subject on the basis: above 1, the subject is faster") +
           kCellOnly},
      {"difference", "double", "", std::string("|subject - baseline| / subject") + kCellOnly},
      {"band", "double", "",
       std::string("the subject's relative spread plus the baseline's") + kCellOnly},
      {"verdict", "string", "",
       std::string("subject_faster, subject_slower or indistinguishable") + kCellOnly},
      {"p_value", "double", "",
       std::string("two-sided Mann-Whitney U test on the per-process medians") + kCellOnly},
      {"processes", "integer", "processes", "the processes pooled into the unit"},
      {"repetitions", "integer", "repetitions",
       "json body repetitions per task (the run's calibration); empty for other bodies"},
      {"basis", "string", "", "what the verdict compares: tier_body or end_to_end"},
      {"basis_median_ns", "double", "ns", "median per-task time on the basis"},
      {"factor_low", "double", "",
       std::string("low end of the 95% interval of the subject / baseline factor") + kCellOnly},
      {"factor_high", "double", "",
       std::string("high end of the 95% interval of the subject / baseline factor") +
           kCellOnly},
      {"floor", "boolean", "",
       std::string("the baseline ran every body on the calling thread: the harness floor, "
                   "not a competitor") +
           kCellOnly},
      {"rank", "integer", "",
       "the adapter's place among every adapter measured at this tier and concurrency (1 = the "
       "fastest on the basis); empty when not ranked (the floor, a failed unit)"},
      {"factor_to_best", "double", "", "its level / the fastest adapter's level there"},
      {"best_group", "boolean", "",
       "the verdict method cannot tell it from the fastest: the \"fastest within noise\" group"},
  };
  return columns;
}

const std::vector<CsvColumn>& CostColumns() {
  static const std::vector<CsvColumn> columns = MakeCostColumns();
  return columns;
}

const std::vector<CsvColumn>& ScenarioColumns() {
  static const std::vector<CsvColumn> columns = {
      {"scenario", "string", "", "roundtrip, continuation, burst_bounded, burst_unbounded or "
                                 "workers (no-op tasks, measured apart from the matrix)"},
      {"adapter", "string", "", "the adapter"},
      {"workers", "integer", "workers", "the pool size the adapter was configured with"},
      {"tasks_per_round", "integer", "tasks", "tasks one round runs (a chain's links, a burst)"},
      {"processes", "integer", "processes", "processes that measured the row"},
      {"ok", "boolean", "", "whether any process measured it"},
      {"failure", "string", "", "why not, when ok is false"},
      {"level_ns", "double", "ns", "per task: the trimmed mean of the processes' median rounds"},
      {"spread_ns", "double", "ns", "standard deviation of the processes' medians per task"},
      {"tasks_per_s", "double", "tasks/s", "1e9 / level_ns"},
      {"factor", "double", "", "level / the fastest row's level"},
      {"low", "double", "", "lower end of the 95% bootstrap interval of factor"},
      {"high", "double", "", "upper end of the 95% bootstrap interval of factor"},
      {"verdict", "string", "", "fastest, slower or indistinguishable"},
      {"allocs_per_task", "double", "allocations/task",
       "from the row's process with the allocation counter; empty when not counted"},
      {"bytes_per_task", "double", "bytes/task", "likewise, bytes requested"},
      {"unit", "string", "", "the pooled unit whose rounds these are"},
  };
  return columns;
}

const std::vector<CsvColumn>& NativeLineColumns() {
  static const std::vector<CsvColumn> columns = {
      {"status", "string", "",
       "measured; otherwise the line's status (not_applicable, not_run), the only row"},
      {"form", "string", "", "the subject's execution form (zoo.native/1)"},
      {"frame_bytes", "integer", "bytes", "the modbus_rtu response frame's length: the tier"},
      {"concurrency", "integer", "tasks", "tasks submitted per round"},
      {"ok", "boolean", "", "the unit ran to its end"},
      {"failure", "string", "", "why the unit failed; empty when ok"},
      {"unit", "string", "", "the process view's id, where the raw rounds are"},
      {"ns_per_task", "double", "ns", "the median round's wall over the concurrency"},
      {"ratio_to_first", "double", "",
       "ns_per_task over the first form's at the same frame and concurrency"},
      {"reason", "string", "", "why the line was not measured; empty when it was"},
  };
  return columns;
}

const std::vector<CsvColumn>& LayerColumns() {
  static const std::vector<CsvColumn> columns = {
      {"status", "string", "",
       "measured; otherwise the line's status (not_applicable, not_run), the only row"},
      {"concurrency", "integer", "tasks", "tasks submitted per round"},
      {"label", "string", "", "the row: a bare client (inline, thread_pool) or a layer"},
      {"adapter", "string", "", "the adapter that ran the row"},
      {"layer", "string", "", "the subject's layer (zoo.layers/1); empty on bare rows"},
      {"description", "string", "", "what the row runs, in the adapter's words"},
      {"bare", "boolean", "", "a bare client of zoo-host's own"},
      {"gate_passed", "boolean", "", "the row passed the equivalence gate"},
      {"gate_reason", "string", "", "why the gate rejected the row"},
      {"measured", "boolean", "", "the row has measured rounds"},
      {"processes", "integer", "processes", "the processes that measured the row"},
      {"best_ns", "double", "ns", "per task, the best round"},
      {"median_ns", "double", "ns", "per task, the median round"},
      {"slowest_ns", "double", "ns", "per task, the slowest round"},
      {"best_rel", "double", "", "best_ns relative to the zero (the bare client's best round)"},
      {"median_rel", "double", "", "median_ns relative to the zero"},
      {"slowest_rel", "double", "", "slowest_ns relative to the zero"},
      {"below", "string", "", "the row this one is judged against"},
      {"factor", "double", "", "this row's time over the row below's (ratio of medians)"},
      {"low", "double", "", "the factor's interval, low end"},
      {"high", "double", "", "the factor's interval, high end"},
      {"verdict", "string", "",
       "against the row below: slower, faster or indistinguishable; empty on the first row"},
      {"reason", "string", "", "why the line was not measured; empty when it was"},
  };
  return columns;
}

const std::vector<CsvColumn>& LayerCostColumns() {
  static const std::vector<CsvColumn> columns = {
      {"status", "string", "",
       "measured; otherwise the line's status (not_applicable, not_run), the only row"},
      {"label", "string", "", "the row, as in layers.csv"},
      {"allocs_per_task", "double", "allocations/task", "heap allocations per task, steady state"},
      {"instructions_per_task", "double", "instructions/task",
       "instructions retired per task (perf counter)"},
      {"callgrind_instructions_per_task", "double", "instructions/task",
       "instructions per task under callgrind, steady state"},
      {"callgrind_repeat", "string", "",
       "whether a second callgrind run gave the same count"},
      {"cold_alloc_calls", "double", "allocations", "setup() and the first task's allocations"},
      {"first_task_ns", "double", "ns", "the first task after setup(), submit to drain's return"},
      {"cold_callgrind_instructions", "double", "instructions",
       "setup() and the first task's instructions under callgrind (a callgrind run)"},
      {"reason", "string", "", "why the line was not measured; empty when it was"},
  };
  return columns;
}

const std::vector<CsvColumn>& RoundTripColumns() {
  static const std::vector<CsvColumn> columns = {
      {"status", "string", "", "measured"},
      {"kind", "string", "", "handoff (two threads) or pipe (two processes)"},
      {"method", "string", "", "how the round trip was made"},
      {"median_ns", "double", "ns", "per round trip, the median of the batches"},
      {"mean_ns", "double", "ns", "per round trip, over every exchange"},
      {"exchanges", "integer", "round trips", "round trips measured"},
      {"batch", "integer", "round trips", "round trips per timed batch"},
      {"reason", "string", "", "empty"},
  };
  return columns;
}

std::string CsvwMetadata(const std::string& file, const std::string& description,
                         const std::vector<CsvColumn>& columns) {
  rapidjson::StringBuffer buf;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
  w.SetIndent(' ', 2);
  auto field = [&w](const char* key, const std::string& value) {
    w.Key(key);
    w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
  };
  w.StartObject();
  field("@context", "http://www.w3.org/ns/csvw");
  field("url", file);
  field("dc:description", description);
  w.Key("dialect");
  w.StartObject();
  field("encoding", "utf-8");
  w.Key("header");
  w.Bool(true);
  field("lineTerminators", "\r\n");
  w.EndObject();
  w.Key("tableSchema");
  w.StartObject();
  w.Key("columns");
  w.StartArray();
  for (const CsvColumn& c : columns) {
    w.StartObject();
    field("name", c.name);
    field("titles", c.name);
    if (c.datatype == "boolean") {
      w.Key("datatype");
      w.StartObject();
      field("base", "boolean");
      field("format", "true|false");
      w.EndObject();
    } else {
      field("datatype", c.datatype);
    }
    // An empty field is a missing value (NULL), in every column.
    field("null", "");
    if (!c.unit.empty()) field("schema:unitText", c.unit);
    field("dc:description", c.description);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  w.EndObject();
  std::string out(buf.GetString(), buf.GetSize());
  out += '\n';
  return out;
}

}  // namespace zoo::report
