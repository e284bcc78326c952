// Inputs that cannot hurt (issue 19): a seeded, deterministic mutation fuzzer over every reader
// of what zoo-host is handed from outside: matrix files, archives, two archives to compare and
// the worker protocol's report lines. Each reader must answer a mutated document with a value
// or an error status, never a crash, a hang or all the memory; what a reader accepts goes on to
// the next stage (the report model, the compare model, the unit's stats) so a value that only
// hurts downstream is caught too. The seeds are the committed corpus (fuzz/corpus/, which the
// libFuzzer targets of fuzz/ start from for longer runs) and documents built here, among them
// a trimmed real archive from results/.
//
// Reproducing a failure: ZOO_FUZZ_LAST_INPUT=FILE makes each case write its input to FILE before
// it runs, so a crash leaves the input behind (feed it to build-fuzz/fuzz/<reader>_fuzzer).
// ZOO_FUZZ_SCALE=N runs N times as many cases. ZOO_FUZZ_WRITE_SEEDS=DIR writes the seeds built
// here into DIR/<reader>/, which is how the corpus's archives were made.
#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/archive/archive.h"
#include "core/archive/matrix.h"
#include "core/archive/unit_json.h"
#include "core/base/json_util.h"
#include "core/measure/unit_stats.h"
#include "core/model/compare_model.h"
#include "core/model/compare_model_json.h"
#include "core/model/report_model.h"
#include "core/model/report_model_json.h"
#include "core/worker/worker_protocol.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "test/temp_dir.h"
#include "test/test_paths.h"

namespace zoo {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The cases per reader, 5600 in all: about 4 s in the gcc -O2 build and 75 s in the clang -O0
// ASan + UBSan build on this project's 2-core machine (bounds: 60 s and 3 min). The worker's
// cases are cheap, the compare cases build two report models each.
constexpr int kMatrixCases = 1500;
constexpr int kWorkerCases = 1500;
constexpr int kArchiveCases = 2000;
constexpr int kCompareCases = 600;
// A report model's verdicts bootstrap 2000 resamples per cell; a few are enough to walk the
// same code on a mutated archive.
constexpr int kFuzzResamples = 40;
// One case that takes longer than this is a hang in the making, even under the sanitizers.
constexpr double kSlowCaseLimitS = 20;
// The suite's peak RSS stays near 350 MB under ASan; a reader that blows memory passes this.
constexpr long kPeakRssLimitMb = 2048;

// ---------------------------------------------------------------------------------------------
// The mutator.

enum class Mutation {
  kFlipBytes,
  kTruncate,
  kInsertRandomBytes,
  kDuplicateSpan,
  kDeepNesting,
  kHugeNumber,
  kLongString,
  kSwapValues,
  kRemoveKey,
  kReplaceValue,
};
constexpr int kMutationKinds = 10;

constexpr std::string_view kJsonChars = "{}[]:,\"\\0123456789-+.eEtrufalsn \n\t";
// Numbers no reader expects: beyond a double, beyond every integer type, negative where a
// count is expected, and the non-JSON spellings of NaN and infinity.
constexpr std::array<std::string_view, 16> kHugeNumbers = {
    "1e400", "-1e400", "-1", "0", "4294967296", "4294967295", "18446744073709551615",
    "18446744073709551616", "-9223372036854775809", "9223372036854775807", "NaN", "-Infinity",
    "1e-400", "2.5e308", "-0.0", "123456789012345678901234567890"};
// Deeper and shallower than json::kMaxJsonDepth; the last deep enough to overflow a stack.
constexpr std::array<int, 7> kDepths = {json::kMaxJsonDepth - 16, json::kMaxJsonDepth - 1,
                                        json::kMaxJsonDepth,      json::kMaxJsonDepth + 1,
                                        1000,                     20'000,
                                        200'000};
constexpr std::array<size_t, 4> kLongStringBytes = {300, 4096, 65'536, 300'000};

// Every value in a parsed document, with where it sits: mutations that move, drop or replace
// values need to know which of them contain which.
struct Slot {
  rapidjson::Value* parent = nullptr;  // an object or an array
  rapidjson::SizeType index = 0;       // its member or element index there
  rapidjson::Value* value = nullptr;
  size_t first = 0, end = 0;  // its subtree in pre-order: [first, end)
};

void CollectSlots(rapidjson::Value& v, std::vector<Slot>* slots, size_t* counter) {
  auto visit = [&](rapidjson::Value* parent, rapidjson::SizeType i, rapidjson::Value* child) {
    const size_t at = slots->size();
    slots->push_back({parent, i, child, (*counter)++, 0});
    CollectSlots(*child, slots, counter);
    (*slots)[at].end = *counter;
  };
  if (v.IsObject()) {
    for (rapidjson::SizeType i = 0; i < v.MemberCount(); ++i) {
      visit(&v, i, &(v.MemberBegin() + i)->value);
    }
  } else if (v.IsArray()) {
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) visit(&v, i, &v[i]);
  }
}

// Deterministic: the same seed mutates the same text the same way on every machine (the
// distributions' results are not portable, so only the engine's raw output is used).
class Mutator {
 public:
  explicit Mutator(uint64_t seed) : rng_(seed) {}

