// The html reporter through its C ABI (the built module, loaded as zoo-host loads it), on the
// fixture model: one self-contained, deterministic report.html whose slides follow the
// seeds, with the unfavourable data always present, every model string escaped, and each
// language free of the other's words; plus the deck's text splitting and its catalogs.
#include <dlfcn.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "plugins/reporters/common/figures.h"
#include "plugins/reporters/common/messages.h"
#include "plugins/reporters/common/model_document.h"
#include "plugins/reporters/html/deck_catalogs.h"
#include "plugins/reporters/html/deck_layout.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "test/reporters/fixture_model.h"
#include "test/test_paths.h"
#include "zoo/reporter.h"


namespace zoo::report::html {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

struct Rendered {
  zoo_status_t status = ZOO_STATUS_ERROR;
  std::string error;
  std::map<std::string, std::string> files;
};

zoo_status_t CollectFile(const zoo_report_output_t* output, const char* path, const void* data,
                         size_t size) {
  auto* files = static_cast<std::map<std::string, std::string>*>(output->host_data);
  if (!files->emplace(path, std::string(static_cast<const char*>(data), size)).second) {
    return ZOO_STATUS_INVALID_ARGUMENT;  // written twice in one render
  }
  return ZOO_STATUS_OK;
}

void IgnoreLog(const zoo_report_output_t*, int32_t, const char*) {}

const zoo_reporter_entry_t& Entry() {
  // Loaded once and never unloaded, as the host does.
  static const zoo_reporter_entry_t* entry = [] {
    void* library = dlopen(::zoo::testing::BuiltinReporter("html").c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
      ADD_FAILURE() << dlerror();
      return static_cast<const zoo_reporter_entry_t*>(nullptr);
    }
    return static_cast<const zoo_reporter_entry_t*>(dlsym(library, ZOO_REPORTER_ENTRY_SYMBOL));
  }();
  EXPECT_NE(entry, nullptr);
  return *entry;
}

Rendered Render(const std::string& model, const char* language) {
  Rendered r;
  zoo_report_output_t output{};
  output.struct_size = sizeof output;
  output.host_data = &r.files;
  output.write_file = CollectFile;
  output.log = IgnoreLog;
  zoo_report_request_t request{};
  request.struct_size = sizeof request;
  request.model_version = 1;
  request.model_json = model.data();
  request.model_json_size = model.size();
  request.language = language;
  request.formats = "html";
  r.status = Entry().render(&request, &output);
  r.error = Entry().error_text();
  return r;
}

std::string Deck(const std::string& model, const char* language) {
  Rendered r = Render(model, language);
  EXPECT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  return r.files["report.html"];
}

const std::string& FixtureModel() {
  static const std::string model = test::FixtureModelJson();
  return model;
}

size_t Count(std::string_view haystack, std::string_view needle) {
  size_t n = 0;
  for (size_t at = haystack.find(needle); at != std::string_view::npos;
       at = haystack.find(needle, at + needle.size())) {
    ++n;
  }
  return n;
}

struct SlideView {
  std::string kind;
  std::string html;
};

// The slides in document order, with their data-kind and markup; checks their ids on the way.
std::vector<SlideView> Slides(const std::string& deck) {
  std::vector<SlideView> slides;
  const std::regex open(R"re(<section class="slide" data-kind="([a-z-]+)" id="slide-(\d+)">)re");
  for (auto it = std::sregex_iterator(deck.begin(), deck.end(), open); it != std::sregex_iterator();
       ++it) {
    EXPECT_EQ((*it)[2].str(), std::to_string(slides.size())) << "slide ids must count from 0";
    const size_t start = static_cast<size_t>(it->position(0));
    const size_t end = deck.find("</section>", start);
    slides.push_back({(*it)[1].str(), deck.substr(start, end - start)});
  }
  return slides;
}

// The text a reader of the zh deck sees in the deck's own words: the markup, the stylesheet,
// the script and every element marked lang="en" (verbatim plugin and archive text) removed.
// By hand rather than with std::regex, which recurses per character on long matches.
std::string OwnText(const std::string& deck) {
  std::string out;
  std::vector<std::string> open;  // element names; "" for one not marked lang="en"
  size_t quoted = 0;              // how many open elements are marked lang="en"
  for (size_t i = 0; i < deck.size();) {
    if (deck.compare(i, 7, "<style>") == 0 || deck.compare(i, 8, "<script>") == 0) {
      const bool style = deck[i + 2] == 't';
      const size_t end = deck.find(style ? "</style>" : "</script>", i);
      i = end == std::string::npos ? deck.size() : end + (style ? 8 : 9);
      continue;
    }
    if (deck[i] == '<') {
      const size_t end = std::min(deck.find('>', i), deck.size() - 1);
      const std::string tag = deck.substr(i, end - i + 1);
      i = end + 1;
      out += ' ';
      if (tag.size() > 1 && tag[1] == '/') {
        if (!open.empty()) {
          if (open.back() == "en") --quoted;
          open.pop_back();
        }
      } else if (tag[1] != '!' && tag[tag.size() - 2] != '/' && tag.rfind("<br", 0) != 0 &&
                 tag.rfind("<meta", 0) != 0 && tag.rfind("<col ", 0) != 0) {
        const bool marked = tag.find(" lang=\"en\"") != std::string::npos;
        open.push_back(marked ? "en" : "");
        if (marked) ++quoted;
      }
      continue;
    }
    if (deck[i] == '&') {
      const size_t end = deck.find(';', i);
      if (end != std::string::npos && end - i <= 10) {
        i = end + 1;
        if (quoted == 0) out += ' ';
        continue;
      }
    }
    if (quoted == 0) out += deck[i];
    ++i;
  }
  return out;
}

std::vector<std::string> EnglishRuns(const std::string& text) {
  // Three words of Latin letters in a row is a phrase; units, file names and single
  // identifiers the catalogs allow (µs, report.md, CPU, zoo-host) are not.
  const std::regex phrase(R"([A-Za-z]{2,}[,;:]?\s+[A-Za-z]{2,}[,;:]?\s+[A-Za-z]{2,})");
  std::vector<std::string> runs;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), phrase);
       it != std::sregex_iterator(); ++it) {
    runs.push_back(it->str());
  }
  return runs;
}

