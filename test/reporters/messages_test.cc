// Message catalogs: lookup, arguments, and failures that name what is missing.
#include "plugins/reporters/common/messages.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace zoo::report {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const CatalogSet kCatalogs = {
    {"en",
     {R"({"greet": "{who} is {factor} faster", "brace": "{{literal}} {x}"})",
      R"({"extra": "from the second catalog"})"}},
    {"zh", {R"({"greet": "{who} 快 {factor}"})"}},
};

TEST(MessagesTest, FormatsArgumentsAndLiteralBraces) {
  absl::StatusOr<Messages> en = Messages::Load(kCatalogs, "en");
  ASSERT_TRUE(en.ok()) << en.status();
  EXPECT_EQ(*en->Format("greet", {{"who", "tbb"}, {"factor", "1.20×"}}), "tbb is 1.20× faster");
  EXPECT_EQ(*en->Format("brace", {{"x", "1"}}), "{literal} 1");
  EXPECT_EQ(*en->Format("extra"), "from the second catalog");
  EXPECT_THAT(en->Keys(), ElementsAre("brace", "extra", "greet"));
  EXPECT_TRUE(en->Has("greet"));
  EXPECT_FALSE(en->Has("nope"));
}

TEST(MessagesTest, AMissingKeyNamesTheKeyAndTheLanguage) {
  absl::StatusOr<Messages> zh = Messages::Load(kCatalogs, "zh");
  ASSERT_TRUE(zh.ok()) << zh.status();
  absl::StatusOr<std::string> missing = zh->Format("extra");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(missing.status().message(), "message 'extra' is missing from the 'zh' catalog");
}

TEST(MessagesTest, AMissingArgumentNamesIt) {
  absl::StatusOr<Messages> en = Messages::Load(kCatalogs, "en");
  ASSERT_TRUE(en.ok());
  absl::StatusOr<std::string> text = en->Format("greet", {{"who", "tbb"}});
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(text.status().message(), HasSubstr("{factor}"));
  EXPECT_THAT(text.status().message(), HasSubstr("'greet'"));
}

TEST(MessagesTest, AnUnknownLanguageIsNamedWithTheOnesThereAre) {
  absl::StatusOr<Messages> fr = Messages::Load(kCatalogs, "fr");
  ASSERT_FALSE(fr.ok());
  EXPECT_EQ(fr.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(fr.status().message(), HasSubstr("'fr'"));
  EXPECT_THAT(fr.status().message(), HasSubstr("en, zh"));
}

TEST(MessagesTest, AKeyDefinedTwiceOrAMalformedCatalogIsRefused) {
  const CatalogSet twice = {{"en", {R"({"a": "1"})", R"({"a": "2"})"}}};
  absl::StatusOr<Messages> m = Messages::Load(twice, "en");
  ASSERT_FALSE(m.ok());
  EXPECT_THAT(m.status().message(), HasSubstr("'a' is defined twice"));

  const CatalogSet same_object = {{"en", {R"({"a": "1", "a": "2"})"}}};
  EXPECT_FALSE(Messages::Load(same_object, "en").ok());

  const CatalogSet broken = {{"en", {R"({"a": )"}}};
  m = Messages::Load(broken, "en");
  ASSERT_FALSE(m.ok());
  EXPECT_THAT(m.status().message(), HasSubstr("not valid JSON"));

  const CatalogSet not_text = {{"en", {R"({"a": 1})"}}};
  m = Messages::Load(not_text, "en");
  ASSERT_FALSE(m.ok());
  EXPECT_THAT(m.status().message(), HasSubstr("'a' must be a string"));
}

TEST(MessagesTest, TheFormatterKeepsTheFirstFailure) {
  absl::StatusOr<Messages> en = Messages::Load(kCatalogs, "en");
  ASSERT_TRUE(en.ok());
  MessageFormatter text(*en);
  EXPECT_EQ(text("extra"), "from the second catalog");
  EXPECT_EQ(text("first_missing"), "");
  EXPECT_EQ(text("second_missing"), "");
  EXPECT_EQ(text("extra"), "") << "nothing more after a failure";
  EXPECT_THAT(text.status().message(), HasSubstr("'first_missing'"));
}

}  // namespace
}  // namespace zoo::report
