// core/plugin/plugin_text: a zoo.text/1 table copied and checked, the language a reader gets,
// the JSON it travels in (old records without it still read), and every built-in plugin giving
// its texts in Chinese.
#include "core/plugin/plugin_text.h"

#include <string>

#include "core/plugin/plugin_loader.h"
#include "core/plugin/reporter_loader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "test/built_adapters.h"
#include "test/test_paths.h"
#include "zoo/ext/text.h"

namespace zoo {
namespace {

using ::testing::HasSubstr;

constexpr zoo_text_string_t kZh[] = {{"description", "中文说明"}, {"caliber_notes", "口径"}};
constexpr zoo_text_string_t kJa[] = {{"description", "説明"}};
constexpr zoo_text_language_t kZhTable = {sizeof(zoo_text_language_t), 2, "zh-Hans", kZh};
constexpr zoo_text_language_t kJaTable = {sizeof(zoo_text_language_t), 1, "ja", kJa};

// Broken tables, each refused for one reason.
constexpr uint32_t kSize = sizeof(zoo_text_language_t);
constexpr zoo_text_string_t kTwice[] = {{"description", "一"}, {"description", "二"}};
constexpr zoo_text_string_t kEmpty[] = {{"description", ""}};
constexpr zoo_text_language_t kEnglish = {kSize, 1, "en-GB", kJa};
constexpr zoo_text_language_t kBadTag = {kSize, 1, "chinese!", kJa};
constexpr zoo_text_language_t kTwiceTable = {kSize, 2, "zh", kTwice};
constexpr zoo_text_language_t kEmptyTable = {kSize, 1, "zh", kEmpty};
constexpr zoo_text_language_t kSmall = {4, 1, "zh", kJa};

// A table over `languages`, as a C plugin declares it.
zoo_text_extension_t Table(const zoo_text_language_t* const* languages, uint32_t count) {
  return {sizeof(zoo_text_extension_t), count, languages};
}

TEST(PluginTextTest, CopiesEveryLanguageAndServesTheBestMatch) {
  const zoo_text_language_t* const languages[] = {&kZhTable, &kJaTable};
  const zoo_text_extension_t table = Table(languages, 2);
  absl::StatusOr<PluginText> text = ReadTextExtension(&table, "p.so");
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(text->size(), 2u);
  // "zh" is served by "zh-Hans" (same primary language); "en" by nothing.
  EXPECT_EQ(TextOr(*text, "zh", "description", "English"), "中文说明");
  EXPECT_EQ(TextOr(*text, "ZH-hans", "caliber_notes", "English"), "口径");
  EXPECT_EQ(TextOr(*text, "ja", "caliber_notes", "English"), "English");  // key not given
  EXPECT_EQ(TextOr(*text, "en", "description", "English"), "English");
  EXPECT_EQ(TextsFor(*text, "fr"), nullptr);
}

TEST(PluginTextTest, NoTableIsNoText) {
  absl::StatusOr<PluginText> text = ReadTextExtension(nullptr, "p.so");
  ASSERT_TRUE(text.ok());
  EXPECT_TRUE(text->empty());
}

TEST(PluginTextTest, RefusesABrokenTableWithASentence) {
  const struct {
    const zoo_text_language_t* language;
    const char* says;
  } cases[] = {{&kEnglish, "names the language 'en-GB'"},
               {&kBadTag, "names the language 'chinese!'"},
               {&kTwiceTable, "gives the key 'description' twice in 'zh'"},
               {&kEmptyTable, "has an empty key or text in 'zh' at index 0"},
               {&kSmall, "has an incomplete language table at index 0"}};
  for (const auto& c : cases) {
    const zoo_text_language_t* const languages[] = {c.language};
    const zoo_text_extension_t table = Table(languages, 1);
    absl::StatusOr<PluginText> text = ReadTextExtension(&table, "p.so");
    ASSERT_FALSE(text.ok()) << c.says;
    EXPECT_EQ(text.status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_THAT(text.status().message(), HasSubstr("p.so: its zoo.text/1 table"));
    EXPECT_THAT(text.status().message(), HasSubstr(c.says));
  }
  const zoo_text_language_t* const twice[] = {&kZhTable, &kZhTable};
  const zoo_text_extension_t table = Table(twice, 2);
  EXPECT_THAT(ReadTextExtension(&table, "p.so").status().message(),
              HasSubstr("gives 'zh-Hans' twice"));
}

TEST(PluginTextTest, LanguageTagsAreBcp47Shaped) {
  for (const char* good : {"zh", "zh-Hans", "pt-BR", "yue", "sr-Latn-RS", "es-419"}) {
    EXPECT_TRUE(IsLanguageTag(good)) << good;
  }
  for (const char* bad :
       {"", "z", "zhongwen", "zh-", "-zh", "zh_CN", "1a", "zh--x", "zh-abcdefghi"}) {
    EXPECT_FALSE(IsLanguageTag(bad)) << bad;
  }
}

TEST(PluginTextTest, JsonRoundTripsAndAnOldRecordHasNone) {
  const PluginText text = {{"zh", {{"description", "说明 \"引号\""}, {"drive_level", "层级"}}}};
  rapidjson::StringBuffer buf;
  json::Writer w(buf);
  w.StartObject();
  WritePluginText(w, text);
  w.EndObject();
  rapidjson::Document d;
  d.Parse(buf.GetString());
  absl::StatusOr<PluginText> back = ReadPluginText(d, "adapter 1");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, text);

  rapidjson::Document old;
  old.Parse(R"({"name": "x"})");
  absl::StatusOr<PluginText> none = ReadPluginText(old, "adapter 1");
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());

