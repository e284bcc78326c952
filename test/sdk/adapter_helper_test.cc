// The header-only C++ helper: one class becomes a C entry; exceptions become a status and
// the error text, and never cross the C boundary.
#include "zoo/adapter.hpp"

#include <new>
#include <stdexcept>
#include <string>

#include "gtest/gtest.h"

namespace {

struct Counters {
  int constructed = 0;
  int destroyed = 0;
  int submitted = 0;
};
Counters counters;

// Fails in whichever way its options ask for.
class Configurable {
 public:
  static constexpr zoo::Metadata kMetadata = {.name = "configurable",
                                              .version = "9.9",
                                              .description = "test",
                                              .kind = "test",
                                              .caliber_notes = "none",
                                              .drive_level = "none"};

  Configurable(const zoo::Host& host, const zoo::Config& config) : options_(config.options) {
    if (options_ == "setup=zoo_error") throw zoo::Error(ZOO_STATUS_RESOURCE_EXHAUSTED, "no threads left");
    if (options_ == "setup=runtime_error") throw std::runtime_error("plain failure");
    if (options_ == "setup=int") throw 7;
    if (host.raw() == nullptr) throw std::logic_error("no host");
    ++counters.constructed;
  }
  ~Configurable() { ++counters.destroyed; }

  void Submit(const zoo_task_t* task) {
    if (options_ == "submit=bad_alloc") throw std::bad_alloc();
    ++counters.submitted;
    zoo::Run(task);
  }
  void Drain() {
    if (options_ == "drain=error") throw zoo::Error(ZOO_STATUS_FAILED_PRECONDITION, "not now");
  }
  void Teardown() {
    if (options_ == "teardown=error") throw std::runtime_error("could not join");
  }
  // Texts in two languages: get_extension answers zoo.text/1 from these by itself.
  static constexpr zoo_text_string_t kZh[] = {{"description", "测试"}, {"drive_level", "无"}};
  static constexpr zoo_text_string_t kJa[] = {{"description", "テスト"}};
  static constexpr zoo::Translation kTranslations[] = {{"zh", kZh}, {"ja", kJa}};

  static const void* Extension(const char* id) {
    static const int kTable = 1;
    return std::string(id) == "zoo.test/1" ? &kTable : nullptr;
  }

