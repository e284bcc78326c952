// The allocation counter's C API: what libzoo_alloc_counter.so exports beside the allocation
// functions it interposes. A cost unit's process is started with the library in LD_PRELOAD;
// the worker finds these with dlsym(RTLD_DEFAULT, ...), so a process without the library
// (every timed unit) simply does not have them.
#pragma once

#include <stdint.h>

#define ZOO_ALLOC_COUNTER_START "zoo_alloc_counter_start"
#define ZOO_ALLOC_COUNTER_STOP "zoo_alloc_counter_stop"

#ifdef __cplusplus
extern "C" {
#endif

// Zeroes the counts and starts counting, in every thread of the process.
typedef void (*zoo_alloc_counter_start_fn)(void);
// Stops counting and reads the calls and bytes counted since the last start.
typedef void (*zoo_alloc_counter_stop_fn)(uint64_t* calls, uint64_t* bytes);

#ifdef __cplusplus
}
#endif
