// The analysis on real archives from `zoo-host run` (suite "benchmark": it measures, so it is
// not part of the default test run; `meson test -C build --setup benchmark --suite benchmark`).
//   A/A: two adapters built from identical code under two names (thread_pool and
//        thread_pool_twin) are indistinguishable in the large majority of cells.
//   A/B: an inline adapter with 30 us of busy-wait injected per task is slower than inline
//        in every cell where that delay is more than twice the band.
#include "core/archive.h"
#include "core/child_process.h"
#include "core/report_model.h"
#include "gtest/gtest.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;
using ::zoo::testing::HostBinary;
using ::zoo::testing::TempDir;
using ::zoo::testing::TestPlugin;

ReportModel MeasureAndAnalyse(const std::string& subject, const std::string& other,
                              const fs::path& results) {
  absl::StatusOr<ChildResult> r = RunChild(
      {.argv = {HostBinary().string(), "run", "--quick", "--plugin", TestPlugin(other).string(),
                "--subject", subject, "--adapters", subject + "," + other, "--results",
                results.string()},
       .timeout = std::chrono::seconds(300)});
  EXPECT_TRUE(r.ok() && r->exited && r->exit_code == 0) << (r.ok() ? r->output_tail : "");
  fs::path archive;
  for (const auto& e : fs::recursive_directory_iterator(results)) {
    if (e.path().extension() == ".json") archive = e.path();
  }
  absl::StatusOr<Archive> a = ReadArchive(archive);
  EXPECT_TRUE(a.ok()) << a.status();
  absl::StatusOr<ReportModel> m = BuildReportModel(*a, archive.string());
  EXPECT_TRUE(m.ok()) << m.status();
  return m.ok() ? *std::move(m) : ReportModel{};
}

TEST(AnalysisBenchmarkTest, AnAaComparisonIsIndistinguishableInMostCells) {
  TempDir dir;
  const ReportModel m = MeasureAndAnalyse("thread_pool", "thread_pool_twin", dir.path());
  ASSERT_EQ(m.cells.size(), 6u);
  EXPECT_GE(m.indistinguishable.size() * 3, m.cells.size() * 2)
      << "identical code under two names should rarely differ by more than the band";
}

TEST(AnalysisBenchmarkTest, AnInjectedDelayComesOutSlowerWhereItExceedsTheBand) {
  TempDir dir;
  const ReportModel m = MeasureAndAnalyse("inline", "delayed_inline", dir.path());
  size_t decisive = 0;
  for (const Cell& cell : m.cells) {
    const double delay_share = 30'000.0 / cell.subject_median_ns;
    if (delay_share > 2 * cell.band) {
      ++decisive;
      EXPECT_EQ(cell.verdict, Verdict::kSubjectFaster)
          << cell.id() << ": " << cell.text << " (the delay is " << delay_share * 100
          << "% of the subject's time)";
    }
  }
  EXPECT_GE(decisive, 1u) << "no cell where the delay clearly exceeds the band: a noisy run";
}

}  // namespace
}  // namespace zoo
