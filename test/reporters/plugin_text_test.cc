// The report in the reader's language, plugin texts included (zoo.text/1): the zh report.md of
// a committed archive, given the texts the built-in plugins supply today, has no English
// sentence outside code spans in any section; a plugin without Chinese keeps its English,
// marked, and is named once; the English report does not change with the extension.
//
// The committed archives predate zoo.text/1, so the test copies each built-in plugin's texts
// into the archive's adapter records, as `zoo-host run` records them, before the model is built.
#include <algorithm>
#include <initializer_list>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/archive/archive.h"
#include "core/model/report_model.h"
#include "core/model/report_model_json.h"
#include "core/plugin/plugin_loader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/reporters/common/text_format.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "test/reporters/reporter_test_support.h"
#include "test/built_adapters.h"
#include "test/test_paths.h"

namespace zoo::report {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using testing::RenderResult;
using testing::ReporterModule;

constexpr char kArchive[] = "zoo_scheduler-0.1.0/20261202T020501Z.json";
constexpr char kOpen[] = "〔英文原文：";
constexpr char kClose[] = "〕";

// The model's strings that are English prose, written by a plugin (description, caliber
// notes, drive level, an item's off state) or by the host (a reason, a failure, a detail):
// these the check must see, every other model string (names, paths, the CPU model) is a fact
// it may skip.
bool IsProse(std::string_view key) {
  for (const std::string_view prose :
       {"description", "caliber_notes", "drive_level", "off_state", "dropped_reason", "reason",
        "detail", "failure", "counters_reason", "unavailable_reason", "text"}) {
    if (key == prose) return true;
  }
  return false;
}

void BlankProse(rapidjson::Value& v) {
  if (v.IsArray()) {
    for (rapidjson::Value& e : v.GetArray()) BlankProse(e);
  } else if (v.IsObject()) {
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
      if (IsProse(it->name.GetString())) {
        it->value.SetString("");
      } else {
        BlankProse(it->value);
      }
    }
  }
}

std::string ToJson(const rapidjson::Document& d) {
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  d.Accept(w);
  return b.GetString();
}

// `model` with the "text" member of the adapters named in `names` (all when empty) removed:
// what the model of a plugin without zoo.text/1 looks like.
std::string WithoutText(const std::string& model, const std::vector<std::string>& names) {
  rapidjson::Document d;
  d.Parse(model.data(), model.size());
  for (rapidjson::Value& a : d["adapters"].GetArray()) {
    const std::string name = a["name"].GetString();
    if (names.empty() || std::find(names.begin(), names.end(), name) != names.end()) {
      a.RemoveMember("text");
    }
  }
  return ToJson(d);
}

// The plugins' English texts in `model`, as report.md escapes them: the adapters' descriptor
// texts and the semantics items' descriptions and off states.
std::set<std::string> PluginEnglish(const std::string& model) {
  rapidjson::Document d;
  d.Parse(model.data(), model.size());
  std::set<std::string> out;
  auto add = [&](const rapidjson::Value& v, std::initializer_list<const char*> keys) {
    for (const char* key : keys) {
      if (v.HasMember(key) && v[key].IsString()) out.insert(MarkdownEscape(v[key].GetString()));
    }
  };
  for (const rapidjson::Value& a : d["adapters"].GetArray()) {
    add(a, {"description", "caliber_notes", "drive_level"});
  }
  for (const rapidjson::Value& i : d["semantics"]["items"].GetArray()) {
    add(i["item"], {"description", "off_state"});
  }
  return out;
}

// The host's English records in `model` (a reason, a detail, a failure, why a counter is
// unavailable), escaped.
std::set<std::string> HostRecords(const rapidjson::Value& v) {
  std::set<std::string> out;
  if (v.IsArray()) {
    for (const rapidjson::Value& e : v.GetArray()) out.merge(HostRecords(e));
  } else if (v.IsObject()) {
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
      const std::string_view key = it->name.GetString();
      if (it->value.IsString() &&
          (key == "reason" || key == "detail" || key == "failure" || key == "counters_reason" ||
           key == "dropped_reason" || key == "unavailable_reason")) {
        out.insert(MarkdownEscape(it->value.GetString()));
      } else {
        out.merge(HostRecords(it->value));
      }
    }
  }
  return out;
}

