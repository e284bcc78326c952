// A sentence as data: a catalog key and its arguments, so that every reporter can say it in
// its own language from the same facts. Argument values are formatted once, here in the core
// and without words ("56.0 µs", "+40%", "thread_pool/c1/40us"), so numbers read the same in
// every language. The English `text`/`detail` kept beside a Message is for logs and tests.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "rapidjson/document.h"

namespace zoo {

struct Message {
  std::string code;  // "self_check.body_vs_target.failed": reporters look up "msg." + code
  std::vector<std::pair<std::string, std::string>> args;
};

// Language-neutral argument values.
std::string FormatDurationArg(double ns);  // "850 ns", "56.0 µs", "2.70 ms", "1.20 s"
std::string FormatPercentArg(double fraction);  // "4.1%"
std::string FormatMultipleArg(double x);  // "1.82×"
std::string FormatSignedPercentArg(double fraction);  // "+40%"

// {"code": ..., "args": {name: value, ...}} under `key`.
void WriteMessage(json::Writer& w, const char* key, const Message& message);
// The member `key` of `v` written by WriteMessage; `where` names the place in errors.
absl::StatusOr<Message> ReadMessage(const rapidjson::Value& v, const char* key,
                                    std::string_view where);

}  // namespace zoo
