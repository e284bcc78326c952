#include "plugins/reporters/common/messages.h"

#include <algorithm>

#include "plugins/reporters/common/concat.h"
#include "rapidjson/document.h"
#include "rapidjson/error/en.h"

namespace zoo::report {
namespace {

std::string LanguagesOf(const CatalogSet& catalogs) {
  std::string out;
  for (const auto& [language, texts] : catalogs) {
    if (!out.empty()) out += ", ";
    out += language;
  }
  return out.empty() ? std::string("none") : out;
}

// Adds the templates of one catalog text to `templates`. The text is ours (a raw string in a
// .cc file), so a malformed one is a bug of the reporter: the error says where it is.
absl::Status AddCatalog(std::string_view text, std::string_view language, size_t index,
                        std::map<std::string, std::string, std::less<>>& templates) {
  const std::string where = Concat("catalog ", std::to_string(index + 1), " of '", language, "'");
  rapidjson::Document doc;
  doc.Parse(text.data(), text.size());
  if (doc.HasParseError()) {
    return absl::InvalidArgumentError(
        Concat(where, " is not valid JSON: ", rapidjson::GetParseError_En(doc.GetParseError()),
               " at offset ", std::to_string(doc.GetErrorOffset())));
  }
  if (!doc.IsObject()) {
    return absl::InvalidArgumentError(Concat(where, " must be a JSON object"));
  }
  for (auto it = doc.MemberBegin(); it != doc.MemberEnd(); ++it) {
    const std::string key(it->name.GetString(), it->name.GetStringLength());
    if (!it->value.IsString()) {
      return absl::InvalidArgumentError(Concat(where, ": message '", key, "' must be a string"));
    }
    // RapidJSON keeps duplicate members, and a later catalog must not silently override an
    // earlier one: both are mistakes that would make a sentence depend on the load order.
    const bool inserted =
        templates.emplace(key, std::string(it->value.GetString(), it->value.GetStringLength()))
            .second;
    if (!inserted) {
      return absl::InvalidArgumentError(
          Concat("message '", key, "' is defined twice in the '", language, "' catalogs"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Messages> Messages::Load(const CatalogSet& catalogs, std::string_view language) {
  const auto found = catalogs.find(std::string(language));
  if (found == catalogs.end()) {
    return absl::NotFoundError(Concat("this reporter has no '", language,
                                      "' catalog; it writes: ", LanguagesOf(catalogs)));
  }
  Messages messages;
  messages.language_ = std::string(language);
  for (size_t i = 0; i < found->second.size(); ++i) {
    absl::Status added = AddCatalog(found->second[i], language, i, messages.templates_);
    if (!added.ok()) return added;
  }
  return messages;
}

std::vector<std::string> Messages::Keys() const {
  std::vector<std::string> keys;
  keys.reserve(templates_.size());
  for (const auto& [key, text] : templates_) keys.push_back(key);
  return keys;
}

absl::StatusOr<std::string> Messages::Format(std::string_view key, const MessageArgs& args) const {
  const auto found = templates_.find(key);
  if (found == templates_.end()) {
    return absl::NotFoundError(
        Concat("message '", key, "' is missing from the '", language_, "' catalog"));
  }
  const std::string& text = found->second;
  std::string out;
  out.reserve(text.size() + 32);
  for (size_t i = 0; i < text.size();) {
    const char ch = text[i];
    // "{{" and "}}" are literal braces; "{name}" is an argument.
    if ((ch == '{' || ch == '}') && i + 1 < text.size() && text[i + 1] == ch) {
      out += ch;
      i += 2;
      continue;
    }
    if (ch != '{') {
      out += ch;
      ++i;
      continue;
    }
    const size_t close = text.find('}', i + 1);
    if (close == std::string::npos) {
      return absl::InvalidArgumentError(
          Concat("message '", key, "' in the '", language_, "' catalog has an unclosed '{'"));
    }
    const std::string_view name(text.data() + i + 1, close - i - 1);
    const auto arg =
        std::find_if(args.begin(), args.end(), [&](const auto& a) { return a.first == name; });
    if (arg == args.end()) {
      return absl::InvalidArgumentError(Concat("message '", key, "' in the '", language_,
                                               "' catalog uses the argument {", name,
                                               "}, which was not given"));
    }
    out += arg->second;
    i = close + 1;
  }
  return out;
}

std::string MessageFormatter::operator()(std::string_view key, const MessageArgs& args) {
  if (!status_.ok()) return "";
  absl::StatusOr<std::string> text = messages_.Format(key, args);
  if (!text.ok()) {
    status_ = text.status();
    return "";
  }
  return *std::move(text);
}

void MessageFormatter::Fail(absl::Status status) {
  if (status_.ok()) status_ = std::move(status);
}

}  // namespace zoo::report
