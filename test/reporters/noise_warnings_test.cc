// The noise warnings on the first page of report.md and of the deck, in English and Chinese:
// each warning with what was seen, why it matters and what to do; what was checked and found
// fine or could not be checked; and one "not recorded" line for an archive from before them.
#include <map>
#include <memory>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/reporters/fixture_model.h"
#include "test/reporters/reporter_test_support.h"
#include "test/test_paths.h"

namespace zoo::report {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using testing::RenderResult;
using testing::ReporterModule;
using Noise = test::FixtureOptions::Noise;

std::string Model(Noise noise) {
  test::FixtureOptions options;
  options.noise = noise;
  return test::FixtureModelJson(options);
}

size_t Count(std::string_view haystack, std::string_view needle) {
  size_t n = 0;
  for (size_t at = haystack.find(needle); at != std::string_view::npos;
       at = haystack.find(needle, at + needle.size())) {
    ++n;
  }
  return n;
}

bool HasCjk(std::string_view text) {
  for (const char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte >= 0xE3 && byte <= 0xE9) return true;
  }
  return false;
}

std::string Render(const std::string& module_path, const std::string& model, const char* language,
                   const char* format, const char* file) {
  static std::map<std::string, std::unique_ptr<ReporterModule>> modules;  // one load per path
  std::unique_ptr<ReporterModule>& module = modules[module_path];
  if (module == nullptr) module = std::make_unique<ReporterModule>(module_path);
  RenderResult r = module->Render(model, language, format);
  EXPECT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  return r.files[file];
}

// Deck HTML without the text marked as quoted English (verbatim names, code): what the
// Chinese deck says in its own words.
std::string OwnDeckText(const std::string& html) {
  return std::regex_replace(html, std::regex("<span[^>]*lang=\"en\"[^>]*>[^<]*</span>"), " ");
}

// report.md up to its contents list (the first link to a section): its first page.
std::string MarkdownFirstPage(Noise noise, const char* language) {
  const std::string md =
      Render(::zoo::testing::BuiltinReporter("markdown"), Model(noise), language, "md", "report.md");
  const size_t contents = md.find("](#");
  EXPECT_NE(contents, std::string::npos);
  return md.substr(0, contents);
}

// The deck's slides before the contents slide: the title and what follows it.
std::vector<std::string> DeckOpening(Noise noise, const char* language) {
  const std::string deck =
      Render(::zoo::testing::BuiltinReporter("html"), Model(noise), language, "html", "report.html");
  std::vector<std::string> slides;
  size_t at = deck.find("<section class=\"slide\"");
  while (at != std::string::npos) {
    const size_t next = deck.find("<section class=\"slide\"", at + 1);
    std::string slide = deck.substr(at, next == std::string::npos ? next : next - at);
    if (slide.find("data-kind=\"index\"") != std::string::npos) break;
    if (slide.find("data-kind=\"pick\"") != std::string::npos) break;  // what to pick: next
    slides.push_back(std::move(slide));
    at = next;
  }
  return slides;
}

TEST(NoiseWarningsTest, MarkdownFirstPageSaysEachWarningWhyAndWhatToDoInEnglish) {
  const std::string page = MarkdownFirstPage(Noise::kWarnings, "en");
  EXPECT_THAT(page, HasSubstr("Noise warnings (8)"));
  EXPECT_EQ(Count(page, "Why it matters:"), 8u);
  EXPECT_EQ(Count(page, "What to do:"), 8u);
  // What was seen, from the archive's facts.
  EXPECT_THAT(page, HasSubstr("not performance on 2 of 2 CPUs"));
  EXPECT_THAT(page, HasSubstr("3.50, above 1.00 for 4 logical cores"));
  EXPECT_THAT(page, HasSubstr("3 processes of 5 rounds (15 in all), fewer than the 3 processes "
                              "and 20 rounds in all"));
  // What to do, as commands.
  EXPECT_THAT(page, HasSubstr("`sudo cpupower frequency-set -g performance`"));
  EXPECT_THAT(page, HasSubstr("`--processes 3 --rounds 7`"));
  EXPECT_THAT(page, HasSubstr("idle states as deep as C1 (declared exit latency 2 µs"));
  EXPECT_THAT(page, HasSubstr("`sudo zoo-host run`"));
  EXPECT_FALSE(HasCjk(page));
}

