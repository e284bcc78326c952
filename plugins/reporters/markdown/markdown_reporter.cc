// The "markdown" reporter: report.md, the full report in the seeds' section order, and the
// figures it links (figures/*.svg). Everything it says comes from the model and the catalogs;
// the same model and language always give the same bytes.
#include <string>
#include <vector>

#include "plugins/reporters/common/catalogs.h"
#include "plugins/reporters/common/compare_page.h"
#include "plugins/reporters/markdown/compare_markdown.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/figures.h"
#include "plugins/reporters/common/report_page.h"
#include "plugins/reporters/common/reporter_plugin.h"
#include "plugins/reporters/markdown/markdown_catalogs.h"
#include "plugins/reporters/markdown/page_markdown.h"

namespace zoo::report::markdown {
namespace {

// A figure is linked as figures/<name>: the name must stay a plain file name in that folder.
bool IsPlainSvgName(std::string_view name) {
  if (name.size() < 5 || name.substr(name.size() - 4) != ".svg" || name.front() == '.') {
    return false;
  }
  for (const char ch : name) {
    const bool ok =
        (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.';
    if (!ok) return false;
  }
  return true;
}

absl::Status RenderMarkdown(const RenderContext& context) {
  absl::StatusOr<std::vector<Figure>> figures = DrawFigures(context.model, context.messages);
  if (!figures.ok()) return figures.status();
  for (const Figure& f : *figures) {
    if (!IsPlainSvgName(f.file_name)) {
      return absl::InternalError(
          Concat("a figure has the file name '", f.file_name, "', which is not a plain .svg name"));
    }
  }

  const MarkdownMarkup markup(context.messages);
  absl::StatusOr<ReportPage> page =
      BuildReportPage(context.model, *figures, markup, PageForm::kReport);
  if (!page.ok()) return page.status();
  absl::StatusOr<std::string> contents = context.messages.Format("md.contents");
  if (!contents.ok()) return contents.status();

  for (const Figure& f : *figures) {
    if (absl::Status s = context.WriteFile(Concat("figures/", f.file_name), f.svg); !s.ok()) {
      return s;
    }
  }
  return context.WriteFile("report.md", PrintMarkdown(*page, *contents));
}

}  // namespace

const CatalogSet& MarkdownCatalogs() {
  static const CatalogSet catalogs = {
      {"en", {kCommonCatalogEn, kMarkdownCatalogEn}},
      {"zh", {kCommonCatalogZh, kMarkdownCatalogZh}},
  };
  return catalogs;
}

}  // namespace zoo::report::markdown

namespace {
// The description in Chinese (zoo.text/1); the entry's own is the English.
constexpr zoo_text_string_t kTextZh[] = {
    {"description", "report.md：完整报告，含每一节、每一个数值及其图表；compare.md：两份留档的对比"}};
constexpr ::zoo::Translation kTranslations[] = {{"zh", kTextZh}};
}  // namespace

ZOO_EXPORT_REPORTER_WITH_COMPARE(
    "markdown", "1.1.0",
    "report.md: the full report, every section and every value, with its figures; compare.md: "
    "a compare of two archives",
    "md", "en,zh", ::zoo::report::markdown::RenderMarkdown,
    &::zoo::report::markdown::MarkdownCatalogs(), ::zoo::report::markdown::RenderCompareMarkdown,
    &::zoo::report::CompareCatalogs(), kTranslations);
