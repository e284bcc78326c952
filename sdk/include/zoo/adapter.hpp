// zoo/adapter.hpp — optional header-only C++ helper over zoo/adapter.h.
//
// Writing an adapter becomes one class and one macro:
//
//   class MyAdapter {
//    public:
//     static constexpr zoo::Metadata kMetadata = {
//         .name = "my_adapter", .version = "1.0", .description = "...", .kind = "ecosystem",
//         .caliber_notes = "...", .drive_level = "public API"};
//     MyAdapter(const zoo::Host& host, const zoo::Config& config);  // setup
//     void Submit(const zoo_task_t* task);                           // run it: zoo::Run(task)
//     void Drain();
//     ~MyAdapter();                                                  // teardown: join, reap
//     // Optional: void Teardown();  static const void* Extension(const char* id);
//     // Optional: static constexpr zoo::Translation kTranslations[] = {{"zh", kZh}};
//   };
//
// teardown() calls Teardown() first when the class has one (a place to report a failure: it
// may throw), then the destructor, always, also after Teardown() threw. So the destructor
// alone must leave nothing running: every thread joined (not detached), every child process
// reaped. It must not throw.
//
// A class with kTranslations (zoo/text.hpp) answers get_extension("zoo.text/1") with them, so
// its texts reach the report in other languages; Extension() is asked for every other ID.
//
// An extension's functions reach the object with zoo::AdapterOf<MyAdapter>(state), or
// zoo::CallOn<MyAdapter>(state, [&](MyAdapter& a) { ... }) to turn exceptions into a status.
//   ZOO_EXPORT_ADAPTER(MyAdapter)
//
// Any exception that leaves a member becomes a status code plus its what() as the error text:
// zoo::Error carries its own code; std::bad_alloc is ZOO_STATUS_RESOURCE_EXHAUSTED; anything
// else is ZOO_STATUS_ERROR. Nothing C++ crosses the C boundary. The calls that do not throw
// cost one indirect call and nothing else.
#pragma once

#include <zoo/adapter.h>
#include <zoo/ext/build.h>
#include <zoo/text.hpp>

#include <exception>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace zoo {

// The descriptor strings of an adapter. All must be string literals (static storage).
struct Metadata {
  const char* name = nullptr;
  const char* version = nullptr;
  const char* description = nullptr;
  const char* kind = nullptr;
  const char* caliber_notes = nullptr;
  const char* drive_level = nullptr;
};

// Throw to fail a call with a specific status and sentence.
class Error : public std::runtime_error {
 public:
  Error(zoo_status_t status, const std::string& what)
      : std::runtime_error(what), status_(status) {}
  zoo_status_t status() const noexcept { return status_; }

 private:
  zoo_status_t status_;
};

// A view of the host services table; cheap to copy, valid until teardown.
class Host {
 public:
  explicit Host(const zoo_host_t* host) : host_(host) {}
  int64_t NowNs() const { return host_->now_ns(host_); }
  // Cross-process adapters: run a body in a process forked from the host.
  zoo_status_t Execute(uint64_t task_id, zoo_task_outcome_t* outcome) const {
    return host_->execute(host_, task_id, outcome);
  }
  // Cross-process adapters: hand a shipped-back outcome to the host, in the host process.
  void Complete(const zoo_task_outcome_t& outcome) const { host_->complete(host_, &outcome); }
  void Log(int32_t level, const char* message) const { host_->log(host_, level, message); }
  const zoo_host_t* raw() const { return host_; }

 private:
  const zoo_host_t* host_;
};

// The configuration, copied out of the C struct (valid only during setup).
struct Config {
  uint32_t concurrency = 1;
  uint32_t max_batch = 1;
  uint32_t logical_cores = 1;
  std::string options;
  // The pool size (ABI 1.1): the config's `workers`, or `concurrency` when it is 0 or the
  // host's config predates it. A pool-like adapter sizes its pool by this.
  uint32_t workers = 1;

  explicit Config(const zoo_config_t& c)
      : concurrency(c.concurrency),
        max_batch(c.max_batch),
        logical_cores(c.logical_cores),
        options(c.options != nullptr ? c.options : ""),
        workers(ZOO_CONFIG_WORKERS(&c)) {}
};

// Runs a host-owned task on the calling thread: the body, its timing and its completion.
inline void Run(const zoo_task_t* task) { task->run(task); }

namespace detail {

template <typename T>
struct Instance {
  std::unique_ptr<T> impl;
  std::string error;
};

// error_text(NULL): the last setup or teardown failure on this thread.
inline std::string& ThreadError() {
  thread_local std::string error;
  return error;
}

template <typename F>
zoo_status_t Guard(std::string& error, F&& f) noexcept {
  try {
    std::forward<F>(f)();
    return ZOO_STATUS_OK;
  } catch (const Error& e) {
    error = e.what();
    return e.status() != ZOO_STATUS_OK ? e.status() : ZOO_STATUS_ERROR;
  } catch (const std::bad_alloc&) {
    error = "out of memory";
    return ZOO_STATUS_RESOURCE_EXHAUSTED;
  } catch (const std::exception& e) {
    error = e.what();
    return ZOO_STATUS_ERROR;
  } catch (...) {
    error = "an exception that is not a std::exception";
    return ZOO_STATUS_ERROR;
  }
}

template <typename T>
struct Glue {
  using Inst = Instance<T>;

