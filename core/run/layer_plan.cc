#include "core/run/layer_plan.h"

#include <algorithm>

namespace zoo {
namespace {

const LayerAdapter* BareNamed(const LayerPlanInput& in, const std::string& name) {
  for (const LayerAdapter& a : in.bare) {
    if (a.descriptor.name == name) return &a;
  }
  return nullptr;
}

std::string PluginFileOf(const LayerPlanInput& in, const LayerRow& row) {
  if (!row.bare) return in.subject.plugin_file;
  const LayerAdapter* a = BareNamed(in, row.adapter);
  return a == nullptr ? std::string() : a->plugin_file;
}

UnitSpec LayerRowSpec(const LayerPlanInput& in, const LayerRow& row, uint32_t concurrency,
                      UnitKind kind) {
  return UnitSpec{.adapter = row.adapter,
                  .plugin_file = PluginFileOf(in, row),
                  .tier_us = 0,
                  .concurrency = concurrency,
                  .warmup_rounds = in.warmup_rounds,
                  .measured_rounds = in.measured_rounds,
                  .workload = "noop",
                  .semantics = "",
                  .semantics_value = 0,
                  .kind = kind,
                  .process = 0,
                  .repetitions = 0,
                  .logical_cores = in.cores,
                  .scenario = Scenario::kNone,
                  .workers = 0,
                  .options = row.Options()};
}

}  // namespace

LayerRecord PlanLayerRows(const LayerPlanInput& in) {
  LayerRecord r;
  r.subject = in.subject.descriptor.name;
  r.processes = in.processes;
  r.concurrencies =
      in.cores >= 2 && !in.callgrind ? std::vector<uint32_t>{1, 2} : std::vector<uint32_t>{1};
  if (in.subject.descriptor.variants.layers.empty()) {
    r.status = "not_applicable";
    r.reason_code = "no_layers";
    return r;
  }
  for (const char* name : kBareClients) {
    if (const LayerAdapter* a = BareNamed(in, name)) {
      r.rows.push_back({.adapter = name,
                        .layer = "",
                        .description = a->descriptor.description,
                        .bare = true,
                        .gate_passed = true,
                        .gate_reason = ""});
    }
  }
  if (r.rows.empty()) {
    r.status = "not_run";
    r.reason_code = "no_bare_client";
    return r;
  }
  for (const AdapterVariant& layer : in.subject.descriptor.variants.layers) {
    r.rows.push_back({.adapter = r.subject,
                      .layer = layer.name,
                      .description = layer.description,
                      .bare = false,
                      .gate_passed = false,
                      .gate_reason = ""});
  }
  r.status = "measured";
  r.reason_code = "";
  return r;
}

std::vector<UnitSpec> PlanLayerUnits(const LayerRecord& record, const LayerPlanInput& in) {
  std::vector<UnitSpec> units;
  if (record.status != "measured") return units;
  std::vector<const LayerRow*> rows;
  for (const LayerRow& row : record.rows) {
    if (row.gate_passed) rows.push_back(&row);
  }
  if (in.callgrind) {
    for (const LayerRow* row : rows)
      units.push_back(LayerRowSpec(in, *row, 1, UnitKind::kLayerCallgrind));
    return units;
  }
  for (uint32_t p = 0; p < record.processes; ++p) {
    for (uint32_t c : record.concurrencies) {
      for (const LayerRow* row : rows) {
        units.push_back(LayerRowSpec(in, *row, c, UnitKind::kLayer));
        units.back().process = p;
      }
    }
  }
  for (const LayerRow* row : rows)
    units.push_back(LayerRowSpec(in, *row, 1, UnitKind::kLayerCounters));
  return units;
}

}  // namespace zoo
