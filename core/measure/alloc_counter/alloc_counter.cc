// libzoo_alloc_counter.so: preloaded (LD_PRELOAD) into a cost unit's process only. Interposes
// the malloc family and every operator new/delete, forwards to glibc's own __libc_*
// allocator, and while counting is on adds each allocation call and the bytes it asked for to
// two relaxed atomics. free and delete are forwarded, not counted. No locks, no allocation of
// its own, no static constructor: it is safe from the first allocation of the process.
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <atomic>
#include <new>

#include "core/measure/alloc_counter/alloc_counter_api.h"

extern "C" {
void* __libc_malloc(size_t size);
void* __libc_calloc(size_t count, size_t size);
void* __libc_realloc(void* ptr, size_t size);
void __libc_free(void* ptr);
void* __libc_memalign(size_t alignment, size_t size);
void* __libc_valloc(size_t size);
}

#define ZOO_EXPORT __attribute__((visibility("default")))

namespace {

std::atomic<bool> g_on{false};
std::atomic<uint64_t> g_calls{0};
std::atomic<uint64_t> g_bytes{0};

inline void Note(size_t bytes) {
  if (g_on.load(std::memory_order_relaxed)) {
    g_calls.fetch_add(1, std::memory_order_relaxed);
    g_bytes.fetch_add(bytes, std::memory_order_relaxed);
  }
}

// operator new's contract: retry through the new-handler, then throw.
void* NewOrThrow(size_t size, size_t alignment) {
  if (size == 0) size = 1;
  for (;;) {
    void* p = alignment == 0 ? __libc_malloc(size) : __libc_memalign(alignment, size);
    if (p != nullptr) return p;
    std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void* NewNoThrow(size_t size, size_t alignment) noexcept {
  try {
    return NewOrThrow(size, alignment);
  } catch (...) {
    return nullptr;
  }
}

}  // namespace

extern "C" {

ZOO_EXPORT void zoo_alloc_counter_start(void) {
  g_calls.store(0, std::memory_order_relaxed);
  g_bytes.store(0, std::memory_order_relaxed);
  g_on.store(true, std::memory_order_seq_cst);
}

ZOO_EXPORT void zoo_alloc_counter_stop(uint64_t* calls, uint64_t* bytes) {
  g_on.store(false, std::memory_order_seq_cst);
  *calls = g_calls.load(std::memory_order_relaxed);
  *bytes = g_bytes.load(std::memory_order_relaxed);
}

ZOO_EXPORT void* malloc(size_t size) {
  Note(size);
  return __libc_malloc(size);
}

ZOO_EXPORT void* calloc(size_t count, size_t size) {
  Note(count * size);
  return __libc_calloc(count, size);
}

ZOO_EXPORT void* realloc(void* ptr, size_t size) {
  if (ptr == nullptr || size != 0) Note(size);  // realloc(p, 0) frees
  return __libc_realloc(ptr, size);
}

ZOO_EXPORT void free(void* ptr) { __libc_free(ptr); }

ZOO_EXPORT void* memalign(size_t alignment, size_t size) {
  Note(size);
  return __libc_memalign(alignment, size);
}

ZOO_EXPORT void* aligned_alloc(size_t alignment, size_t size) {
  Note(size);
  return __libc_memalign(alignment, size);
}

ZOO_EXPORT int posix_memalign(void** out, size_t alignment, size_t size) {
  if (alignment < sizeof(void*) || (alignment & (alignment - 1)) != 0) return EINVAL;
  Note(size);
  void* p = __libc_memalign(alignment, size);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}

ZOO_EXPORT void* valloc(size_t size) {
  Note(size);
  return __libc_valloc(size);
}

}  // extern "C"

// Every replaceable operator new and delete (C++17 aligned and C++14 sized forms included).
ZOO_EXPORT void* operator new(size_t size) {
  Note(size);
  return NewOrThrow(size, 0);
}
ZOO_EXPORT void* operator new[](size_t size) {
  Note(size);
  return NewOrThrow(size, 0);
}
ZOO_EXPORT void* operator new(size_t size, const std::nothrow_t&) noexcept {
  Note(size);
  return NewNoThrow(size, 0);
}
ZOO_EXPORT void* operator new[](size_t size, const std::nothrow_t&) noexcept {
  Note(size);
  return NewNoThrow(size, 0);
}
ZOO_EXPORT void* operator new(size_t size, std::align_val_t al) {
  Note(size);
  return NewOrThrow(size, static_cast<size_t>(al));
}
ZOO_EXPORT void* operator new[](size_t size, std::align_val_t al) {
  Note(size);
  return NewOrThrow(size, static_cast<size_t>(al));
}
ZOO_EXPORT void* operator new(size_t size, std::align_val_t al, const std::nothrow_t&) noexcept {
  Note(size);
  return NewNoThrow(size, static_cast<size_t>(al));
}
ZOO_EXPORT void* operator new[](size_t size, std::align_val_t al,
                                const std::nothrow_t&) noexcept {
  Note(size);
  return NewNoThrow(size, static_cast<size_t>(al));
}
ZOO_EXPORT void operator delete(void* p) noexcept { __libc_free(p); }
ZOO_EXPORT void operator delete[](void* p) noexcept { __libc_free(p); }
ZOO_EXPORT void operator delete(void* p, size_t) noexcept { __libc_free(p); }
ZOO_EXPORT void operator delete[](void* p, size_t) noexcept { __libc_free(p); }
ZOO_EXPORT void operator delete(void* p, const std::nothrow_t&) noexcept { __libc_free(p); }
ZOO_EXPORT void operator delete[](void* p, const std::nothrow_t&) noexcept { __libc_free(p); }
ZOO_EXPORT void operator delete(void* p, std::align_val_t) noexcept { __libc_free(p); }
ZOO_EXPORT void operator delete[](void* p, std::align_val_t) noexcept { __libc_free(p); }
ZOO_EXPORT void operator delete(void* p, size_t, std::align_val_t) noexcept { __libc_free(p); }
ZOO_EXPORT void operator delete[](void* p, size_t, std::align_val_t) noexcept { __libc_free(p); }
ZOO_EXPORT void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  __libc_free(p);
}
ZOO_EXPORT void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  __libc_free(p);
}
