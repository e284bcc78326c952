// The metric tables of report.md: one row per (concurrency, tier), one column per adapter
// with the subject first, or per baseline for tables of ratios against the subject.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "plugins/reporters/markdown/markdown_page.h"

namespace zoo::report::markdown {

// The text of one column in one row.
using PivotCell =
    std::function<std::string(std::string_view adapter, uint32_t concurrency, uint32_t tier_us)>;

void PivotTable(Page& page, bool baselines_only, const PivotCell& cell);

// An adapter's column heading: its name, marked when it is the subject.
std::string AdapterColumn(Page& page, std::string_view adapter);

// `figure(unit)` for a measured unit; "—" where there is no unit, "failed" where it failed.
std::string UnitFigure(Page& page, std::string_view adapter, uint32_t concurrency, uint32_t tier_us,
                       const std::function<std::string(const rapidjson::Value& unit)>& figure);

}  // namespace zoo::report::markdown
