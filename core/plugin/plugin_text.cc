// Reads and copies a plugin's zoo.text/1 table; see plugin_text.h.
#include "core/plugin/plugin_text.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "zoo/ext/text.h"
#include "zoo/text.hpp"

namespace zoo {
namespace {

absl::Status Refuse(std::string_view shown, std::string_view problem) {
  return absl::FailedPreconditionError(
      absl::StrCat(absl::string_view(shown.data(), shown.size()), ": its zoo.text/1 table ",
                   absl::string_view(problem.data(), problem.size())));
}

bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

bool IsLanguageTag(std::string_view tag) {
  size_t start = 0;
  for (bool first = true;; first = false) {
    const size_t end = std::min(tag.find('-', start), tag.size());
    const std::string_view sub = tag.substr(start, end - start);
    if (sub.empty() || sub.size() > (first ? 3 : 8) || (first && sub.size() < 2)) return false;
    for (char c : sub) {
      if (!IsAlpha(c) && (first || !IsDigit(c))) return false;
    }
    if (end == tag.size()) return true;
    start = end + 1;
  }
}

absl::StatusOr<PluginText> ReadTextExtension(const void* table, std::string_view shown) {
  PluginText text;
  if (table == nullptr) return text;
  const auto* ext = static_cast<const zoo_text_extension_t*>(table);
  if (ext->struct_size < sizeof(zoo_text_extension_t) ||
      (ext->language_count > 0 && ext->languages == nullptr)) {
    return Refuse(shown, "is incomplete (struct_size or languages)");
  }
  for (uint32_t i = 0; i < ext->language_count; ++i) {
    const zoo_text_language_t* lang = ext->languages[i];
    if (lang == nullptr || lang->struct_size < sizeof(zoo_text_language_t) ||
        lang->language == nullptr || (lang->string_count > 0 && lang->strings == nullptr)) {
      return Refuse(shown, absl::StrCat("has an incomplete language table at index ", i));
    }
    const std::string tag = lang->language;
    if (!IsLanguageTag(tag) || LanguageMatch(tag, "en") > 0) {
      return Refuse(shown, absl::StrCat("names the language '", tag,
                                        "': give a BCP 47 tag other than English (English is "
                                        "the entry's own fields)"));
    }
    if (text.contains(tag)) return Refuse(shown, absl::StrCat("gives '", tag, "' twice"));
    std::map<std::string, std::string>& strings = text[tag];
    for (uint32_t k = 0; k < lang->string_count; ++k) {
      const zoo_text_string_t& s = lang->strings[k];
      if (s.key == nullptr || s.text == nullptr || *s.key == '\0' || *s.text == '\0') {
        return Refuse(shown, absl::StrCat("has an empty key or text in '", tag, "' at index ", k));
      }
      if (!strings.emplace(s.key, s.text).second) {
        return Refuse(shown, absl::StrCat("gives the key '", s.key, "' twice in '", tag, "'"));
      }
    }
  }
  return text;
}

const std::map<std::string, std::string>* TextsFor(const PluginText& text,
                                                   std::string_view language) {
  const std::map<std::string, std::string>* best = nullptr;
  int best_match = 0;
  for (const auto& [tag, strings] : text) {
    const int match = LanguageMatch(tag, language);
    if (match > best_match) {
      best = &strings;
      best_match = match;
    }
  }
  return best;
}

std::string TextOr(const PluginText& text, std::string_view language, const std::string& key,
                   const std::string& english) {
  const std::map<std::string, std::string>* strings = TextsFor(text, language);
  if (strings == nullptr) return english;
  const auto it = strings->find(key);
  return it != strings->end() ? it->second : english;
}

void WritePluginText(json::Writer& w, const PluginText& text) {
  if (text.empty()) return;
  w.Key("text");
  w.StartObject();
  for (const auto& [tag, strings] : text) {
    w.Key(tag.c_str(), static_cast<rapidjson::SizeType>(tag.size()));
    w.StartObject();
    for (const auto& [key, value] : strings) json::String(w, key.c_str(), value);
    w.EndObject();
  }
  w.EndObject();
}

absl::StatusOr<PluginText> ReadPluginText(const rapidjson::Value& owner, std::string_view where) {
  PluginText text;
  const auto member = owner.FindMember("text");
  if (member == owner.MemberEnd()) return text;
  const std::string bad = absl::StrCat(absl::string_view(where.data(), where.size()),
                                       ": \"text\" must be an object of languages, each an "
                                       "object of strings");
  if (!member->value.IsObject()) return absl::InvalidArgumentError(bad);
  for (auto lang = member->value.MemberBegin(); lang != member->value.MemberEnd(); ++lang) {
    if (!lang->value.IsObject()) return absl::InvalidArgumentError(bad);
    std::map<std::string, std::string>& strings = text[lang->name.GetString()];
    for (auto s = lang->value.MemberBegin(); s != lang->value.MemberEnd(); ++s) {
      if (!s->value.IsString()) return absl::InvalidArgumentError(bad);
      strings.emplace(s->name.GetString(),
                      std::string(s->value.GetString(), s->value.GetStringLength()));
    }
  }
  return text;
}

}  // namespace zoo
