#include "plugins/reporters/markdown/pivot.h"

#include <vector>

#include "plugins/reporters/common/text_format.h"

namespace zoo::report::markdown {

std::string AdapterColumn(Page& page, std::string_view adapter) {
  if (adapter == page.subject()) {
    return page.T("term.subject_column", {{"name", page.AdapterName(adapter)}});
  }
  return page.AdapterName(adapter);
}

void PivotTable(Page& page, bool baselines_only, const PivotCell& cell) {
  std::vector<std::string> adapters;
  for (const std::string& a : page.model().MeasuredAdapters()) {
    if (!baselines_only || a != page.subject()) adapters.push_back(a);
  }
  std::vector<std::string> header = {page.T("col.concurrency"), page.T("col.tier")};
  for (const std::string& a : adapters) header.push_back(AdapterColumn(page, a));
  std::vector<std::vector<std::string>> rows;
  for (const rapidjson::Value& c : page.root()["concurrencies"].GetArray()) {
    for (const rapidjson::Value& t : page.root()["tiers_us"].GetArray()) {
      if (!c.IsUint() || !t.IsUint()) continue;
      std::vector<std::string> row = {std::to_string(c.GetUint()), Tier(t.GetUint())};
      for (const std::string& a : adapters) row.push_back(cell(a, c.GetUint(), t.GetUint()));
      rows.push_back(std::move(row));
    }
  }
  page.out().Table(header, rows);
}

std::string UnitFigure(Page& page, std::string_view adapter, uint32_t concurrency, uint32_t tier_us,
                       const std::function<std::string(const rapidjson::Value& unit)>& figure) {
  const rapidjson::Value* unit = page.model().UnitAt(adapter, concurrency, tier_us);
  if (unit == nullptr) return std::string(kNoFigure);
  if (!BoolOf(*unit, "ok")) return page.T("cell.failed");
  return figure(*unit);
}

}  // namespace zoo::report::markdown
