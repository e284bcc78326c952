// The report model as a reporter receives it: the versioned JSON of core/report_model_json.h,
// parsed once, with lookups by id. Reporters read facts from it and compute no number.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "rapidjson/document.h"

namespace zoo::report {

class ModelDocument {
 public:
  // kInvalidArgument naming the problem for text that is not a report model of a supported
  // version.
  static absl::StatusOr<ModelDocument> Parse(std::string_view json);

  const rapidjson::Value& root() const { return doc_; }
  // The unit or cell with this id ("thread_pool/c1/40us"); nullptr when there is none.
  const rapidjson::Value* Unit(std::string_view id) const;
  const rapidjson::Value* Cell(std::string_view id) const;
  // The adapter record by name; nullptr when there is none.
  const rapidjson::Value* Adapter(std::string_view name) const;
  // The main-matrix unit of `adapter` at these coordinates (never a semantics unit), and the
  // cell of `baseline` against the subject there; nullptr when there is none. Keyed by the
  // fields, not by the id's spelling.
  const rapidjson::Value* UnitAt(std::string_view adapter, uint32_t concurrency,
                                 uint32_t tier_us) const;
  const rapidjson::Value* CellAt(std::string_view baseline, uint32_t concurrency,
                                 uint32_t tier_us) const;
  // The league entry of `adapter` at these coordinates ("rankings"); nullptr when it was not
  // ranked there (the floor, a failed unit, a model from before the league).
  const rapidjson::Value* RankAt(std::string_view adapter, uint32_t concurrency,
                                 uint32_t tier_us) const;
  // The adapters that have at least one main-matrix unit, in the model's order (the subject
  // first): the columns of every pivot table.
  const std::vector<std::string>& MeasuredAdapters() const { return measured_adapters_; }
  // The "cost" member (core/report_model_json.h): what a task costs beyond time. A model
  // written before it existed reads as {"status": "not_run", "reason_code": "not_recorded"},
  // so every reporter says the run did not count instead of leaving the section out.
  const rapidjson::Value& Cost() const;

  ModelDocument(ModelDocument&&) = default;
  ModelDocument& operator=(ModelDocument&&) = default;

 private:
  ModelDocument() = default;
  using Coordinates = std::tuple<std::string, uint32_t, uint32_t>;
  rapidjson::Document doc_;
  // Point into doc_'s allocator, which a move of the document hands over unchanged.
  std::map<std::string, const rapidjson::Value*, std::less<>> units_, cells_, adapters_;
  std::map<Coordinates, const rapidjson::Value*> units_at_, cells_at_, ranks_at_;
  std::vector<std::string> measured_adapters_;
};

// Reads of one member below the top level, which Parse has checked. An absent or null member
// reads as "", NaN, 0, false or an empty array: the model writes null for NaN and for an
// empty optional, and a reporter prints those as "no figure".
std::string_view StringOf(const rapidjson::Value& v, const char* key);
double NumberOf(const rapidjson::Value& v, const char* key);
uint32_t UintOf(const rapidjson::Value& v, const char* key);
bool BoolOf(const rapidjson::Value& v, const char* key);
const rapidjson::Value& ArrayOf(const rapidjson::Value& v, const char* key);
const rapidjson::Value* MemberOf(const rapidjson::Value& v, const char* key);
const rapidjson::Value& ObjectOf(const rapidjson::Value& v, const char* key);  // {} if absent
std::string_view StringOf(const rapidjson::Value& v);  // "" unless v is a string
double NumberOf(const rapidjson::Value& v);            // NaN unless v is a number
// The whole numbers of a model array ("concurrencies", "tiers_us"), anything else skipped.
std::vector<uint32_t> UintsOf(const rapidjson::Value& array);
std::vector<std::string> StringsOf(const rapidjson::Value& array);  // the strings, so too
// A figure of a unit's "stats" ("overhead_share"); NaN without a unit or its stats.
double StatOf(const rapidjson::Value* unit, const char* key);

}  // namespace zoo::report
