// The noise warnings on the first page: each condition that applied (what was seen, why it
// matters, what to do), then what was checked and found fine or could not be checked. An
// archive from before noise conditions says so in one line instead of claiming a clean machine.
#include <string>
#include <vector>

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/markdown/sections.h"

namespace zoo::report::markdown {
namespace {

// The localized name of a condition; one from a newer zoo-host is named by its code.
std::string ConditionName(Page& page, std::string_view code) {
  const std::string key = Concat("noise.name.", code);
  return page.Has(key) ? page.T(key) : page.Quote(code);
}

// The message argument `name`, or "" without one.
std::string_view MessageArg(const rapidjson::Value& condition, const char* name) {
  const rapidjson::Value* message = MemberOf(condition, "message");
  const rapidjson::Value* args = message != nullptr ? MemberOf(*message, "args") : nullptr;
  return args != nullptr ? StringOf(*args, name) : std::string_view();
}

std::string WarningLine(Page& page, const rapidjson::Value& condition, size_t index) {
  const std::string_view code = StringOf(condition, "code");
  const std::string statement =
      page.Say(MemberOf(condition, "message"), Concat("noise.warnings[", std::to_string(index),
                                                      "].message"));
  const std::string why_key = Concat("noise.why.", code);
  const std::string fix_key = Concat("noise.fix.", code);
  if (!page.Has(why_key) || !page.Has(fix_key)) return Concat("**", statement, "**");
  const std::string_view command = MessageArg(condition, "command");
  MessageArgs fix_args;
  if (!command.empty()) fix_args.emplace_back("command", page.Code(command));
  return page.T("noise.item", {{"statement", Concat("**", statement, "**")},
                               {"why", page.T(why_key)},
                               {"fix", page.T(fix_key, fix_args)}});
}

}  // namespace

void WriteNoiseWarnings(Page& page) {
  const rapidjson::Value* noise = MemberOf(page.root(), "noise");
  if (noise == nullptr || !BoolOf(*noise, "recorded")) {
    page.out().Paragraph(Concat("**", page.T("noise.not_recorded"), "**"));
    return;
  }
  const rapidjson::Value& warnings = ArrayOf(*noise, "warnings");
  if (warnings.Empty()) {
    page.out().Paragraph(Concat("**", page.T("noise.none"), "**"));
  } else {
    page.out().Paragraph(Concat(
        "**", page.T("noise.warnings_lead", {{"count", std::to_string(warnings.Size())}}), "**"));
    std::vector<std::string> lines;
    for (rapidjson::SizeType i = 0; i < warnings.Size(); ++i) {
      lines.push_back(WarningLine(page, warnings[i], i));
    }
    page.out().Bullets(lines);
  }
  std::vector<std::string> fine, unchecked;
  for (const rapidjson::Value& c : ArrayOf(*noise, "checked").GetArray()) {
    (StringOf(c, "state") == "fine" ? fine : unchecked)
        .push_back(ConditionName(page, StringOf(c, "code")));
  }
  std::vector<std::string> said;
  if (!fine.empty()) said.push_back(page.T("noise.checked_fine", {{"names", page.Join(fine)}}));
  if (!unchecked.empty()) {
    said.push_back(page.T("noise.not_checkable", {{"names", page.Join(unchecked)}}));
  }
  if (!said.empty()) page.out().Paragraph(said.size() == 1 ? said[0] : Concat(said[0], " ", said[1]));
}

}  // namespace zoo::report::markdown
