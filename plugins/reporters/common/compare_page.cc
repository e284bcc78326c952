#include "plugins/reporters/common/compare_page.h"

#include <set>

#include "plugins/reporters/common/model_document.h"
#include "plugins/reporters/common/text_format.h"

namespace zoo::report {
namespace {

// Arguments that name things rather than state numbers: written as code.
const std::set<std::string_view> kCodeArgs = {"cell",     "value",    "baseline", "path",
                                              "old_host", "new_host", "coordinates"};

class Sayer {
 public:
  Sayer(const Messages& messages, const CompareMarkup& markup)
      : format_(messages), markup_(markup) {}

  // A catalog key with arguments given as plain text.
  std::string operator()(std::string_view key, const MessageArgs& plain = {}) {
    MessageArgs args;
    for (const auto& [name, value] : plain) args.emplace_back(name, Arg(name, value));
    return format_(key, args);
  }

  // A message of the document ({"code", "args"}) said as "msg." + code.
  std::string Message(const rapidjson::Value& message) {
    const std::string key = "msg." + std::string(StringOf(message, "code"));
    MessageArgs args;
    if (const rapidjson::Value* a = MemberOf(message, "args"); a != nullptr && a->IsObject()) {
      for (auto it = a->MemberBegin(); it != a->MemberEnd(); ++it) {
        const std::string_view name(it->name.GetString(), it->name.GetStringLength());
        args.emplace_back(name, Arg(name, std::string(StringOf(it->value))));
      }
    }
    return format_(key, args);
  }

  std::string Escape(std::string_view s) const { return markup_.escape(s); }
  std::string Code(std::string_view s) const { return markup_.code(s); }
  const absl::Status& status() const { return format_.status(); }

 private:
  std::string Arg(std::string_view name, const std::string& value) const {
    return kCodeArgs.count(name) != 0 ? markup_.code(value) : markup_.escape(value);
  }