  // One mutation half the time (most mutants of two or three stop at the parser), else two or
  // three, each of a kind picked at random.
  std::string Mutate(std::string text) {
    const size_t n = Below(2) == 0 ? 1 : 2 + Below(2);
    for (size_t i = 0; i < n; ++i) {
      text = Apply(static_cast<Mutation>(Below(kMutationKinds)), std::move(text));
    }
    return text;
  }

  std::string Apply(Mutation kind, std::string text) {
    switch (kind) {
      case Mutation::kFlipBytes: return FlipBytes(std::move(text));
      case Mutation::kTruncate:
        if (!text.empty()) text.resize(Below(text.size()));
        return text;
      case Mutation::kInsertRandomBytes: {
        std::string bytes;
        const bool json_like = Below(2) == 0;
        for (size_t i = 0, n = 1 + Below(16); i < n; ++i) {
          bytes.push_back(json_like ? kJsonChars[Below(kJsonChars.size())]
                                    : static_cast<char>(Below(256)));
        }
        text.insert(Below(text.size() + 1), bytes);
        return text;
      }
      case Mutation::kDuplicateSpan: {
        if (text.empty()) return text;
        const size_t from = Below(text.size());
        const size_t length = 1 + Below(std::min<size_t>(text.size() - from, 4096));
        const std::string span = text.substr(from, length);
        std::string copies;
        for (size_t i = 0, n = 1 + Below(8); i < n; ++i) copies += span;
        text.insert(Below(text.size() + 1), copies);
        return text;
      }
      case Mutation::kDeepNesting: return DeepNesting(std::move(text));
      case Mutation::kHugeNumber: {
        const std::string number(kHugeNumbers[Below(kHugeNumbers.size())]);
        return ReplaceToken(std::move(text), /*strings=*/false, number);
      }
      case Mutation::kLongString: {
        const size_t bytes = kLongStringBytes[Below(kLongStringBytes.size())];
        std::string filler;
        switch (Below(3)) {
          case 0: filler.assign(bytes, 'x'); break;
          case 1:
            for (size_t i = 0; i < bytes / 6; ++i) filler += "\\u00e9";
            break;
          default:
            for (size_t i = 0; i < bytes / 2; ++i) filler += "\\\"";
            break;
        }
        return ReplaceToken(std::move(text), /*strings=*/true, "\"" + filler + "\"");
      }
      case Mutation::kSwapValues:
      case Mutation::kRemoveKey:
      case Mutation::kReplaceValue: return Structural(kind, std::move(text));
    }
    return text;
  }

 private:
  // Uniform in [0, n); 0 when n is 0. Modulo bias does not matter here.
  size_t Below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(rng_() % n); }

  std::string FlipBytes(std::string text) {
    if (text.empty()) return std::string(1, static_cast<char>(Below(256)));
    for (size_t i = 0, n = 1 + Below(4); i < n; ++i) {
      char& c = text[Below(text.size())];
      c = Below(2) == 0 ? static_cast<char>(c ^ (1 << Below(8))) : static_cast<char>(Below(256));
    }
    return text;
  }

  std::string DeepNesting(std::string text) {
    const size_t depth = static_cast<size_t>(kDepths[Below(kDepths.size())]);
    std::string nest;
    switch (Below(3)) {
      case 0:  // unbalanced openers
        nest.assign(depth, Below(2) == 0 ? '[' : '{');
        text.insert(Below(text.size() + 1), nest);
        return text;
      case 1:  // balanced arrays in place of a number
        nest = std::string(depth, '[') + "0" + std::string(depth, ']');
        break;
      default:  // balanced objects in place of a number
        nest.reserve(depth * 7 + 1);
        for (size_t i = 0; i < depth; ++i) nest += "{\"a\":";
        nest += "1" + std::string(depth, '}');
        break;
    }
    return ReplaceToken(std::move(text), /*strings=*/false, nest);
  }

