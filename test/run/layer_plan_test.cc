// The layer plan: its rows (the bare clients, then each layer of the subject, lowest first),
// "not applicable" for a subject without layers, every passed row in every process at each
// concurrency, interleaved, with its layer in the options and the layer purpose; one counters
// unit per row; a callgrind run's units instead of the timed ones; a rejected row not measured.
#include "core/run/layer_plan.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

using ::testing::ElementsAre;

LayerAdapter Adapter(std::string name, std::vector<std::string> layers = {}) {
  LayerAdapter a;
  a.descriptor.name = name;
  for (const std::string& l : layers) a.descriptor.variants.layers.push_back({l, l + " text"});
  a.plugin_file = name + ".so";
  return a;
}

LayerPlanInput Input(std::vector<std::string> layers) {
  return LayerPlanInput{.subject = Adapter("subject", std::move(layers)),
                        .bare = {Adapter("thread_pool"), Adapter("inline")},
                        .cores = 2,
                        .processes = 3,
                        .warmup_rounds = 4,
                        .measured_rounds = 5,
                        .callgrind = false};
}

TEST(LayerPlanTest, ASubjectWithoutLayersIsNotApplicableAndPlansNothing) {
  const LayerPlanInput in = Input({});
  const LayerRecord r = PlanLayerRows(in);
  EXPECT_EQ(r.status, "not_applicable");
  EXPECT_EQ(r.reason_code, "no_layers");
  EXPECT_TRUE(r.rows.empty());
  EXPECT_TRUE(PlanLayerUnits(r, in).empty());
}

TEST(LayerPlanTest, RowsAreTheBareClientsThenEachLayerLowestFirst) {
  const LayerPlanInput in = Input({"core", "api"});
  const LayerRecord r = PlanLayerRows(in);
  ASSERT_EQ(r.status, "measured");
  std::vector<std::string> labels;
  for (const LayerRow& row : r.rows) labels.push_back(row.Label());
  EXPECT_THAT(labels, ElementsAre("inline", "thread_pool", "subject/core", "subject/api"));
  EXPECT_TRUE(r.rows[0].gate_passed);
  EXPECT_FALSE(r.rows[2].gate_passed);  // until its own gate passes
  EXPECT_THAT(r.concurrencies, ElementsAre(1u, 2u));
}

TEST(LayerPlanTest, EveryPassedRowRunsInEveryProcessInterleavedWithItsLayerOption) {
  const LayerPlanInput in = Input({"core", "api"});
  LayerRecord r = PlanLayerRows(in);
  for (LayerRow& row : r.rows) row.gate_passed = row.layer != "core";  // core rejected
  const std::vector<UnitSpec> units = PlanLayerUnits(r, in);
  // 3 rows x 2 concurrencies x 3 processes timed, then 3 counters units.
  ASSERT_EQ(units.size(), 3u * 2 * 3 + 3);
  for (size_t i = 0; i < 18; ++i) {
    EXPECT_EQ(units[i].kind, UnitKind::kLayer);
    EXPECT_EQ(units[i].process, i / 6);
    EXPECT_EQ(units[i].workload, "noop");
    EXPECT_EQ(units[i].measured_rounds, 5u);
    EXPECT_STREQ(PurposeName(units[i].kind), "layer");
    EXPECT_FALSE(InMainMatrix(units[i].kind));
  }
  EXPECT_EQ(units[2].options, "layer=api");
  EXPECT_EQ(units[2].plugin_file, "subject.so");
  EXPECT_EQ(units[0].options, "");
  for (const UnitSpec& u : units) EXPECT_NE(u.options, "layer=core");
  EXPECT_EQ(units[18].kind, UnitKind::kLayerCounters);
  EXPECT_EQ(units[18].concurrency, 1u);
}

TEST(LayerPlanTest, ACallgrindRunGivesEachRowOneCallgrindUnitAndNoTimedOnes) {
  LayerPlanInput in = Input({"core", "api"});
  in.callgrind = true;
  LayerRecord r = PlanLayerRows(in);
  for (LayerRow& row : r.rows) row.gate_passed = true;
  const std::vector<UnitSpec> units = PlanLayerUnits(r, in);
  ASSERT_EQ(units.size(), 4u);
  for (const UnitSpec& u : units) EXPECT_EQ(u.kind, UnitKind::kLayerCallgrind);
}

TEST(LayerPlanTest, LayerKindsRoundTripThroughTheArchiveStrings) {
  for (UnitKind k : {UnitKind::kLayer, UnitKind::kLayerCounters, UnitKind::kLayerCallgrind}) {
    EXPECT_EQ(ParseUnitKind(InstrumentName(k), "", "", PurposeName(k)), k) << UnitKindName(k);
  }
}

}  // namespace
}  // namespace zoo
