// Catalog sentences as HTML. The catalog's own words are escaped; arguments arrive as HTML
// already (escaped model strings, numbers), so a sentence can carry a <span lang="en"> around
// a verbatim name without the span itself being escaped.
//
// A missing key or argument is remembered (the first one) and the deck's render fails with
// it at the end: slide code reads straight through instead of checking every sentence.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "plugins/reporters/common/messages.h"
#include "rapidjson/document.h"

namespace zoo::report::html {

using HtmlArgs = std::vector<std::pair<std::string_view, std::string>>;

std::string Esc(std::string_view text);  // HtmlEscape
// Text copied from a plugin or the archive (English as written there), escaped and marked,
// so the zh deck can be checked for English outside such spans. "" stays "".
std::string Verbatim(std::string_view text);
// A message argument holding a Latin letter is English: printed verbatim (in lang="en").
bool HasLatinLetter(std::string_view s);
// Verbatim text set as code: commands, paths, hashes, identifiers.
std::string Code(std::string_view text);

class Prose {
 public:
  explicit Prose(const Messages& messages) : messages_(messages) {}

  // The sentence `key` with `args` substituted, as HTML. "" after recording the failure.
  std::string operator()(std::string_view key, const HtmlArgs& args = {});
  // Like operator() but a missing key is not a failure: nullopt.
  std::optional<std::string> Optional(std::string_view key, const HtmlArgs& args = {});
  // A model message {"code", "args": {name: text}} as the sentence "msg." + code; the
  // arguments are language-neutral text from the core (names, ids, numbers), escaped and,
  // where they hold Latin letters, marked as verbatim.
  std::string Message(const rapidjson::Value& message);

  const std::string& language() const { return messages_.language(); }
  const absl::Status& status() const { return status_; }
  // The sentence `key` as HTML, or the failure (nothing recorded).
  absl::StatusOr<std::string> Format(std::string_view key, const HtmlArgs& args) const;

 private:

  const Messages& messages_;
  absl::Status status_;
};

}  // namespace zoo::report::html
