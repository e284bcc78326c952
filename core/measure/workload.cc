#include "core/measure/workload.h"

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <ctime>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "core/base/clock.h"
#include "core/base/fnv.h"
#include "core/base/statistics.h"
#include "core/measure/modbus_rtu.h"
#include "rapidjson/document.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"

namespace zoo {
namespace {

constexpr uint64_t kNoopChecksum = 0x6e6f6f70'00000001ull;  // "noop", never 0

// Calibration of json (see MakeJson). Repetitions are timed on the calling thread's CPU
// clock, so that time spent preempted (by a busy machine, or by an adapter's spinning
// workers) does not inflate the cost of a repetition; wall-clock budgets bound the call.
// Each timed batch lasts at least kBatchCpuNs, long enough that clock reads and scheduler
// ticks are noise. On an idle machine a call takes about kWarmUpCpuNs + 6 x 1.1 x
// kBatchCpuNs (~0.08 s): a run calibrates each tier in two processes per CPU.
constexpr int64_t kWarmUpCpuNs = 10'000'000;
constexpr int64_t kWarmUpBudgetNs = 100'000'000;  // wall: warm-up ends here even if starved
constexpr int64_t kBatchCpuNs = 10'000'000;
constexpr int64_t kGrowBudgetNs = 200'000'000;  // wall: stop growing the batch after this long
constexpr int kMeasuredBatches = 5;
constexpr int kMinMeasuredBatches = 3;
constexpr int64_t kMeasureBudgetNs = 300'000'000;  // wall, from the start: no batch past the
                                                   // minimum starts after this

// splitmix64's finaliser: spreads a deadline's bits into a checksum.
uint64_t Mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

template <typename T>
void AppendNumber(std::string& out, T value) {
  char buf[32];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, value);
  assert(r.ec == std::errc());
  out.append(buf, r.ptr);
}

// The Documents' memory pool: a buffer on the stack, so that a repetition's allocations stay
// small. RapidJSON's own default pool mallocs a 64 KiB chunk per Document; two of them freed
// at the top of the heap pass glibc's trim threshold (128 KiB), so whether each repetition
// shrank the heap and faulted it back in depended on what else the process had allocated:
// the same body took 40 us in one unit process and 400 us in another.
constexpr size_t kJsonPoolBytes = 4096;

// One json repetition: build a small record that depends on `index`, serialize it, parse it
// back, concatenate strings from the parsed values and fold the bytes into `h`. Only locals
// (the Documents share a pool on the stack), so it is thread-safe and fork-safe; to_chars
// keeps the text, and so the checksum, independent of the locale.
uint64_t JsonRepetition(uint64_t index, uint64_t h) {
  // Every number keeps its digit count whatever the index (id has 6 digits, the name's
  // suffix 3, the score "1xxx.125", the values 6), so a repetition costs the same at any
  // index: calibration times repetitions far past the few dozen a 40 us body runs.
  const int id = 100'000 + static_cast<int>(index % 100'000);
  char name[32] = "record-";
  const std::to_chars_result name_end =
      std::to_chars(name + 7, name + sizeof name, 100 + id % 900);
  assert(name_end.ec == std::errc());

  alignas(std::max_align_t) char pool_buffer[kJsonPoolBytes];
  rapidjson::MemoryPoolAllocator<> pool(pool_buffer, sizeof pool_buffer);
  rapidjson::Document record(&pool);
  record.SetObject();
  rapidjson::Document::AllocatorType& alloc = record.GetAllocator();
  record.AddMember("id", id, alloc);
  record.AddMember("score", 1000.125 + static_cast<double>(id % 1000), alloc);
  record.AddMember(
      "name",
      rapidjson::Value(name, static_cast<rapidjson::SizeType>(name_end.ptr - name), alloc),
      alloc);
  rapidjson::Value values(rapidjson::kArrayType);
  for (int k = 0; k < 4; ++k) values.PushBack(id * 4 + k, alloc);
  record.AddMember("values", values, alloc);