  // Replaces a random number token (or string token, quotes included) with `with`; inserts it
  // at a random place when the text has none.
  std::string ReplaceToken(std::string text, bool strings, const std::string& with) {
    std::vector<std::pair<size_t, size_t>> tokens;
    for (size_t i = 0; i < text.size();) {
      if (text[i] == '"') {
        size_t j = i + 1;
        while (j < text.size() && text[j] != '"') j += text[j] == '\\' ? 2 : 1;
        j = std::min(j + 1, text.size());
        if (strings) tokens.emplace_back(i, j);
        i = j;
      } else if (text[i] == '-' || (text[i] >= '0' && text[i] <= '9')) {
        size_t j = i + 1;
        while (j < text.size() && std::string_view("0123456789+-.eE").find(text[j]) !=
                                      std::string_view::npos) {
          ++j;
        }
        if (!strings) tokens.emplace_back(i, j);
        i = j;
      } else {
        ++i;
      }
    }
    if (tokens.empty()) {
      text.insert(Below(text.size() + 1), with);
      return text;
    }
    const auto [from, to] = tokens[Below(tokens.size())];
    text.replace(from, to - from, with);
    return text;
  }

  // Swaps two values, removes a member or element, or replaces a value with one of another
  // type, in the first JSON document of `text` (a report line's JSON follows "result ").
  // Text that does not parse gets its bytes flipped instead.
  std::string Structural(Mutation kind, std::string text) {
    const size_t start = text.find_first_of("{[");
    if (start == std::string::npos) return FlipBytes(std::move(text));
    const std::string region = text.substr(start);
    // The test's own parse must not recurse deeper than the readers are allowed to.
    if (json::NestingDepth(region) > json::kMaxJsonDepth) return FlipBytes(std::move(text));
    rapidjson::Document doc;
    rapidjson::StringStream stream(region.c_str());
    doc.ParseStream<rapidjson::kParseStopWhenDoneFlag | rapidjson::kParseFullPrecisionFlag>(
        stream);
    if (doc.HasParseError()) return FlipBytes(std::move(text));
    const size_t end = start + stream.Tell();
    std::vector<Slot> slots;
    size_t counter = 0;
    CollectSlots(doc, &slots, &counter);
    if (slots.empty()) return FlipBytes(std::move(text));
    Slot& a = slots[Below(slots.size())];
    auto& alloc = doc.GetAllocator();
    if (kind == Mutation::kRemoveKey) {
      if (a.parent->IsObject()) {
        a.parent->EraseMember(a.parent->MemberBegin() + a.index);
      } else {
        a.parent->Erase(a.parent->Begin() + a.index);
      }
    } else if (kind == Mutation::kSwapValues) {
      // Prefer two members of objects whose subtrees are apart (swapping a value with one
      // inside it would make a cycle).
      for (int attempt = 0; attempt < 16; ++attempt) {
        Slot& b = slots[Below(slots.size())];
        const bool apart = a.end <= b.first || b.end <= a.first;
        if (apart && (attempt > 8 || (a.parent->IsObject() && b.parent->IsObject()))) {
          a.value->Swap(*b.value);
          break;
        }
      }
    } else {
      rapidjson::Value replacement;
      switch (Below(12)) {
        case 0: replacement.SetNull(); break;
        case 1: replacement.SetBool(Below(2) == 0); break;
        case 2: replacement.SetInt(-1); break;
        case 3: replacement.SetUint64(4294967296u); break;
        case 4: replacement.SetInt64(INT64_MIN); break;
        case 5: replacement.SetUint64(UINT64_MAX); break;
        case 6: replacement.SetDouble(1.5); break;
        case 7: replacement.SetString("", alloc); break;
        case 8: replacement.SetString("x", alloc); break;
        case 9: replacement.SetArray(); break;
        case 10: replacement.SetObject(); break;
        default: replacement.CopyFrom(*slots[Below(slots.size())].value, alloc); break;
      }
      *a.value = replacement.Move();
    }
    rapidjson::StringBuffer buf;
    rapidjson::Writer<rapidjson::StringBuffer> w(buf);
    doc.Accept(w);
    text.replace(start, end - start, buf.GetString(), buf.GetSize());
    return text;
  }

  std::mt19937_64 rng_;
};

// ---------------------------------------------------------------------------------------------
// Seeds.

struct Seed {
  std::string name;
  std::string text;
};

// An input that once crashed a reader, kept in the corpus as crash-*.
bool IsCrashSeed(const Seed& s) {
  return fs::path(s.name).filename().string().starts_with("crash-");
}

