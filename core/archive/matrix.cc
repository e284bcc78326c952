#include "core/archive/matrix.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/base/absl_view.h"
#include "core/base/input_file.h"
#include "core/base/json_util.h"
#include "core/measure/workload.h"
#include "rapidjson/document.h"

namespace zoo {
namespace {

absl::Status FieldError(std::string_view file, std::string_view field, std::string_view why) {
  return absl::InvalidArgumentError(
      absl::StrCat(Sv(file), ": field '", Sv(field), "': ", Sv(why)));
}

absl::StatusOr<uint32_t> PositiveInt(const rapidjson::Value& v, std::string_view file,
                                     std::string_view field, std::string_view unit) {
  if (!v.IsUint() || v.GetUint() == 0) {
    return FieldError(file, field, absl::StrCat("must be a positive whole number", Sv(unit)));
  }
  return v.GetUint();
}

absl::StatusOr<std::vector<uint32_t>> PositiveIntList(const rapidjson::Value& v,
                                                      std::string_view file,
                                                      std::string_view field,
                                                      std::string_view unit) {
  const std::string why = absl::StrCat("must be a non-empty list of positive whole numbers", Sv(unit));
  if (!v.IsArray() || v.Empty()) return FieldError(file, field, why);
  std::vector<uint32_t> out;
  std::set<uint32_t> seen;
  for (const rapidjson::Value& x : v.GetArray()) {
    if (!x.IsUint() || x.GetUint() == 0) return FieldError(file, field, why);
    if (!seen.insert(x.GetUint()).second) {
      return FieldError(file, field, absl::StrCat("lists ", x.GetUint(), " twice"));
    }
    out.push_back(x.GetUint());
  }
  return out;
}

// The first entry that an earlier one repeats, or nullptr.
template <typename T>
const T* FirstRepeated(const std::vector<T>& xs) {
  for (auto it = xs.begin(); it != xs.end(); ++it) {
    if (std::find(xs.begin(), it, *it) != it) return &*it;
  }
  return nullptr;
}

absl::StatusOr<std::string> NonEmptyString(const rapidjson::Value& v, std::string_view file,
                                           std::string_view field) {
  if (!v.IsString() || v.GetStringLength() == 0) {
    return FieldError(file, field, "must be a non-empty string");
  }
  return std::string(v.GetString(), v.GetStringLength());
}

}  // namespace

Matrix DefaultMatrix() { return Matrix{}; }

void AddCoreCounts(Matrix* matrix, uint32_t cores) {
  if (cores == 0) return;
  std::vector<uint32_t>& c = matrix->concurrencies;
  for (uint32_t n : {cores, 2 * cores}) {
    if (std::find(c.begin(), c.end(), n) == c.end()) c.push_back(n);
  }
  std::sort(c.begin(), c.end());
}

void ApplyQuick(Matrix* matrix, uint32_t cores) {
  matrix->tiers_us = {40, 300, 2700};
  // Within the cores: no cell measures run-queue contention. (A parallel executor at the core
  // count still gets no overhead figure: wall / concurrency is then shorter than one body, so
  // the seeds' end-to-end minus body comes out negative and is withheld.)
  matrix->concurrencies = {1};
  if (cores > 1) matrix->concurrencies.push_back(cores);
  matrix->processes = 5;
  matrix->warmup_rounds = 10;
  matrix->measured_rounds = 10;
  // 5 s a cell rather than 6: with the gate, the report and its PDF the run stays under a
  // minute on 2 cores (6 s made it 62-72 s); 4 s would, by more, but then a run of 3 adapters
  // gets 37 processes a cell at 40 us instead of 46, and its verdicts repeat less often.
  matrix->cell_budget_s = 5;
}

void ApplyCallgrindDefaults(Matrix* matrix) {
  matrix->concurrencies = {1};
  matrix->tiers_us = {1};
  matrix->warmup_rounds = 1;
  matrix->measured_rounds = 5;
  matrix->processes = 1;  // each callgrind unit runs twice anyway, to show its counts repeat
  matrix->cell_budget_s = 0;
  matrix->workload = "noop";
}

std::string QuickDescription() {
  return "--quick: tiers 40/300/2700 us, concurrency 1 and the logical core count, at least 5 "
         "processes per cell (more within 5 s a cell) of up to 10 warm-up + 10 measured rounds "
         "(the full matrix: tiers 40/300/2700/10000 us, concurrency 1/4/16/64 with the core "
         "count and twice it, at least 3 processes (more within 6 s a cell) of up to 10 + 8 "
         "rounds)";
}

absl::StatusOr<Matrix> ParseMatrix(std::string_view json, std::string_view file) {
  const json::ParsedObject parsed = json::ParseObject(json);
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        Sv(file), ": ",
        parsed.problem == json::ParseProblem::kNotObject ? "must be a JSON object"
                                                         : parsed.detail));
  }
  const rapidjson::Document& doc = parsed.doc;
  Matrix m = DefaultMatrix();
  for (const auto& member : doc.GetObject()) {
    const std::string key(member.name.GetString(), member.name.GetStringLength());
    const rapidjson::Value& v = member.value;
    if (key == "adapters") {
      if (!v.IsArray()) return FieldError(file, key, "must be a list of adapter names");
      m.adapters.clear();
      for (const rapidjson::Value& a : v.GetArray()) {
        absl::StatusOr<std::string> name = NonEmptyString(a, file, key);
        if (!name.ok()) return FieldError(file, key, "must be a list of adapter names");
        if (std::find(m.adapters.begin(), m.adapters.end(), *name) != m.adapters.end()) {
          return FieldError(file, key, absl::StrCat("lists ", *name, " twice"));
        }
        m.adapters.push_back(*name);
      }
      if (m.adapters.empty()) {
        return FieldError(file, key,
                          "is an empty list; leave the field out to measure every adapter");
      }
    } else if (key == "subject") {
      absl::StatusOr<std::string> s = NonEmptyString(v, file, key);
      if (!s.ok()) return s.status();
      m.subject = *s;
    } else if (key == "concurrency") {
      absl::StatusOr<std::vector<uint32_t>> c = PositiveIntList(v, file, key, "");
      if (!c.ok()) return c.status();
      m.concurrencies = *c;
    } else if (key == "tiers_us") {
      absl::StatusOr<std::vector<uint32_t>> t = PositiveIntList(v, file, key, " (microseconds)");
      if (!t.ok()) return t.status();
      m.tiers_us = *t;
    } else if (key == "warmup_rounds") {
      // Zero warm-up rounds is a legal (if unwise) choice: it is a count, not a size.
      if (!v.IsUint()) return FieldError(file, key, "must be a whole number, 0 or more");
      m.warmup_rounds = v.GetUint();
    } else if (key == "measured_rounds") {
      absl::StatusOr<uint32_t> r = PositiveInt(v, file, key, "");
      if (!r.ok()) return r.status();
      m.measured_rounds = *r;
    } else if (key == "workload") {
      absl::StatusOr<std::string> w = NonEmptyString(v, file, key);
      if (!w.ok()) return w.status();
      m.workload = *w;
    } else if (key == "processes") {
      absl::StatusOr<uint32_t> n = PositiveInt(v, file, key, "");
      if (!n.ok()) return n.status();
      m.processes = *n;
    } else if (key == "cell_budget_s") {
      if (!v.IsNumber() || v.GetDouble() < 0 || !std::isfinite(v.GetDouble())) {
        return FieldError(file, key, "must be a number of seconds, 0 or more");
      }
      m.cell_budget_s = v.GetDouble();
    } else if (key == "subject_processes") {
      return FieldError(file, key,
                        "was replaced by 'processes': every adapter's cell is now measured in "
                        "that many processes");
    } else if (key == "unit_timeout_s") {
      if (!v.IsNumber() || !(v.GetDouble() > 0) || !std::isfinite(v.GetDouble())) {
        return FieldError(file, key, "must be a positive number of seconds");
      }
      m.unit_timeout_s = v.GetDouble();
    } else {
      return absl::InvalidArgumentError(absl::StrCat(
          Sv(file), ": unknown field '", key,
          "' (known: adapters, subject, concurrency, tiers_us, warmup_rounds, measured_rounds, "
          "processes, cell_budget_s, workload, unit_timeout_s)"));
    }
  }
  if (absl::Status s = ValidateMatrix(m, file); !s.ok()) return s;
  return m;
}

