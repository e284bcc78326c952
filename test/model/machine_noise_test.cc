// The machine's noise figures (machine_noise.h): two levels found where processes sit at two
// levels far apart, and not in one level's spread or in a lone outlier.
#include "core/model/machine_noise.h"

#include <vector>

#include "gtest/gtest.h"

namespace zoo {
namespace {

TEST(MachineNoiseTest, TwoGroupsFarApartAreTwoLevels) {
  // A pool's processes at 330 us (worker woken on the idle CPU) and 440 us (on the busy one).
  const TwoLevels t = SplitLevels({330, 332, 328, 441, 335, 438, 331, 442, 329, 440});
  ASSERT_TRUE(t.two_level);
  EXPECT_EQ(t.low_count, 6u);
  EXPECT_EQ(t.high_count, 4u);
  EXPECT_NEAR(t.low, 330.8, 1);
  EXPECT_NEAR(t.high, 440.2, 1);
}

TEST(MachineNoiseTest, OneLevelsSpreadIsNotTwoLevels) {
  EXPECT_FALSE(SplitLevels({300, 310, 320, 330, 340, 350, 360, 370, 380, 390}).two_level);
}

TEST(MachineNoiseTest, ALoneOutlierIsNotASecondLevel) {
  // Fewer than a fifth of the processes on one side: a slow process, not a level.
  EXPECT_FALSE(SplitLevels({330, 331, 332, 329, 330, 331, 332, 329, 330, 900}).two_level);
}

TEST(MachineNoiseTest, LevelsCloserThanTenPercentAreOneLevel) {
  EXPECT_FALSE(SplitLevels({100, 100.1, 100.2, 100, 100.1, 108, 108.1, 108.2, 108, 108.1}).two_level);
}

TEST(MachineNoiseTest, TooFewProcessesSayNothing) {
  EXPECT_FALSE(SplitLevels({100, 100, 200, 200, 200}).two_level);
}

}  // namespace
}  // namespace zoo
