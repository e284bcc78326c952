// The report page (common/report_page.h) as the deck's slides: the title slide, the noise
// warnings, the contents and every section, each heading of a section opening its own run of
// slides. Layout only: every word comes from the page.
#pragma once

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "plugins/reporters/common/report_page.h"
#include "plugins/reporters/html/deck_layout.h"
#include "plugins/reporters/html/prose.h"

namespace zoo::report::html {

// How the deck writes the page's text: HTML, plugin text marked as quoted English.
class DeckMarkup final : public PageMarkup {
 public:
  explicit DeckMarkup(const Prose& prose, const Messages& messages)
      : prose_(prose), messages_(messages) {}
  absl::StatusOr<std::string> Sentence(std::string_view key,
                                       const MessageArgs& args) const override {
    return prose_.Format(key, args);
  }
  bool Has(std::string_view key) const override { return messages_.Has(key); }
  std::string Text(std::string_view plain) const override { return Esc(plain); }
  std::string Quote(std::string_view text) const override { return Verbatim(text); }
  std::string Code(std::string_view text) const override { return html::Code(text); }
  std::string Strong(std::string_view html) const override {
    return absl::StrCat("<strong>", std::string(html), "</strong>");
  }
  std::string MessageArg(std::string_view value) const override {
    return HasLatinLetter(value) ? Verbatim(value) : Esc(value);
  }
  std::string_view Language() const override { return messages_.language(); }
  std::string Foreign(std::string_view text) const override { return Verbatim(text); }

 private:
  const Prose& prose_;
  const Messages& messages_;
};

std::vector<Slide> PrintDeck(const ReportPage& page, Prose& prose);

}  // namespace zoo::report::html
