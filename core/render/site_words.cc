#include "core/render/site_words.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace zoo {
namespace {

constexpr SiteWords kEnglish = {
    .lang = "en",
    .title = "zoo-host results",
    .col_version = "version",
    .col_started = "started (UTC)",
    .col_report = "report",
    .col_archive = "archive",
    .version_over_version = "version over version",
    .colon = ":",
    .no_archives = "no archives",
};

// The terms of the reporters' zh catalogs: 留档 for an archive, 开始时间（UTC）, 评测.
constexpr SiteWords kChinese = {
    .lang = "zh",
    .title = "zoo-host 评测结果",
    .col_version = "版本",
    .col_started = "开始时间（UTC）",
    .col_report = "报告",
    .col_archive = "留档",
    .version_over_version = "版本间对比",
    .colon = "：",
    .no_archives = "没有留档",
};

constexpr const SiteWords* kCatalogs[] = {&kEnglish, &kChinese};

}  // namespace

std::vector<std::string> SiteLanguages() {
  std::vector<std::string> out;
  for (const SiteWords* w : kCatalogs) out.emplace_back(w->lang);
  return out;
}

absl::StatusOr<const SiteWords*> SiteWordsFor(std::string_view language) {
  for (const SiteWords* w : kCatalogs) {
    if (w->lang == language) return w;
  }
  return absl::InvalidArgumentError(absl::StrCat("--lang ", std::string(language),
                                                 ": the index site is written in ",
                                                 absl::StrJoin(SiteLanguages(), " or ")));
}

}  // namespace zoo
