#include "core/base/json_util.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/absl_view.h"
#include "rapidjson/error/en.h"

namespace zoo::json {
namespace {

// Every document zoo-host reads is parsed with these: full precision, so that a double the
// archive wrote reads back as the same double (RapidJSON's default may be 1 ulp off).
constexpr unsigned kParseFlags = rapidjson::kParseFullPrecisionFlag;

absl::Status WrongType(std::string_view where, const char* key, const char* want) {
  return absl::InvalidArgumentError(
      absl::StrCat(Sv(where), ": field '", key, "' must be ", want));
}

// One step of the way from the root to a value: a member name or an array index.
struct PathStep {
  bool is_index = false;
  std::string_view key;
  size_t index = 0;
};

std::string PathText(const std::vector<PathStep>& path) {
  if (path.empty()) return "the top level";
  std::string out;
  for (const PathStep& step : path) {
    if (step.is_index) {
      absl::StrAppend(&out, "[", step.index, "]");
    } else {
      // A member name within the limit can still be too long for a sentence.
      const std::string_view key = step.key.substr(0, 40);
      absl::StrAppend(&out, out.empty() ? "" : ".", Sv(key),
                      key.size() < step.key.size() ? "..." : "");
    }
  }
  return out;
}

absl::Status TooLong(const std::vector<PathStep>& path, const char* what, size_t length,
                     size_t max_bytes) {
  return absl::InvalidArgumentError(absl::StrCat("a ", what, " at ", PathText(path), " is ",
                                                 length, " bytes; the limit is ", max_bytes));
}

absl::Status CheckStrings(const rapidjson::Value& v, size_t max_bytes,
                          std::vector<PathStep>& path) {
  if (path.size() > static_cast<size_t>(kMaxJsonDepth)) {
    return absl::InvalidArgumentError(
        absl::StrCat("JSON nested deeper than ", kMaxJsonDepth, " levels"));
  }
  if (v.IsString()) {
    if (v.GetStringLength() > max_bytes) {
      return TooLong(path, "string", v.GetStringLength(), max_bytes);
    }
  } else if (v.IsObject()) {
    for (const auto& m : v.GetObject()) {
      if (m.name.GetStringLength() > max_bytes) {
        return TooLong(path, "member name", m.name.GetStringLength(), max_bytes);
      }
      path.push_back({.is_index = false,
                      .key = std::string_view(m.name.GetString(), m.name.GetStringLength()),
                      .index = 0});
      if (absl::Status s = CheckStrings(m.value, max_bytes, path); !s.ok()) return s;
      path.pop_back();
    }
  } else if (v.IsArray()) {
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
      path.push_back({.is_index = true, .key = {}, .index = i});
      if (absl::Status s = CheckStrings(v[i], max_bytes, path); !s.ok()) return s;
      path.pop_back();
    }
  }
  return absl::OkStatus();
}

}  // namespace

ParsedObject ParseObject(std::string_view text, ParseLimits limits) {
  ParsedObject out;
  if (NestingDepth(text) > kMaxJsonDepth) {
    out.problem = ParseProblem::kTooDeep;
    out.detail = absl::StrCat("JSON nested deeper than ", kMaxJsonDepth, " levels");
    return out;
  }
  out.doc.Parse<kParseFlags>(text.data(), text.size());
  if (out.doc.HasParseError()) {
    out.problem = ParseProblem::kNotJson;
    out.detail = absl::StrCat("not valid JSON at byte ", out.doc.GetErrorOffset(), ": ",
                              rapidjson::GetParseError_En(out.doc.GetParseError()));
    return out;
  }
  if (!out.doc.IsObject()) {
    out.problem = ParseProblem::kNotObject;
    out.detail = "not a JSON object";
    return out;
  }
  if (limits.max_string_bytes > 0) {
    if (absl::Status s = CheckStringLengths(out.doc, limits.max_string_bytes); !s.ok()) {
      out.problem = ParseProblem::kStringTooLong;
      out.detail = std::string(s.message());
    }
  }
  return out;
}

