// What every section of report.md writes with: the model, the catalog of the report's
// language, the document, and the few ways text enters it. Sections never build prose
// themselves: every sentence is a catalog template, and every string from a plugin or the
// archive goes through Quote(), which escapes it and, in a report not written in English,
// marks it as quoted English (<span lang="en">) so that it stays apart from the report's prose.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "plugins/reporters/common/messages.h"
#include "plugins/reporters/common/model_document.h"
#include "plugins/reporters/common/reporter_plugin.h"
#include "plugins/reporters/markdown/markdown_writer.h"

namespace zoo::report::markdown {

class Page {
 public:
  explicit Page(const RenderContext& context);

  const ModelDocument& model() const { return context_.model; }
  const rapidjson::Value& root() const { return context_.model.root(); }
  std::string_view subject() const { return subject_; }
  MarkdownWriter& out() { return out_; }

  // The template of `key` with `args`, which are Markdown already (Quote(), Code(), numbers).
  std::string T(std::string_view key, const MessageArgs& args = {});
  bool Has(std::string_view key) const { return context_.messages.Has(key); }
  // Text from a plugin or the archive, as it must appear in the report.
  std::string Quote(std::string_view text) const;
  std::string Code(std::string_view text) const { return CodeSpan(text); }
  // A sentence the model carries as {"code", "args"} (core/message.h), in the report's
  // language: the catalog key "msg." + code. `where` names it when it is missing
  // ("conclusions[2].message"), which fails the render: the model is older than this reporter.
  std::string Say(const rapidjson::Value* message, std::string_view where);
  // `items` joined with the language's list separator.
  std::string Join(const std::vector<std::string>& items);

  // The failure that ends the render, with the model member it concerns.
  void Lacks(std::string_view member);
  void Fail(absl::Status status) { text_.Fail(std::move(status)); }
  const absl::Status& status() const { return text_.status(); }

  // Facts several sections print the same way.
  std::string AdapterName(std::string_view adapter) const { return Quote(adapter); }
  std::string CellRef(uint32_t concurrency, uint32_t tier_us);  // "concurrency 1 · 40 µs"
  std::string Cores() const;

 private:
  const RenderContext& context_;
  bool quote_english_;
  std::string subject_;
  MessageFormatter text_;
  MarkdownWriter out_;
};

}  // namespace zoo::report::markdown