  MessageFormatter format_;
  const CompareMarkup& markup_;
};

// The formatted argument `name` of a document message, escaped: what a table cell shows.
std::string ArgOf(const rapidjson::Value& message, const char* name, const Sayer& say) {
  const rapidjson::Value* args = MemberOf(message, "args");
  if (args == nullptr || !args->IsObject()) return std::string(kNoFigure);
  const rapidjson::Value* v = MemberOf(*args, name);
  return v != nullptr && v->IsString() ? say.Escape(StringOf(*v)) : std::string(kNoFigure);
}

const rapidjson::Value& MessageOf(const rapidjson::Value& v, const char* key) {
  static const rapidjson::Value kEmpty(rapidjson::kObjectType);
  const rapidjson::Value* m = MemberOf(v, key);
  return m != nullptr && m->IsObject() ? *m : kEmpty;
}

CompareSection Titled(std::string title) {
  CompareSection s;
  s.title = std::move(title);
  return s;
}

}  // namespace

const CatalogSet& CompareCatalogs() {
  static const CatalogSet kCatalogs = {{"en", {kCompareCatalogEn}}, {"zh", {kCompareCatalogZh}}};
  return kCatalogs;
}

absl::StatusOr<ComparePage> BuildComparePage(const rapidjson::Value& doc,
                                             const Messages& messages,
                                             const CompareMarkup& markup) {
  Sayer say(messages, markup);
  ComparePage page;
  const rapidjson::Value& old_side = *MemberOf(doc, "old");
  const rapidjson::Value& new_side = *MemberOf(doc, "new");
  const MessageArgs title_args = {
      {"subject", std::string(StringOf(doc, "subject"))},
      {"old_version", std::string(StringOf(old_side, "subject_version"))},
      {"new_version", std::string(StringOf(new_side, "subject_version"))}};
  {
    MessageFormatter plain(messages);
    page.title = plain("compare.title", title_args);
    if (!plain.status().ok()) return plain.status();
  }
  page.title_markup = say("compare.title", title_args);
  for (const auto& [key, side] : {std::pair{"compare.old_archive", &old_side},
                                  std::pair{"compare.new_archive", &new_side}}) {
    page.lead.push_back(say(key, {{"path", std::string(StringOf(*side, "archive_path"))},
                                  {"version", std::string(StringOf(*side, "subject_version"))},
                                  {"started", std::string(StringOf(*side, "started_utc"))}}));
  }
  page.lead.push_back(say.Message(MessageOf(doc, "summary")));
  page.lead.push_back(say.Message(MessageOf(doc, "machine")));
  page.lead.push_back(say("compare.method"));

  const rapidjson::Value& cells = ArrayOf(doc, "cells");
  CompareSection geomean = Titled(say("compare.section.geomean.title"));
  geomean.paragraphs.push_back(say.Message(MessageOf(MessageOf(doc, "geomean"), "message")));
  for (const rapidjson::Value& g : ArrayOf(doc, "geomean_per_baseline").GetArray()) {
    geomean.items.push_back(say.Message(MessageOf(g, "message")));
  }
  page.sections.push_back(std::move(geomean));

  for (const char* direction : {"regressed", "improved"}) {
    CompareSection s = Titled(say(std::string("compare.section.") + direction + ".title"));
    for (const rapidjson::Value& c : cells.GetArray()) {
      if (StringOf(c, "direction") == direction) s.items.push_back(say.Message(MessageOf(c, "message")));
    }
    if (s.items.empty()) s.paragraphs.push_back(say(std::string("compare.none.") + direction));
    page.sections.push_back(std::move(s));
  }

  CompareSection all = Titled(say("compare.section.cells.title"));
  if (cells.Empty()) {
    all.paragraphs.push_back(say("compare.none.cells"));
  } else {
    all.table.header = {say("compare.col.cell"),      say("compare.col.basis"),
                        say("compare.col.old_ratio"), say("compare.col.new_ratio"),
                        say("compare.col.end_to_end"), say("compare.col.change"),
                        say("compare.col.noise"),     say("compare.col.p"),
                        say("compare.col.direction")};
    for (const rapidjson::Value& c : cells.GetArray()) {
      const rapidjson::Value& m = MessageOf(c, "message");
      all.table.rows.push_back(
          {say.Code(StringOf(c, "id")), say("compare.basis." + std::string(StringOf(c, "basis"))),
           ArgOf(m, "old_ratio", say), ArgOf(m, "new_ratio", say),
           ArgOf(m, "end_to_end", say), ArgOf(m, "change", say), ArgOf(m, "noise", say),
           ArgOf(m, "p", say), say("compare.direction." + std::string(StringOf(c, "direction")))});
    }
  }
  page.sections.push_back(std::move(all));

  // How far a unit moves between two processes by itself: what widened every band above.
  CompareSection drift = Titled(say("compare.section.drift.title"));
  drift.paragraphs.push_back(say("compare.drift.note"));
  for (const rapidjson::Value& d : ArrayOf(doc, "drift").GetArray()) {
    drift.items.push_back(say.Message(MessageOf(d, "message")));
  }
  page.sections.push_back(std::move(drift));

  CompareSection shares = Titled(say("compare.section.shares.title"));
  bool any_share = false;
  for (const rapidjson::Value& s : ArrayOf(doc, "shares").GetArray()) {
    const rapidjson::Value& m = MessageOf(s, "message");
    if (StringOf(m, "code") == "compare.share.changed") {
      any_share = true;
      shares.table.rows.push_back({say.Code(StringOf(*MemberOf(m, "args"), "coordinates")),
                                   ArgOf(m, "old", say), ArgOf(m, "new", say),
                                   ArgOf(m, "change", say)});
    } else {
      shares.items.push_back(say.Message(m));
    }
  }
  if (any_share) {
    shares.table.header = {say("compare.col.coordinates"), say("compare.col.old_share"),
                           say("compare.col.new_share"), say("compare.col.share_change")};
  } else if (shares.items.empty()) {
    shares.paragraphs.push_back(say("compare.none.shares"));
  }
  page.sections.push_back(std::move(shares));

  CompareSection only = Titled(say("compare.section.only.title"));
  for (const rapidjson::Value& o : ArrayOf(doc, "only_in_one").GetArray()) {
    only.items.push_back(say.Message(MessageOf(o, "message")));
  }
  if (only.items.empty()) only.paragraphs.push_back(say("compare.none.only"));
  page.sections.push_back(std::move(only));

  if (BoolOf(doc, "same_machine")) {
    CompareSection absolute = Titled(say("compare.section.absolute.title"));
    absolute.paragraphs.push_back(say("compare.absolute.note"));
    for (const rapidjson::Value& c : cells.GetArray()) {
      const rapidjson::Value& m = MessageOf(c, "absolute");
      if (!StringOf(m, "code").empty()) absolute.items.push_back(say.Message(m));
    }
    page.sections.push_back(std::move(absolute));
  }
  if (!say.status().ok()) return say.status();
  return page;
}

}  // namespace zoo::report
