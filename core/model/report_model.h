// The report model: everything a report says, built from one archive by one pure function,
// so that every reporter (Markdown, HTML, CSV, JSON, third-party) renders the same facts and
// none of them computes a number. Facts are numbers and codes; the English `text` fields are
// a convenience for logs and tests, and reporters in other languages render from the numbers.
//
// The rules (design 3.10-3.13):
//   unit view   one (adapter, concurrency, tier) with its processes pooled: every measured
//               round of every process that measured it; the processes themselves are listed
//               apart (process_units)
//   basis       what a cell is read on, per round and task: within the logical cores the tier's
//               body (compare_basis.h: the time no body ran, as measured, plus the tier), above
//               them the raw end-to-end (bodies then include run-queue waits)
//   cell        one (baseline, concurrency, tier) against the subject at the same coordinates
//   ratio       baseline median / subject median on the basis (< 1: baseline faster)
//   verdict     the two-level bootstrap of verdict.h: a winner only when the whole 95%
//               interval of the subject / baseline factor lies beyond the threshold (1.03x)
//   band        subject's relative spread + baseline's, the seeds' criterion, kept as a column
//   test        Mann-Whitney U on the two sides' per-process medians (a process is a sample)
//   floor       a baseline that ran every body on the thread that called submit() (inline, an
//               arena of one): the harness's floor, drawn as such, never a win or a loss
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/archive/archive.h"
#include "core/base/message.h"
#include "core/measure/unit_kind.h"
#include "core/model/cell_judgement.h"
#include "core/model/native_line.h"
#include "core/model/layer_section.h"
#include "core/model/machine_noise.h"
#include "core/model/verdict.h"

