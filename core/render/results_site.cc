#include "core/render/results_site.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/archive/archive.h"
#include "core/archive/results_index.h"
#include "core/base/atomic_file.h"
#include "core/model/compare_model.h"
#include "core/model/compare_model_json.h"
#include "core/render/report_render.h"
#include "core/model/history.h"
#include "core/render/history_page.h"
#include "core/render/site_text.h"
#include "core/render/site_words.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;

bool Has(const std::vector<std::string>& files, const std::string& f) {
  return std::find(files.begin(), files.end(), f) != files.end();
}

absl::Status CopyFileAtomically(const fs::path& from, const fs::path& to) {
  std::ifstream in(from, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  if (!in) return absl::InvalidArgumentError(absl::StrCat(from.string(), ": cannot be read"));
  return WriteFileAtomically(to, bytes.str());
}

// One row of the index: an archive and the files of its report that exist.
struct ArchiveRow {
  const IndexedArchive* archive;
  std::string raw;                  // relative link to the copied archive
  std::vector<std::string> report;  // relative links to report.html / report.md, if written
};

struct CompareLink {
  const IndexedArchive* older;
  const IndexedArchive* newer;
  std::vector<std::string> pages;  // relative links to compare.html / compare.md, if written
};

std::string LinkName(const std::string& link) { return fs::path(link).filename().string(); }

// The index's own words come from `words` (site_words.h), in the reports' language. The
// font stack names CJK faces so that a Chinese page draws real glyphs.
std::string IndexHtml(const SiteWords& words, const std::vector<ArchiveRow>& rows,
                      const std::vector<CompareLink>& compares,
                      const std::vector<HistoryPage>& histories) {
  std::string h = absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"", words.lang,
      "\">\n<head>\n<meta charset=\"utf-8\">\n<title>", words.title, "</title>\n<style>"
      "body{font-family:system-ui,\"Noto Sans CJK SC\",\"Source Han Sans SC\",\"PingFang SC\","
      "\"Microsoft YaHei\",sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem}"
      "table{border-collapse:collapse}th,td{border:1px solid #c8ccd1;padding:.25rem .6rem;"
      "text-align:left}th{background:#f2f4f7}</style>\n</head>\n<body>\n"
      "<h1>", words.title, "</h1>\n");
  for (size_t i = 0; i < rows.size();) {
    const std::string& subject = rows[i].archive->subject;
    h += absl::StrCat("<section>\n<h2>", HtmlEscape(subject), "</h2>\n<table>\n<tr><th>",
                      words.col_version, "</th><th>", words.col_started,
                      "</th><th>", words.col_report, "</th><th>",
                      words.col_archive, "</th></tr>\n");
    for (; i < rows.size() && rows[i].archive->subject == subject; ++i) {
      const ArchiveRow& r = rows[i];
      std::string report;
      for (const std::string& link : r.report) {
        absl::StrAppend(&report, report.empty() ? "" : " ", "<a href=\"", HtmlEscape(link), "\">",
                        HtmlEscape(LinkName(link)), "</a>");
      }
      absl::StrAppend(&h, "<tr><td>", HtmlEscape(r.archive->subject_version), "</td><td>",
                      HtmlEscape(r.archive->started_utc), "</td><td>", report,
                      "</td><td><a href=\"", HtmlEscape(r.raw), "\">",
                      HtmlEscape(LinkName(r.raw)), "</a></td></tr>\n");
    }
    h += "</table>\n";
    std::string list;
    for (const CompareLink& c : compares) {
      if (c.older->subject != subject || c.pages.empty()) continue;
      absl::StrAppend(&list, "<li>", HtmlEscape(c.older->subject_version), " &rarr; ",
                      HtmlEscape(c.newer->subject_version), words.colon);
      for (const std::string& link : c.pages) {
        absl::StrAppend(&list, " <a href=\"", HtmlEscape(link), "\">",
                        HtmlEscape(LinkName(link)), "</a>");
      }
      list += "</li>\n";
    }
    if (!list.empty()) {
      absl::StrAppend(&h, "<h3>", words.version_over_version, "</h3>\n<ul>\n", list,
                      "</ul>\n");
    }
    std::string history;
    for (const HistoryPage& p : histories) {
      if (p.subject != subject) continue;
      absl::StrAppend(&history, "<li>", words.machine, " <a href=\"", p.base, ".html\">",
                      p.machine, "</a> <a href=\"", p.base, ".md\">", LinkName(p.base + ".md"),
                      "</a></li>\n");
    }
    if (!history.empty()) absl::StrAppend(&h, "<h3>", words.history, "</h3>\n<ul>\n", history, "</ul>\n");
    h += "</section>\n";
  }
  if (rows.empty()) absl::StrAppend(&h, "<p>", words.no_archives, "</p>\n");
  h += "</body>\n</html>\n";
  return h;
}