absl::StatusOr<rapidjson::Document> ParseAnswer(std::string_view text, std::string_view what) {
  ParsedObject parsed = ParseObject(text, {.max_string_bytes = 0});
  if (parsed.problem == ParseProblem::kTooDeep) {
    return absl::InvalidArgumentError(absl::StrCat(Sv(what), " is nested too deeply"));
  }
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(Sv(what), " is not a JSON object"));
  }
  return std::move(parsed.doc);
}

absl::Status CheckStringLengths(const rapidjson::Value& root, size_t max_bytes) {
  std::vector<PathStep> path;
  return CheckStrings(root, max_bytes, path);
}

void String(Writer& w, const char* key, std::string_view value) {
  w.Key(key);
  w.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
}
void Double(Writer& w, const char* key, double value) {
  w.Key(key);
  if (std::isfinite(value)) {
    w.Double(value);
  } else {
    w.Null();
  }
}
void Int(Writer& w, const char* key, int64_t value) {
  w.Key(key);
  w.Int64(value);
}
void Uint(Writer& w, const char* key, uint64_t value) {
  w.Key(key);
  w.Uint64(value);
}
void Bool(Writer& w, const char* key, bool value) {
  w.Key(key);
  w.Bool(value);
}

void StringList(Writer& w, const char* key, const std::vector<std::string>& values) {
  List(w, key, values, [](Writer& out, const std::string& v) {
    out.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
  });
}

void UintList(Writer& w, const char* key, const std::vector<uint32_t>& values) {
  List(w, key, values, [](Writer& out, uint32_t v) { out.Uint(v); });
}

absl::StatusOr<const rapidjson::Value*> Member(const rapidjson::Value& v, const char* key,
                                               std::string_view where) {
  if (!v.IsObject()) return absl::InvalidArgumentError(absl::StrCat(Sv(where), ": not an object"));
  auto it = v.FindMember(key);
  if (it == v.MemberEnd()) {
    return absl::InvalidArgumentError(absl::StrCat(Sv(where), ": field '", key, "' is missing"));
  }
  return &it->value;
}

absl::StatusOr<std::string> GetString(const rapidjson::Value& v, const char* key,
                                      std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, Member(v, key, where));
  if (!m->IsString()) return WrongType(where, key, "a string");
  return std::string(m->GetString(), m->GetStringLength());
}

absl::StatusOr<double> GetDouble(const rapidjson::Value& v, const char* key,
                                 std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, Member(v, key, where));
  if (m->IsNull()) return std::numeric_limits<double>::quiet_NaN();
  if (!m->IsNumber()) return WrongType(where, key, "a number or null");
  return m->GetDouble();
}

absl::StatusOr<int64_t> GetInt(const rapidjson::Value& v, const char* key,
                               std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, Member(v, key, where));
  if (!m->IsInt64()) return WrongType(where, key, "a whole number");
  return m->GetInt64();
}

absl::StatusOr<uint64_t> GetUint(const rapidjson::Value& v, const char* key,
                                 std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, Member(v, key, where));
  if (!m->IsUint64()) return WrongType(where, key, "a whole number, 0 or more");
  return m->GetUint64();
}

absl::StatusOr<bool> GetBool(const rapidjson::Value& v, const char* key, std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, Member(v, key, where));
  if (!m->IsBool()) return WrongType(where, key, "true or false");
  return m->GetBool();
}

absl::StatusOr<std::vector<uint32_t>> GetUint32List(const rapidjson::Value& v, const char* key,
                                                    std::string_view where) {
  const rapidjson::Value* m;
  ZOO_ASSIGN_OR_RETURN(m, Member(v, key, where));
  if (!m->IsArray()) return WrongType(where, key, "a list of numbers");
  std::vector<uint32_t> out;
  for (const rapidjson::Value& x : m->GetArray()) {
    if (!x.IsUint()) return WrongType(where, key, "a list of numbers");
    out.push_back(x.GetUint());
  }
  return out;
}

int NestingDepth(std::string_view text) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    switch (c) {
      case '"': in_string = true; break;
      case '[':
      case '{':
        deepest = std::max(deepest, ++depth);
        if (deepest > kMaxJsonDepth) return deepest;
        break;
      case ']':
      case '}': --depth; break;
      default: break;
    }
  }
  return deepest;
}

}  // namespace zoo::json
