// The catalogs of the built-in reporters: the same keys and arguments in every language, no
// English in the Chinese templates, no CJK in the English ones, and no markup in any (a
// template is inserted into Markdown and HTML alike, after escaping only its arguments).
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/reporters/common/catalogs.h"
#include "plugins/reporters/common/compare_page.h"
#include "plugins/reporters/common/messages.h"
#include "plugins/reporters/markdown/markdown_catalogs.h"
#include "rapidjson/document.h"

namespace zoo::report {
namespace {

using Templates = std::map<std::string, std::string>;

struct CatalogPair {
  const char* name;
  std::string_view en, zh;
};

// Every catalog pair a built-in reporter ships. A new reporter's catalogs go here.
const CatalogPair kPairs[] = {
    {"common", kCommonCatalogEn, kCommonCatalogZh},
    {"markdown", markdown::kMarkdownCatalogEn, markdown::kMarkdownCatalogZh},
    {"compare", kCompareCatalogEn, kCompareCatalogZh},
};

Templates Parse(std::string_view text) {
  rapidjson::Document d;
  d.Parse(text.data(), text.size());
  EXPECT_FALSE(d.HasParseError()) << "offset " << d.GetErrorOffset();
  Templates out;
  if (!d.IsObject()) return out;
  for (auto it = d.MemberBegin(); it != d.MemberEnd(); ++it) {
    EXPECT_TRUE(it->value.IsString()) << it->name.GetString();
    const bool added = out.emplace(it->name.GetString(), it->value.GetString()).second;
    EXPECT_TRUE(added) << "key defined twice: " << it->name.GetString();
  }
  return out;
}

std::set<std::string> Placeholders(const std::string& text) {
  std::set<std::string> names;
  static const std::regex kPlaceholder("\\{([a-z0-9_]+)\\}");
  for (std::sregex_iterator it(text.begin(), text.end(), kPlaceholder), end; it != end; ++it) {
    names.insert((*it)[1]);
  }
  return names;
}

std::string WithoutPlaceholders(const std::string& text) {
  return std::regex_replace(text, std::regex("\\{[a-z0-9_]+\\}"), " ");
}

// Latin-letter tokens a Chinese template may hold: unit symbols, percentile names, acronyms,
// names of tools and tests. Everything else is written in Chinese.
const std::set<std::string> kAllowedInZh = {
    "ns",  "s",        "ms",        "p",   "p50",  "p95", "p99", "CPU",     "ABI",
    "SDK", "JSON",     "RapidJSON", "CSV", "HTML", "SVG", "UTC", "SHA-256", "Mann-Whitney",
    "U",   "zoo-host", "C",        "TSC"};

std::vector<std::string> ForeignTokens(const std::string& text) {
  std::vector<std::string> bad;
  static const std::regex kToken("[A-Za-z][A-Za-z0-9-]*");
  for (std::sregex_iterator it(text.begin(), text.end(), kToken), end; it != end; ++it) {
    if (kAllowedInZh.count(it->str()) == 0) bad.push_back(it->str());
  }
  return bad;
}

bool HasCjk(const std::string& text) {
  // UTF-8 lead bytes 0xE3-0xE9 start U+3000..U+9FFF: CJK punctuation and ideographs.
  for (const char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte >= 0xE3 && byte <= 0xE9) return true;
  }
  return false;
}

TEST(CatalogTest, EnglishAndChineseHaveTheSameKeysAndArguments) {
  for (const CatalogPair& pair : kPairs) {
    SCOPED_TRACE(pair.name);
    const Templates en = Parse(pair.en), zh = Parse(pair.zh);
    std::set<std::string> en_keys, zh_keys;
    for (const auto& [key, text] : en) en_keys.insert(key);
    for (const auto& [key, text] : zh) zh_keys.insert(key);
    EXPECT_EQ(en_keys, zh_keys);
    for (const auto& [key, text] : en) {
      if (zh.count(key) == 0) continue;
      EXPECT_EQ(Placeholders(text), Placeholders(zh.at(key))) << key;
    }
  }
}

TEST(CatalogTest, ChineseTemplatesHoldNoEnglishWord) {
  for (const CatalogPair& pair : kPairs) {
    for (const auto& [key, text] : Parse(pair.zh)) {
      EXPECT_THAT(ForeignTokens(WithoutPlaceholders(text)), ::testing::IsEmpty())
          << pair.name << " " << key << ": " << text;
    }
  }
}

TEST(CatalogTest, EnglishTemplatesHoldNoChinese) {
  for (const CatalogPair& pair : kPairs) {
    for (const auto& [key, text] : Parse(pair.en)) {
      EXPECT_FALSE(HasCjk(text)) << pair.name << " " << key << ": " << text;
    }
  }
}

TEST(CatalogTest, TemplatesCarryNoMarkup) {
  for (const CatalogPair& pair : kPairs) {
    for (const std::string_view text : {pair.en, pair.zh}) {
      for (const auto& [key, value] : Parse(text)) {
        const std::string prose = WithoutPlaceholders(value);
        EXPECT_EQ(prose.find_first_of("<>&*_`|[]#~\\"), std::string::npos)
            << pair.name << " " << key << ": " << value;
      }
    }
  }
}

TEST(CatalogTest, EverySectionHasATitleInEveryLanguage) {
  for (const char* language : {"en", "zh"}) {
    const CatalogSet set = {{"en", {kCommonCatalogEn}}, {"zh", {kCommonCatalogZh}}};
    absl::StatusOr<Messages> m = Messages::Load(set, language);
    ASSERT_TRUE(m.ok()) << m.status();
    std::set<std::string> titles;
    for (const std::string_view key : kReportSections) {
      absl::StatusOr<std::string> title = m->Format(key);
      ASSERT_TRUE(title.ok()) << title.status();
      EXPECT_TRUE(titles.insert(*title).second) << "two sections titled " << *title;
    }
  }
}

}  // namespace
}  // namespace zoo::report