std::string IndexMarkdown(const SiteWords& words, const std::vector<ArchiveRow>& rows,
                          const std::vector<CompareLink>& compares,
                          const std::vector<HistoryPage>& histories) {
  std::string md = absl::StrCat("# ", words.title, "\n");
  for (size_t i = 0; i < rows.size();) {
    const std::string& subject = rows[i].archive->subject;
    absl::StrAppend(&md, "\n## ", MarkdownEscape(subject), "\n\n| ",
                    words.col_version, " | ", words.col_started,
                    " | ", words.col_report, " | ",
                    words.col_archive, " |\n| --- | --- | --- | --- |\n");
    for (; i < rows.size() && rows[i].archive->subject == subject; ++i) {
      const ArchiveRow& r = rows[i];
      std::string report;
      for (const std::string& link : r.report) {
        absl::StrAppend(&report, report.empty() ? "" : " ", "[", LinkName(link), "](", link, ")");
      }
      absl::StrAppend(&md, "| ", MarkdownEscape(r.archive->subject_version), " | ",
                      MarkdownEscape(r.archive->started_utc), " | ", report, " | [",
                      LinkName(r.raw), "](", r.raw, ") |\n");
    }
    std::string list;
    for (const CompareLink& c : compares) {
      if (c.older->subject != subject || c.pages.empty()) continue;
      absl::StrAppend(&list, "- ", MarkdownEscape(c.older->subject_version), " → ",
                      MarkdownEscape(c.newer->subject_version), words.colon);
      for (const std::string& link : c.pages) absl::StrAppend(&list, " [", LinkName(link), "](", link, ")");
      list += "\n";
    }
    if (!list.empty()) {
      absl::StrAppend(&md, "\n### ", words.version_over_version, "\n\n", list);
    }
    std::string history;
    for (const HistoryPage& p : histories) {
      if (p.subject != subject) continue;
      absl::StrAppend(&history, "- ", words.machine, " ", p.machine, words.colon, " [",
                      LinkName(p.base + ".md"), "](", p.base, ".md) [", LinkName(p.base + ".html"),
                      "](", p.base, ".html)\n");
    }
    if (!history.empty()) absl::StrAppend(&md, "\n### ", words.history, "\n\n", history);
  }
  if (rows.empty()) absl::StrAppend(&md, "\n", words.no_archives, "\n");
  return md;
}

// An archive that reads but cannot be reported (no measured unit of its subject, as a Ctrl-C
// during the gate leaves; a code no reporter knows) is skipped and named, like one that does
// not read: the site is built from the rest.
void Skip(const SiteRequest& request, const fs::path& path, const absl::Status& why,
          SiteOutcome& outcome) {
  std::string line = absl::StrCat("skipped ", path.string(), ": ", why.message());
  if (request.on_note) request.on_note(line);
  outcome.skipped.push_back(std::move(line));
}