// What the marked English blocks of report.md hold.
struct MarkedEnglish {
  size_t plugin = 0;                 // a plugin's text: it gives none in the reader's language
  size_t records = 0;                // the host's English records, quoted
  std::vector<std::string> unknown;  // anything else: a test failure
};

// `text` without the marked English blocks, each sorted into `*marked` by what it holds.
std::string WithoutMarkedEnglish(std::string text, const std::set<std::string>& plugin,
                                 const std::set<std::string>& records, MarkedEnglish* marked) {
  for (size_t at = text.find(kOpen); at != std::string::npos; at = text.find(kOpen, at)) {
    const size_t start = at + sizeof(kOpen) - 1;
    const size_t close = text.find(kClose, start);
    if (close == std::string::npos) break;
    const std::string held = text.substr(start, close - start);
    if (plugin.count(held) != 0) {
      ++marked->plugin;
    } else if (records.count(held) != 0) {
      ++marked->records;
    } else {
      marked->unknown.push_back(held);
    }
    text.replace(at, close + sizeof(kClose) - 1 - at, " ");
  }
  return text;
}

// The English sentences in `text`: four or more words in a row, each all letters (an end
// punctuation mark aside), separated by blanks. Identifiers do not count: "boost::asio::post",
// "work\_stealing", "task-\>run()" and "Boost.Fiber" are not words, and a CJK character ends a
// run, so a Chinese sentence naming a few APIs is not English.
std::vector<std::string> EnglishSentencesIn(std::string_view text) {
  std::vector<std::string> found;
  std::vector<std::string> run;
  auto flush = [&] {
    if (run.size() >= 4) {
      std::string joined;
      for (const std::string& w : run) joined += (joined.empty() ? "" : " ") + w;
      found.push_back(joined);
    }
    run.clear();
  };
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == '\n' || text[i] == '\t') {
      if (text[i] == '\n') flush();
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != '\n' && text[end] != '\t') ++end;
    std::string_view token = text.substr(i, end - i);
    i = end;
    while (!token.empty() && std::string_view(",;:.!?").find(token.back()) != std::string::npos) {
      token.remove_suffix(1);
    }
    const bool word = token.size() >= 2 && std::all_of(token.begin(), token.end(), [](char c) {
                        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
                      });
    if (word) {
      run.emplace_back(token);
    } else {
      flush();
    }
  }
  flush();
  return found;
}

// `text` without fenced code blocks and code spans (commands, paths, identifiers).
std::string WithoutCode(const std::string& text) {
  std::string out = std::regex_replace(text, std::regex("```[\\s\\S]*?```"), " ");
  out = std::regex_replace(out, std::regex("``[^\\n]*?``"), " ");
  return std::regex_replace(out, std::regex("`[^`\\n]*`"), " ");
}

// report.md split at its level-2 headings: (heading, body), the title block first.
std::vector<std::pair<std::string, std::string>> Sections(const std::string& md) {
  std::vector<std::pair<std::string, std::string>> out = {{"(title block)", ""}};
  size_t start = 0;
  while (start < md.size()) {
    size_t end = md.find('\n', start);
    if (end == std::string::npos) end = md.size();
    const std::string line = md.substr(start, end - start);
    if (line.rfind("## ", 0) == 0) {
      out.emplace_back(line, "");
    } else {
      out.back().second += line + "\n";
    }
    start = end + 1;
  }
  return out;
}

class PluginTextReportTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    markdown_ = new ReporterModule(::zoo::testing::BuiltinReporter("markdown"));
    html_ = new ReporterModule(::zoo::testing::BuiltinReporter("html"));
    absl::StatusOr<Archive> archive =
        ReadArchive(::zoo::testing::CommittedResultsDir() / kArchive);
    ASSERT_TRUE(archive.ok()) << archive.status();
    // The texts come from the plugin files: a configuration that leaves an adapter of the
    // committed run out (-Dtbb=disabled) has no file to read them from.
    const std::vector<std::string> built = ::zoo::testing::BuiltAdapters();
    for (const AdapterRecord& a : archive->adapters) {
      if (std::find(built.begin(), built.end(), a.descriptor.name) == built.end()) {
        left_out_ = new std::string(a.descriptor.name);
        return;
      }
    }
    for (AdapterRecord& a : archive->adapters) {
      absl::StatusOr<LoadedAdapter> plugin =
          LoadAdapter(::zoo::testing::BuiltinPlugin(a.descriptor.name));
      ASSERT_TRUE(plugin.ok()) << plugin.status();
      a.descriptor.text = plugin->descriptor().text;
    }
    absl::StatusOr<ReportModel> model =
        BuildReportModel(*archive, std::string("results/") + kArchive);
    ASSERT_TRUE(model.ok()) << model.status();
    model_ = new std::string(ReportModelToJson(*model));
    rapidjson::Document facts;
    facts.Parse(model_->data(), model_->size());
    BlankProse(facts);
    facts_ = new std::string(ToJson(facts));
  }
  static void TearDownTestSuite() {
    delete left_out_;
    delete markdown_;
    delete html_;
    delete model_;
    delete facts_;
  }

  static std::string Render(ReporterModule& module, const std::string& model,
                            const char* language, const char* format, const char* file) {
    RenderResult r = module.Render(model, language, format);
    EXPECT_EQ(r.status, ZOO_STATUS_OK) << r.error;
    return r.files[file];
  }

  // The English sentences of each section of `md` outside code spans and marked English blocks,
  // as "heading: run"; the marked blocks sorted into `*marked`.
  static std::vector<std::string> EnglishSentences(const std::string& md, MarkedEnglish* marked) {
    std::vector<std::string> found;
    const std::set<std::string> plugin = PluginEnglish(*model_);
    rapidjson::Document d;
    d.Parse(model_->data(), model_->size());
    const std::set<std::string> records = HostRecords(d);
    for (const auto& [heading, body] : Sections(md)) {
      const std::string checked = testing::WithoutModelText(
          WithoutCode(WithoutMarkedEnglish(body, plugin, records, marked)), *facts_);
      for (const std::string& run : EnglishSentencesIn(checked)) {
        found.push_back(heading + ": " + run);
      }
    }
    return found;
  }

  void SetUp() override {
    if (left_out_ != nullptr) {
      GTEST_SKIP() << *left_out_ << " was left out of this configuration; the default one, "
                   << "which builds every adapter of the committed run, checks its texts";
    }
  }

  static std::string* left_out_;  // an adapter of the committed run this build left out
  static ReporterModule* markdown_;
  static ReporterModule* html_;
  static std::string* model_;  // the committed archive's model, with the plugins' texts
  static std::string* facts_;  // the same with every prose string blanked
};

std::string* PluginTextReportTest::left_out_ = nullptr;
ReporterModule* PluginTextReportTest::markdown_ = nullptr;
ReporterModule* PluginTextReportTest::html_ = nullptr;
std::string* PluginTextReportTest::model_ = nullptr;
std::string* PluginTextReportTest::facts_ = nullptr;

TEST_F(PluginTextReportTest, TheModelCarriesEveryPluginsTexts) {
  rapidjson::Document d;
  d.Parse(model_->data(), model_->size());
  ASSERT_EQ(d["adapters"].Size(), 12u);
  for (const rapidjson::Value& a : d["adapters"].GetArray()) {
    ASSERT_TRUE(a.HasMember("text")) << a["name"].GetString();
    EXPECT_TRUE(a["text"]["zh"].HasMember("caliber_notes")) << a["name"].GetString();
  }
}

