#include "plugins/reporters/html/prose.h"

#include <cstddef>

#include "absl/strings/str_cat.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report::html {
namespace {

// Placeholders that survive HtmlEscape and cannot occur in catalog text: the template is
// formatted with these, escaped, and only then are the HTML arguments put in their place.
constexpr char kOpen = '\x01';
constexpr char kClose = '\x02';

}  // namespace

bool HasLatinLetter(std::string_view s) {
  for (char c : s) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) return true;
  }
  return false;
}

std::string Esc(std::string_view text) { return HtmlEscape(text); }

std::string Verbatim(std::string_view text) {
  if (text.empty()) return {};
  return absl::StrCat("<span lang=\"en\">", HtmlEscape(text), "</span>");
}

std::string Code(std::string_view text) {
  if (text.empty()) return {};
  return absl::StrCat("<span class=\"mono\" lang=\"en\">", HtmlEscape(text), "</span>");
}

absl::StatusOr<std::string> Prose::Format(std::string_view key, const HtmlArgs& args) const {
  MessageArgs placeholders;
  placeholders.reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    placeholders.emplace_back(args[i].first,
                              absl::StrCat(std::string(1, kOpen), i, std::string(1, kClose)));
  }
  absl::StatusOr<std::string> text = messages_.Format(key, placeholders);
  if (!text.ok()) return text.status();
  const std::string escaped = HtmlEscape(*text);
  std::string out;
  out.reserve(escaped.size());
  for (size_t i = 0; i < escaped.size(); ++i) {
    if (escaped[i] != kOpen) {
      out.push_back(escaped[i]);
      continue;
    }
    size_t index = 0;
    size_t j = i + 1;
    while (j < escaped.size() && escaped[j] != kClose) {
      index = index * 10 + static_cast<size_t>(escaped[j] - '0');
      ++j;
    }
    if (index < args.size()) out += args[index].second;
    i = j;
  }
  return out;
}

std::string Prose::operator()(std::string_view key, const HtmlArgs& args) {
  absl::StatusOr<std::string> html = Format(key, args);
  if (html.ok()) return *std::move(html);
  if (status_.ok()) status_ = html.status();
  return {};
}

std::optional<std::string> Prose::Optional(std::string_view key, const HtmlArgs& args) {
  absl::StatusOr<std::string> html = Format(key, args);
  if (html.ok()) return *std::move(html);
  if (!absl::IsNotFound(html.status()) && status_.ok()) status_ = html.status();
  return std::nullopt;
}

std::string Prose::Message(const rapidjson::Value& message) {
  const bool has_code =
      message.IsObject() && message.HasMember("code") && message["code"].IsString();
  if (!has_code) {
    if (status_.ok()) {
      status_ = absl::InvalidArgumentError("a model message has no \"code\"");
    }
    return {};
  }
  HtmlArgs args;
  const auto arg_object = message.FindMember("args");
  if (arg_object != message.MemberEnd() && arg_object->value.IsObject()) {
    for (auto it = arg_object->value.MemberBegin(); it != arg_object->value.MemberEnd(); ++it) {
      if (!it->name.IsString() || !it->value.IsString()) continue;
      const std::string_view value(it->value.GetString(), it->value.GetStringLength());
      args.emplace_back(std::string_view(it->name.GetString(), it->name.GetStringLength()),
                        HasLatinLetter(value) ? Verbatim(value) : Esc(value));
    }
  }
  return (*this)(absl::StrCat("msg.", message["code"].GetString()), args);
}

}  // namespace zoo::report::html
