// What every part of the analysis reads: the archive's units as the reports see them (one view
// per process, and the processes of one coordinate pooled), the subject and its baselines, the
// measured tiers and concurrencies. Built once from the archive by BuildModelInput, then read
// only: each concern of the report model (cells, crossovers, scaling, ...) is a free function
// of it, so none of them can change what another one sees.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "core/archive/archive.h"
#include "core/model/report_model.h"
#include "core/model/verdict.h"

namespace zoo {

struct ModelInput {
  const Archive* archive = nullptr;  // outlives the input
  AnalysisOptions options;
  uint32_t cores = 1;  // the archive's logical cores, at least 1
  std::string subject;           // the reference (AnalysisOptions::reference)
  std::string measured_subject;  // the archive's: its semantics units are its own
  std::vector<AdapterRecord> adapters;  // the archive's, subject first
  // Every adapter with a main-matrix unit but the subject: described ones in the report's
  // order, then the undescribed ones by name.
  std::vector<std::string> baselines;
  std::vector<UnitView> process_units;  // one per archived unit, same index
  std::vector<UnitView> units;          // pooled, in the order their first process appears
  std::vector<SideSamples> samples;     // per pooled view (same index): its processes' rounds
  std::vector<SideSamples> end_to_end_samples;  // the same, per-task end to end
  std::vector<uint32_t> tiers_us;       // of the main matrix, ascending
  std::vector<uint32_t> concurrencies;  // of the main matrix, ascending

  // The pooled main-matrix view at these coordinates; nullptr when none.
  const UnitView* Unit(const std::string& adapter, uint32_t concurrency, uint32_t tier_us) const;
  // REQUIRES: `pooled` is an element of `units`.
  const SideSamples& SamplesOf(const UnitView& pooled) const;
  const SideSamples& EndToEndSamplesOf(const UnitView& pooled) const;
  bool WithinCores(uint32_t concurrency) const { return concurrency <= cores; }
  // The subject, then its baselines.
  std::vector<std::string> SubjectAndBaselines() const;

  // adapter, concurrency, tier -> index into `units` (main-matrix views only)
  std::map<std::tuple<std::string, uint32_t, uint32_t>, size_t> by_key;
  // The same for the attribution units (unit_kind.h), which take every per-task stamp.
  std::map<std::tuple<std::string, uint32_t, uint32_t>, size_t> attribution_by_key;
  // The pooled attribution view of a cell; nullptr when the archive has none (archives before
  // them took every stamp in their timed units, which then are their own attribution).
  const UnitView* AttributionUnit(const std::string& adapter, uint32_t concurrency,
                                  uint32_t tier_us) const;

  // The harness's own cost per task in this run: the floor units' (inline, noop, c1) median
  // per-task end-to-end over their pooled rounds; 0 when the run has no floor units.
  double harness_floor_ns = 0;
  uint32_t harness_floor_processes = 0;
};

// The cells compare the main matrix's units (timed, or a callgrind run's); semantics and
// counters units answer other questions.
bool InMainMatrix(const UnitView& v);

// "thread_pool/c1/40us": how cells and units are named everywhere in the model.
std::string CellId(const std::string& adapter, uint32_t concurrency, uint32_t tier_us);

// "12.3 us": a duration as the model's notes and checks write it.
std::string Us(double ns);

ModelInput BuildModelInput(const Archive& archive, const AnalysisOptions& options);

}  // namespace zoo
