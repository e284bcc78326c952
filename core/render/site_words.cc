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
    .history = "history",
    .history_title = "history",
    .machine = "machine",
    .col_step = "step at",
    .col_change = "change",
    .col_interval = "95% interval",
    .col_lasts = "lasts to the newest",
    .col_cells = "cells",
    .col_compare = "compare",
    .slower = "slower",
    .faster = "faster",
    .yes = "yes",
    .no = "no",
    .unconfirmed = "unconfirmed: the newest archive alone",
    .no_step = "no step: every series stays within noise",
    .nothing_to_compare = "nothing to compare: fewer than two archives in the series",
    .left_out = "left out of the series",
    .figure_caption = "the subject / baseline factor per archive (log scale, 1× dashed), one panel per tier and concurrency, one line per baseline with its 95% band; red lines mark the steps",
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
    .history = "历史",
    .history_title = "历史",
    .machine = "机器",
    .col_step = "阶跃起始版本",
    .col_change = "变化",
    .col_interval = "95% 区间",
    .col_lasts = "持续到最新",
    .col_cells = "格",
    .col_compare = "对比",
    .slower = "更慢",
    .faster = "更快",
    .yes = "是",
    .no = "否",
    .unconfirmed = "未确认：仅最新一份留档",
    .no_step = "没有阶跃：每条序列都在噪声之内",
    .nothing_to_compare = "无可对比：序列中的留档少于两份",
    .left_out = "未纳入序列",
    .figure_caption = "每份留档中被测框架 / 对照方案的倍数（对数刻度，虚线为 1×），每个档位与并发度一格，每个对照方案一条线及其 95% 区间带；红线标出阶跃",
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
