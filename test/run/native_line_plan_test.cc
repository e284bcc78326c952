// The native task line end to end but for the run around it: the plan (only the subject, only
// with zoo.native/1, not applicable with the reason otherwise; rejected forms never measured),
// the gate in a child process rejecting the deliberately wrong form of wrong_parse_form with
// the frame it got wrong, and the correct form's planned unit measured; the archive record's
// round trip.
#include "core/run/native_line_plan.h"

#include <string>
#include <vector>

#include "core/archive/native_line_record.h"
#include "core/measure/unit_worker.h"
#include "core/plugin/plugin_loader.h"
#include "core/worker/native_gate_runner.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;
using ::zoo::testing::BuiltinPlugin;
using ::zoo::testing::HostBinary;
using ::zoo::testing::TestPlugin;

AdapterDescriptor Described(const std::filesystem::path& file) {
  absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(file);
  EXPECT_TRUE(loaded.ok()) << loaded.status();
  return loaded.ok() ? loaded->descriptor() : AdapterDescriptor{};
}

TEST(NativeLinePlanTest, NotApplicableWithoutTheExtensionSaysWhy) {
  const AdapterDescriptor inline_adapter = Described(BuiltinPlugin("inline"));
  const NativeLinePlan plan = PlanNativeLine(inline_adapter, "inline.so", {}, "", true, 2, 7);
  EXPECT_EQ(plan.record.status, "not_applicable");
  EXPECT_EQ(plan.record.reason,
            "inline " + inline_adapter.version + " does not offer zoo.native/1");
  EXPECT_TRUE(plan.units.empty());
}

TEST(NativeLinePlanTest, QuickPlansEveryPassedFormAtEveryFrameAndConcurrency) {
  const AdapterDescriptor zoo = Described(BuiltinPlugin("zoo_scheduler"));
  const std::vector<NativeFormVerdict> passed = {{.form = "closure", .passed = true, .reason = ""},
                                                 {.form = "typed", .passed = true, .reason = ""},
                                                 {.form = "batched", .passed = true, .reason = ""}};
  const NativeLinePlan plan = PlanNativeLine(zoo, "z.so", passed, "", true, 2, 99);
  EXPECT_EQ(plan.record.status, "measured");
  EXPECT_EQ(plan.record.frame_bytes, (std::vector<uint32_t>{7, 21, 255}));
  EXPECT_EQ(plan.record.concurrencies, (std::vector<uint32_t>{1, 2}));
  ASSERT_EQ(plan.units.size(), 3u * 3u * 2u);
  for (const UnitSpec& s : plan.units) {
    EXPECT_EQ(s.kind, UnitKind::kNative);
    EXPECT_FALSE(InMainMatrix(s.kind));
    EXPECT_EQ(s.workload, "modbus_rtu");
    EXPECT_EQ(s.seed, 99u);
    EXPECT_EQ(s.warmup_rounds, 100u);
    EXPECT_EQ(s.measured_rounds, 100u);
    EXPECT_THAT(s.options, HasSubstr("form="));
  }
  EXPECT_EQ(plan.units[0].options, "form=closure");
  EXPECT_EQ(plan.units[1].options, "form=typed");  // forms interleaved within a cell
  EXPECT_EQ(PlanNativeLine(zoo, "z.so", passed, "", false, 2, 99).record.concurrencies,
            (std::vector<uint32_t>{1, 4, 16, 64}));
}

// The done-when of issue 17: the wrong form is rejected with the frame it got wrong, in the
// gate's child process, and the correct one is planned and measured.
TEST(NativeLinePlanTest, TheWrongFormIsRejectedAndTheCorrectOneMeasured) {
  const std::filesystem::path file = TestPlugin("wrong_parse_form");
  absl::StatusOr<std::vector<NativeFormVerdict>> gate =
      RunNativeGateInChild(HostBinary(), file, 2, 4242, std::chrono::seconds(60));
  ASSERT_TRUE(gate.ok()) << gate.status();
  const NativeLinePlan plan = PlanNativeLine(Described(file), file.string(), *gate, "", true, 2,
                                             4242);
  ASSERT_EQ(plan.record.forms.size(), 2u);
  EXPECT_TRUE(plan.record.forms[0].passed);
  EXPECT_FALSE(plan.record.forms[1].passed);
  EXPECT_THAT(plan.record.forms[1].reason, HasSubstr("form 'corrupt': task 64 (frame 0 (21 B: "));
  ASSERT_EQ(plan.units.size(), 3u * 2u);
  for (const UnitSpec& s : plan.units) EXPECT_EQ(s.options, "form=exact");

  UnitSpec spec = plan.units[2];  // 21-byte frames, concurrency 1
  spec.warmup_rounds = 5;
  spec.measured_rounds = 20;
  const UnitResult r = MeasureUnit(spec, [](std::string_view) {});
  ASSERT_TRUE(r.ok) << r.failure;
  EXPECT_EQ(r.rounds.size(), 20u);
  EXPECT_NE(r.checksum, 0u);
}

TEST(NativeLinePlanTest, TheRecordRoundTrips) {
  NativeLineRecord r;
  r.status = "measured";
  r.frame_bytes = {7, 21, 255};
  r.concurrencies = {1, 2};
  r.seed = 0xfedcba9876543210ull;
  r.warmup_rounds = 100;
  r.measured_rounds = 100;
  r.forms = {{.name = "a", .description = "d", .passed = false, .reason = "why"}};
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  WriteNativeLineRecord(w, "native_line", r);
  w.EndObject();
  rapidjson::Document doc;
  doc.Parse(buf.GetString());
  absl::StatusOr<NativeLineRecord> back = ReadNativeLineRecord(doc["native_line"], "x");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, r);
  doc["native_line"]["status"].SetString("maybe");
  EXPECT_FALSE(ReadNativeLineRecord(doc["native_line"], "x").ok());
}

}  // namespace
}  // namespace zoo