namespace zoo {

inline constexpr int kReportModelVersion = 1;

struct ReportModel;

struct AnalysisOptions {
  double share_threshold = 0.15;  // the overhead share the threshold statement looks for
  // Attribution samples; empty: the smallest and largest measured tier, and concurrency 1 and
  // the largest measured concurrency within the logical cores.
  std::vector<uint32_t> attribution_tiers_us;
  std::vector<uint32_t> attribution_concurrencies;
  // Overhead constancy self-check: the subject's overhead (ns) across tiers at one
  // concurrency may vary by at most this factor (max / min).
  double overhead_constancy_factor = 3.0;
  VerdictOptions verdict;  // threshold, resamples, seed
  // The adapter the cells judge the others against; empty: the archive's subject. Another
  // measured adapter re-reads the same archive with it as the reference (`--subject NAME`):
  // nothing is re-measured, and the measured subject stays recorded as such.
  std::string reference;
};

// One unit as the reports show it: one process as archived (process_units), or the processes
// of one (adapter, concurrency, tier) pooled (units): their rounds together, their stats
// computed over all of them (unit_stats.h).
struct UnitView {
  std::string adapter;
  uint32_t tier_us = 0;
  uint32_t concurrency = 0;
  bool ok = false;
  std::string failure;
  UnitStats stats;
  // Its submit, hand-off and return segments are its cell's attribution unit's (model_input.h
  // LendSegments): a timed unit takes no per-task stamps.
  bool segments_from_attribution = false;
  std::vector<double> per_round_end_to_end_ns;  // wall / concurrency, one per measured round
  // The basis a cell reads (compare_basis.h): "tier_body" within the cores, else
  // "end_to_end"; one value per measured round, in the order of per_round_end_to_end_ns.
  std::string basis;
  std::vector<double> per_round_basis_ns;
  // A pooled view: the processes it pools (their process numbers) and those left out, each
  // with why ("thread_pool#3/c1/40us: crashed ...", or below its physical floor).
  std::vector<uint32_t> pooled_processes;
  std::vector<uint32_t> rounds_per_process;  // how per_round_* splits into pooled_processes
  std::vector<std::string> left_out;
  // Every measured body ran on the thread that called submit() (unit.h); false when not
  // recorded.
  bool on_calling_thread = false;
  // The json body's repetitions (the run's calibration, or the unit's own in archives before
  // it); 0 for bodies without repetitions.
  uint64_t repetitions = 0;
  double basis_median_ns = 0;  // the median of per_round_basis_ns
  // Executor threads the adapter created per measured round (UnitResult::threads_created over
  // the rounds of the processes it pools), and the most threads and processes any of them
  // left alive after teardown; -1 where the archive did not record them.
  double threads_created_per_round = -1;
  int64_t threads_left = -1;
  int64_t processes_left = -1;
  // What the unit is for (unit_kind.h): timed and callgrind units are the main matrix's (a
  // callgrind unit's times are the simulator's), semantics units price an item, counters
  // units count (never in a cell).
  UnitKind kind = UnitKind::kTimed;
  std::string semantics;  // a semantics unit's "off" or item name (unit.h); "" otherwise
  Scenario scenario = Scenario::kNone;  // a scenario unit's (scenario.h)
  uint32_t workers = 0;                 // its pool size; 0 = the concurrency
  std::string options;                  // setup()'s options, e.g. a native unit's "form=typed"
  // A process view: which of its cell's processes (UnitSpec::process); 0 in a pooled view.
  uint32_t process = 0;
  // "thread_pool/c1/40us"; a semantics unit: "zoo_scheduler[priority]/c1/40us"; an
  // instrumented unit: "thread_pool{counters}/c1/0us"; the subject's later processes:
  // "zoo_scheduler#2/c1/40us" (the second process); a scenario unit:
  // "thread_pool{roundtrip,w1}/c1/0us".
  std::string id() const;
};

// A pooled view's rounds on its basis, split back into its processes: what verdict.h judges.
SideSamples SamplesOf(const UnitView& pooled);
// The same for its per-task end-to-end rounds (cell_judgement.h: what users wait for).
SideSamples EndToEndSamplesOf(const UnitView& pooled);

// The pooled main-matrix view of `adapter` at (concurrency, tier); nullptr when none.
const UnitView* PooledUnit(const ReportModel& model, const std::string& adapter,
                           uint32_t concurrency, uint32_t tier_us);

struct Cell {
  std::string baseline;
  uint32_t concurrency = 0;
  uint32_t tier_us = 0;
  // The reading whose figures `ratio`, `factor_low` and `factor_high` are (cell_judgement.h):
  // the one that decided the verdict, else the sharper one ("tier_body" within the cores,
  // "end_to_end" above them).
  std::string basis;
  double subject_median_ns = 0;    // per task, on the basis, over every pooled round
  double baseline_median_ns = 0;
  double subject_end_to_end_ns = 0;  // the raw per-task end-to-end medians, pooled
  double baseline_end_to_end_ns = 0;
  // baseline / subject on the basis: the sides' levels (verdict.h: the trimmed mean of each
  // process's median round), the estimate the verdict's interval brackets
  double ratio = 0;
  // The ratio read from the faster side (ratio, or 1 / ratio when the baseline is faster),
  // as reports state a gap: "2.70x faster".
  double faster_factor = 0;
  // The 95% interval of the subject / baseline factor (verdict.h) and the threshold both of
  // its ends must clear for a winner.
  double factor_low = 0, factor_high = 0;
  double threshold = 0;
  uint32_t subject_processes = 0, baseline_processes = 0;
  bool paired = false;   // the bootstrap paired the processes that ran next to each other
  double difference = 0;  // |subject - baseline| / subject
  double band = 0;        // the seeds' criterion, a column
  Verdict verdict = Verdict::kIndistinguishable;
  // What the verdict rests on (cell_judgement.h): "end_to_end", "tier_body", or "" for no
  // winner; how the two readings relate; each reading's factor (baseline / subject) and the
  // 95% interval of subject / baseline (the tier body's NaN above the cores).
  std::string decided_by;
  Agreement agreement = Agreement::kAgree;
  double end_to_end_ratio = 0, end_to_end_factor_low = 0, end_to_end_factor_high = 0;
  double tier_body_ratio = 0, tier_body_factor_low = 0, tier_body_factor_high = 0;
  // The smallest difference this cell could call a winner, as a fraction (cell_judgement.h):
  // "no winner" reads "no difference larger than this here".
  double detectable = 0;
  MannWhitney test;       // on the per-process medians
  // The baseline ran every body on the calling thread here: the floor, in none of the three
  // verdict lists (floor_cells instead).
  bool floor = false;
  bool overhead_withheld = false;  // either side's overhead figure is withheld
  std::string text;  // "the subject / baseline factor lies in 1.12x-1.31x, beyond 1.03x"
  std::string id() const;  // "thread_pool/c1/40us": what conclusions point at
};

// What size of difference this run could see at one (concurrency, tier): its cells'
// `detectable` (floor cells left out), so "no winner" reads "no difference larger than X".
struct DetectableRow {
  uint32_t concurrency = 0;
  uint32_t tier_us = 0;
  double median = 0, min = 0, max = 0;  // fractions over the cells
  uint32_t cells = 0;
};

// A cell that could not be compared: one side's unit failed or is missing.
struct UnmeasuredCell {
  std::string baseline;
  uint32_t concurrency = 0;
  uint32_t tier_us = 0;
  std::string reason;       // English
  // "subject_missing", "baseline_missing", "subject_failed", "baseline_failed"; `failure` is
  // the failed unit's own sentence (verbatim from the archive). A process below its physical
  // floor counts as failed ("below its physical floor: ...").
  std::string reason_code;
  std::string failure;
};

struct ShareThreshold {
  uint32_t concurrency = 0;
  std::optional<uint32_t> tier_us;  // the smallest tier whose subject share < threshold
  double share_at_tier = 0;         // the share there
  std::vector<std::string> cells;   // "subject/c1/10000us", the units it rests on
  std::string text;
  Message message;  // "share_threshold.found" / ".not_reached" / ".no_figure"
};

// A row (one baseline, one concurrency, tiers ascending) read for where the baseline stops
// being faster. Only a monotone row has a crossover: faster at every tier up to one and at
// none after it (kCrossover), or the reverse (kFasterAtTop: faster from one tier on); any
// other pattern is kMixed, with the tiers where the baseline was faster named.
enum class CrossoverKind { kNeverFaster, kAlwaysFaster, kCrossover, kFasterAtTop, kMixed };
const char* CrossoverKindName(CrossoverKind k);

struct Crossover {
  std::string baseline;
  uint32_t concurrency = 0;
  CrossoverKind kind = CrossoverKind::kNeverFaster;
  // kCrossover: the baseline is faster up to `last_faster_tier_us` and not from `tier_us` on.
  // kFasterAtTop: it is faster from `tier_us` on and at no lower tier.
  uint32_t tier_us = 0;
  uint32_t last_faster_tier_us = 0;
  std::vector<uint32_t> faster_tiers_us;  // every tier of the row where the baseline is faster
  std::vector<std::string> cells;  // the cells it rests on
  std::string text;
  Message message;  // "crossover.<kind>"
};

// Reads one row (`row`: one baseline's cells at concurrency `c`, tiers ascending, no floor
// cells) for its crossover.
Crossover ReadCrossoverRow(const std::string& baseline, uint32_t c,
                           const std::vector<const Cell*>& row);

// Every adapter measured at one (tier, concurrency), ordered by its per-task cost on the
// cell's basis (ranking.h). The floor (an adapter that ran the bodies on the calling thread
// here) is listed apart, never ranked.
struct RankEntry {
  std::string adapter;
  uint32_t rank = 0;      // 1 = the best; ties keep the report's adapter order
  double level_ns = 0;    // its end-to-end level (verdict.h, SideLevel): what users wait for
  // Its level / the best's, with the end-to-end 95% interval; 1 for the best.
  double factor_to_best = 1, factor_low = 1, factor_high = 1;
  // The verdict method (cell_judgement.h, both readings) names no winner between it and the
  // best (the best too).
  bool best_group = false;
  std::string cell;         // "adapter/cC/Tus": its unit in the tables
};

struct Ranking {
  uint32_t tier_us = 0;
  uint32_t concurrency = 0;
  std::string basis;  // "end_to_end": the league ranks what users wait for (design 3.16)
  std::vector<RankEntry> entries;    // rank order
  std::vector<std::string> floor;    // adapters drawn as the floor here
  const RankEntry* Find(const std::string& adapter) const;
};

// "What to pick": the winning group at the smallest and the largest tier, within the cores
// (the largest concurrency there) and above them (the smallest concurrency above), where
// measured; and where the subject stands in each.
struct PickRow {
  uint32_t tier_us = 0;
  uint32_t concurrency = 0;
  bool within_cores = true;
  std::vector<std::string> group;        // best first
  std::vector<std::string> group_cells;  // the group's units, same order
  uint32_t subject_rank = 0;             // 0: the subject was not ranked here (failed, floor)
  uint32_t ranked = 0;                   // how many were ranked
  double subject_factor = 0;             // the subject's factor to the best
  bool subject_in_group = false;
};

struct ScalingRow {
  std::string adapter;
  uint32_t tier_us = 0;
  std::vector<uint32_t> concurrencies;
  std::vector<double> throughput_per_s;  // same order; NaN where the unit failed
  bool keeps_rising = false;  // each step at least 5% above the previous
  std::string text;           // "rises 1->4, flat 4->16, falls 16->64"
  struct Step {
    uint32_t from = 0, to = 0;
    std::string trend;  // "rises", "flat", "falls" (5% either way), "unknown"
  };
  std::vector<Step> steps;
};

// Where a task's end-to-end goes, per task, medians over rounds. The segments add up to the
// median end-to-end: `drain_ns` is what no other segment holds (from the completions to
// drain()'s return, the control thread's wake-up; above concurrency 1 less the tasks'
// overlap, so it can be negative there).
struct SegmentMedians {
  std::string adapter;
  double submit_ns = 0, handoff_ns = 0, body_ns = 0, return_ns = 0, drain_ns = 0;
  double end_to_end_ns = 0;
  bool measurable = true;
  std::string not_measurable_reason;
  std::string not_measurable_code;  // "no_timestamps" when not measurable
  // From the cell's attribution unit (its own process, every per-task stamp), whose
  // end-to-end the segments add up to; false in archives before attribution units.
  bool from_attribution_units = false;
};

struct AttributionExcess {
  std::string baseline;
  double total_excess_ns = 0;  // subject's end-to-end median minus the baseline's
  // "submit", "handoff", "return", "drain": never the body, which is the host's
  std::string largest_segment;
  double largest_segment_excess_ns = 0;
  std::string text;
};

struct AttributionSample {
  uint32_t tier_us = 0;
  uint32_t concurrency = 0;
  std::vector<SegmentMedians> adapters;  // subject first
  std::vector<AttributionExcess> excess;  // one per baseline
};

struct UnfavourableGroup {
  std::string baseline;
  uint32_t cells_lost = 0;  // cells where the baseline beats the subject
  double worst_factor = 0;  // subject / baseline at the worst cell ("2.70x faster")
  std::string worst_cell;
  std::vector<std::string> cells;
};

struct Conclusion {
  std::string kind;  // "share_threshold", "best_win", "crossover", "always_faster", ...
  std::string text;  // English
  std::vector<std::string> cells;  // the cells or units it rests on
  Message message;   // "conclusion.<kind>" with its arguments
};

// A unit without an overhead figure, and why (written as its OverheadWithheldName:
// "above_cores", "negative", "no_rounds").
struct WithheldUnit {
  std::string unit;
  OverheadWithheld reason = OverheadWithheld::kNoRounds;
  double overhead_ns = 0;  // the negative figure, for "negative"; NaN otherwise
};

// One item's price at one concurrency: the item on against every item off, both measured in
// the matrix's interleaved processes, read on the tier's body and judged by the bootstrap of
// verdict.h. A price inside the noise is "no measurable cost", never a number.
struct SemanticsCost {
  uint32_t concurrency = 0;
  std::string off_unit, on_unit;  // unit ids
  bool measured = false;          // false: a unit is missing or failed (reason says which)
  std::string reason_code;        // "off_missing", "on_missing", "off_failed", "on_failed"
  double off_median_ns = 0, on_median_ns = 0;  // per task, on the basis
  // on - off, per task: the estimate and its 95% interval (from the on / off factor's).
  double cost_ns = 0, cost_low_ns = 0, cost_high_ns = 0;
  double band = 0;      // the seeds' criterion, relative to the off median (a column)
  double band_ns = 0;   // band * off median
  std::string verdict;  // "costs", "saves", "no_measurable_cost"
  MannWhitney test;     // on the per-process medians
};

struct SemanticsItemView {
  SemanticsItemRecord record;
  std::vector<SemanticsCost> costs;  // one per priced concurrency; empty when dropped
};

struct SemanticsDimension {
  std::string status;       // the archive's: "measured", "not_applicable", "probe_failed"
  std::string reason_code;  // the archive's (semantics_record.h)
  std::string reason;       // English
  uint32_t tier_us = 0;
  std::vector<uint32_t> concurrencies;
  std::vector<SemanticsItemView> items;
};

// ---- The cost of code: what a task costs beyond time (allocations, counters, instructions)
// and the one-time cold start. Counted in dedicated units (UnitKind::kCounters), never in
// the timed units of the matrix, with the `noop` workload, so a count is the dispatch path's
// own plus the host's recording, not the body's.

// A count over the measured rounds, divided by the tasks they ran. A count that could not be
// taken is unavailable with its reason: never a zero.
struct CountPerTask {
  bool available = false;
  uint64_t total = 0;     // over the measured rounds (or over setup + first task: ColdStart)
  double per_task = 0;    // total / tasks
  // When unavailable: "not_permitted" (perf_event_paranoid, seccomp), "not_supported" (no
  // such counter here: a VM without a PMU), "not_counted" (the unit was not instrumented
  // for it), "unit_failed"; `unavailable_reason` is one English sentence with the errno.
  std::string unavailable_code;
  std::string unavailable_reason;
};

// One "counters" unit: one adapter at one concurrency, its own process, the allocation
// counter preloaded and the kernel counters open on the whole process (every thread).
struct CostRow {
  std::string adapter;
  uint32_t concurrency = 0;
  std::string unit;        // the unit id: "thread_pool{counters}/c1/0us"
  bool ok = false;
  std::string failure;     // the unit's own sentence when !ok
  uint64_t tasks = 0;      // measured rounds x concurrency: what the totals are divided by
  CountPerTask alloc_calls;   // malloc, calloc, realloc, aligned/memalign, and operator new
  CountPerTask alloc_bytes;   // bytes asked for by those calls
  CountPerTask instructions;  // perf_event_open, user space, every thread of the process
  CountPerTask cycles;
  CountPerTask context_switches;
  CountPerTask cpu_migrations;
  // Executor threads created during the measured rounds (UnitResult::threads_created) and per
  // measured round; unset when the unit did not record them (archives before it).
  std::optional<int64_t> threads_created;
  double threads_created_per_round = 0;
};

// Per adapter, from its concurrency-1 counters unit: a fresh process's setup() plus its
// first task (one submit, then drain), before any warm-up.
struct ColdStart {
  std::string adapter;
  std::string unit;
  bool ok = false;
  std::string failure;
  double setup_ns = 0;
  double first_task_ns = 0;   // the first submit call to drain's return
  CountPerTask alloc_calls;   // during setup + first task (per_task == total)
  CountPerTask alloc_bytes;
};

// One unit run under valgrind --tool=callgrind (zoo-host run --instrument callgrind): the
// instructions executed in the measured rounds, by every thread, counted by the simulator,
// whatever the machine is doing. The unit ran twice, in two processes: the row says whether
// the two counts agree exactly (they do where dispatch runs on one thread; where the
// adapter's threads wait for each other, the simulator's interleaving moves them).
struct CallgrindRow {
  std::string adapter;
  uint32_t concurrency = 0;
  uint32_t tier_us = 0;
  std::string unit;
  bool ok = false;
  std::string failure;
  uint64_t tasks = 0;
  uint64_t instructions = 0;       // Ir, measured rounds only
  double instructions_per_task = 0;
  // The second run's Ir; absent with the reason when it failed or the archive predates it.
  bool repeat_available = false;
  uint64_t repeat_instructions = 0;
  std::string repeat_unavailable_reason;
  bool repeats_exactly = false;    // both counts available and equal
  double repeat_difference = 0;    // |second - first| / first (0 when equal or unavailable)
  // A concurrency-1 unit's cold start: Ir from before setup() to the first task's drain
  // (per_task == total); unavailable with the reason at other concurrencies, in archives
  // that predate it, or when the unit failed.
  CountPerTask cold_start;
};

struct CostOfCode {
  // "measured": counters units ran; "not_run": the run skipped them (--no-cost) or the
  // archive predates them (reason_code "not_requested" / "not_recorded").
  std::string status = "not_run";
  std::string reason_code = "not_recorded";
  std::string workload = "noop";
  uint32_t tier_us = 0;
  std::vector<uint32_t> concurrencies;
  std::vector<CostRow> rows;        // subject first, then the report's adapter order
  std::vector<ColdStart> cold_start;
  // Whether the kernel counters could be read at all on this machine: "available",
  // "partial" (some counters), "unavailable" (reason says exactly why).
  std::string counters_status = "unavailable";
  std::string counters_reason_code;
  std::string counters_reason;
  // "measured" when the run was --instrument callgrind, "not_run" otherwise.
  std::string callgrind_status = "not_run";
  std::string callgrind_version;    // "valgrind-3.19.0"
  std::vector<CallgrindRow> callgrind;
  // Sentences the section states beside its tables (added for the core's side): today
  // "cost.callgrind_times_meaningless" when the run ran under callgrind (its timing verdicts
  // are the simulator's, not the machine's).
  std::vector<Message> messages;
};

// One row of a scenario's table (scenario_tables.h): one adapter at one pool size, per task.
struct ScenarioRow {
  std::string adapter;
  uint32_t workers = 0;
  std::string unit;  // the pooled view's id, where the raw rounds are
  bool ok = false;
  std::string failure = "";  // every process failed: the first one's sentence
  uint32_t processes = 0;
  // Per task: the verdict's level (the trimmed mean of the process medians), the standard
  // deviation of the process medians, and tasks per second at the level.
  double level_ns = 0, spread_ns = 0, tasks_per_s = 0;
  // Every task ran on the thread that submitted it (inline; a TBB arena of one): the floor, as
  // in the cells, shown but judged against nothing and never the fastest.
  bool floor = false;
  // Against the table's fastest row that is not the floor: the factor of the levels and its
  // bootstrap interval, and "fastest", "slower", "indistinguishable" by the verdict's rule,
  // or "floor".
  double factor = 1, low = 1, high = 1;
  std::string verdict = "";
  // From the row's counted process; NaN when the allocation counter was not there.
  double allocs_per_task = 0, bytes_per_task = 0;
};

struct ScenarioTable {
  Scenario scenario = Scenario::kNone;
  uint32_t tasks_per_round = 0;
  std::vector<ScenarioRow> rows;  // the archive's order; the fastest is the one so marked
  std::vector<ScenarioNotApplicable> not_applicable;
};

// A tuning line derived from the scenario tables: what the numbers show, the rows that show
// it, and what to change. Each is a catalog sentence ("scenario.tuning.<code>.*").
struct TuningRow {
  std::string code;  // "handoff", "continuation", "backpressure", "workers", "allocations"
  Message symptom, evidence, action;
};

struct ScenarioSection {
  bool measured = false;  // the archive asked for scenarios
  std::vector<ScenarioTable> tables;
  std::vector<TuningRow> tuning;
};

struct SelfCheckSummary {
  bool passed = true;              // every check below passed
  std::vector<SelfCheck> checks;   // the archive's, plus overhead_constancy
  std::vector<std::string> withheld_units;  // "thread_pool/c4/40us: <reason>" (English)
  std::vector<WithheldUnit> withheld;       // the same, as data
};

struct ReportModel {
  int model_version = kReportModelVersion;
  std::string archive_path;  // as given to BuildReportModel (relative to the repository)
  std::string subject;  // the reference the cells judge against (AnalysisOptions::reference)
  std::string subject_version;
  std::string measured_subject;  // the archive's subject: the one the run was made for
  RunRecord run;
  SystemInfo environment;
  // The archive's noise conditions as recorded (noise_conditions.h): warnings for the first
  // page, and what was checked and found fine or could not be checked.
  NoiseRecord noise;
  std::vector<AdapterRecord> adapters;  // subject first
  std::vector<UnitView> units;          // pooled: one per (adapter, semantics, tier, concurrency)
  std::vector<UnitView> process_units;  // every unit of the archive, one process each
  std::vector<uint32_t> tiers_us;       // measured, ascending
  std::vector<uint32_t> concurrencies;  // measured, ascending
  std::vector<Cell> cells;              // every compared cell
  std::vector<size_t> subject_faster;   // indices into cells; the three lists partition them
  std::vector<size_t> subject_slower;
  std::vector<size_t> indistinguishable;
  std::vector<size_t> floor_cells;  // cells whose baseline ran on the calling thread (Cell::floor)
  // The harness's own cost per task, measured in the run (model_input.h): 0 when the run has
  // no floor units. The cells whose per-task difference is under twice it: the harness's own
  // cost could make or hide that difference, so the report warns beside them.
  double harness_floor_ns = 0;
  uint32_t harness_floor_processes = 0;
  std::vector<size_t> within_harness_floor;
  // The verdict method's settings, for the report to state (the analysis sets them from its
  // options; a hand-built model states the defaults).
  double verdict_threshold = VerdictOptions{}.threshold;
  double verdict_confidence = VerdictOptions{}.confidence;
  double verdict_level_trim = VerdictOptions{}.level_trim;
  int verdict_resamples = VerdictOptions{}.resamples;
  uint64_t verdict_seed = VerdictOptions{}.seed;
  std::vector<UnmeasuredCell> unmeasured;
  std::vector<DetectableRow> detectable;  // concurrency ascending, then tier
  double band_min = 0, band_max = 0;
  double share_threshold = 0.15;
  std::vector<ShareThreshold> share_thresholds;  // one per concurrency within the cores
  std::vector<Crossover> crossovers;
  std::vector<ScalingRow> scaling;
  std::vector<AttributionSample> attribution;
  std::vector<UnfavourableGroup> unfavourable;
  std::vector<Conclusion> conclusions;
  std::vector<Ranking> rankings;  // one per measured (tier, concurrency), tiers then concurrency
  std::vector<PickRow> picks;     // the "what to pick" rows (ranking.h)
  SemanticsDimension semantics;
  CostOfCode cost;
  ScenarioSection scenarios;
  NativeLineSection native_line;  // the subject's native task line (native_line.h)
  LayerSection layers;  // the layer line (layers.h)
  MachineNoise machine_noise;  // the bodies' speed and the two-level cells (machine_noise.h)
  SelfCheckSummary self_checks;
};

// kInvalidArgument when the subject has no unit in the archive ("the archive has no measured
// unit of its subject 'x'").
absl::StatusOr<ReportModel> BuildReportModel(const Archive& archive, std::string archive_path,
                                             const AnalysisOptions& options = {});

}  // namespace zoo
