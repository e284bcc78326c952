// crashes_in_submit: deliberately broken test plugin.
//
// Inline like the built-in `inline` adapter for the first two submits of an instance; the 3rd
// submit writes through a null pointer, so the process dies of SIGSEGV. A host must survive it
// (by running the plugin in a child process) and say which call crashed.
#include <zoo/adapter.hpp>

#include <cstdint>

namespace {

// The pointer itself is volatile, so the compiler cannot see that it is null: it emits a real
// store (SIGSEGV) instead of turning the known null dereference into a trap (SIGILL).
int* volatile g_null = nullptr;

// The defect: SIGSEGV. Not instrumented, so that a sanitizer build crashes the same way
// (UBSan would otherwise report the null store and exit instead).
__attribute__((noinline, no_sanitize("undefined", "address"))) void Crash() {
  volatile int* p = g_null;
  *p = 1;
}

class CrashesInSubmitAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "crashes_in_submit",
      .version = "1.0.0",
      .description = "Test plugin: inline, but the 3rd submit() of an instance dies of SIGSEGV.",
      .kind = "test",
      .caliber_notes =
          "Deliberately broken: crashes the process in submit(); it must fail the gate without "
          "taking the host down.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  CrashesInSubmitAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {}

  void Submit(const zoo_task_t* task) {
    if (++submitted_ == 3) Crash();
    zoo::Run(task);
  }

  void Drain() {}

 private:
  std::uint64_t submitted_ = 0;  // submits to this instance so far
};

}  // namespace

ZOO_EXPORT_ADAPTER(CrashesInSubmitAdapter)