TEST(NoiseWarningsTest, MarkdownFirstPageSaysThemInChineseWithoutEnglishProse) {
  const std::string page = MarkdownFirstPage(Noise::kWarnings, "zh");
  EXPECT_THAT(page, HasSubstr("噪声警告（8 项）"));
  EXPECT_EQ(Count(page, "为何重要："), 8u);
  EXPECT_EQ(Count(page, "怎么办："), 8u);
  EXPECT_THAT(page, HasSubstr("`sudo cpupower frequency-set -g performance`"));
  EXPECT_THAT(testing::EnglishRuns(testing::WithoutModelText(page, Model(Noise::kWarnings))),
              IsEmpty());
}

TEST(NoiseWarningsTest, MarkdownNamesWhatWasFineAndWhatCouldNotBeChecked) {
  const std::string en = MarkdownFirstPage(Noise::kMixed, "en");
  EXPECT_THAT(en, HasSubstr("Noise warnings (2)"));
  EXPECT_EQ(Count(en, "Why it matters:"), 2u);
  EXPECT_THAT(en, HasSubstr("Checked and fine: turbo and boost, build type, load average at the "
                            "start, hypervisor, deep CPU idle states."));
  EXPECT_THAT(en, HasSubstr("Could not be checked on this machine: CPU frequency governor."));
  const std::string zh = MarkdownFirstPage(Noise::kMixed, "zh");
  EXPECT_THAT(zh, HasSubstr("已检查且正常：睿频与加速、构建类型、开始时的平均负载、虚拟机监控程序、CPU 深度空闲状态。"));
  EXPECT_THAT(zh, HasSubstr("本机上无法检查：CPU 调频策略。"));
}

TEST(NoiseWarningsTest, AnArchiveFromBeforeThemSaysNotRecordedInOneLine) {
  const std::string en = MarkdownFirstPage(Noise::kNotRecorded, "en");
  EXPECT_EQ(Count(en, "Noise warnings: not recorded."), 1u);
  EXPECT_THAT(en, Not(HasSubstr("Why it matters:")));
  EXPECT_THAT(en, Not(HasSubstr("Checked and fine")));
  const std::string zh = MarkdownFirstPage(Noise::kNotRecorded, "zh");
  EXPECT_THAT(zh, HasSubstr("噪声警告：未记录。"));
}

TEST(NoiseWarningsTest, TheDeckNamesThemOnTheTitleSlideAndExplainsThemRightAfter) {
  const std::vector<std::string> en = DeckOpening(Noise::kWarnings, "en");
  ASSERT_GE(en.size(), 2u);
  EXPECT_THAT(en[0], HasSubstr("data-kind=\"title\""));
  EXPECT_THAT(en[0], HasSubstr("Noise warnings (8): CPU frequency governor, turbo and boost"));
  std::string explained;
  for (size_t i = 1; i < en.size(); ++i) {
    EXPECT_THAT(en[i], HasSubstr("data-kind=\"noise\""));
    explained += en[i];
  }
  EXPECT_EQ(Count(explained, "Why it matters:"), 8u);
  EXPECT_EQ(Count(explained, "What to do:"), 8u);
  EXPECT_THAT(explained, HasSubstr("not performance on 2 of 2 CPUs"));
  EXPECT_FALSE(HasCjk(explained + en[0]));

  const std::vector<std::string> zh = DeckOpening(Noise::kWarnings, "zh");
  ASSERT_GE(zh.size(), 2u);
  EXPECT_THAT(zh[0], HasSubstr("噪声警告（8 项）：CPU 调频策略、睿频与加速"));
  std::string explained_zh;
  for (size_t i = 1; i < zh.size(); ++i) explained_zh += zh[i];
  EXPECT_EQ(Count(explained_zh, "为何重要："), 8u);
  EXPECT_THAT(testing::EnglishRuns(OwnDeckText(zh[0] + explained_zh)), IsEmpty());
}

TEST(NoiseWarningsTest, TheDeckSaysWhatWasCheckedOrThatNothingWasRecorded) {
  const std::vector<std::string> mixed = DeckOpening(Noise::kMixed, "en");
  ASSERT_GE(mixed.size(), 2u);
  EXPECT_THAT(mixed[0], HasSubstr("Noise warnings (2)"));
  EXPECT_THAT(mixed.back(), HasSubstr("Could not be checked on this machine: CPU frequency governor."));

  const std::vector<std::string> old = DeckOpening(Noise::kNotRecorded, "en");
  ASSERT_EQ(old.size(), 1u);  // the title slide alone
  EXPECT_EQ(Count(old[0], "Noise warnings: not recorded."), 1u);
  const std::vector<std::string> old_zh = DeckOpening(Noise::kNotRecorded, "zh");
  ASSERT_EQ(old_zh.size(), 1u);
  EXPECT_THAT(old_zh[0], HasSubstr("噪声警告：未记录。"));
}

}  // namespace
}  // namespace zoo::report
