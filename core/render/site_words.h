// The index site's own words (results_site.h), one catalog per language the site is written
// in. The reports and compare pages it links come from the reporters' catalogs; these few
// words belong to the host's own page. A struct, not a table of keys: a language that misses
// a word does not compile. Words are plain text (no markup), inserted as they are.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace zoo {

struct SiteWords {
  const char* lang;  // the page's lang attribute
  const char* title;
  const char* col_version;
  const char* col_started;
  const char* col_report;
  const char* col_archive;
  const char* version_over_version;  // the heading of a subject's compare pages
  const char* colon;                 // after "1.0 → 1.1", before its links
  const char* no_archives;
  // The history pages (history_page.h).
  const char* history;              // the heading and link text
  const char* history_title;        // "{subject} on machine {machine}" is built from it
  const char* machine;
  const char* col_step;             // the first version at the new level
  const char* col_change;
  const char* col_interval;
  const char* col_lasts;
  const char* col_cells;
  const char* col_compare;
  const char* slower;
  const char* faster;
  const char* yes;
  const char* no;
  const char* unconfirmed;
  const char* no_step;
  const char* nothing_to_compare;
  const char* left_out;
  const char* figure_caption;
};

// The languages the site is written in, in the order --help names them.
std::vector<std::string> SiteLanguages();

// kInvalidArgument, naming --lang and the languages there are, for any other language.
absl::StatusOr<const SiteWords*> SiteWordsFor(std::string_view language);

}  // namespace zoo
