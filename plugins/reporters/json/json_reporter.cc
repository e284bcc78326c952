// The "json" reporter: report-model.json, the report model exactly as zoo-host handed it over,
// byte for byte. It is what third-party tools read, so it is never re-serialized here: a
// reformatted copy could differ from what `zoo-host analyze --json` prints.
#include "plugins/reporters/common/reporter_plugin.h"

namespace {

absl::Status RenderJson(const zoo::report::RenderContext& context) {
  return context.WriteFile("report-model.json", context.model_json);
}

// compare.json: the compare document, byte for byte, for the same reason.
absl::Status RenderCompareJson(const zoo::report::CompareRenderContext& context) {
  return context.WriteFile("compare.json", context.model_json);
}

}  // namespace

namespace {
// The description in Chinese (zoo.text/1); the entry's own is the English.
constexpr zoo_text_string_t kTextZh[] = {
    {"description", "report-model.json（compare.json）：zoo-host 构建的报告模型（对比模型），原样写出"}};
constexpr ::zoo::Translation kTranslations[] = {{"zh", kTextZh}};
}  // namespace

ZOO_EXPORT_REPORTER_WITH_COMPARE("json", "1.1.0",
                                 "report-model.json (compare.json): the report model (the "
                                 "compare model), as zoo-host built it",
                                 "json", "en,zh", RenderJson, nullptr, RenderCompareJson, nullptr,
                                 kTranslations);
