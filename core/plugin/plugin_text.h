// A plugin's texts in other languages than English, as its zoo.text/1 table gives them
// (zoo/ext/text.h): read once when the plugin is loaded, then plain strings that travel with
// its descriptor through the worker protocol, the archive and the report model.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "rapidjson/document.h"

namespace zoo {

// Language tag (BCP 47, as the plugin wrote it) -> key ("description", ...) -> text. Empty
// for a plugin without the extension. Ordered, so that what is written is deterministic.
using PluginText = std::map<std::string, std::map<std::string, std::string>>;

// Copies the zoo.text/1 table `table` (NULL: none) of the plugin `shown`. kFailedPrecondition,
// one sentence naming the plugin and the fault: a table or language struct too small, a NULL
// string, a tag that is not BCP 47 or is "en", a tag or key given twice.
absl::StatusOr<PluginText> ReadTextExtension(const void* table, std::string_view shown);

// Whether `tag` looks like a BCP 47 tag: a primary subtag of 2-3 letters, then subtags of 1-8
// letters and digits, '-' separated.
bool IsLanguageTag(std::string_view tag);

// The texts that serve a reader of `language` best (zoo::LanguageMatch); nullptr when none does.
const std::map<std::string, std::string>* TextsFor(const PluginText& text,
                                                   std::string_view language);

// `key` in `language`, or `english` when the plugin gives none.
std::string TextOr(const PluginText& text, std::string_view language, const std::string& key,
                   const std::string& english);

// Writes `"text": {tag: {key: text}}` into the object `w` is in; nothing when `text` is empty.
void WritePluginText(json::Writer& w, const PluginText& text);

// The optional "text" member of `owner` (absent: empty). kInvalidArgument naming `where`
// when it is not an object of objects of strings.
absl::StatusOr<PluginText> ReadPluginText(const rapidjson::Value& owner, std::string_view where);

}  // namespace zoo