bool HasCjk(std::string_view s) {
  // U+2E80..U+9FFF and U+F900..U+FFEF start with the bytes E2 BA..E9 BF and EF A4..EF BF.
  for (size_t i = 0; i + 1 < s.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(s[i]), b1 = static_cast<unsigned char>(s[i + 1]);
    if ((b0 >= 0xE3 && b0 <= 0xE9) || (b0 == 0xE2 && b1 >= 0xBA) ||
        (b0 == 0xEF && b1 >= 0xA4 && b1 <= 0xBF && !(b1 == 0xBB))) {
      return true;
    }
  }
  return false;
}

TEST(HtmlReporterTest, WritesOneSelfContainedFile) {
  const Rendered r = Render(FixtureModel(), "en");
  ASSERT_EQ(r.status, ZOO_STATUS_OK) << r.error;
  ASSERT_EQ(r.files.size(), 1u);
  const std::string& deck = r.files.begin()->second;
  EXPECT_EQ(r.files.begin()->first, "report.html");
  EXPECT_EQ(deck.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0), 0u);
  // Nothing is fetched: no URL at all, no element or rule that loads a resource, and every
  // link points inside the deck.
  EXPECT_THAT(deck, Not(HasSubstr("http://")));
  EXPECT_THAT(deck, Not(HasSubstr("https://")));
  for (const char* loader :
       {"src=", "<link", "@import", "url(", "<iframe", "<object", "<embed", "<img", "@font-face"}) {
    EXPECT_THAT(deck, Not(HasSubstr(loader))) << loader;
  }
  const std::regex href(R"re(href="([^"]*)")re");
  for (auto it = std::sregex_iterator(deck.begin(), deck.end(), href); it != std::sregex_iterator();
       ++it) {
    EXPECT_EQ((*it)[1].str().rfind("#slide-", 0), 0u) << (*it)[1].str();
  }
  EXPECT_EQ(Count(deck, "<script"), 1u);
  EXPECT_EQ(Count(deck, "<style>"), 1u);
  EXPECT_GE(Count(deck, "<svg"), 1u);
}

TEST(HtmlReporterTest, SameModelSameBytes) {
  for (const char* language : {"en", "zh"}) {
    EXPECT_EQ(Deck(FixtureModel(), language), Deck(FixtureModel(), language)) << language;
  }
}

TEST(HtmlReporterTest, SlidesFollowTheSeedsOrder) {
  const std::string deck = Deck(FixtureModel(), "en");
  const std::vector<SlideView> slides = Slides(deck);
  ASSERT_GT(slides.size(), 20u);
  EXPECT_EQ(Count(deck, "<section"), slides.size()) << "every slide has the documented form";
  EXPECT_EQ(slides.front().kind, "title");
  EXPECT_EQ(slides.back().kind, "closing");
  // The first slide of each kind: the main line (what to pick, the conclusions, the three
  // verdict lists, the caveats), then the appendix in the order the seeds present the rest.
  const std::vector<std::string> order = {
      "title",    "noise",       "pick",         "league",      "index",       "conclusion", "headline",
      "faster",   "unfavourable", "no-winner",   "caliber",     "appendix-index",
      "environment", "workload", "method",       "multiples",   "latency",    "overhead",
      "throughput", "scaling",   "attribution",  "semantics",   "native-line", "cost",
      "scenarios",   "layers",
      "unmeasured", "byob",      "self-check",   "closing"};
  std::vector<std::string> seen;
  for (const SlideView& s : slides) {
    if (std::find(seen.begin(), seen.end(), s.kind) == seen.end()) seen.push_back(s.kind);
  }
  std::vector<std::string> expected_seen;
  for (const std::string& kind : order) {
    if (std::find(seen.begin(), seen.end(), kind) != seen.end()) expected_seen.push_back(kind);
  }
  EXPECT_EQ(seen, expected_seen);
  for (const std::string& kind : order) {
    // Only when the model has them (the fixture's archive predates noise conditions).
    if (kind == "headline" || kind == "unmeasured" || kind == "noise") continue;
    EXPECT_NE(std::find(seen.begin(), seen.end(), kind), seen.end()) << "no slide of " << kind;
  }
}

// The text of every slide of `kind`, joined.
std::string SlidesOf(const std::string& deck, const std::string& kind) {
  std::string out;
  for (const SlideView& s : Slides(deck)) {
    if (s.kind == kind) out += s.html;
  }
  return out;
}

TEST(HtmlReporterTest, WhatToPickIsWithinTheFirstFiveSlides) {
  for (const char* language : {"en", "zh"}) {
    const std::vector<SlideView> slides = Slides(Deck(FixtureModel(), language));
    size_t at = 0;
    while (at < slides.size() && slides[at].kind != "pick") ++at;
    EXPECT_LT(at, 5u) << language << ": slide " << at + 1;
    size_t appendix = 0;
    while (appendix < slides.size() && slides[appendix].kind != "appendix-index") ++appendix;
    EXPECT_LE(appendix, 30u) << "the main line reads in ten minutes";
    EXPECT_LT(appendix, slides.size()) << "the appendix has its own contents slide";
  }
}

TEST(HtmlReporterTest, TheCostSlidesShowCountsNotesColdStartCallgrindAndCaveats) {
  const std::string cost = SlidesOf(Deck(FixtureModel(), "en"), "cost");
  ASSERT_THAT(cost, HasSubstr("Cost of code: allocations, instructions and cold start"));
  EXPECT_THAT(cost, HasSubstr("Status: counted, at concurrency 1, 2, 4."));
  // The subject at c1: 5 tasks counted, 2 blocks of 64 bytes per task, 1,843.4 instructions,
  // migrations not permitted (note 1); the last adapter's unit at c4 failed (note 2).
  EXPECT_THAT(cost, HasSubstr("<td class=\"num\">1</td><td class=\"num\">5</td><td class=\"num\">2</td>"
                              "<td class=\"num\">128 B</td><td class=\"num\">1,843</td>"));
  EXPECT_THAT(cost, HasSubstr("<td class=\"num\">unavailable, note 1</td></tr>"));
  EXPECT_THAT(cost, HasSubstr("Note 1: The kernel does not permit this counter for this process."));
  EXPECT_THAT(cost, HasSubstr("PERF_COUNT_SW_CPU_MIGRATIONS"));
  EXPECT_THAT(cost, HasSubstr("<td class=\"num\">unavailable, note 2</td>"));
  EXPECT_THAT(cost, HasSubstr("Note 2: The counting unit failed."));
  EXPECT_THAT(cost, HasSubstr("the counting unit timed out after 30 s"));
  EXPECT_THAT(cost, HasSubstr("Cold start, per adapter"));
  EXPECT_THAT(cost, HasSubstr("<td class=\"num\">250.0 µs</td><td class=\"num\">41.0 µs</td>"
                              "<td class=\"num\">17</td><td class=\"num\">72.00 KiB</td>"));
  EXPECT_THAT(cost, HasSubstr("Exact instructions per task, under callgrind"));
  EXPECT_THAT(cost, HasSubstr("<td class=\"num\">1,234,567</td>"));
  EXPECT_THAT(cost, HasSubstr("<td class=\"num\">yes</td>"));
  EXPECT_THAT(cost, HasSubstr("no: 2.00% apart"));
  EXPECT_THAT(cost, HasSubstr("killed by SIGKILL"));
  EXPECT_THAT(cost, HasSubstr("valgrind exited with status 1"));
  EXPECT_THAT(cost, HasSubstr("every thread the adapter created"));
  EXPECT_THAT(cost, HasSubstr("Counts are steadier than time on a shared machine"));
  // Every row of the counts table is on some slide: 7 adapters x 3 concurrencies.
  size_t rows = 0;
  for (const SlideView& s : Slides(Deck(FixtureModel(), "en"))) {
    if (s.kind == "cost" && s.html.find("allocations / task") != std::string::npos) {
      rows += Count(s.html, "<tr><td>");
    }
  }
  EXPECT_EQ(rows, 21u);

  const std::string zh = SlidesOf(Deck(FixtureModel(), "zh"), "cost");
  EXPECT_THAT(zh, HasSubstr("不可用，见注 1"));
  EXPECT_THAT(zh, HasSubstr("注 1：内核不允许本进程读取这个计数器。"));
}

TEST(HtmlReporterTest, ACostNotCountedIsOneSlideThatSaysWhy) {
  test::FixtureOptions options;
  options.cost = false;  // the core's default: not_run, not_recorded
  const std::vector<SlideView> slides = Slides(Deck(test::FixtureModelJson(options), "en"));
  size_t cost_slides = 0;
  std::string text;
  for (const SlideView& s : slides) {
    if (s.kind != "cost") continue;
    ++cost_slides;
    text += s.html;
  }
  EXPECT_EQ(cost_slides, 1u);
  EXPECT_THAT(text, HasSubstr("Status: not counted. The archive records no cost-of-code"));
  EXPECT_THAT(text, Not(HasSubstr("allocations / task")));
}

TEST(HtmlReporterTest, TheUnfavourableSlidesListEveryLosingCell) {
  rapidjson::Document model;
  model.Parse(FixtureModel().c_str());
  const size_t losing = model["subject_slower"].Size();
  ASSERT_GT(losing, 0u);
  // The main line may cut the list (its last slide points to the rest); the appendix has it
  // whole: every losing cell is a row somewhere, each counted once.
  std::set<std::string> rows;
  for (const SlideView& s : Slides(Deck(FixtureModel(), "en"))) {
    if (s.kind != "unfavourable") continue;
    for (size_t at = s.html.find("<tr><td>"); at != std::string::npos;
         at = s.html.find("<tr><td>", at + 1)) {
      rows.insert(s.html.substr(at, s.html.find("</tr>", at) - at));
    }
  }
  EXPECT_EQ(rows.size(), losing);
}

TEST(HtmlReporterTest, TheUnfavourableSlideIsThereWhenNothingIsLost) {
  test::FixtureOptions options;
  options.subject_never_slower = true;
  const std::string model = test::FixtureModelJson(options);
  rapidjson::Document parsed;
  parsed.Parse(model.c_str());
  ASSERT_EQ(parsed["subject_slower"].Size(), 0u);
  for (const char* language : {"en", "zh"}) {
    size_t unfavourable = 0;
    for (const SlideView& s : Slides(Deck(model, language))) {
      if (s.kind == "unfavourable") ++unfavourable;
    }
    EXPECT_EQ(unfavourable, 1u) << language;
  }
  EXPECT_THAT(Deck(model, "en"), HasSubstr("The subject is slower at no measured cell"));
}

TEST(HtmlReporterTest, ModelStringsAreEscaped) {
  test::FixtureOptions options;
  options.hostile_names = true;
  for (const char* language : {"en", "zh"}) {
    const std::string deck = Deck(test::FixtureModelJson(options), language);
    EXPECT_THAT(deck, Not(HasSubstr("<script>alert(1)</script>"))) << language;
    EXPECT_THAT(deck, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;")) << language;
    EXPECT_THAT(deck, Not(HasSubstr("<b>markup</b>"))) << language;
    EXPECT_THAT(deck, HasSubstr("&lt;b&gt;markup&lt;/b&gt; &amp; &quot;entities&quot; like "
                                "&amp;amp;"))
        << language;
    EXPECT_EQ(Count(deck, "<script"), 1u) << language;
  }
}

TEST(HtmlReporterTest, TheChineseDeckSaysNothingInEnglishOutsideQuotedText) {
  const std::string deck = Deck(FixtureModel(), "zh");
  EXPECT_EQ(deck.rfind("<!DOCTYPE html>\n<html lang=\"zh\">", 0), 0u);
  EXPECT_THAT(EnglishRuns(OwnText(deck)), ::testing::IsEmpty());
  // The quoted text is there, marked.
  EXPECT_THAT(deck, HasSubstr("<span lang=\"en\">zoo_scheduler</span>"));
}

TEST(HtmlReporterTest, TheEnglishDeckHasNoChinese) {
  EXPECT_FALSE(HasCjk(Deck(FixtureModel(), "en")));
}

TEST(HtmlReporterTest, ALongTextContinuesOnTheNextSlideWhole) {
  test::FixtureOptions options;
  std::string words;
  for (int i = 1; i <= 300; ++i) {
    words += "w" + std::to_string(1000 + i) + (i % 12 == 0 ? ". " : " ");
  }
  options.extra_subject_notes = words;
  const std::vector<SlideView> slides = Slides(Deck(test::FixtureModelJson(options), "en"));
  std::string caliber;
  size_t caliber_slides = 0;
  for (const SlideView& s : slides) {
    if (s.kind != "caliber") continue;
    ++caliber_slides;
    std::string html = s.html;
    for (size_t at = html.find(" lang=\"en\""); at != std::string::npos;
         at = html.find(" lang=\"en\"", at)) {
      html.erase(at, 10);
    }
    caliber += OwnText(html);
  }
  EXPECT_GT(caliber_slides, 1u);
  EXPECT_THAT(caliber, HasSubstr("(cont.)"));
  // Every word, in order: split between slides, never dropped.
  size_t at = 0;
  for (int i = 1; i <= 300; ++i) {
    const std::string word = "w" + std::to_string(1000 + i);
    at = caliber.find(word, at);
    ASSERT_NE(at, std::string::npos) << word << " is missing";
  }
}

TEST(HtmlReporterTest, ALanguageItDoesNotHaveFailsByName) {
  const Rendered r = Render(FixtureModel(), "fr");
  EXPECT_NE(r.status, ZOO_STATUS_OK);
  EXPECT_THAT(r.error, HasSubstr("'fr'"));
  EXPECT_TRUE(r.files.empty());
}

TEST(HtmlReporterTest, TheStatusLineOnTheTitleSlideNamesFailedChecks) {
  const std::vector<SlideView> slides = Slides(Deck(FixtureModel(), "en"));
  ASSERT_FALSE(slides.empty());
  EXPECT_THAT(slides.front().html, HasSubstr("title-status"));
  EXPECT_THAT(slides.front().html, HasSubstr("Self-check:"));
}

// ---- figures ---------------------------------------------------------------------------

std::vector<Figure> Figures(const std::string& json, const char* language) {
  absl::StatusOr<ModelDocument> model = ModelDocument::Parse(json);
  EXPECT_TRUE(model.ok()) << model.status();
  absl::StatusOr<Messages> messages = Messages::Load(DeckCatalogs(), language);
  EXPECT_TRUE(messages.ok()) << messages.status();
  absl::StatusOr<std::vector<Figure>> figures = DrawFigures(*model, *messages);
  EXPECT_TRUE(figures.ok()) << figures.status();
  return figures.ok() ? *std::move(figures) : std::vector<Figure>{};
}

// Concurrency 16 is above the fixture's 4 cores: no unit has an overhead figure, so no chart.
TEST(FiguresTest, OneMultipleChartAndOneBarChartPerDimensionAndConcurrency) {
  const std::vector<Figure> figures = Figures(FixtureModel(), "en");
  std::vector<std::string> names;
  for (const Figure& f : figures) {
    names.push_back(f.file_name);
    EXPECT_EQ(f.svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u) << f.file_name;
    EXPECT_EQ(f.svg.substr(f.svg.size() - 7), "</svg>\n") << f.file_name;
    EXPECT_FALSE(f.title.empty());
  }
  EXPECT_THAT(names, ::testing::ElementsAre("relative-multiple-by-tier.svg", "league.svg",
                                            "latency-c1.svg",
                                            "latency-c2.svg", "latency-c4.svg", "latency-c16.svg",
                                            "overhead-c1.svg", "overhead-c2.svg", "overhead-c4.svg",
                                            "throughput-c1.svg", "throughput-c2.svg",
                                            "throughput-c4.svg", "throughput-c16.svg"));
}

// The league heat map: a row per measured adapter, the fastest starred and framed, every
// multiple printed; nothing without a league in the model.
TEST(FiguresTest, TheLeagueMarksTheFastestAndDrawsEveryAdapter) {
  const std::vector<Figure> figures = Figures(FixtureModel(), "en");
  const Figure* league = nullptr;
  for (const Figure& f : figures) {
    if (f.file_name == "league.svg") league = &f;
  }
  ASSERT_NE(league, nullptr);
  rapidjson::Document model;
  model.Parse(FixtureModel().c_str());
  size_t ranked = 0, best = 0;
  for (const rapidjson::Value& r : model["rankings"].GetArray()) {
    ranked += r["entries"].Size();
    ++best;
  }
  ASSERT_GT(ranked, 0u);
  EXPECT_EQ(Count(league->svg, "★ "), best + 1) << "one fastest per tier and concurrency, "
                                                    "and the key";
  EXPECT_GE(Count(league->svg, "fill=\"none\" stroke="), best) << "the group is framed";
  for (const rapidjson::Value& u : model["units"].GetArray()) {  // every measured adapter
    EXPECT_THAT(league->svg, HasSubstr(std::string(">") + u["adapter"].GetString() + "</text>"));
  }
  model.RemoveMember("rankings");
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  model.Accept(w);
  for (const Figure& f : Figures(buf.GetString(), "en")) EXPECT_NE(f.file_name, "league.svg");
}

TEST(FiguresTest, DeterministicEscapedAndInTheirLanguage) {
  test::FixtureOptions options;
  options.hostile_names = true;
  const std::string model = test::FixtureModelJson(options);
  const std::vector<Figure> zh = Figures(model, "zh");
  const std::vector<Figure> again = Figures(model, "zh");
  ASSERT_EQ(zh.size(), again.size());
  for (size_t i = 0; i < zh.size(); ++i) {
    EXPECT_EQ(zh[i].svg, again[i].svg) << zh[i].file_name;
    EXPECT_THAT(zh[i].svg, Not(HasSubstr("<script>"))) << zh[i].file_name;
    EXPECT_THAT(EnglishRuns(OwnText(zh[i].svg)), ::testing::IsEmpty()) << zh[i].file_name;
  }
  EXPECT_THAT(zh[1].svg, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
  for (const Figure& f : Figures(model, "en")) EXPECT_FALSE(HasCjk(f.svg)) << f.file_name;
}

// ---- the deck's parts -----------------------------------------------------------------

TEST(DeckLayoutTest, SplitHtmlCutsBetweenWordsAndReopensMarkup) {
  std::string text;
  for (int i = 0; i < 60; ++i) text += "word" + std::to_string(i) + ", ";
  const std::string html = "<strong>label</strong> <span lang=\"en\">" + text + "</span>";
  const std::vector<std::string> pieces = SplitHtml(html, 100);
  ASSERT_GT(pieces.size(), 3u);
  std::string joined;
  for (const std::string& p : pieces) {
    EXPECT_LE(DisplayUnits(p), 100u) << p;
    EXPECT_EQ(Count(p, "<span"), Count(p, "</span>")) << p;
    joined += std::regex_replace(p, std::regex(R"(<[^>]*>)"), "");
  }
  EXPECT_EQ(joined, std::regex_replace(html, std::regex(R"(<[^>]*>)"), ""));
  EXPECT_EQ(pieces[1].rfind("<span lang=\"en\">", 0), 0u);
}

TEST(DeckLayoutTest, DisplayUnitsCountsWideCharactersTwiceAndSkipsMarkup) {
  EXPECT_EQ(DisplayUnits("abc"), 3u);
  EXPECT_EQ(DisplayUnits("<span lang=\"en\">ab</span>&amp;"), 3u);
  EXPECT_EQ(DisplayUnits("测量口径"), 8u);
}

// Keys and placeholders of the deck's catalogs match across languages; no template carries
// markup (arguments bring their own, escaped).
TEST(DeckCatalogTest, LanguagesMatchKeyForKeyAndPlaceholderForPlaceholder) {
  rapidjson::Document en, zh;
  en.Parse(kDeckCatalogEn.data(), kDeckCatalogEn.size());
  zh.Parse(kDeckCatalogZh.data(), kDeckCatalogZh.size());
  ASSERT_TRUE(en.IsObject());
  ASSERT_TRUE(zh.IsObject());
  const std::regex placeholder(R"(\{[a-z_]+\})");
  auto placeholders = [&](const std::string& s) {
    std::set<std::string> out;
    for (auto it = std::sregex_iterator(s.begin(), s.end(), placeholder);
         it != std::sregex_iterator(); ++it) {
      out.insert(it->str());
    }
    return out;
  };
  EXPECT_EQ(en.MemberCount(), zh.MemberCount());
  for (auto it = en.MemberBegin(); it != en.MemberEnd(); ++it) {
    const std::string key = it->name.GetString();
    ASSERT_TRUE(zh.HasMember(key.c_str())) << key << " is missing in zh";
    const std::string en_text = it->value.GetString(), zh_text = zh[key.c_str()].GetString();
    EXPECT_EQ(placeholders(en_text), placeholders(zh_text)) << key;
    EXPECT_EQ(en_text.find('<'), std::string::npos) << key;
    EXPECT_EQ(zh_text.find('<'), std::string::npos) << key;
    EXPECT_FALSE(HasCjk(en_text)) << key;
    EXPECT_THAT(EnglishRuns(zh_text), ::testing::IsEmpty()) << key;
  }
  // Both load beside the shared catalogs: no key is defined twice.
  for (const char* language : {"en", "zh"}) {
    EXPECT_TRUE(Messages::Load(DeckCatalogs(), language).ok()) << language;
  }
}

}  // namespace
}  // namespace zoo::report::html
