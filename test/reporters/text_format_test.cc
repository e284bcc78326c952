// Numbers read the same in every language; escaping keeps plugin text from becoming markup.
#include "plugins/reporters/common/text_format.h"

#include <charconv>
#include <cmath>
#include <limits>

#include "core/base/statistics.h"
#include "gtest/gtest.h"

namespace zoo::report {
namespace {

TEST(TextFormatTest, DurationsUseTheCoresSpelling) {
  EXPECT_EQ(Duration(850), "850 ns");
  EXPECT_EQ(Duration(56'000), "56.0 µs");
  EXPECT_EQ(Duration(2'700'000), "2.70 ms");
  EXPECT_EQ(Duration(1.2e9), "1.20 s");
  EXPECT_EQ(Duration(-343'000), "-343.0 µs");
  EXPECT_EQ(Duration(kNaN), "—");
}

TEST(TextFormatTest, RatiosRatesAndPValues) {
  EXPECT_EQ(Percent(0.0412), "4.1%");
  EXPECT_EQ(Percent(0.0412, 2), "4.12%");
  EXPECT_EQ(SignedPercent(0.4), "+40%");
  EXPECT_EQ(SignedPercent(-0.33), "-33%");
  EXPECT_EQ(Multiple(1.234), "1.23×");
  EXPECT_EQ(Rate(7679.7), "7,680 /s");
  EXPECT_EQ(Rate(1'234'567), "1,234,567 /s");
  EXPECT_EQ(Rate(95.21), "95.2 /s");
  EXPECT_EQ(Tier(40), "40 µs");
  EXPECT_EQ(PValue(0.005452), "0.0055");
  EXPECT_EQ(PValue(3e-6), "< 0.0001");
  EXPECT_EQ(Multiple(std::numeric_limits<double>::infinity()), "—");
}

TEST(TextFormatTest, CountsAreExactWhenWholeAndGrouped) {
  EXPECT_EQ(Count(3), "3");
  EXPECT_EQ(Count(0), "0");
  EXPECT_EQ(Count(1'843'200), "1,843,200");
  EXPECT_EQ(Count(1843.4), "1,843");
  EXPECT_EQ(Count(48.54), "48.5");
  EXPECT_EQ(Count(2.254), "2.25");
  EXPECT_EQ(Count(0.5), "0.500");
  EXPECT_EQ(Count(kNaN), "—");
}

TEST(TextFormatTest, BytesUseBinaryUnits) {
  EXPECT_EQ(Bytes(96), "96 B");
  EXPECT_EQ(Bytes(48.5), "48.5 B");
  EXPECT_EQ(Bytes(1536), "1.50 KiB");
  EXPECT_EQ(Bytes(2.25 * 1024 * 1024), "2.25 MiB");
  EXPECT_EQ(Bytes(1024.0 * 1024 * 1024), "1.00 GiB");
  EXPECT_EQ(Bytes(kNaN), "—");
}

TEST(TextFormatTest, ExactNumbersReadBackExactly) {
  for (double v : {130213.0, 0.569904694615745, 1e-9, 176818.20000000004}) {
    const std::string text = ExactNumber(v);
    double back = 0;
    std::from_chars(text.data(), text.data() + text.size(), back);
    EXPECT_EQ(back, v) << text;
  }
  EXPECT_EQ(ExactNumber(130213.0), "130213");
  EXPECT_EQ(ExactNumber(100000.0), "100000");
  EXPECT_EQ(ExactNumber(1e-9), "0.000000001");
  EXPECT_EQ(ExactNumber(kNaN), "");
}

TEST(TextFormatTest, MarkdownEscapeDisarmsMarkupAndHtml) {
  EXPECT_EQ(MarkdownEscape("<script>alert(1)</script>|x"),
            "&lt;script&gt;alert(1)&lt;/script&gt;\\|x");
  EXPECT_EQ(MarkdownEscape("a_b *c* `d` [e](f) #g ~h~ \\ & \"q\""),
            "a\\_b \\*c\\* \\`d\\` \\[e\\](f) \\#g \\~h\\~ \\\\ &amp; &quot;q&quot;");
  EXPECT_EQ(MarkdownEscape("line\nbreak\ttab"), "line break tab");
  // List markers only count at the start, and only followed by a space.
  EXPECT_EQ(MarkdownEscape("- item"), "\\- item");
  EXPECT_EQ(MarkdownEscape("1. item"), "1\\. item");
  EXPECT_EQ(MarkdownEscape("-343 µs"), "-343 µs");
  EXPECT_EQ(MarkdownEscape("1.5 ms"), "1.5 ms");
}

TEST(TextFormatTest, HtmlEscapeAndCsvQuoting) {
  EXPECT_EQ(HtmlEscape("<a href='x'>&\"</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
  EXPECT_EQ(CsvField("plain"), "plain");
  EXPECT_EQ(CsvField("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvField("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(CsvField("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(CsvField(" padded"), "\" padded\"");
}

}  // namespace
}  // namespace zoo::report