  rapidjson::StringBuffer text;
  rapidjson::Writer<rapidjson::StringBuffer> writer(text);
  record.Accept(writer);

  rapidjson::Document parsed(&pool);
  parsed.Parse(text.GetString(), text.GetSize());
  assert(!parsed.HasParseError() && parsed.IsObject());

  std::string joined(parsed["name"].GetString(), parsed["name"].GetStringLength());
  joined += ':';
  AppendNumber(joined, parsed["id"].GetInt());
  joined += '/';
  AppendNumber(joined, parsed["score"].GetDouble());
  for (const rapidjson::Value& v : parsed["values"].GetArray()) {
    joined += ',';
    AppendNumber(joined, v.GetInt());
  }
  return fnv::Bytes(h, joined.data(), joined.size());
}

// Repetitions 0 .. count-1 from a fixed seed: the same count gives the same checksum.
uint64_t JsonRepetitions(uint64_t count) {
  uint64_t h = fnv::kOffset;
  for (uint64_t i = 0; i < count; ++i) h = JsonRepetition(i, h);
  return h == 0 ? 1 : h;  // 0 is reserved for "no work ran"
}

class JsonBody final : public Body {
 public:
  explicit JsonBody(uint64_t repetitions) : repetitions_(repetitions) {}
  uint64_t Run() const override { return JsonRepetitions(repetitions_); }

 private:
  uint64_t repetitions_;
};

class SleepBody final : public Body {
 public:
  explicit SleepBody(int64_t duration_ns) : duration_ns_(duration_ns) {}

  // An absolute deadline, so a signal that interrupts the sleep does not stretch it.
  uint64_t Run() const override {
    const int64_t deadline = MonotonicNs() + duration_ns_;
    timespec ts;
    ts.tv_sec = deadline / 1'000'000'000;
    ts.tv_nsec = deadline % 1'000'000'000;
    int rc;
    while ((rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr)) == EINTR) {
    }
    assert(rc == 0);
    return Mix(static_cast<uint64_t>(deadline)) | 1;
  }

 private:
  int64_t duration_ns_;
};

class NoopBody final : public Body {
 public:
  uint64_t Run() const override { return kNoopChecksum; }
};

// CPU time consumed by the calling thread, in ns.
int64_t ThreadCpuNs() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// Runs one batch of `count` repetitions and returns its thread CPU time; folds its checksum
// into `*checksum`.
int64_t TimeBatch(uint64_t count, uint64_t* checksum) {
  const int64_t start = ThreadCpuNs();
  const uint64_t h = JsonRepetitions(count);
  const int64_t elapsed = ThreadCpuNs() - start;
  *checksum = Mix(*checksum ^ h);
  return elapsed;
}

// Repetitions that should take 1.1 x kBatchCpuNs at the rate `reps` in `elapsed_ns` showed.
uint64_t BatchFor(uint64_t reps, int64_t elapsed_ns) {
  const double per_rep =
      static_cast<double>(std::max<int64_t>(elapsed_ns, 1)) / static_cast<double>(reps);
  return std::max<uint64_t>(
      1, static_cast<uint64_t>(std::ceil(1.1 * static_cast<double>(kBatchCpuNs) / per_rep)));
}

