// Message catalogs: every sentence a report prints comes from one, by key, in one language.
// A catalog is a flat JSON object {"key": "template", ...}; a template names its arguments in
// braces: "{subject} is faster at {tier}". A missing key or argument fails the render with a
// sentence naming it: never a blank, never the other language.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace zoo::report {

// The catalog texts of one reporter, per language: {"en", {kCommonEn, kDeckEn}}, ...
using CatalogSet = std::map<std::string, std::vector<std::string_view>>;

using MessageArgs = std::vector<std::pair<std::string_view, std::string>>;

class Messages {
 public:
  // kNotFound naming the language when `catalogs` has none for it; kInvalidArgument for a
  // malformed catalog or a key defined twice.
  static absl::StatusOr<Messages> Load(const CatalogSet& catalogs, std::string_view language);

  // The template of `key` with every {name} replaced. kNotFound naming the key and the
  // language when the key is missing; kInvalidArgument naming the argument when the template
  // uses one that `args` lacks.
  absl::StatusOr<std::string> Format(std::string_view key, const MessageArgs& args = {}) const;

  const std::string& language() const { return language_; }
  bool Has(std::string_view key) const { return templates_.find(key) != templates_.end(); }
  // Every key, sorted: what the catalog tests compare across languages.
  std::vector<std::string> Keys() const;

 private:
  std::string language_;
  std::map<std::string, std::string, std::less<>> templates_;
};

// Formats many messages and keeps the first failure, so that a renderer builds a page in
// straight-line code and checks once at the end instead of after every sentence.
class MessageFormatter {
 public:
  explicit MessageFormatter(const Messages& messages) : messages_(messages) {}

  // The formatted message; "" once a failure is recorded (this one or an earlier one).
  std::string operator()(std::string_view key, const MessageArgs& args = {});
  // Records `status` unless a failure is recorded already.
  void Fail(absl::Status status);
  const absl::Status& status() const { return status_; }
  const Messages& messages() const { return messages_; }

 private:
  const Messages& messages_;
  absl::Status status_;
};

}  // namespace zoo::report