RenderRequest SiteRenderRequest(const SiteRequest& request) {
  RenderRequest render;
  render.language = request.language;
  render.plugin_paths = request.plugin_paths;
  render.allow_untrusted_plugins = request.allow_untrusted_plugins;
  render.zoo_host = request.zoo_host;
  render.on_note = request.on_note;
  return render;
}

// Renders each archive's report under reports/ with a copy of the raw archive beside it; the
// archives that were reported, in the order of the scan, become the site's rows.
absl::Status RenderReports(const SiteRequest& request, const ResultsScan& scan,
                           const fs::path& site, std::vector<IndexedArchive>& kept,
                           std::vector<ArchiveRow>& rows, SiteOutcome& outcome) {
  RenderRequest render = SiteRenderRequest(request);
  std::vector<std::vector<std::string>> kept_reports;
  for (const IndexedArchive& a : scan.archives) {
    const std::string base = absl::StrCat("reports/", a.folder, "/", a.stem);
    render.archive = a.path;
    render.out_dir = site / base;
    absl::StatusOr<RenderOutcome> rendered = RenderArchive(render);
    // The archive's own fault names the archive first (ReadArchive, BuildReportModel): skip
    // it. Anything else (a flag, a reporter, the disk) stops the site as before.
    if (!rendered.ok() && absl::StartsWith(rendered.status().message(), a.path.string())) {
      Skip(request, a.path, rendered.status(), outcome);
      continue;
    }
    if (!rendered.ok()) return rendered.status();
    if (absl::Status s = CopyFileAtomically(a.path, site / (base + ".json")); !s.ok()) {
      return s;
    }
    std::vector<std::string> report;
    for (const char* f : {"report.html", "report.md"}) {
      if (Has(rendered->files, f)) report.push_back(absl::StrCat(base, "/", f));
    }
    kept.push_back(a);
    kept_reports.push_back(std::move(report));
  }
  // `rows` points into `kept`, which is complete now and not resized again.
  for (size_t i = 0; i < kept.size(); ++i) {
    const IndexedArchive& a = kept[i];
    rows.push_back({.archive = &a,
                    .raw = absl::StrCat("reports/", a.folder, "/", a.stem, ".json"),
                    .report = kept_reports[i]});
    ++outcome.archives;
  }
  return absl::OkStatus();
}

// A compare page under compare/ for each pair of adjacent versions among the kept archives.
absl::Status RenderComparePages(const SiteRequest& request,
                                const std::vector<IndexedArchive>& kept, const fs::path& site,
                                std::vector<CompareLink>& compares, SiteOutcome& outcome) {
  RenderRequest render = SiteRenderRequest(request);
  for (const auto& [older_i, newer_i] : AdjacentVersionPairs(kept)) {
    const IndexedArchive& older = kept[older_i];
    const IndexedArchive& newer = kept[newer_i];
    absl::StatusOr<Archive> old_archive = ReadArchive(older.path);
    absl::StatusOr<Archive> new_archive = ReadArchive(newer.path);
    if (!old_archive.ok()) return old_archive.status();
    if (!new_archive.ok()) return new_archive.status();
    absl::StatusOr<CompareModel> model =
        BuildCompareModel(*old_archive, ShownArchivePath(older.path), *new_archive,
                          ShownArchivePath(newer.path));
    if (!model.ok()) {
      Skip(request, newer.path,
           absl::InvalidArgumentError(absl::StrCat("no compare page against ",
                                                   older.path.string(), ": ",
                                                   model.status().message())),
           outcome);
      continue;
    }
    const std::string base = absl::StrCat("compare/", older.folder, ".vs-", newer.folder);
    render.out_dir = site / base;
    render.formats = {};
    absl::StatusOr<RenderOutcome> rendered =
        RenderCompareDocument(CompareModelToJson(*model), render);
    if (!rendered.ok()) return rendered.status();
    CompareLink link{.older = &older, .newer = &newer, .pages = {}};
    for (const char* f : {"compare.html", "compare.md"}) {
      if (Has(rendered->files, f)) link.pages.push_back(absl::StrCat(base, "/", f));
    }
    compares.push_back(std::move(link));
    ++outcome.compares;
  }
  return absl::OkStatus();
}