  static Inst* Of(zoo_adapter_state_t* s) { return reinterpret_cast<Inst*>(s); }
  static const Inst* Of(const zoo_adapter_state_t* s) { return reinterpret_cast<const Inst*>(s); }

  static zoo_status_t Setup(const zoo_host_t* host, const zoo_config_t* config,
                            zoo_adapter_state_t** state) noexcept {
    if (state == nullptr) return ZOO_STATUS_INVALID_ARGUMENT;
    *state = nullptr;
    std::unique_ptr<Inst> inst;
    zoo_status_t status = Guard(ThreadError(), [&] {
      if (host == nullptr || config == nullptr) {
        throw Error(ZOO_STATUS_INVALID_ARGUMENT, "setup was called without a host or config");
      }
      inst = std::make_unique<Inst>();
      inst->impl = std::make_unique<T>(Host(host), Config(*config));
    });
    if (status == ZOO_STATUS_OK) *state = reinterpret_cast<zoo_adapter_state_t*>(inst.release());
    return status;
  }

  static zoo_status_t Submit(zoo_adapter_state_t* s, const zoo_task_t* task) noexcept {
    Inst* inst = Of(s);
    return Guard(inst->error, [&] { inst->impl->Submit(task); });
  }

  static zoo_status_t Drain(zoo_adapter_state_t* s) noexcept {
    Inst* inst = Of(s);
    return Guard(inst->error, [&] { inst->impl->Drain(); });
  }

  static zoo_status_t Teardown(zoo_adapter_state_t* s) noexcept {
    std::unique_ptr<Inst> inst(Of(s));
    return Guard(ThreadError(), [&] {
      if constexpr (requires(T& t) { t.Teardown(); }) inst->impl->Teardown();
      inst->impl.reset();  // if Teardown() threw, `inst` leaving scope runs the destructor
    });
  }

  static const char* ErrorText(const zoo_adapter_state_t* s) noexcept {
    return s == nullptr ? ThreadError().c_str() : Of(s)->error.c_str();
  }

  static const void* Extension(const char* id) noexcept {
    if constexpr (requires { T::kTranslations; }) {
      if (id != nullptr && std::string_view(id) == ZOO_EXT_TEXT) {
        return ::zoo::TextExtension<T::kTranslations>();
      }
    }
    if constexpr (requires { T::Extension(id); }) {
      return id != nullptr ? T::Extension(id) : nullptr;
    } else {
      return nullptr;
    }
  }
};

template <typename T>
constexpr zoo_adapter_entry_t MakeEntry() {
  constexpr Metadata m = T::kMetadata;
  static_assert(m.name != nullptr, "kMetadata.name is required");
  return zoo_adapter_entry_t{
      ZOO_ADAPTER_MAGIC,      ZOO_ABI_MAJOR,   ZOO_ABI_MINOR,
      sizeof(zoo_adapter_entry_t),
      m.name,                 m.version,       m.description,
      m.kind,                 m.caliber_notes, m.drive_level,
      &Glue<T>::Setup,        &Glue<T>::Submit, &Glue<T>::Drain,
      &Glue<T>::Teardown,     &Glue<T>::ErrorText, &Glue<T>::Extension,
  };
}

}  // namespace detail

// For the functions of an extension table, which take the instance state: the adapter object
// of class `T` behind `state` (as created by ZOO_EXPORT_ADAPTER(T)).
template <typename T>
T& AdapterOf(zoo_adapter_state_t* state) {
  return *detail::Glue<T>::Of(state)->impl;
}
template <typename T>
const T& AdapterOf(const zoo_adapter_state_t* state) {
  return *detail::Glue<T>::Of(state)->impl;
}

// Calls `f(adapter)` with the exception-to-status conversion of the ABI functions: the status
// is returned and the text is what error_text(state) gives afterwards.
template <typename T, typename F>
zoo_status_t CallOn(zoo_adapter_state_t* state, F&& f) noexcept {
  if (state == nullptr) return ZOO_STATUS_INVALID_ARGUMENT;
  auto* inst = detail::Glue<T>::Of(state);
  return detail::Guard(inst->error, [&] { std::forward<F>(f)(*inst->impl); });
}

}  // namespace zoo

// Defines the plugin's one exported symbol for adapter class `Type`. Use once per plugin, at
// namespace scope. Constant-initialised: the host can read it before any plugin code runs.
// It also declares how this file was compiled (zoo/ext/build.h), for the report's build check.
#define ZOO_EXPORT_ADAPTER(Type)                                                     \
  ZOO_DECLARE_BUILD();                                                               \
  extern "C" ZOO_ADAPTER_EXPORT constinit const zoo_adapter_entry_t zoo_adapter_entry = \
      ::zoo::detail::MakeEntry<Type>();