 private:
  std::string options_;
};

// The minimal class: no Teardown, no Extension.
class Minimal {
 public:
  static constexpr zoo::Metadata kMetadata = {.name = "minimal"};
  Minimal(const zoo::Host&, const zoo::Config&) {}
  void Submit(const zoo_task_t* task) { zoo::Run(task); }
  void Drain() {}
};

constexpr zoo_adapter_entry_t kEntry = zoo::detail::MakeEntry<Configurable>();
constexpr zoo_adapter_entry_t kMinimal = zoo::detail::MakeEntry<Minimal>();

int runs = 0;
void CountRun(const zoo_task_t*) { ++runs; }

zoo_host_t FakeHost() {
  zoo_host_t host{};
  host.struct_size = sizeof host;
  return host;
}

zoo_config_t Config(const char* options) {
  return zoo_config_t{.struct_size = sizeof(zoo_config_t), .concurrency = 1, .max_batch = 1,
                      .logical_cores = 1, .options = options, .workers = 0, .reserved0 = 0};
}

TEST(AdapterHelperTest, FillsTheFrozenHeaderAndMetadata) {
  EXPECT_EQ(kEntry.magic, ZOO_ADAPTER_MAGIC);
  EXPECT_EQ(kEntry.abi_major, static_cast<uint32_t>(ZOO_ABI_MAJOR));
  EXPECT_EQ(kEntry.abi_minor, static_cast<uint32_t>(ZOO_ABI_MINOR));
  EXPECT_EQ(kEntry.struct_size, sizeof(zoo_adapter_entry_t));
  EXPECT_STREQ(kEntry.name, "configurable");
  EXPECT_STREQ(kEntry.version, "9.9");
  EXPECT_NE(kEntry.get_extension("zoo.test/1"), nullptr);
  EXPECT_EQ(kEntry.get_extension("zoo.other/1"), nullptr);
  EXPECT_EQ(kMinimal.get_extension("zoo.test/1"), nullptr);
  EXPECT_EQ(kMinimal.version, nullptr);
}

TEST(AdapterHelperTest, AClassWithTranslationsOffersThemAsZooText) {
  const auto* text = static_cast<const zoo_text_extension_t*>(kEntry.get_extension(ZOO_EXT_TEXT));
  ASSERT_NE(text, nullptr);
  EXPECT_EQ(text->struct_size, sizeof(zoo_text_extension_t));
  ASSERT_EQ(text->language_count, 2u);
  EXPECT_STREQ(text->languages[0]->language, "zh");
  EXPECT_EQ(text->languages[0]->struct_size, sizeof(zoo_text_language_t));
  ASSERT_EQ(text->languages[0]->string_count, 2u);
  EXPECT_STREQ(text->languages[0]->strings[1].key, "drive_level");
  EXPECT_STREQ(text->languages[0]->strings[1].text, "无");
  EXPECT_STREQ(text->languages[1]->language, "ja");
  // Its own Extension() still answers every other ID; a class without kTranslations has none.
  EXPECT_NE(kEntry.get_extension("zoo.test/1"), nullptr);
  EXPECT_EQ(kMinimal.get_extension(ZOO_EXT_TEXT), nullptr);
  // How a host picks a table for its reader.
  EXPECT_EQ(zoo::LanguageMatch("zh", "zh"), 2);
  EXPECT_EQ(zoo::LanguageMatch("zh-Hant", "ZH"), 1);
  EXPECT_EQ(zoo::LanguageMatch("ja", "zh"), 0);
}

TEST(AdapterHelperTest, RunsTheWholeLifeOfAnInstance) {
  const Counters before = counters;
  const zoo_host_t host = FakeHost();
  const zoo_config_t config = Config("");
  zoo_adapter_state_t* state = nullptr;
  ASSERT_EQ(kEntry.setup(&host, &config, &state), ZOO_STATUS_OK);
  ASSERT_NE(state, nullptr);
  runs = 0;
  zoo_task_t task{.struct_size = sizeof(zoo_task_t), .reserved0 = 0, .id = 0,
                  .run = &CountRun, .host_data = nullptr};
  EXPECT_EQ(kEntry.submit(state, &task), ZOO_STATUS_OK);
  EXPECT_EQ(kEntry.drain(state), ZOO_STATUS_OK);
  EXPECT_EQ(runs, 1);
  EXPECT_STREQ(kEntry.error_text(state), "");
  EXPECT_EQ(kEntry.teardown(state), ZOO_STATUS_OK);
  EXPECT_EQ(counters.constructed, before.constructed + 1);
  EXPECT_EQ(counters.destroyed, before.destroyed + 1);
}

TEST(AdapterHelperTest, SetupExceptionsBecomeStatusAndThreadErrorText) {
  const zoo_host_t host = FakeHost();
  struct Case {
    const char* options;
    zoo_status_t status;
    const char* text;
  } cases[] = {
      {"setup=zoo_error", ZOO_STATUS_RESOURCE_EXHAUSTED, "no threads left"},
      {"setup=runtime_error", ZOO_STATUS_ERROR, "plain failure"},
      {"setup=int", ZOO_STATUS_ERROR, "an exception that is not a std::exception"},
  };
  for (const Case& c : cases) {
    const zoo_config_t config = Config(c.options);
    zoo_adapter_state_t* state = reinterpret_cast<zoo_adapter_state_t*>(&runs);
    EXPECT_EQ(kEntry.setup(&host, &config, &state), c.status) << c.options;
    EXPECT_EQ(state, nullptr) << c.options;
    EXPECT_STREQ(kEntry.error_text(nullptr), c.text);
  }
  zoo_adapter_state_t* state = nullptr;
  EXPECT_EQ(kEntry.setup(nullptr, nullptr, &state), ZOO_STATUS_INVALID_ARGUMENT);
}

TEST(AdapterHelperTest, CallExceptionsBecomeStatusAndInstanceErrorText) {
  const zoo_host_t host = FakeHost();
  zoo_task_t task{.struct_size = sizeof(zoo_task_t), .reserved0 = 0, .id = 0,
                  .run = &CountRun, .host_data = nullptr};
  {
    const zoo_config_t config = Config("submit=bad_alloc");
    zoo_adapter_state_t* state = nullptr;
    ASSERT_EQ(kEntry.setup(&host, &config, &state), ZOO_STATUS_OK);
    EXPECT_EQ(kEntry.submit(state, &task), ZOO_STATUS_RESOURCE_EXHAUSTED);
    EXPECT_STREQ(kEntry.error_text(state), "out of memory");
    EXPECT_EQ(kEntry.teardown(state), ZOO_STATUS_OK);
  }
  {
    const zoo_config_t config = Config("drain=error");
    zoo_adapter_state_t* state = nullptr;
    ASSERT_EQ(kEntry.setup(&host, &config, &state), ZOO_STATUS_OK);
    EXPECT_EQ(kEntry.drain(state), ZOO_STATUS_FAILED_PRECONDITION);
    EXPECT_STREQ(kEntry.error_text(state), "not now");
    EXPECT_EQ(kEntry.teardown(state), ZOO_STATUS_OK);
  }
  {
    const Counters before = counters;
    const zoo_config_t config = Config("teardown=error");
    zoo_adapter_state_t* state = nullptr;
    ASSERT_EQ(kEntry.setup(&host, &config, &state), ZOO_STATUS_OK);
    EXPECT_EQ(kEntry.teardown(state), ZOO_STATUS_ERROR);
    EXPECT_STREQ(kEntry.error_text(nullptr), "could not join");
    EXPECT_EQ(counters.destroyed, before.destroyed + 1) << "a failed teardown still frees";
  }
}

}  // namespace
