// zoo/text.hpp — optional header-only C++ helper for the "zoo.text/1" extension
// (zoo/ext/text.h): a plugin's texts in other languages than English.
//
// In an adapter class of zoo/adapter.hpp, one static member is all it takes; get_extension then
// answers ZOO_EXT_TEXT by itself:
//
//   static constexpr zoo_text_string_t kZh[] = {
//       {"description", "……"}, {"caliber_notes", "……"}, {"drive_level", "……"}};
//   static constexpr zoo::Translation kTranslations[] = {{"zh", kZh}};
//
// Any other plugin (a reporter, a plain C++ adapter) returns zoo::TextExtension<kList>() from
// its get_extension for ZOO_EXT_TEXT, where kList is such an array with static storage.
#pragma once

#include <zoo/ext/text.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace zoo {

// The texts of one language: a BCP 47 tag and an array of {key, text}.
struct Translation {
  const char* language = nullptr;
  const zoo_text_string_t* strings = nullptr;
  uint32_t count = 0;

  template <size_t N>
  constexpr Translation(const char* tag, const zoo_text_string_t (&texts)[N])
      : language(tag), strings(texts), count(static_cast<uint32_t>(N)) {}
};

namespace detail {

// Free functions, not members: a constexpr member function cannot initialise a static member
// of its own class (the class is incomplete there).
template <const auto& kList>
constexpr std::array<zoo_text_language_t, std::size(kList)> LanguagesOf() {
  std::array<zoo_text_language_t, std::size(kList)> out{};
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = {sizeof(zoo_text_language_t), kList[i].count, kList[i].language, kList[i].strings};
  }
  return out;
}

template <size_t N>
constexpr std::array<const zoo_text_language_t*, N> PointersTo(
    const std::array<zoo_text_language_t, N>& languages) {
  std::array<const zoo_text_language_t*, N> out{};
  for (size_t i = 0; i < N; ++i) out[i] = &languages[i];
  return out;
}

template <const auto& kList>
struct TextTables {
  static constexpr size_t kCount = std::size(kList);
  static constexpr std::array<zoo_text_language_t, kCount> kLanguages = LanguagesOf<kList>();
  static constexpr std::array<const zoo_text_language_t*, kCount> kPointers =
      PointersTo(kLanguages);

  static constexpr zoo_text_extension_t kTable = {sizeof(zoo_text_extension_t),
                                                  static_cast<uint32_t>(kCount),
                                                  kPointers.data()};
};

constexpr char AsciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

constexpr bool SameTag(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  }
  return true;
}

}  // namespace detail

// The zoo.text/1 table of `kList` (an array of zoo::Translation with static storage).
template <const auto& kList>
constexpr const zoo_text_extension_t* TextExtension() {
  return &detail::TextTables<kList>::kTable;
}

// How well a table tagged `tag` serves a reader of `wanted`: 2 the same tag (letter case
// aside), 1 the same primary language ("zh-Hans" for "zh", "zh" for "zh-CN"), 0 not at all.
// A host or reporter prints the best-matching table, the first one on a tie.
constexpr int LanguageMatch(std::string_view tag, std::string_view wanted) {
  if (tag.empty() || wanted.empty()) return 0;
  if (detail::SameTag(tag, wanted)) return 2;
  return detail::SameTag(tag.substr(0, tag.find('-')), wanted.substr(0, wanted.find('-'))) ? 1
                                                                                            : 0;
}

}  // namespace zoo
