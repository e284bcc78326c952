// The verdict's bootstrap on samples whose answer is known: twins, a side slower in every
// process, one odd process, symmetry, and the same bytes on every call.
#include "core/model/verdict.h"

#include <cmath>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo {
namespace {

// `processes` processes of `rounds` rounds each, around `level` ns with a small spread that
// differs from round to round and process to process (deterministic).
SideSamples Side(double level, int processes, int rounds, double process_spread = 0.01,
                 uint32_t first_id = 0) {
  SideSamples s;
  for (int p = 0; p < processes; ++p) {
    s.process_ids.push_back(first_id + static_cast<uint32_t>(p));
    std::vector<double> r;
    const double process_level = level * (1 + process_spread * std::sin(1.7 * p + 0.3));
    for (int k = 0; k < rounds; ++k) r.push_back(process_level * (1 + 0.02 * std::sin(2.3 * k + p)));
    s.rounds.push_back(std::move(r));
  }
  return s;
}

TEST(VerdictTest, TwinsHaveNoWinnerAndTheirIntervalHoldsZero) {
  const Judgement j = JudgeCell(Side(100'000, 4, 8), Side(100'000, 4, 8), {}, "twin/c1/40us");
  EXPECT_EQ(j.verdict, Verdict::kIndistinguishable);
  EXPECT_LE(j.low, 0);
  EXPECT_GE(j.high, 0);
  EXPECT_TRUE(j.paired);
  EXPECT_EQ(j.subject_processes, 4u);
}

TEST(VerdictTest, ASideSlowerInEveryProcessLoses) {
  const Judgement j = JudgeCell(Side(125'000, 4, 8), Side(100'000, 4, 8), {}, "b/c1/40us");
  EXPECT_EQ(j.verdict, Verdict::kSubjectSlower);
  EXPECT_NEAR(j.log_ratio, std::log(1.25), 0.01);
  EXPECT_GT(j.low, std::log1p(0.03));
  const Judgement k = JudgeCell(Side(100'000, 4, 8), Side(125'000, 4, 8), {}, "b/c1/40us");
  EXPECT_EQ(k.verdict, Verdict::kSubjectFaster);
}

TEST(VerdictTest, ALossReadsLikeTheSameWin) {
  const SideSamples slow = Side(180'000, 4, 8), fast = Side(100'000, 4, 8);
  const Judgement loss = JudgeCell(slow, fast, {}, "b/c1/40us");
  const Judgement win = JudgeCell(fast, slow, {}, "b/c1/40us");
  EXPECT_DOUBLE_EQ(loss.log_ratio, -win.log_ratio);
  EXPECT_NEAR(loss.low, -win.high, 0.02);
  EXPECT_NEAR(loss.high, -win.low, 0.02);
}

TEST(VerdictTest, ADifferenceBelowTheThresholdIsNoWinner) {
  // 2% slower in every round of every process: real, but below 1.03x.
  const Judgement j = JudgeCell(Side(102'000, 4, 8, 0), Side(100'000, 4, 8, 0), {}, "b/c1/40us");
  EXPECT_EQ(j.verdict, Verdict::kIndistinguishable);
  EXPECT_GT(j.low, 0) << "the interval itself excludes zero";
}

TEST(VerdictTest, OneOddProcessIsNotAWinner) {
  // The same adapter on both sides, but one of the subject's four processes ran 60% slower:
  // that is a process's luck, which the process level of the bootstrap sees.
  SideSamples subject = Side(100'000, 4, 8);
  for (double& x : subject.rounds[2]) x *= 1.6;
  const Judgement j = JudgeCell(subject, Side(100'000, 4, 8), {}, "b/c1/40us");
  EXPECT_EQ(j.verdict, Verdict::kIndistinguishable);
  EXPECT_GT(j.high, std::log(1.3)) << "the interval reaches the odd process";
}

TEST(VerdictTest, TwoFarSlowerProcessesDoNotHideACostInEveryOther) {
  // The subject costs 8% more in every process; 2 of the baseline's 20 processes ran 60%
  // slower (a pool on this VM, now and then). The mean of the process medians would put the
  // baseline at 1.06x and call the 8% nothing; the trimmed level (verdict.h) cuts 4 processes
  // from each end and sees it.
  SideSamples baseline = Side(100'000, 20, 10);
  for (int p : {3, 11}) {
    for (double& x : baseline.rounds[static_cast<size_t>(p)]) x *= 1.6;
  }
  const Judgement j = JudgeCell(Side(108'000, 20, 10), baseline, {}, "b/c1/40us");
  EXPECT_EQ(j.verdict, Verdict::kSubjectSlower);
  EXPECT_NEAR(j.log_ratio, std::log(1.08), 0.01);
  VerdictOptions mean;
  mean.level_trim = 0;
  EXPECT_EQ(JudgeCell(Side(108'000, 20, 10), baseline, mean, "b/c1/40us").verdict,
            Verdict::kIndistinguishable)
      << "the plain mean is moved by the two processes";
}

TEST(VerdictTest, TheSameInputGivesTheSameIntervalAndTheCellIdSeedsIt) {
  const SideSamples a = Side(110'000, 4, 8, 0.05), b = Side(100'000, 4, 8, 0.05);
  const Judgement first = JudgeCell(a, b, {}, "b/c1/40us");
  const Judgement again = JudgeCell(a, b, {}, "b/c1/40us");
  EXPECT_EQ(first.low, again.low);
  EXPECT_EQ(first.high, again.high);
  const Judgement other = JudgeCell(a, b, {}, "b/c2/40us");
  EXPECT_NE(first.low, other.low) << "another cell draws other resamples";
}

TEST(VerdictTest, SidesWithOtherProcessesAreNotPaired) {
  const Judgement j =
      JudgeCell(Side(100'000, 3, 8, 0.01, 0), Side(100'000, 1, 30, 0.01, 0), {}, "b/c1/40us");
  EXPECT_FALSE(j.paired);
  EXPECT_EQ(j.baseline_processes, 1u);
  EXPECT_EQ(j.verdict, Verdict::kIndistinguishable);
}

TEST(VerdictTest, AnEmptySideHasNoWinner) {
  const Judgement j = JudgeCell(SideSamples{}, Side(100'000, 4, 8), {}, "b/c1/40us");
  EXPECT_EQ(j.verdict, Verdict::kIndistinguishable);
  EXPECT_TRUE(std::isnan(j.low));
}

}  // namespace
}  // namespace zoo
