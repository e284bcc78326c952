#include "plugins/reporters/common/model_document.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "plugins/reporters/common/concat.h"
#include "rapidjson/error/en.h"

namespace zoo::report {
namespace {

constexpr std::string_view kSchemaName = "zoo-host-report-model";
constexpr int kSupportedModelVersion = 1;

enum class Kind { kString, kNumber, kNumberOrNull, kArray, kObject };

bool HasKind(const rapidjson::Value& v, Kind kind) {
  switch (kind) {
    case Kind::kString: return v.IsString();
    case Kind::kNumber: return v.IsNumber();
    case Kind::kNumberOrNull: return v.IsNumber() || v.IsNull();
    case Kind::kArray: return v.IsArray();
    case Kind::kObject: return v.IsObject();
  }
  return false;
}

const char* KindName(Kind kind) {
  switch (kind) {
    case Kind::kString: return "a string";
    case Kind::kNumber: return "a number";
    case Kind::kNumberOrNull: return "a number or null";
    case Kind::kArray: return "an array";
    case Kind::kObject: return "an object";
  }
  return "?";
}

// `where` is "the report model" or "units[3]".
absl::Status Require(const rapidjson::Value& v, const char* key, Kind kind,
                     std::string_view where) {
  const auto it = v.FindMember(key);
  if (it == v.MemberEnd()) {
    return absl::InvalidArgumentError(Concat(where, " lacks '", key, "'"));
  }
  if (!HasKind(it->value, kind)) {
    return absl::InvalidArgumentError(Concat(where, ": '", key, "' must be ", KindName(kind)));
  }
  return absl::OkStatus();
}

// What every reporter reads without checking again: the top-level members and the keys of
// the records it indexes.
struct Requirement {
  const char* key;
  Kind kind;
};
constexpr Requirement kTopLevel[] = {
    {"archive_path", Kind::kString},
    {"subject", Kind::kString},
    {"subject_version", Kind::kString},
    {"run", Kind::kObject},
    {"environment", Kind::kObject},
    {"adapters", Kind::kArray},
    {"units", Kind::kArray},
    {"tiers_us", Kind::kArray},
    {"concurrencies", Kind::kArray},
    {"cells", Kind::kArray},
    {"subject_faster", Kind::kArray},
    {"subject_slower", Kind::kArray},
    {"indistinguishable", Kind::kArray},
    {"unmeasured", Kind::kArray},
    {"band_min", Kind::kNumberOrNull},
    {"band_max", Kind::kNumberOrNull},
    {"share_threshold", Kind::kNumber},
    {"share_thresholds", Kind::kArray},
    {"crossovers", Kind::kArray},
    {"scaling", Kind::kArray},
    {"attribution", Kind::kArray},
    {"unfavourable", Kind::kArray},
    {"conclusions", Kind::kArray},
    {"self_checks", Kind::kObject},
};
constexpr Requirement kUnit[] = {
    {"id", Kind::kString},          {"adapter", Kind::kString},
    {"concurrency", Kind::kNumber}, {"tier_us", Kind::kNumber},
    {"stats", Kind::kObject},       {"per_round_end_to_end_ns", Kind::kArray}};
constexpr Requirement kCell[] = {{"id", Kind::kString},          {"baseline", Kind::kString},
                                 {"concurrency", Kind::kNumber}, {"tier_us", Kind::kNumber},
                                 {"ratio", Kind::kNumberOrNull}, {"verdict", Kind::kString}};

template <size_t N>
absl::Status RequireAll(const rapidjson::Value& v, const Requirement (&list)[N],
                        std::string_view where) {
  if (!v.IsObject()) return absl::InvalidArgumentError(Concat(where, " must be an object"));
  for (const Requirement& r : list) {
    absl::Status s = Require(v, r.key, r.kind, where);
    if (!s.ok()) return s;
  }
  return absl::OkStatus();
}

std::string ArrayItem(const char* array, size_t i) {
  return Concat(array, "[", std::to_string(i), "]");
}

absl::Status CheckIndexList(const rapidjson::Value& root, const char* key, size_t cells) {
  for (const rapidjson::Value& index : root[key].GetArray()) {
    if (!index.IsUint() || index.GetUint() >= cells) {
      return absl::InvalidArgumentError(
          Concat("the report model: '", key, "' must hold indices into 'cells'"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<ModelDocument> ModelDocument::Parse(std::string_view json) {
  ModelDocument m;
  m.doc_.Parse<rapidjson::kParseFullPrecisionFlag>(json.data(), json.size());
  if (m.doc_.HasParseError()) {
    return absl::InvalidArgumentError(Concat(
        "the report model is not valid JSON: ", rapidjson::GetParseError_En(m.doc_.GetParseError()),
        " at offset ", std::to_string(m.doc_.GetErrorOffset())));
  }
  if (!m.doc_.IsObject()) {
    return absl::InvalidArgumentError("the report model must be a JSON object");
  }
  if (StringOf(m.doc_, "schema") != kSchemaName) {
    return absl::InvalidArgumentError(
        Concat("the document is not a report model: its \"schema\" is '",
               StringOf(m.doc_, "schema"), "', not '", kSchemaName, "'"));
  }
  const auto version = m.doc_.FindMember("model_version");
  if (version == m.doc_.MemberEnd() || !version->value.IsInt() ||
      version->value.GetInt() != kSupportedModelVersion) {
    const std::string got = version != m.doc_.MemberEnd() && version->value.IsInt()
                                ? std::to_string(version->value.GetInt())
                                : std::string("missing");
    return absl::InvalidArgumentError(Concat("report model version ", got,
                                             " is not supported; this reporter reads version ",
                                             std::to_string(kSupportedModelVersion)));
  }
  if (absl::Status s = RequireAll(m.doc_, kTopLevel, "the report model"); !s.ok()) return s;
  if (const rapidjson::Value* cost = MemberOf(m.doc_, "cost");
      cost != nullptr && !cost->IsObject()) {
    return absl::InvalidArgumentError("the report model: 'cost' must be an object");
  }

  const rapidjson::Value& units = m.doc_["units"];
  std::set<std::string> with_units;
  for (rapidjson::SizeType i = 0; i < units.Size(); ++i) {
    const rapidjson::Value& u = units[i];
    if (absl::Status s = RequireAll(u, kUnit, ArrayItem("units", i)); !s.ok()) return s;
    const std::string adapter(StringOf(u, "adapter"));
    m.units_.emplace(std::string(StringOf(u, "id")), &u);
    // A semantics unit (the subject with an item switched on or off) sits outside the main
    // matrix: it has an id, but no place in a pivot and no cell.
    if (!StringOf(u, "semantics").empty()) continue;
    m.units_at_.emplace(Coordinates{adapter, UintOf(u, "concurrency"), UintOf(u, "tier_us")}, &u);
    with_units.insert(adapter);
  }
  const rapidjson::Value& cells = m.doc_["cells"];
  for (rapidjson::SizeType i = 0; i < cells.Size(); ++i) {
    const rapidjson::Value& c = cells[i];
    if (absl::Status s = RequireAll(c, kCell, ArrayItem("cells", i)); !s.ok()) return s;
    m.cells_.emplace(std::string(StringOf(c, "id")), &c);
    m.cells_at_.emplace(Coordinates{std::string(StringOf(c, "baseline")), UintOf(c, "concurrency"),
                                    UintOf(c, "tier_us")},
                        &c);
  }
  // The league (ranking.h): optional, a model from before it has none.
  if (const rapidjson::Value* rankings = MemberOf(m.doc_, "rankings");
      rankings != nullptr && rankings->IsArray()) {
    for (const rapidjson::Value& r : rankings->GetArray()) {
      for (const rapidjson::Value& e : ArrayOf(r, "entries").GetArray()) {
        m.ranks_at_.emplace(Coordinates{std::string(StringOf(e, "adapter")),
                                        UintOf(r, "concurrency"), UintOf(r, "tier_us")},
                            &e);
      }
    }
  }
  for (const char* list : {"subject_faster", "subject_slower", "indistinguishable"}) {
    if (absl::Status s = CheckIndexList(m.doc_, list, cells.Size()); !s.ok()) return s;
  }
  const rapidjson::Value& adapters = m.doc_["adapters"];
  for (rapidjson::SizeType i = 0; i < adapters.Size(); ++i) {
    const rapidjson::Value& a = adapters[i];
    if (!a.IsObject() || !a.HasMember("name") || !a["name"].IsString()) {
      return absl::InvalidArgumentError(Concat(ArrayItem("adapters", i), " lacks 'name'"));
    }
    const std::string name(StringOf(a, "name"));
    m.adapters_.emplace(name, &a);
    if (with_units.count(name) != 0) m.measured_adapters_.push_back(name);
  }
  // A unit of an adapter without a record still gets its column, after the recorded ones.
  for (const rapidjson::Value& u : units.GetArray()) {
    const std::string adapter(StringOf(u, "adapter"));
    if (StringOf(u, "semantics").empty() && m.adapters_.count(adapter) == 0 &&
        std::find(m.measured_adapters_.begin(), m.measured_adapters_.end(), adapter) ==
            m.measured_adapters_.end()) {
      m.measured_adapters_.push_back(adapter);
    }
  }
  return m;
}

const rapidjson::Value& ModelDocument::Cost() const {
  if (const rapidjson::Value* cost = MemberOf(doc_, "cost"); cost != nullptr) return *cost;
  static const rapidjson::Document kNotRecorded = [] {
    rapidjson::Document d;
    d.Parse(R"({"status": "not_run", "reason_code": "not_recorded", "rows": [],
                "cold_start": [], "callgrind_status": "not_run", "callgrind": []})");
    return d;
  }();
  return kNotRecorded;
}

const rapidjson::Value* ModelDocument::Unit(std::string_view id) const {
  const auto it = units_.find(id);
  return it == units_.end() ? nullptr : it->second;
}

const rapidjson::Value* ModelDocument::Cell(std::string_view id) const {
  const auto it = cells_.find(id);
  return it == cells_.end() ? nullptr : it->second;
}

const rapidjson::Value* ModelDocument::Adapter(std::string_view name) const {
  const auto it = adapters_.find(name);
  return it == adapters_.end() ? nullptr : it->second;
}

const rapidjson::Value* ModelDocument::UnitAt(std::string_view adapter, uint32_t concurrency,
                                              uint32_t tier_us) const {
  const auto it = units_at_.find(Coordinates{std::string(adapter), concurrency, tier_us});
  return it == units_at_.end() ? nullptr : it->second;
}

const rapidjson::Value* ModelDocument::CellAt(std::string_view baseline, uint32_t concurrency,
                                              uint32_t tier_us) const {
  const auto it = cells_at_.find(Coordinates{std::string(baseline), concurrency, tier_us});
  return it == cells_at_.end() ? nullptr : it->second;
}

const rapidjson::Value* ModelDocument::RankAt(std::string_view adapter, uint32_t concurrency,
                                              uint32_t tier_us) const {
  const auto it = ranks_at_.find(Coordinates{std::string(adapter), concurrency, tier_us});
  return it == ranks_at_.end() ? nullptr : it->second;
}

const rapidjson::Value* MemberOf(const rapidjson::Value& v, const char* key) {
  if (!v.IsObject()) return nullptr;
  const auto it = v.FindMember(key);
  return it == v.MemberEnd() ? nullptr : &it->value;
}

const rapidjson::Value& ObjectOf(const rapidjson::Value& v, const char* key) {
  static const rapidjson::Value kEmpty(rapidjson::kObjectType);
  const rapidjson::Value* m = MemberOf(v, key);
  return m != nullptr ? *m : kEmpty;
}

std::string_view StringOf(const rapidjson::Value& v) {
  return v.IsString() ? std::string_view(v.GetString(), v.GetStringLength()) : std::string_view();
}

double NumberOf(const rapidjson::Value& v) {
  return v.IsNumber() ? v.GetDouble() : std::numeric_limits<double>::quiet_NaN();
}

std::string_view StringOf(const rapidjson::Value& v, const char* key) {
  const rapidjson::Value* m = MemberOf(v, key);
  return m == nullptr ? std::string_view() : StringOf(*m);
}

double NumberOf(const rapidjson::Value& v, const char* key) {
  const rapidjson::Value* m = MemberOf(v, key);
  return m == nullptr ? std::numeric_limits<double>::quiet_NaN() : NumberOf(*m);
}

uint32_t UintOf(const rapidjson::Value& v, const char* key) {
  const rapidjson::Value* m = MemberOf(v, key);
  return m != nullptr && m->IsUint() ? m->GetUint() : 0;
}

bool BoolOf(const rapidjson::Value& v, const char* key) {
  const rapidjson::Value* m = MemberOf(v, key);
  return m != nullptr && m->IsBool() && m->GetBool();
}

std::vector<uint32_t> UintsOf(const rapidjson::Value& array) {
  std::vector<uint32_t> values;
  for (const rapidjson::Value& v : array.GetArray()) {
    if (v.IsUint()) values.push_back(v.GetUint());
  }
  return values;
}

std::vector<std::string> StringsOf(const rapidjson::Value& array) {
  std::vector<std::string> values;
  for (const rapidjson::Value& v : array.GetArray()) {
    if (v.IsString()) values.emplace_back(v.GetString(), v.GetStringLength());
  }
  return values;
}

double StatOf(const rapidjson::Value* unit, const char* key) {
  return unit == nullptr ? std::numeric_limits<double>::quiet_NaN()
                         : NumberOf(ObjectOf(*unit, "stats"), key);
}

const rapidjson::Value& ArrayOf(const rapidjson::Value& v, const char* key) {
  static const rapidjson::Value kEmpty(rapidjson::kArrayType);
  const rapidjson::Value* m = MemberOf(v, key);
  return m != nullptr && m->IsArray() ? *m : kEmpty;
}

}  // namespace zoo::report
