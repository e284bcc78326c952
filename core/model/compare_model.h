// The compare model: what changed for one subject between two of its archives, built by one
// pure function of the two, so every reporter says the same facts and none computes a number.
//
// Absolute times are not comparable across runs (another moment, maybe another machine), so a
// change is read on same-run ratios, each unit read on the cell's basis (compare_basis.h: at
// the tier's body within the logical cores, end-to-end above them):
//   ratio        baseline level / subject level in one run, on the basis: each side's level
//                the trimmed mean of its processes' median rounds (verdict.h, report_model.h)
//   change       old_ratio / new_ratio - 1: the subject's cost relative to that baseline,
//                positive when the subject got slower against it
//   interval     the 95% interval of the change: each run's subject / baseline factor drawn by
//                the two-level bootstrap of verdict.h (processes, then rounds, the processes of
//                both sides that ran next to each other paired), the two runs independently
//   beyond noise the verdict's rule (verdict.h, Decide): the interval excludes no change and
//                the change itself lies beyond the threshold (3%); only then is a cell
//                regressed or improved
//   noise band   the interval's larger half-width, as a fraction: what the cell could move by
//                chance (the geometric mean is judged against the median cell's)
//   test         Mann-Whitney U between OLD and NEW on the subject's per-process medians, each
//                divided by its own run's baseline median (a column; it decides nothing)
// The between-process drift of the baselines (compare_basis.h) is still listed per coordinate:
// it shows how much a unit moves by itself, which the interval already holds.
// Cells, adapters, tiers and concurrencies present in one archive only are listed, never
// filled in. Absolute medians appear only when both environments name the same machine.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/archive/archive.h"
#include "core/base/message.h"
#include "core/base/statistics.h"
#include "core/model/compare_basis.h"
#include "core/model/report_model.h"

namespace zoo {

// 2: cells are read on a basis (compare_basis.h) and the band carries the between-process
// drift. 3: a cell is judged by the bootstrap interval of its change (verdict.h).
inline constexpr int kCompareModelVersion = 3;
inline constexpr double kCompareSignificance = 0.05;

enum class ChangeDirection { kRegressed, kImproved, kWithinNoise };
const char* ChangeDirectionName(ChangeDirection d);  // "regressed", "improved", "within_noise"

struct CellChange {
  std::string baseline;
  uint32_t concurrency = 0;
  uint32_t tier_us = 0;
  CompareBasis basis = CompareBasis::kTierBody;
  // How many processes measured the subject's unit in each run (Matrix::subject_processes):
  // its rounds are pooled over them.
  uint32_t old_subject_processes = 0, new_subject_processes = 0;
  double old_ratio = 0, new_ratio = 0;  // on the basis
  // The report's ratios (raw per-task end-to-end), for the reader to set beside the above.
  double old_end_to_end_ratio = 0, new_end_to_end_ratio = 0;
  double change = 0;      // old_ratio / new_ratio - 1
  double change_low = 0, change_high = 0;  // its 95% interval
  double magnitude = 0;   // |change|
  double within_band = 0;  // the four units' relative spreads on the basis
  // The baseline's own move between the runs beyond the coordinate's common move (NaN when
  // the drift is not estimable): what the baseline changed by itself, not the subject.
  double baseline_own_move = 0;
  // The interval's larger half-width around the change, as a fraction.
  double noise_band = 0;
  MannWhitney test;       // NEW against OLD on the normalised per-process medians
  bool beyond_noise = false;
  ChangeDirection direction = ChangeDirection::kWithinNoise;
  // Only when the compare model says same_machine.
  std::optional<double> old_subject_median_ns, new_subject_median_ns;
  Message message;  // "compare.cell.<direction>"
  // "compare.absolute" with both medians, same machine only; an empty code otherwise.
  Message absolute;
  std::string id() const;  // "thread_pool/c1/40us", as Cell::id()
};

// How far a unit drifted between the two runs' processes at one (concurrency, tier), from
// that coordinate's baselines (compare_basis.h).
struct CoordinateDrift {
  uint32_t concurrency = 0;
  uint32_t tier_us = 0;
  CompareBasis basis = CompareBasis::kTierBody;
  uint32_t baselines = 0;        // baselines measured at this coordinate in both runs
  std::optional<DriftEstimate> estimate;  // nullopt: fewer than kMinDriftBaselines baselines
  Message message;  // "compare.drift.estimated" / "compare.drift.not_estimable"
};

// The subject's overhead share at one (concurrency, tier), old against new.
struct ShareChange {
  uint32_t concurrency = 0;
  uint32_t tier_us = 0;
  std::optional<double> old_share, new_share;  // absent: withheld in that run
  std::optional<double> change_pp;             // (new - old) * 100, percentage points
  Message message;  // "compare.share.changed" or "compare.share.no_figure"
};

// The geometric mean of (old_ratio / new_ratio) over cells, minus 1.
struct GeomeanChange {
  std::string baseline;  // "" for every shared cell
  uint32_t cells = 0;
  double change = 0;     // NaN when there is no shared cell
  // The median of the cells' noise bands: what a typical cell could move by chance. Cells
  // share each run's conditions and do not average their noise away, so the mean must
  // exceed a typical cell's band, not a band shrunk by the number of cells.
  double noise_band = 0;
  bool beyond_noise = false;  // |change| > noise_band
  Message message;       // "compare.geomean.{all,baseline}"
};

// Something measured in one archive only.
struct OneSided {
  std::string kind;   // "cell", "adapter", "tier", "concurrency"
  std::string value;  // "thread_pool/c1/40us", "tbb", "300", "16"
  std::string side;   // "old" or "new": the archive that has it
  Message message;    // "compare.only.<kind>.<side>"
};

struct CompareSide {
  std::string archive_path;  // as given
  std::string subject_version;
  std::string started_utc, finished_utc;
  std::string hostname, cpu_model, kernel;
  uint32_t logical_cores = 0;
  std::string zoo_host_version;
};

struct CompareModel {
  int model_version = kCompareModelVersion;
  std::string subject;
  CompareSide old_side, new_side;
  bool same_machine = false;
  std::vector<CellChange> cells;  // shared cells, in OLD's cell order
  std::vector<ShareChange> shares;  // shared (concurrency, tier), ascending
  std::vector<CoordinateDrift> drift;  // shared (concurrency, tier), ascending
  GeomeanChange geomean;
  std::vector<GeomeanChange> geomean_per_baseline;
  std::vector<OneSided> only_in_one;
  uint32_t regressed = 0, improved = 0, within_noise = 0;
  Message summary;  // "compare.summary"
  Message machine;  // "compare.machine.same" / "compare.machine.different"
};

// kInvalidArgument, one sentence, when the two archives measure differently named subjects
// or either has no unit of its subject.
absl::StatusOr<CompareModel> BuildCompareModel(const Archive& old_archive,
                                               std::string old_path,
                                               const Archive& new_archive,
                                               std::string new_path,
                                               const AnalysisOptions& options = {});

// The regression gate: which cells regressed beyond noise by more than `percent`, and whether
// the geometric mean over every shared cell regressed by more than `percent` and beyond its
// noise band.
struct RegressionGateVerdict {
  bool failed = false;
  std::vector<std::string> cells;  // ids, in the model's order
  bool geomean_failed = false;
};
RegressionGateVerdict EvaluateRegressionGate(const CompareModel& model, double percent);

}  // namespace zoo
