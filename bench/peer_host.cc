// The peer host's plugin loading, host table and noop task body (see peer_host.h).
#include "bench/peer_host.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <thread>

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

Instance::Instance(const Plugin& plugin, const PeerHost& host, uint32_t concurrency)
    : entry_(plugin.entry()) {
  zoo_config_t config{};
  config.struct_size = sizeof(zoo_config_t);
  config.concurrency = concurrency;
  config.max_batch = concurrency;
  config.logical_cores = std::thread::hardware_concurrency();
  config.options = "";
  config.workers = 0;
  const zoo_status_t s = entry_.setup(host.table(), &config, &state_);
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

}  // namespace zoo_peer
