// History: every archive of one subject on one machine as a timeline of same-run ratios, and
// the versions where it changed level (steps).
//
// Archives are grouped by machine (a fingerprint of the environment record: CPU model, logical
// cores, architecture, kernel, hypervisor, build type and sanitizers, and whether the run held
// the CPUs out of deep idle states, which moves every wake-up) and by subject, and ordered by
// the subject's version, then start time. A series is one shared cell (baseline, concurrency,
// tier) of a group: per archive, the subject / baseline factor the report's verdict reads
// (cells.h: the trimmed levels on the cell's basis) with its 95% interval. Absolute times never
// enter a series, and archives of different machines never share one.
//
// Steps, by binary segmentation with the verdict method's noise as the scale: the split of a
// series that best separates the levels before and after (the difference of the sides' median
// log factors, weighted by how balanced the split is) is a step when its 95% interval (Welch's,
// each point's spread at least its own bootstrap interval's) excludes no change and the change
// lies beyond the verdict's 3% threshold; each side is then searched again. An interior split
// needs two archives on each side, so one outlier archive is never a step; a step at the newest
// archive alone is reported as unconfirmed. A run that did not complete is listed and left out
// of the series.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/archive/archive.h"
#include "core/model/verdict.h"

namespace zoo {

struct MachineFingerprint {
  std::string id;           // 8 hex digits of a hash of `description`
  std::string description;  // "Intel Xeon ... · 2 cores · x86_64 · 6.1.0 · kvm · release · idle held"
};
MachineFingerprint FingerprintOf(const Archive& archive);

struct HistoryArchive {
  std::string path;
  std::string version;
  std::string started_utc;
  bool in_series = true;
  std::string left_out;  // why it is not in the series ("the run was interrupted")
};

struct HistoryPoint {
  size_t archive = 0;  // index into HistoryGroup::archives
  double log_factor = 0, low = 0, high = 0;  // log(subject / baseline) and its 95% interval
};

struct HistorySeries {
  std::string cell;  // "baseline/cC/Tus", or "geomean" for the geometric mean over the cells
  std::vector<HistoryPoint> points;
};

struct HistoryStep {
  std::string version;       // the first version at the new level
  size_t first_archive = 0;  // its archive
  double factor = 1, low = 1, high = 1;  // new level / old level of the subject's factor
  bool slowdown = false;
  bool persists = false;     // the new level lasts to the newest archive
  bool confirmed = true;     // false: only the newest archive is at the new level
  std::vector<std::string> cells;  // the series it shows in (the geometric mean too)
};

struct HistoryGroup {
  MachineFingerprint machine;
  std::string subject;
  std::vector<HistoryArchive> archives;  // by version, then start time
  std::vector<HistorySeries> series;     // the cells every series archive shares, then "geomean"
  std::vector<std::string> missing_cells;  // cells some series archives lack: not in a series
  std::vector<HistoryStep> steps;        // newest first
};

struct HistoryModel {
  std::vector<HistoryGroup> groups;  // by machine id, then subject
  std::vector<std::string> skipped;  // one sentence per file that could not be read
};

struct LoadedArchive {
  std::string path;
  Archive archive;
};

// REQUIRES: nothing; archives of one subject on one machine form a group, whatever order
// they come in.
HistoryModel BuildHistory(const std::vector<LoadedArchive>& archives,
                          const VerdictOptions& options = {});

// The steps of one series (binary segmentation above), oldest first; `versions[i]` names the
// archive of point i.
std::vector<HistoryStep> FindSteps(const HistorySeries& series,
                                   const std::vector<std::string>& versions, double threshold);

}  // namespace zoo
