// The results site's history pages (results_site.h): one per machine and subject of the
// history model (core/model/history.h), in Markdown and HTML, with its timeline figure
// (history_figure.h): the machine, the archives, the table of steps newest first with a link
// to the compare page of the two archives around each, the archives left out of the series.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/model/history.h"
#include "core/render/site_words.h"

namespace zoo {

struct HistoryPage {
  std::string base;  // "history/<machine>-<subject>": + ".md", ".html", ".svg"
  std::string subject;
  std::string machine;  // the machine's id
  std::string md, html, svg;
};

// The relative link, from a page in history/, to the compare page of `older` and `newer` (two
// archive paths) in `ext` ("md", "html"); "" when the site has none for them.
using CompareLinkFn =
    std::function<std::string(const std::string& older, const std::string& newer,
                              const std::string& ext)>;

std::vector<HistoryPage> HistoryPages(const HistoryModel& model, const SiteWords& words,
                                      const CompareLinkFn& compare_link);

}  // namespace zoo
