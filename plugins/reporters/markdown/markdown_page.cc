#include "plugins/reporters/markdown/markdown_page.h"

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report::markdown {
namespace {

// Whether a model message's argument can stand in a sentence of any language as it is:
// numbers, signs and unit symbols only ("56.0 µs", "+40%", "c1: 74.2 µs – 103.2 µs (1.4×)").
// Anything with a word in it (an adapter name, a unit id) is quoted like other plugin text.
bool IsLanguageNeutral(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto is_letter = [](char ch) {
      return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    };
    if (!is_letter(s[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < s.size() && is_letter(s[end])) ++end;
    const std::string_view word = s.substr(i, end - i);
    if (word != "ns" && word != "ms" && word != "s" && word != "c") return false;
    i = end;
  }
  return true;
}

}  // namespace

Page::Page(const RenderContext& context)
    : context_(context),
      quote_english_(context.language != "en"),
      subject_(StringOf(context.model.root(), "subject")),
      text_(context.messages) {}

std::string Page::T(std::string_view key, const MessageArgs& args) { return text_(key, args); }

std::string Page::Quote(std::string_view text) const {
  const std::string escaped = MarkdownEscape(text);
  if (!quote_english_ || escaped.empty()) return escaped;
  return Concat("<span lang=\"en\">", escaped, "</span>");
}

std::string Page::Say(const rapidjson::Value* message, std::string_view where) {
  const std::string_view code = message != nullptr ? StringOf(*message, "code") : "";
  const rapidjson::Value* args = message != nullptr ? MemberOf(*message, "args") : nullptr;
  if (code.empty() || args == nullptr || !args->IsObject()) {
    Lacks(where);
    return "";
  }
  MessageArgs formatted;
  for (auto it = args->MemberBegin(); it != args->MemberEnd(); ++it) {
    const std::string_view value = StringOf(it->value);
    formatted.emplace_back(std::string_view(it->name.GetString(), it->name.GetStringLength()),
                           IsLanguageNeutral(value) ? MarkdownEscape(value) : Quote(value));
  }
  return T(Concat("msg.", code), formatted);
}

std::string Page::Join(const std::vector<std::string>& items) {
  const std::string separator = T("report.list_separator");
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i != 0) out += separator;
    out += items[i];
  }
  return out;
}

void Page::Lacks(std::string_view member) {
  Fail(absl::FailedPreconditionError(
      Concat("the report model lacks ", member,
             "; it was built by an older zoo-host: render the archive with this one")));
}

std::string Page::CellRef(uint32_t concurrency, uint32_t tier_us) {
  return T("cell_ref", {{"concurrency", std::to_string(concurrency)}, {"tier", Tier(tier_us)}});
}

std::string Page::Cores() const {
  return std::to_string(UintOf(*MemberOf(root(), "environment"), "logical_cores"));
}

}  // namespace zoo::report::markdown