// Calibrates json on the calling thread:
//   1. warm-up: repetitions for kWarmUpCpuNs (caches, allocator arenas, CPU clock), counted;
//   2. grow: batches sized from the latest rate, each aiming at 1.1 x kBatchCpuNs, until one
//      lasts >= kBatchCpuNs (growth gives up after kGrowBudgetNs and keeps the last size);
//   3. measure: kMeasuredBatches batches of that size (at least kMinMeasuredBatches when
//      kMeasureBudgetNs has run out); ns per repetition is the median of their
//      per-repetition times.
// The batches run the body's own code path (repetitions from index 0, records of constant
// size), so what is timed is what a body does; repetitions = round(target / ns per rep).
CalibratedWorkload MakeJson(int64_t target_ns) {
  Calibration cal;
  cal.workload = "json";
  cal.target_ns = target_ns;
  const int64_t start = MonotonicNs();
  uint64_t checksum = 0;

  const int64_t warm_start = ThreadCpuNs();
  uint64_t warm_reps = 0;
  uint64_t h = fnv::kOffset;
  int64_t warm_elapsed = 0;
  do {
    h = JsonRepetition(warm_reps++, h);
    warm_elapsed = ThreadCpuNs() - warm_start;
  } while (warm_elapsed < kWarmUpCpuNs && MonotonicNs() - start < kWarmUpBudgetNs);
  checksum = Mix(checksum ^ h);

  uint64_t batch = BatchFor(warm_reps, warm_elapsed);
  const int64_t grow_start = MonotonicNs();
  for (;;) {
    const int64_t elapsed = TimeBatch(batch, &checksum);
    if (elapsed >= kBatchCpuNs || MonotonicNs() - grow_start >= kGrowBudgetNs) break;
    // At least one more repetition, at most ten times as many: a short batch's rate is noisy.
    batch = std::clamp(BatchFor(batch, elapsed), batch + 1, batch * 10);
  }

  std::vector<double> per_rep;
  while (per_rep.size() < kMeasuredBatches &&
         (per_rep.size() < kMinMeasuredBatches || MonotonicNs() - start < kMeasureBudgetNs)) {
    per_rep.push_back(static_cast<double>(TimeBatch(batch, &checksum)) /
                      static_cast<double>(batch));
  }
  cal.ns_per_repetition = std::max(Median(per_rep), 1.0);
  cal.repetitions = std::max<uint64_t>(
      1, static_cast<uint64_t>(
             std::llround(static_cast<double>(target_ns) / cal.ns_per_repetition)));
  cal.checksum = checksum == 0 ? 1 : checksum;
  cal.calibration_ns = MonotonicNs() - start;
  return CalibratedWorkload{std::make_unique<JsonBody>(cal.repetitions), std::move(cal)};
}

}  // namespace

const std::vector<std::string>& WorkloadNames() {
  static const std::vector<std::string> kNames = {"json", "sleep", "noop", "modbus_rtu"};
  return kNames;
}

absl::StatusOr<CalibratedWorkload> MakeWorkload(std::string_view workload, uint32_t tier_us,
                                                uint64_t repetitions, uint64_t seed) {
  const int64_t tier_ns = static_cast<int64_t>(tier_us) * 1000;
  if (workload == "json" && repetitions > 0) {
    CalibratedWorkload w{std::make_unique<JsonBody>(repetitions), Calibration{}};
    w.calibration.workload = "json";
    w.calibration.target_ns = tier_ns;
    w.calibration.repetitions = repetitions;
    w.calibration.checksum = JsonRepetitions(repetitions);  // what every body returns
    return w;
  }
  if (workload == "json") return MakeJson(tier_ns);
  if (workload == "sleep") {
    CalibratedWorkload w{std::make_unique<SleepBody>(tier_ns), Calibration{}};
    w.calibration.workload = "sleep";
    w.calibration.target_ns = tier_ns;
    return w;
  }
  if (workload == "modbus_rtu") {
    if (absl::Status size = CheckModbusFrameBytes(tier_us); !size.ok()) return size;
    CalibratedWorkload w{std::make_unique<ModbusBody>(MakeModbusFrames(tier_us, seed)),
                         Calibration{}};
    w.calibration.workload = "modbus_rtu";
    return w;
  }
  if (workload == "noop") {
    CalibratedWorkload w{std::make_unique<NoopBody>(), Calibration{}};
    w.calibration.workload = "noop";
    return w;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown workload \"", absl::string_view(workload.data(), workload.size()),
                   "\"; known workloads: ", absl::StrJoin(WorkloadNames(), ", ")));
}

}  // namespace zoo