TEST_F(PluginTextReportTest, TheChineseReportHasNoEnglishSentenceInAnySection) {
  const std::string md = Render(*markdown_, *model_, "zh", "md", "report.md");
  ASSERT_GT(Sections(md).size(), 10u);
  MarkedEnglish marked;
  EXPECT_THAT(EnglishSentences(md, &marked), IsEmpty());
  EXPECT_EQ(marked.plugin, 0u) << "every plugin here supplies Chinese: none is left in English";
  EXPECT_GT(marked.records, 0u);  // the counters' errno, quoted as the host recorded it
  EXPECT_THAT(marked.unknown, IsEmpty());
  // The plugins' own Chinese is what the caliber, the kinds and the semantics items print.
  EXPECT_THAT(md, HasSubstr("不适用：这里没有框架，宿主直接调用执行体"));
  EXPECT_THAT(md, HasSubstr("| 被测框架 |"));  // the kind "subject", from the catalog
  EXPECT_THAT(md, HasSubstr("| priority | 队列层 | 就绪队列改为按优先级排序的二叉最大堆"));
  EXPECT_THAT(md, HasSubstr("未定价：没有干净的关闭状态（没有干净的关闭状态：分发核心"));
  EXPECT_THAT(md, Not(HasSubstr("只提供英文文本")));
  // Without the prose blanked, the check finds the English that is there.
  MarkedEnglish unused;
  const std::string english = Render(*markdown_, *model_, "en", "md", "report.md");
  EXPECT_THAT(EnglishSentences(english, &unused), Not(IsEmpty()));
}

TEST_F(PluginTextReportTest, APluginWithoutChineseIsMarkedEnglishAndNamedOnce) {
  const std::string md =
      Render(*markdown_, WithoutText(*model_, {"tbb"}), "zh", "md", "report.md");
  MarkedEnglish marked;
  EXPECT_THAT(EnglishSentences(md, &marked), IsEmpty());
  EXPECT_EQ(marked.plugin, 2u);  // tbb's drive level and caliber notes
  EXPECT_THAT(marked.unknown, IsEmpty());
  EXPECT_THAT(md, HasSubstr(std::string(kOpen) + "oneTBB public API (task\\_arena"));
  const std::string note = "tbb 只提供英文文本";
  ASSERT_NE(md.find(note), std::string::npos);
  EXPECT_EQ(md.find(note), md.rfind(note)) << "said more than once";
}

TEST_F(PluginTextReportTest, TheDeckSetsUntranslatedTextInLangEnAndTranslatedTextOutside) {
  const std::string zh = Render(*html_, *model_, "zh", "html", "report.html");
  const std::string drive_zh = HtmlEscape("公开接口：提交单个任务，排空等待整批完成");
  EXPECT_THAT(zh, HasSubstr(drive_zh));
  EXPECT_THAT(zh, Not(HasSubstr("<span lang=\"en\">" + drive_zh)));
  const std::string untranslated =
      Render(*html_, WithoutText(*model_, {"zoo_scheduler"}), "zh", "html", "report.html");
  EXPECT_THAT(untranslated, HasSubstr("<span lang=\"en\">public API: submit one task"));
  EXPECT_THAT(untranslated, HasSubstr("只提供英文文本"));
  EXPECT_THAT(zh, Not(HasSubstr("只提供英文文本")));
}

TEST_F(PluginTextReportTest, TheEnglishReportIsTheSameWithOrWithoutTheExtension) {
  for (const auto& [format, file] : {std::pair{"md", "report.md"}, {"html", "report.html"}}) {
    ReporterModule& module = std::string(format) == "md" ? *markdown_ : *html_;
    EXPECT_EQ(Render(module, *model_, "en", format, file),
              Render(module, WithoutText(*model_, {}), "en", format, file))
        << format;
  }
}

}  // namespace
}  // namespace zoo::report
