// The two readings of a cell (cell_judgement.h) on samples whose answer is known: a winner on
// both, a serial adapter that only the end-to-end reading sees, a tier-body winner the
// end-to-end medians contradict (withheld, in its own words), and the smallest difference the
// cell could call.
#include "core/model/cell_judgement.h"

#include <cmath>
#include <vector>

#include "gtest/gtest.h"

namespace zoo {
namespace {

// `processes` processes of `rounds` rounds each around `level` ns (deterministic wobble).
SideSamples Side(double level, int processes = 8, int rounds = 8, double spread = 0.01,
                 double phase = 0.3) {
  SideSamples s;
  for (int p = 0; p < processes; ++p) {
    s.process_ids.push_back(static_cast<uint32_t>(p));
    std::vector<double> r;
    const double process_level = level * (1 + spread * std::sin(1.7 * p + phase));
    for (int k = 0; k < rounds; ++k) r.push_back(process_level * (1 + 0.01 * std::sin(2.3 * k + p)));
    s.rounds.push_back(std::move(r));
  }
  return s;
}

double LogOf(double subject, double baseline) { return std::log(subject / baseline); }

// At concurrency 1 the tier-body reading is the end-to-end one without the body's own speed:
// the end-to-end reading guards it there and does not decide.
TEST(CellJudgementTest, AtConcurrencyOneTheTierBodyReadingDecides) {
  const SideSamples s = Side(200'000), b = Side(100'000);
  const CellJudgement both =
      JudgeBothReadings(s, b, &s, &b, LogOf(200'000, 100'000), false, {}, "b/c1/40us");
  EXPECT_EQ(both.verdict, Verdict::kSubjectSlower);
  EXPECT_EQ(*both.decided_by, CompareBasis::kTierBody);
  // The same end-to-end gap with bodies that ran slower on the subject's side (the CPU's
  // luck): at the tier's body there is no difference, and no winner.
  const SideSamples tier = Side(100'000);
  const CellJudgement speed =
      JudgeBothReadings(s, b, &tier, &tier, LogOf(200'000, 100'000), false, {}, "b/c1/40us");
  EXPECT_EQ(speed.end_to_end.verdict, Verdict::kSubjectSlower);
  EXPECT_EQ(speed.verdict, Verdict::kIndistinguishable);
  EXPECT_FALSE(speed.decided_by.has_value());
}

TEST(CellJudgementTest, AWinnerOnBothReadingsIsDecidedEndToEnd) {
  const SideSamples s = Side(200'000), b = Side(100'000);
  const CellJudgement j = JudgeBothReadings(s, b, &s, &b, LogOf(200'000, 100'000), true,
                                            {}, "b/c2/40us");
  EXPECT_EQ(j.verdict, Verdict::kSubjectSlower);
  ASSERT_TRUE(j.decided_by.has_value());
  EXPECT_EQ(*j.decided_by, CompareBasis::kEndToEnd);
  EXPECT_EQ(j.agreement, Agreement::kAgree);
  EXPECT_EQ(j.shown, CompareBasis::kEndToEnd);
}

// A pool that runs two bodies one after the other, against one that runs them side by side:
// at the tier's body they read alike (the same time with no body running), end to end the
// serial one takes twice as long, and that is the verdict.
TEST(CellJudgementTest, TheEndToEndReadingSeesWhatTheTierBodyCannot) {
  const SideSamples tier = Side(60'000);
  const SideSamples serial = Side(160'000), parallel = Side(80'000);
  const CellJudgement j =
      JudgeBothReadings(serial, parallel, &tier, &tier, LogOf(160'000, 80'000), true, {},
                        "b/c2/300us");
  EXPECT_EQ(j.verdict, Verdict::kSubjectSlower);
  EXPECT_EQ(*j.decided_by, CompareBasis::kEndToEnd);
  EXPECT_EQ(j.tier_body->verdict, Verdict::kIndistinguishable);
}

// At the tier's body the subject is 20% faster, but end to end (as its medians show) it is
// 10% slower: the sharper reading may never turn the verdict round (design 3.16).
TEST(CellJudgementTest, ATierBodyWinnerAgainstTheEndToEndMediansIsWithheld) {
  const SideSamples s_tier = Side(80'000), b_tier = Side(100'000);
  // Each side's processes wobble by 20% on their own: the end-to-end reading names no winner.
  const SideSamples s_e2e = Side(110'000, 8, 8, 0.2, 0.3), b_e2e = Side(100'000, 8, 8, 0.2, 2.0);
  const CellJudgement j = JudgeBothReadings(s_e2e, b_e2e, &s_tier, &b_tier,
                                            LogOf(110'000, 100'000), true, {}, "b/c2/40us");
  EXPECT_EQ(j.tier_body->verdict, Verdict::kSubjectFaster);
  EXPECT_EQ(j.end_to_end.verdict, Verdict::kIndistinguishable) << "wide end-to-end processes";
  EXPECT_EQ(j.verdict, Verdict::kIndistinguishable);
  EXPECT_FALSE(j.decided_by.has_value());
  EXPECT_EQ(j.agreement, Agreement::kEndToEndAgainst);
  EXPECT_EQ(j.shown, CompareBasis::kTierBody) << "the withheld reading's figures are shown";
  EXPECT_STREQ(AgreementName(j.agreement), "end_to_end_against");
}

// The same tier-body winner stands when the end-to-end medians lean its way, or within the
// threshold the other way.
TEST(CellJudgementTest, ATierBodyWinnerStandsWhereTheEndToEndReadingDoesNotPointAgainstIt) {
  const SideSamples s_tier = Side(80'000), b_tier = Side(100'000);
  const SideSamples s_e2e = Side(102'000, 8, 8, 0.2, 0.3), b_e2e = Side(100'000, 8, 8, 0.2, 2.0);
  const CellJudgement j = JudgeBothReadings(s_e2e, b_e2e, &s_tier, &b_tier,
                                            LogOf(102'000, 100'000), false, {}, "b/c1/40us");
  EXPECT_EQ(j.verdict, Verdict::kSubjectFaster);
  EXPECT_EQ(*j.decided_by, CompareBasis::kTierBody);
  EXPECT_EQ(j.agreement, Agreement::kAgree);
}

// An end-to-end winner whose pooled medians (the figures the report prints beside it) point
// the other way by more than the threshold is withheld too: levels and medians of a cell whose
// processes sit at two levels can part.
TEST(CellJudgementTest, AnEndToEndWinnerAgainstItsOwnMediansIsWithheld) {
  const SideSamples s = Side(200'000), b = Side(100'000);
  const CellJudgement j = JudgeBothReadings(s, b, nullptr, nullptr, LogOf(90'000, 100'000),
                                            true, {}, "b/c4/40us");
  EXPECT_EQ(j.end_to_end.verdict, Verdict::kSubjectSlower);
  EXPECT_EQ(j.verdict, Verdict::kIndistinguishable);
  EXPECT_EQ(j.agreement, Agreement::kMediansAgainst);
}

TEST(CellJudgementTest, TheTierBodyReadingTurnedRoundIsNamedBesideAnEndToEndWinner) {
  const SideSamples s_tier = Side(80'000), b_tier = Side(100'000);
  const SideSamples s = Side(200'000), b = Side(100'000);
  const CellJudgement j =
      JudgeBothReadings(s, b, &s_tier, &b_tier, LogOf(200'000, 100'000), true, {},
                        "b/c2/40us");
  EXPECT_EQ(j.verdict, Verdict::kSubjectSlower);
  EXPECT_EQ(j.agreement, Agreement::kTierBodyOpposite);
}

TEST(CellJudgementTest, TheDetectableDifferenceIsTheThresholdOrTheNarrowerHalfWidth) {
  const SideSamples tight = Side(100'000, 8, 8, 0.001);
  const CellJudgement narrow =
      JudgeBothReadings(tight, tight, &tight, &tight, 0, false, {}, "twin/c1/40us");
  EXPECT_NEAR(narrow.detectable, 0.03, 1e-12) << "a tight twin cell can see down to the threshold";
  const SideSamples wide_s = Side(100'000, 8, 8, 0.3, 0.3), wide_b = Side(100'000, 8, 8, 0.3, 2.0);
  const CellJudgement wide =
      JudgeBothReadings(wide_s, wide_b, nullptr, nullptr, 0, true, {}, "twin/c4/40us");
  EXPECT_GT(wide.detectable, 0.03);
  EXPECT_NEAR(wide.detectable, std::exp((wide.end_to_end.high - wide.end_to_end.low) / 2) - 1,
              1e-12);
}

}  // namespace
}  // namespace zoo