// One history page per machine and subject of the kept archives (history_page.h), each
// step linked to the compare page of its two archives where the site has one.
absl::StatusOr<std::vector<HistoryPage>> WriteHistoryPages(
    const std::vector<IndexedArchive>& kept, const std::vector<CompareLink>& compares,
    const SiteWords& words, const fs::path& site) {
  std::vector<LoadedArchive> loaded;
  for (const IndexedArchive& a : kept) {
    absl::StatusOr<Archive> archive = ReadArchive(a.path);
    if (!archive.ok()) return archive.status();
    loaded.push_back({.path = a.path.string(), .archive = *std::move(archive)});
  }
  const CompareLinkFn link = [&compares](const std::string& older, const std::string& newer,
                                         const std::string& ext) -> std::string {
    for (const CompareLink& c : compares) {
      if (c.older->path.string() != older || c.newer->path.string() != newer) continue;
      for (const std::string& page : c.pages) {
        if (fs::path(page).extension() == "." + ext) return "../" + page;
      }
    }
    return "";
  };
  std::vector<HistoryPage> pages = HistoryPages(BuildHistory(loaded), words, link);
  for (const HistoryPage& p : pages) {
    for (const auto& [ext, text] : {std::pair<const char*, const std::string*>{".md", &p.md},
                                    {".html", &p.html}, {".svg", &p.svg}}) {
      if (absl::Status s = WriteFileAtomically(site / (p.base + ext), *text); !s.ok()) return s;
    }
  }
  return pages;
}

// Builds the site of `scan` in `site` (a staging folder); fills `outcome`.
absl::Status BuildSiteIn(const SiteRequest& request, const ResultsScan& scan, const fs::path& site,
                         SiteOutcome& outcome) {
  std::vector<IndexedArchive> kept;
  std::vector<ArchiveRow> rows;
  if (absl::Status s = RenderReports(request, scan, site, kept, rows, outcome); !s.ok()) return s;
  std::vector<CompareLink> compares;
  if (absl::Status s = RenderComparePages(request, kept, site, compares, outcome); !s.ok()) {
    return s;
  }
  const SiteWords& words = **SiteWordsFor(request.language);  // checked by BuildResultsSite
  absl::StatusOr<std::vector<HistoryPage>> histories =
      WriteHistoryPages(kept, compares, words, site);
  if (!histories.ok()) return histories.status();
  if (absl::Status s = WriteFileAtomically(site / "index.md",
                                           IndexMarkdown(words, rows, compares, *histories));
      !s.ok()) {
    return s;
  }
  return WriteFileAtomically(site / "index.html", IndexHtml(words, rows, compares, *histories));
}

}  // namespace

absl::StatusOr<SiteOutcome> BuildResultsSite(const SiteRequest& request) {
  if (absl::StatusOr<const SiteWords*> words = SiteWordsFor(request.language); !words.ok()) {
    return words.status();
  }
  absl::StatusOr<ResultsScan> scan = ScanResults(request.results);
  if (!scan.ok()) return scan.status();
  SiteOutcome outcome;
  outcome.skipped = scan->skipped;
  for (const std::string& s : scan->skipped) {
    if (request.on_note) request.on_note(s);
  }
  // The whole site is built beside SITE and moved into place when complete: a failure (a
  // reporter, a full disk) leaves no half site, and the one there before stays.
  absl::StatusOr<fs::path> staging = MakeStagingFolder(request.out_dir);
  if (!staging.ok()) return staging.status();
  if (absl::Status s = BuildSiteIn(request, *scan, *staging, outcome); !s.ok()) {
    std::error_code ec;
    fs::remove_all(*staging, ec);
    return s;
  }
  if (absl::Status s = PublishFolder(*staging, request.out_dir); !s.ok()) return s;
  return outcome;
}

}  // namespace zoo
