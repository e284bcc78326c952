// The peer host's plugin loading, host table and noop task body (see peer_host.h).
#include "bench/peer_host.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <thread>

#include "core/measure/unit_kind.h"
#include "core/measure/workload.h"

namespace zoo_peer {
namespace {

[[noreturn]] void Fail(const char* program, const std::string& sentence) {
  std::fprintf(stderr, "%s: %s\n", program, sentence.c_str());
  std::exit(2);
}

int64_t NowNs(const zoo_host_t* /*host*/) {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// Only for adapters that run bodies in another process; the peer measures in-process adapters.
zoo_status_t Execute(const zoo_host_t* /*host*/, uint64_t /*task_id*/,
                     zoo_task_outcome_t* /*outcome*/) {
  return ZOO_STATUS_INVALID_ARGUMENT;
}
void Complete(const zoo_host_t* /*host*/, const zoo_task_outcome_t* /*outcome*/) {}

void Log(const zoo_host_t* /*host*/, int32_t level, const char* message) {
  std::fprintf(stderr, "adapter (level %d): %s\n", level, message != nullptr ? message : "");
}

const void* GetExtension(const zoo_host_t* /*host*/, const char* /*id*/) { return nullptr; }

}  // namespace

void Plugin::Closer::operator()(void* handle) const { dlclose(handle); }

Plugin Plugin::OpenOrExit(const char* program, const std::string& path) {
  std::unique_ptr<void, Closer> handle(dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL));
  if (handle == nullptr) {
    const char* why = dlerror();
    // dlerror() names the file itself.
    Fail(program, std::string("cannot load the adapter: ") +
                      (why != nullptr ? why : path + ": no reason given") + ".");
  }
  dlerror();
  const auto* entry =
      static_cast<const zoo_adapter_entry_t*>(dlsym(handle.get(), ZOO_ADAPTER_ENTRY_SYMBOL));
  if (entry == nullptr) {
    Fail(program, path + " is not a zoo-host adapter: it has no " ZOO_ADAPTER_ENTRY_SYMBOL
                  " symbol.");
  }
  if (entry->magic != ZOO_ADAPTER_MAGIC) {
    Fail(program, path + " is not a zoo-host adapter: its " ZOO_ADAPTER_ENTRY_SYMBOL
                  " does not start with the magic number.");
  }
  if (entry->abi_major != ZOO_ABI_MAJOR) {
    Fail(program, path + " was built against ABI " + std::to_string(entry->abi_major) +
                      ", and this program speaks ABI " + std::to_string(ZOO_ABI_MAJOR) + ".");
  }
  if (entry->struct_size < ZOO_ADAPTER_ENTRY_SIZE_1_0 || entry->setup == nullptr ||
      entry->submit == nullptr || entry->drain == nullptr || entry->teardown == nullptr ||
      entry->error_text == nullptr || entry->name == nullptr) {
    Fail(program, path + " has an incomplete " ZOO_ADAPTER_ENTRY_SYMBOL
                  " (too small, or a required function or its name missing).");
  }
  return Plugin(std::move(handle), entry, path);
}

PeerHost::PeerHost(uint32_t capacity)
    : tasks_(capacity), slots_(std::make_unique<Slot[]>(capacity)) {
  for (uint32_t i = 0; i < capacity; ++i) {
    tasks_[i] = zoo_task_t{
        .struct_size = sizeof(zoo_task_t),
        .reserved0 = 0,
        .id = i,
        .run = &PeerHost::Run,
        .host_data = &slots_[i],
    };
  }
  table_ = zoo_host_t{
      .struct_size = sizeof(zoo_host_t),
      .abi_major = ZOO_ABI_MAJOR,
      .abi_minor = ZOO_ABI_MINOR,
      .reserved0 = 0,
      .host_name = "zoo-peer",
      .host_version = "0",
      .host_data = this,
      .now_ns = &NowNs,
      .execute = &Execute,
      .complete = &Complete,
      .log = &Log,
      .get_extension = &GetExtension,
  };
}

// The noop body and the host's bookkeeping: the slot's checksum takes the id, then the
// completion is counted (release: drain()'s caller reads the slot after it).
void PeerHost::Run(const zoo_task_t* task) {
  auto* slot = static_cast<Slot*>(task->host_data);
  slot->checksum += task->id;
  slot->completions.fetch_add(1, std::memory_order_release);
}

uint64_t PeerHost::checksum() const {
  uint64_t sum = 0;
  for (uint32_t i = 0; i < capacity(); ++i) sum += slots_[i].checksum;
  return sum;
}

std::string PeerHost::Check(uint64_t rounds) const {
  for (uint32_t i = 0; i < capacity(); ++i) {
    const uint64_t n = slots_[i].completions.load(std::memory_order_acquire);
    if (n != rounds) {
      return "task slot " + std::to_string(i) + " completed " + std::to_string(n) +
             " times in " + std::to_string(rounds) + " rounds (exactly once a round expected)";
    }
  }
  // Every id 0 .. n - 1 (n = rounds * c) was handed out once: their sum n(n-1)/2, modulo 2^64
  // (halving the even factor first keeps it exact in wrapping arithmetic).
  const uint64_t n = rounds * capacity();
  const uint64_t expected = n % 2 == 0 ? (n / 2) * (n == 0 ? 0 : n - 1) : n * ((n - 1) / 2);
  if (checksum() != expected) {
    return "the checksum is " + std::to_string(checksum()) + ", not the " +
           std::to_string(expected) + " the ids handed out add up to";
  }
  return "";
}

namespace {

std::unique_ptr<zoo::Body> NoopBodyOrExit(const char* program) {
  absl::StatusOr<zoo::CalibratedWorkload> w = zoo::MakeWorkload("noop", 0, 0);
  if (!w.ok()) Fail(program, "cannot make the noop body: " + std::string(w.status().message()));
  return std::move(w->body);
}

// A whole number of rounds of `concurrency` tasks, about ZooHost::kRingSlots (at least one).
size_t RingSlots(uint32_t concurrency) {
  return static_cast<size_t>(concurrency) *
         std::max<size_t>(1, ZooHost::kRingSlots / concurrency);
}

}  // namespace

ZooHost::ZooHost(const char* program, uint32_t concurrency)
    : body_(NoopBodyOrExit(program)),
      host_(*body_, RingSlots(concurrency)),
      concurrency_(concurrency),
      body_checksum_(body_->Run()) {
  host_.set_stamps(zoo::Stamps::kRound);  // a timed noop unit's (StampsFor)
}

std::string ZooHost::CheckAndReset(size_t end) {
  std::string broken;
  for (size_t i = 0; i < end; ++i) {
    // HostServices hands its records out read-only; they are not const objects, and no task is
    // in flight: the peer puts them back as a fresh HostServices has them.
    auto& r = const_cast<zoo::TaskRecord&>(host_.record(i));
    const uint32_t n = r.completions.load(std::memory_order_acquire);
    if (broken.empty()) {
      if (n != 1) {
        broken = "task slot " + std::to_string(i) + " completed " + std::to_string(n) +
                 " times in lap " + std::to_string(tasks_checked_ / host_.capacity() + 1) +
                 " (exactly once a lap expected)";
      } else if (!r.outcome_ready.load(std::memory_order_acquire) ||
                 r.outcome.task_id != i || r.outcome.status != ZOO_STATUS_OK ||
                 r.outcome.checksum != body_checksum_) {
        broken = "task slot " + std::to_string(i) + " completed without the noop body's outcome";
      }
    }
    checksum_ += r.outcome.checksum;
    r.completions.store(0, std::memory_order_relaxed);
    r.completed_ns.store(0, std::memory_order_relaxed);
    r.outcome_ready.store(false, std::memory_order_relaxed);
    r.outcome = zoo_task_outcome_t{};
  }
  tasks_checked_ += end;
  return broken;
}

std::string ZooHost::EndLap() {
  std::string broken = CheckAndReset(host_.capacity());
  next_ = 0;
  return broken;
}

std::string ZooHost::Check(uint64_t rounds) {
  const size_t partial = next_;
  std::string broken = CheckAndReset(partial);
  next_ = 0;
  if (!broken.empty()) return broken;
  for (size_t i = partial; i < host_.capacity(); ++i) {
    if (const uint32_t n = host_.record(i).completions.load(std::memory_order_acquire); n != 0) {
      return "task slot " + std::to_string(i) + ", not handed out in the last lap, completed " +
             std::to_string(n) + " times";
    }
  }
  if (tasks_checked_ != rounds * concurrency_) {
    return std::to_string(tasks_checked_) + " tasks were checked, not the " +
           std::to_string(rounds * concurrency_) + " of " + std::to_string(rounds) + " rounds";
  }
  if (host_.unknown_completions() != 0 || host_.unknown_executions() != 0) {
    return "the host saw " + std::to_string(host_.unknown_completions()) +
           " completions and " + std::to_string(host_.unknown_executions()) +
           " execute() calls of ids it never handed out";
  }
  return "";
}

Instance::Instance(const Plugin& plugin, const zoo_host_t* table, uint32_t concurrency)
    : entry_(plugin.entry()) {
  zoo_config_t config{};
  config.struct_size = sizeof(zoo_config_t);
  config.concurrency = concurrency;
  config.max_batch = concurrency;
  config.logical_cores = std::thread::hardware_concurrency();
  config.options = "";
  config.workers = 0;
  const zoo_status_t s = entry_.setup(table, &config, &state_);
  if (s != ZOO_STATUS_OK || state_ == nullptr) {
    state_ = nullptr;
    error_ = "setup() failed with status " + std::to_string(s) + ": " + AdapterError();
  }
}

Instance::~Instance() {
  if (state_ != nullptr && entry_.teardown(state_) != ZOO_STATUS_OK) {
    const char* text = entry_.error_text(nullptr);  // the state is gone, also on failure
    std::fprintf(stderr, "teardown() failed: %s\n", text != nullptr ? text : "");
  }
}

std::string Instance::AdapterError() const {
  const char* text = entry_.error_text(state_);
  return text != nullptr ? text : "";
}

zoo::CpuIdleHold HoldIdleAsZooHostRunDoes(const char* program) {
  zoo::CpuIdleHold hold = zoo::CpuIdleHold::Acquire();
  if (hold.held()) {
    std::fprintf(stderr, "%s: deep idle states held off (/dev/cpu_dma_latency at 0), as zoo-host "
                         "run does\n", program);
  } else {
    std::fprintf(stderr, "%s: deep idle states not held off (%s): compare with zoo-host run "
                         "--cpu-idle any\n", program, hold.why().c_str());
  }
  return hold;
}

}  // namespace zoo_peer
