// BuildReportModel: the analysis as a sequence of free functions over one read-only input
// (model_input.h), one concern per file.
#include "core/model/report_model.h"


#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/model/attribution.h"
#include "core/model/cells.h"
#include "core/model/conclusions.h"
#include "core/model/cost.h"
#include "core/model/crossovers.h"
#include "core/model/model_checks.h"
#include "core/model/model_input.h"
#include "core/model/ranking.h"
#include "core/model/scaling.h"
#include "core/model/native_line.h"
#include "core/model/layers.h"
#include "core/model/scenario_tables.h"
#include "core/model/semantics_pricing.h"
#include "core/model/share_thresholds.h"

namespace zoo {
namespace {

// The archive's facts the model restates, and the analysis settings it states.
void CopyFacts(const ModelInput& in, ReportModel* m) {
  const Archive& a = *in.archive;
  m->subject = in.subject;
  m->subject_version = a.subject_version;
  m->measured_subject = a.subject;
  if (in.subject != a.subject) {
    for (const AdapterRecord& r : a.adapters) {
      if (r.descriptor.name == in.subject) m->subject_version = r.descriptor.version;
    }
  }
  m->run = a.run;
  m->environment = a.environment;
  m->noise = a.noise;
  m->adapters = in.adapters;
  m->units = in.units;
  m->process_units = in.process_units;
  m->tiers_us = in.tiers_us;
  m->concurrencies = in.concurrencies;
  m->share_threshold = in.options.share_threshold;
  m->verdict_threshold = in.options.verdict.threshold;
  m->verdict_confidence = in.options.verdict.confidence;
  m->verdict_level_trim = in.options.verdict.level_trim;
  m->verdict_resamples = in.options.verdict.resamples;
  m->verdict_seed = in.options.verdict.seed;
  m->harness_floor_ns = in.harness_floor_ns;
  m->harness_floor_processes = in.harness_floor_processes;
}

void StoreCells(CellComparison cells, ReportModel* m) {
  m->cells = std::move(cells.cells);
  m->subject_faster = std::move(cells.subject_faster);
  m->subject_slower = std::move(cells.subject_slower);
  m->indistinguishable = std::move(cells.indistinguishable);
  m->floor_cells = std::move(cells.floor_cells);
  m->unmeasured = std::move(cells.unmeasured);
  m->detectable = std::move(cells.detectable);
  m->band_min = cells.band_min;
  m->band_max = cells.band_max;
  for (size_t i = 0; i < m->cells.size() && m->harness_floor_ns > 0; ++i) {
    const Cell& c = m->cells[i];
    if (std::fabs(c.subject_end_to_end_ns - c.baseline_end_to_end_ns) < 2 * m->harness_floor_ns) {
      m->within_harness_floor.push_back(i);
    }
  }
}

}  // namespace

absl::StatusOr<ReportModel> BuildReportModel(const Archive& archive, std::string archive_path,
                                             const AnalysisOptions& options) {
  const ModelInput in = BuildModelInput(archive, options);
  if (!options.reference.empty() &&
      std::none_of(in.units.begin(), in.units.end(), [&](const UnitView& u) {
        return u.adapter == options.reference && InMainMatrix(u);
      })) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--subject ", options.reference, ": the archive measured no adapter of that name (it "
        "measured ", absl::StrJoin(in.baselines, ", "), ")"));
  }
  if (std::none_of(in.units.begin(), in.units.end(), [&](const UnitView& u) {
        return u.adapter == in.subject && InMainMatrix(u);
      })) {
    return absl::InvalidArgumentError(
        absl::StrCat("the archive has no measured unit of its subject '", in.subject, "'"));
  }
  ReportModel m;
  m.archive_path = std::move(archive_path);
  CopyFacts(in, &m);
  CellComparison cells = CompareCells(in);
  m.share_thresholds = ShareThresholds(in);
  m.crossovers = Crossovers(in, cells.cells);
  m.scaling = Scaling(in);
  m.attribution = Attribution(in);
  m.unfavourable = Unfavourable(in, cells);
  m.rankings = RankAdapters(in);
  m.picks = PickRows(in, m.rankings);
  m.conclusions = Conclusions(m.share_thresholds, cells, m.crossovers);
  for (Conclusion& c : AboveCoresConclusions(in, cells, m.rankings)) {
    m.conclusions.push_back(std::move(c));
  }
  StoreCells(std::move(cells), &m);
  m.semantics = PriceSemantics(in);
  m.cost = CostOfCodeOf(in);
  m.scenarios = ScenarioSectionOf(in);
  m.native_line = NativeLineOf(in);
  m.layers = LayerSectionOf(in);
  m.machine_noise = ReadMachineNoise(in);
  m.self_checks = ModelSelfChecks(in, m.cells, m.machine_noise);
  return m;
}

}  // namespace zoo
