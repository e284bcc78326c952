// Small helpers over RapidJSON shared by the unit and archive codecs: typed field reads with
// one-sentence errors, and the NaN policy (NaN and infinities are written as null and read
// back as NaN; JSON has no NaN).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"

namespace zoo::json {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void String(Writer& w, const char* key, std::string_view value);
void Double(Writer& w, const char* key, double value);  // null for NaN / inf
void Int(Writer& w, const char* key, int64_t value);
void Uint(Writer& w, const char* key, uint64_t value);
void Bool(Writer& w, const char* key, bool value);
void StringList(Writer& w, const char* key, const std::vector<std::string>& values);
void UintList(Writer& w, const char* key, const std::vector<uint32_t>& values);

// "key": [...], each item written by `write_one(w, item)`: the one shape of every list the
// archive and the model JSON write.
template <typename Items, typename F>
void List(Writer& w, const char* key, const Items& items, F write_one) {
  w.Key(key);
  w.StartArray();
  for (const auto& item : items) write_one(w, item);
  w.EndArray();
}

// "key": [{...}, ...], each object's members written by `write_members(w, item)`.
template <typename Items, typename F>
void ObjectList(Writer& w, const char* key, const Items& items, F write_members) {
  List(w, key, items, [&write_members](Writer& out, const auto& item) {
    out.StartObject();
    write_members(out, item);
    out.EndObject();
  });
}

// Reads a member; `where` names the object in errors ("unit 3").
absl::StatusOr<const rapidjson::Value*> Member(const rapidjson::Value& v, const char* key,
                                               std::string_view where);
absl::StatusOr<std::string> GetString(const rapidjson::Value& v, const char* key,
                                      std::string_view where);
absl::StatusOr<double> GetDouble(const rapidjson::Value& v, const char* key,
                                 std::string_view where);  // null -> NaN
absl::StatusOr<int64_t> GetInt(const rapidjson::Value& v, const char* key,
                               std::string_view where);
absl::StatusOr<uint64_t> GetUint(const rapidjson::Value& v, const char* key,
                                 std::string_view where);
absl::StatusOr<bool> GetBool(const rapidjson::Value& v, const char* key, std::string_view where);
// JSON nested deeper than this is refused before it is parsed: RapidJSON parses, destroys and
// walks nested values recursively, so 200,000 nested '[' would overflow the stack. zoo-host's
// own documents nest 8 levels at most.
inline constexpr int kMaxJsonDepth = 128;
// The deepest nesting of arrays and objects in `text`, strings skipped, counted no further
// than kMaxJsonDepth + 1 (then the scan stops).
int NestingDepth(std::string_view text);

// The longest string (or member name) zoo-host reads from a JSON input, in bytes. The longest
// zoo-host writes are self-check details that list cells: 23 KB for the 1448 units of the
// full reference run in results/; this leaves ten times that. A longer string is not zoo-host's
// and would be copied into every report page that quotes it (10 MB made `render` take 28 s
// and write 371 MB).
inline constexpr size_t kMaxJsonStringBytes = size_t{256} << 10;
// kInvalidArgument "a string at units[3].output_tail is N bytes; the limit is M" for the first
// string or member name in `root` longer than `max_bytes` (callers put the file first).
// REQUIRES: `root` nests no deeper than kMaxJsonDepth (NestingDepth checked before parsing).
absl::Status CheckStringLengths(const rapidjson::Value& root,
                                size_t max_bytes = kMaxJsonStringBytes);

// Why ParseObject refused a text, in the order it checks; kNone when it did not.
enum class ParseProblem { kNone, kTooDeep, kNotJson, kNotObject, kStringTooLong };

// A parsed text, or why it is not a usable JSON object. `doc` holds the value whenever the
// text was JSON (kNone, kNotObject, kStringTooLong), so that a caller may check its own
// markers (an archive's "schema") before it names a string that is too long.
struct ParsedObject {
  rapidjson::Document doc;
  ParseProblem problem = ParseProblem::kNone;
  // The problem in words, for the caller to put after the file or answer it names:
  // "JSON nested deeper than 128 levels", "not valid JSON at byte 7: Missing a comma or
  // ']' after an array element.", "not a JSON object", or CheckStringLengths's sentence.
  std::string detail;
  bool ok() const { return problem == ParseProblem::kNone; }
};

// The limit ParseObject checks beside the depth; 0: strings of any length (a worker's answer,
// whose strings the archive they go into is checked for).
struct ParseLimits {
  size_t max_string_bytes = kMaxJsonStringBytes;
};

// The one way zoo-host parses a JSON document, with one flag set (numbers to full precision;
// the whole text one value): the depth first (NestingDepth, before RapidJSON recurses), then
// the syntax, then that the value is an object, then the strings (CheckStringLengths).
ParsedObject ParseObject(std::string_view text, ParseLimits limits = {});

// ParseObject for a worker child's or a plugin's answer, with no string limit: kInvalidArgument
// "<what> is nested too deeply" or "<what> is not a JSON object" ("the unit spec").
absl::StatusOr<rapidjson::Document> ParseAnswer(std::string_view text, std::string_view what);

// A list of unsigned 32-bit numbers, e.g. "concurrencies".
absl::StatusOr<std::vector<uint32_t>> GetUint32List(const rapidjson::Value& v, const char* key,
                                                    std::string_view where);

}  // namespace zoo::json

// Returns the status of `expr` from the enclosing function when it is not OK; otherwise
// assigns its value to `lhs`.
#define ZOO_ASSIGN_OR_RETURN(lhs, expr)          \
  do {                                           \
    auto zoo_result_ = (expr);                   \
    if (!zoo_result_.ok()) return zoo_result_.status(); \
    lhs = *std::move(zoo_result_);               \
  } while (0)