  rapidjson::Document bad;
  bad.Parse(R"({"text": {"zh": {"description": 1}}})");
  EXPECT_THAT(ReadPluginText(bad, "adapter 1").status().message(),
              HasSubstr("adapter 1: \"text\" must be an object"));
}

// Every built-in plugin this configuration built gives its texts in Chinese: the adapters
// their three descriptor texts (zoo_scheduler also each semantics item's), the reporters their
// description.
TEST(PluginTextTest, EveryBuiltinPluginGivesItsTextsInChinese) {
  const std::vector<std::string> built = ::zoo::testing::BuiltAdapters();
  ASSERT_FALSE(built.empty());
  for (const std::string& name : built) {
    absl::StatusOr<LoadedAdapter> loaded = LoadAdapter(::zoo::testing::BuiltinPlugin(name));
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    const PluginText& text = loaded->descriptor().text;
    for (const std::string key : {"description", "caliber_notes", "drive_level"}) {
      const std::string zh = TextOr(text, "zh", key, "");
      EXPECT_FALSE(zh.empty()) << name << " gives no zh " << key;
      EXPECT_NE(zh, TextOr(text, "en", key, "")) << name << ": " << key;
    }
    if (name == "zoo_scheduler") {
      for (const std::string item :
           {"priority", "timeout", "retry", "in_flight_table", "metrics"}) {
        for (const std::string field : {"description", "off_state"}) {
          EXPECT_FALSE(TextOr(text, "zh", "semantics." + item + "." + field, "").empty())
              << item << " " << field;
        }
      }
    }
  }
  for (const std::string name : {"markdown", "html", "csv", "json", "gbench"}) {
    absl::StatusOr<LoadedReporter> loaded = LoadReporter(::zoo::testing::BuiltinReporter(name));
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    EXPECT_EQ(loaded->descriptor().abi_minor, static_cast<uint32_t>(ZOO_REPORTER_ABI_MINOR));
    EXPECT_FALSE(TextOr(loaded->descriptor().text, "zh", "description", "").empty()) << name;
    // The probe answer that carries it between processes keeps it.
    absl::StatusOr<ReporterDescriptor> back =
        ReporterDescriptorFromJson(ReporterDescriptorToJson(loaded->descriptor()));
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(back->text, loaded->descriptor().text);
  }
}

}  // namespace
}  // namespace zoo