// The committed seeds of one reader: fuzz/corpus/<reader>/*, in name order.
std::vector<Seed> CorpusSeeds(const std::string& reader) {
  const fs::path dir = fs::path(::zoo::testing::TestEnv("ZOO_TEST_FUZZ_CORPUS_DIR")) / reader;
  std::vector<Seed> seeds;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (e.is_regular_file()) {
      seeds.push_back({"corpus/" + reader + "/" + e.path().filename().string(),
                       ::zoo::testing::ReadText(e.path())});
    }
  }
  std::sort(seeds.begin(), seeds.end(),
            [](const Seed& a, const Seed& b) { return a.name < b.name; });
  return seeds;
}

// A real archive cut down to tens of KB: the subject and one baseline at the matrix's first
// tier and concurrency, one process each, three rounds per unit, one semantics item, the cost
// units of the two, the short self-checks; the stats recomputed from what is left, so every
// derived number still matches its samples.
Archive TrimArchive(Archive a) {
  std::set<std::string> adapters = {a.subject};
  std::vector<AdapterRecord> kept_adapters;
  for (const AdapterRecord& r : a.adapters) {
    const bool baseline = r.descriptor.name != a.subject && adapters.size() < 2;
    if (r.descriptor.name == a.subject || baseline) {
      adapters.insert(r.descriptor.name);
      kept_adapters.push_back(r);
    }
  }
  a.adapters = kept_adapters;
  Matrix& m = a.run.matrix;
  m.tiers_us.resize(std::min<size_t>(m.tiers_us.size(), 1));
  m.concurrencies.resize(std::min<size_t>(m.concurrencies.size(), 1));
  m.adapters.assign(adapters.begin(), adapters.end());
  m.processes = 1;
  if (a.semantics.items.size() > 1) a.semantics.items.resize(1);
  std::set<std::string> semantics = {"", "off"};
  for (const SemanticsItemRecord& item : a.semantics.items) semantics.insert(item.item.name);
  std::vector<TierCalibration> tiers;
  for (TierCalibration t : a.run.calibration.tiers) {
    if (std::find(m.tiers_us.begin(), m.tiers_us.end(), t.tier_us) == m.tiers_us.end()) continue;
    t.processes.resize(std::min<size_t>(t.processes.size(), 1));
    tiers.push_back(std::move(t));
  }
  a.run.calibration.tiers = tiers;

  auto contains = [](const std::vector<uint32_t>& v, uint32_t x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  std::vector<ArchivedUnit> units;
  std::set<std::string> semantics_kept;
  for (ArchivedUnit& u : a.units) {
    const UnitSpec& s = u.result.spec;
    const bool tier = contains(m.tiers_us, s.tier_us) ||
                      (!s.semantics.empty() && s.tier_us == a.semantics.tier_us) ||
                      (Instrumented(s.kind) && s.tier_us == a.cost.tier_us);
    if (!adapters.count(s.adapter) || !contains(m.concurrencies, s.concurrency) || !tier ||
        !semantics.count(s.semantics) || s.process != 0) {
      continue;
    }
    // An item's semantics units are many, all of process index 0: one of each is enough.
    if (!s.semantics.empty() && !semantics_kept.insert(s.semantics).second) continue;
    u.result.rounds.resize(std::min<size_t>(u.result.rounds.size(), 3));
    u.result.spec.measured_rounds = static_cast<uint32_t>(std::max<size_t>(
        u.result.rounds.size(), 1));
    u.stats = ComputeUnitStats(u.result, a.environment.logical_cores);
    units.push_back(std::move(u));
  }
  a.units = units;
  a.run.units_planned = static_cast<uint32_t>(a.units.size());
  a.run.units_measured = static_cast<uint32_t>(
      std::count_if(a.units.begin(), a.units.end(), [](const ArchivedUnit& u) {
        return u.result.ok;
      }));
  a.run.units_failed = a.run.units_planned - a.run.units_measured;
  std::erase_if(a.self_checks, [](const SelfCheck& c) { return c.detail.size() > 300; });
  return a;
}

// The committed results/ archives, smallest first.
std::vector<fs::path> ResultsArchives() {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const fs::directory_entry& e :
       fs::recursive_directory_iterator(::zoo::testing::CommittedResultsDir(), ec)) {
    if (e.is_regular_file() && e.path().extension() == ".json" &&
        e.path().parent_path().parent_path() == ::zoo::testing::CommittedResultsDir()) {
      files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end(), [](const fs::path& a, const fs::path& b) {
    return fs::file_size(a) < fs::file_size(b);
  });
  return files;
}

// A small archive written from scratch: one failed and two measured units.
Archive SyntheticArchive() {
  Archive a;
  a.run.started_utc = "2026-11-30T13:06:19Z";
  a.run.finished_utc = "2026-11-30T13:07:00Z";
  a.run.status = RunStatus::kComplete;
  a.run.command = "zoo-host run";
  a.run.matrix.adapters = {"subj", "base"};
  a.run.matrix.subject = "subj";
  a.run.matrix.tiers_us = {40};
  a.run.matrix.concurrencies = {1};
  a.environment.logical_cores = 2;
  a.environment.hostname = "box";
  a.subject = "subj";
  a.subject_version = "1.0";
  for (const char* name : {"subj", "base"}) {
    AdapterRecord r;
    r.descriptor.name = name;
    r.gate_passed = true;
    a.adapters.push_back(r);
  }
  for (const char* name : {"subj", "base", "base"}) {
    UnitResult u;
    u.spec = {.adapter = name, .plugin_file = "/x.so", .tier_us = 40, .concurrency = 1,
              .warmup_rounds = 1, .measured_rounds = 4, .workload = "json", .semantics = "",
              .semantics_value = 0, .kind = UnitKind::kTimed, .process = 0, .repetitions = 0};
    u.ok = a.units.size() < 2;
    if (!u.ok) u.failure = "crashed with signal SIGSEGV during rounds";
    u.pid = 100 + static_cast<int32_t>(a.units.size());
    for (int64_t r = 0; u.ok && r < 4; ++r) {
      const int64_t extra = name[0] == 's' ? 3'000 + r * 100 : 5'000 - r * 100;
      u.rounds.push_back({.start_ns = r * 1'000'000, .wall_ns = 40'000 + extra,
                          .tasks = {{0, 500, 1'000, 41'000, 40'000 + extra, u.pid}}});
    }
    a.units.push_back({.result = u, .stats = ComputeUnitStats(u, 2)});
  }
  a.run.units_planned = 3;
  a.run.units_measured = 2;
  a.run.units_failed = 1;
  return a;
}

// What a worker child writes to its report pipe: steps, then one result line.
std::string ReportLines(const std::string& result_json) {
  return "step setup\nstep rounds\nresult " + result_json + "\n";
}

std::vector<Seed> BuiltWorkerSeeds() {
  const Archive a = SyntheticArchive();
  UnitResult counted = a.units[0].result;
  counted.spec.kind = UnitKind::kCounters;
  counted.counts = UnitCounts{};
  counted.counts->tasks = 4;
  counted.counts->alloc_calls = {.available = true, .total = 12, .unavailable_code = "",
                                 .unavailable_reason = ""};
  counted.counts->cycles = {.available = false, .unavailable_code = "perf_paranoid",
                            .unavailable_reason = "perf_event_paranoid is 3"};
  GateReport gate{.passed = true, .reason = "", .tasks_submitted = 600, .tasks_completed = 600,
                  .concurrencies = {1, 4, 16}};
  Calibration calibration{.workload = "json", .target_ns = 40'000, .repetitions = 17,
                          .ns_per_repetition = 2352.9, .calibration_ns = 123456, .checksum = 99};
  return {
      {"built/unit_result.txt", ReportLines(UnitResultToJson(a.units[0].result))},
      {"built/failed_unit.txt", ReportLines(UnitResultToJson(a.units[2].result))},
      {"built/counted_unit.txt", ReportLines(UnitResultToJson(counted))},
      {"built/unit_spec.txt", ReportLines(UnitSpecToJson(a.units[1].result.spec))},
      {"built/gate.txt", ReportLines(GateReportToJson(gate))},
      {"built/descriptor.txt", ReportLines(DescriptorToJson(a.adapters[0].descriptor))},
      {"built/probe_failure.txt", ReportLines(ProbeFailureToJson("no zoo_adapter_entry symbol"))},
      {"built/calibration.txt", ReportLines(CalibrationToJson(calibration))},
  };
}

// Writes seeds to ZOO_FUZZ_WRITE_SEEDS/<reader>/<name>, when asked.
void MaybeWriteSeeds(const std::string& reader, const std::vector<Seed>& seeds) {
  const char* dir = std::getenv("ZOO_FUZZ_WRITE_SEEDS");
  if (dir == nullptr || *dir == '\0') return;
  for (const Seed& s : seeds) {
    const fs::path p = fs::path(dir) / reader / fs::path(s.name).filename();
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << s.text;
  }
}

double EnvScale() {
  const char* scale = std::getenv("ZOO_FUZZ_SCALE");
  const double s = scale != nullptr ? std::atof(scale) : 1.0;
  return s > 0 ? s : 1.0;
}

long PeakRssMb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;
}

// ---------------------------------------------------------------------------------------------
// The driver: every seed once as it is (each must be accepted), then `cases` mutants of seeds
// picked at random, each case from its own seed so one can be replayed alone.

struct Tally {
  size_t seeds = 0, regressions = 0, cases = 0, accepted = 0, rejected = 0, returned = 0;
  double slowest_s = 0;
  size_t slowest_case = 0;
};

// `run` is handed the input and the index of the seed it came from, and returns whether the
// reader accepted the input; it records a broken property itself (EXPECT_*).
using Run = std::function<bool(const std::string& input, size_t seed)>;
// Seeds named crash-* are inputs that once crashed a reader: each runs once, accepted or not,
// as seed 0, and is not mutated.
Tally Fuzz(const std::string& reader, const std::vector<Seed>& all_seeds, int cases,
           uint64_t seed, const Run& run) {
  Tally tally;
  std::vector<Seed> seeds;
  for (const Seed& s : all_seeds) {
    if (IsCrashSeed(s)) {
      run(s.text, 0);
      ++tally.regressions;
    } else {
      seeds.push_back(s);
    }
  }
  tally.seeds = seeds.size();
  EXPECT_FALSE(seeds.empty()) << reader << ": no seeds";
  if (seeds.empty()) return tally;
  for (size_t i = 0; i < seeds.size(); ++i) {
    EXPECT_TRUE(run(seeds[i].text, i)) << reader << ": the valid seed " << seeds[i].name
                                       << " was refused";
  }
  const char* last_input = std::getenv("ZOO_FUZZ_LAST_INPUT");
  const int n = static_cast<int>(cases * EnvScale());
  for (int i = 0; i < n; ++i) {
    Mutator mutator(seed + static_cast<uint64_t>(i));
    const size_t from = static_cast<size_t>((seed + static_cast<uint64_t>(i)) % seeds.size());
    const std::string input = mutator.Mutate(seeds[from].text);
    if (last_input != nullptr && *last_input != '\0') {
      std::ofstream(last_input, std::ios::binary | std::ios::trunc) << input;
    }
    const Clock::time_point began = Clock::now();
    const bool accepted = run(input, from);
    const double took = std::chrono::duration<double>(Clock::now() - began).count();
    ++tally.returned;
    ++tally.cases;
    ++(accepted ? tally.accepted : tally.rejected);
    if (took > tally.slowest_s) {
      tally.slowest_s = took;
      tally.slowest_case = static_cast<size_t>(i);
    }
  }
  std::printf("fuzz %s: %zu seeds (+%zu crash-*), %zu cases: %zu accepted, %zu rejected; "
              "slowest case #%zu %.1f ms; peak RSS %ld MB\n",
              reader.c_str(), tally.seeds, tally.regressions, tally.cases, tally.accepted,
              tally.rejected, tally.slowest_case, tally.slowest_s * 1000, PeakRssMb());
  std::fflush(stdout);
  EXPECT_EQ(tally.returned, static_cast<size_t>(n));
  EXPECT_GT(tally.accepted, 0u) << reader << ": no mutant was accepted; the mutations are too "
                                             "rough to reach past the parser";
  EXPECT_GT(tally.rejected, 0u) << reader << ": no mutant was refused";
  EXPECT_LT(tally.slowest_s, kSlowCaseLimitS) << reader << ": case #" << tally.slowest_case;
  EXPECT_LT(PeakRssMb(), kPeakRssLimitMb) << reader;
  return tally;
}

AnalysisOptions FuzzAnalysis() {
  AnalysisOptions options;
  options.verdict.resamples = kFuzzResamples;
  return options;
}

// The archive seeds: the corpus's and two built here (a trimmed real one, from the smallest
// archive in results/, and a synthetic one).
std::vector<Seed> ReadArchiveSeeds() {
  std::vector<Seed> seeds = CorpusSeeds("archive");
  // As WriteArchive writes them: one line.
  std::vector<Seed> built = {{"built/synthetic.json", ArchiveToJson(SyntheticArchive()) + "\n"}};
  const std::vector<fs::path> results = ResultsArchives();
  const bool writing = std::getenv("ZOO_FUZZ_WRITE_SEEDS") != nullptr;
  for (size_t i = 0; i < results.size() && (writing || i < 1); ++i) {
    absl::StatusOr<Archive> real = ReadArchive(results[i]);
    EXPECT_TRUE(real.ok()) << real.status();
    if (!real.ok()) continue;
    built.push_back({"built/trimmed-" + results[i].filename().string(),
                     ArchiveToJson(TrimArchive(*std::move(real))) + "\n"});
  }
  MaybeWriteSeeds("archive", built);
  seeds.insert(seeds.end(), built.begin(), built.end());
  return seeds;
}

// Read once for every test: the real archive is megabytes.
const std::vector<Seed>& ArchiveSeeds() {
  static const std::vector<Seed> seeds = ReadArchiveSeeds();
  return seeds;
}

// ---------------------------------------------------------------------------------------------

TEST(FuzzTest, TheMutatorIsDeterministicAndChangesItsInput) {
  const std::string text = ArchiveToJson(SyntheticArchive());
  size_t changed = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const std::string a = Mutator(seed).Mutate(text);
    EXPECT_EQ(a, Mutator(seed).Mutate(text)) << "seed " << seed;
    changed += a != text ? 1 : 0;
  }
  EXPECT_GT(changed, 180u);
  for (int kind = 0; kind < kMutationKinds; ++kind) {
    size_t kind_changed = 0;
    for (uint64_t seed = 0; seed < 20; ++seed) {
      kind_changed += Mutator(seed).Apply(static_cast<Mutation>(kind), text) != text ? 1 : 0;
    }
    EXPECT_GT(kind_changed, 10u) << "mutation kind " << kind;
  }
}

TEST(FuzzTest, MatrixReader) {
  std::vector<Seed> seeds = CorpusSeeds("matrix");
  seeds.push_back({"built/every_field",
                   R"({"adapters": ["zoo_scheduler", "thread_pool"], "subject": "zoo_scheduler",
                       "concurrency": [1, 2, 4096], "tiers_us": [1, 40, 10000000],
                       "warmup_rounds": 0, "measured_rounds": 100000, "processes": 64,
                       "cell_budget_s": 3600, "workload": "json", "unit_timeout_s": 0.1})"});
  Fuzz("matrix", seeds, kMatrixCases, 0x6d61747269780001, [](const std::string& text, size_t) {
    (void)ParsePositiveList(text, "--concurrency");  // the flags' reader of the same lists
    absl::StatusOr<Matrix> m = ParseMatrix(text, "fuzz.json");
    if (!m.ok()) {
      EXPECT_FALSE(m.status().message().empty());
      return false;
    }
    // What the file reader accepts, the run accepts.
    const absl::Status valid = ValidateMatrix(*m, "fuzz.json");
    EXPECT_TRUE(valid.ok()) << valid << "\n" << text;
    // The same numbers as a flag's value.
    std::vector<std::string> parts;
    for (uint32_t c : m->concurrencies) parts.push_back(absl::StrCat(c));
    absl::StatusOr<std::vector<uint32_t>> flag =
        ParsePositiveList(absl::StrJoin(parts, ","), "--concurrency");
    EXPECT_TRUE(flag.ok() && *flag == m->concurrencies);
    return true;
  });
}

TEST(FuzzTest, ArchiveReaderAndTheReportModel) {
  const std::vector<Seed>& seeds = ArchiveSeeds();
  size_t models = 0;
  Fuzz("archive", seeds, kArchiveCases, 0x6172636869760001, [&](const std::string& text, size_t) {
    absl::StatusOr<Archive> a = ArchiveFromJson(text, "fuzz.json");
    if (!a.ok()) {
      EXPECT_FALSE(a.status().message().empty());
      return false;
    }
    // What the reader accepts, the writer writes and the reader reads back to the same bytes.
    const std::string once = ArchiveToJson(*a);
    absl::StatusOr<Archive> again = ArchiveFromJson(once, "again.json");
    EXPECT_TRUE(again.ok()) << again.status();
    if (again.ok()) {
      EXPECT_EQ(ArchiveToJson(*again), once);
    }
    absl::StatusOr<ReportModel> model = BuildReportModel(*a, "fuzz.json", FuzzAnalysis());
    if (model.ok()) {
      ++models;
      EXPECT_FALSE(ReportModelToJson(*model).empty());
    }
    return true;
  });
  std::printf("fuzz archive: %zu report models built\n", models);
  EXPECT_GT(models, 0u);
}

TEST(FuzzTest, CompareOfTwoArchives) {
  // Pairs of valid archives: the corpus's compare files hold one archive per line, the archive
  // seeds pair with themselves. A crash-* seed is compared with the first pair's old side.
  std::vector<Seed> pairs, crashes;
  for (const Seed& s : CorpusSeeds("compare")) {
    (IsCrashSeed(s) ? crashes : pairs).push_back(s);
  }
  for (const Seed& s : ArchiveSeeds()) {
    (IsCrashSeed(s) ? crashes : pairs).push_back({s.name, s.text + s.text});
  }
  std::vector<Seed> seeds;
  std::vector<Archive> partners;  // seed i is the new side, partners[i] the old side
  for (const Seed& s : pairs) {
    const std::vector<std::string> lines = absl::StrSplit(s.text, '\n', absl::SkipEmpty());
    ASSERT_EQ(lines.size(), 2u) << s.name << ": two archives, one per line";
    absl::StatusOr<Archive> old_archive = ArchiveFromJson(lines[0], "old.json");
    ASSERT_TRUE(old_archive.ok()) << s.name << ": " << old_archive.status();
    seeds.push_back({s.name, lines[1]});
    partners.push_back(*std::move(old_archive));
  }
  seeds.insert(seeds.end(), crashes.begin(), crashes.end());
  Fuzz("compare", seeds, kCompareCases, 0x636f6d7061720001,
       [&](const std::string& text, size_t pair) {
    absl::StatusOr<Archive> mutated = ArchiveFromJson(text, "new.json");
    if (!mutated.ok()) return false;
    // The mutant on each side in turn.
    bool built = false;
    for (const bool mutant_is_new : {true, false}) {
      const Archive& old_a = mutant_is_new ? partners[pair] : *mutated;
      const Archive& new_a = mutant_is_new ? *mutated : partners[pair];
      absl::StatusOr<CompareModel> model =
          BuildCompareModel(old_a, "old.json", new_a, "new.json", FuzzAnalysis());
      if (!model.ok()) continue;
      built = true;
      EXPECT_FALSE(CompareModelToJson(*model).empty());
      EvaluateRegressionGate(*model, 5);
    }
    return built;
  });
}

TEST(FuzzTest, WorkerProtocolReports) {
  std::vector<Seed> seeds = CorpusSeeds("worker_report");
  const std::vector<Seed> built = BuiltWorkerSeeds();
  MaybeWriteSeeds("worker_report", built);
  seeds.insert(seeds.end(), built.begin(), built.end());
  // Each decoder's own count: every one must meet inputs it accepts and inputs it refuses.
  constexpr size_t kDecoders = 6;
  std::array<size_t, kDecoders> accepted{}, refused{};
  const std::array<const char*, kDecoders> names = {"unit result", "unit spec", "calibration",
                                                    "gate report", "descriptor", "probe result"};
  Fuzz("worker_report", seeds, kWorkerCases, 0x776f726b65720001,
       [&](const std::string& text, size_t) {
    const ParsedReport report = ParseReport(text);
    if (!report.result_json) return false;
    const std::string& json = *report.result_json;
    bool any = false;
    auto count = [&](size_t i, bool ok) {
      ++(ok ? accepted[i] : refused[i]);
      any = any || ok;
    };
    absl::StatusOr<UnitResult> unit = UnitResultFromJson(json);
    count(0, unit.ok());
    if (unit.ok()) {
      // What the parent accepts it archives: it must write and read back the same.
      const std::string once = UnitResultToJson(*unit);
      absl::StatusOr<UnitResult> again = UnitResultFromJson(once);
      EXPECT_TRUE(again.ok()) << again.status();
      if (again.ok()) {
        EXPECT_EQ(UnitResultToJson(*again), once);
      }
      ComputeUnitStats(*unit, 2);
    }
    absl::StatusOr<UnitSpec> spec = UnitSpecFromJson(json);
    count(1, spec.ok());
    if (spec.ok()) {
      absl::StatusOr<UnitSpec> again = UnitSpecFromJson(UnitSpecToJson(*spec));
      EXPECT_TRUE(again.ok()) << again.status();
    }
    count(2, CalibrationFromJson(json).ok());
    count(3, GateReportFromJson(json).ok());
    count(4, DescriptorFromJson(json).ok());
    count(5, ProbeResultFromJson(json).ok());
    return any;
  });
  for (size_t i = 0; i < kDecoders; ++i) {
    std::printf("fuzz worker_report %s: %zu accepted, %zu refused\n", names[i], accepted[i],
                refused[i]);
    EXPECT_GT(accepted[i], 0u) << names[i];
    EXPECT_GT(refused[i], 0u) << names[i];
  }
}

}  // namespace
}  // namespace zoo