absl::StatusOr<Matrix> LoadMatrixFile(const std::string& path) {
  absl::StatusOr<std::string> text = ReadInputFile(path, kMaxMatrixBytes);
  // Every mistake in a matrix file is the user's: kInvalidArgument, exit 2.
  if (!text.ok()) return absl::InvalidArgumentError(text.status().message());
  return ParseMatrix(*text, path);
}

absl::Status ValidateMatrix(const Matrix& m, std::string_view source) {
  if (m.subject.empty()) return FieldError(source, "subject", "must name an adapter");
  // The same rules whichever way the matrix was built: a file, flags, or both.
  for (const std::string& a : m.adapters) {
    if (a.empty()) return FieldError(source, "adapters", "must be adapter names");
  }
  if (const std::string* twice = FirstRepeated(m.adapters)) {
    return FieldError(source, "adapters", absl::StrCat("lists ", *twice, " twice"));
  }
  if (const uint32_t* twice = FirstRepeated(m.concurrencies)) {
    return FieldError(source, "concurrency", absl::StrCat("lists ", *twice, " twice"));
  }
  if (const uint32_t* twice = FirstRepeated(m.tiers_us)) {
    return FieldError(source, "tiers_us", absl::StrCat("lists ", *twice, " twice"));
  }
  if (m.concurrencies.empty()) return FieldError(source, "concurrency", "must not be empty");
  if (m.tiers_us.empty()) return FieldError(source, "tiers_us", "must not be empty");
  for (uint32_t c : m.concurrencies) {
    if (c == 0) return FieldError(source, "concurrency", "must be positive");
    if (c > 4096) return FieldError(source, "concurrency", "must be at most 4096");
  }
  if (m.processes == 0 || m.processes > 64) {
    return FieldError(source, "processes", "must be a whole number from 1 to 64");
  }
  if (!(m.cell_budget_s >= 0) || m.cell_budget_s > 3600) {
    return FieldError(source, "cell_budget_s", "must be from 0 to 3600 seconds");
  }
  for (uint32_t t : m.tiers_us) {
    if (t == 0) return FieldError(source, "tiers_us", "must be positive");
    if (t > 10'000'000) return FieldError(source, "tiers_us", "must be at most 10 s");
  }
  // Upper bounds the machine can hold: warm-up + measured rounds never wrap a uint32 (a
  // negative flag reads as 4294967295), and a deadline of now + the timeout never overflows.
  if (m.warmup_rounds > kMaxRounds) {
    return FieldError(source, "warmup_rounds",
                      absl::StrCat("must be from 0 to ", kMaxRounds, " (a negative number is "
                                   "read as a huge one)"));
  }
  if (m.measured_rounds == 0 || m.measured_rounds > kMaxRounds) {
    return FieldError(source, "measured_rounds",
                      absl::StrCat("must be from 1 to ", kMaxRounds, " (a negative number is "
                                   "read as a huge one)"));
  }
  if (!(m.unit_timeout_s >= kMinUnitTimeoutS && m.unit_timeout_s <= kMaxUnitTimeoutS)) {
    return FieldError(source, "unit_timeout_s",
                      absl::StrCat("must be from ", kMinUnitTimeoutS, " to ", kMaxUnitTimeoutS,
                                   " seconds"));
  }
  if (m.workload == "modbus_rtu") {  // its tiers are frame sizes, the matrix's microseconds
    return FieldError(source, "workload",
                      "modbus_rtu runs in the native task line (its tiers are frame sizes in "
                      "bytes), not in the matrix, whose tiers are microseconds");
  }
  const std::vector<std::string>& known = WorkloadNames();
  if (std::find(known.begin(), known.end(), m.workload) == known.end()) {
    return FieldError(source, "workload",
                      absl::StrCat("unknown workload '", m.workload,
                                   "' (known: ", absl::StrJoin(known, ", "), ")"));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<uint32_t>> ParsePositiveList(std::string_view text,
                                                        std::string_view flag) {
  std::vector<uint32_t> out;
  for (absl::string_view part : absl::StrSplit(Sv(text), ',')) {
    uint32_t v = 0;
    if (!absl::SimpleAtoi(part, &v) || v == 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          Sv(flag), ": '", part, "' is not a positive whole number (expected e.g. 1,4,16)"));
    }
    // As a matrix file's list refuses it: a repeated entry would measure one cell twice.
    if (std::find(out.begin(), out.end(), v) != out.end()) {
      return absl::InvalidArgumentError(absl::StrCat(Sv(flag), ": lists ", v, " twice"));
    }
    out.push_back(v);
  }
  return out;
}

}  // namespace zoo
