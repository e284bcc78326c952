/*
 * zoo/ext/submit_any_thread.h — the "zoo.submit_any_thread/1" extension of an adapter
 * (C11, ABI 1.1).
 *
 * zoo/adapter.h lets only the control thread call submit(). An adapter that offers this
 * extension widens that contract, so the host can measure what a user of a pool does: tasks
 * posted by several producer threads at once, a task that posts its successor from the worker
 * it runs on (a continuation chain), and a burst into a bounded queue that pushes back.
 *
 * Found through zoo_adapter_entry.get_extension(ZOO_EXT_SUBMIT_ANY_THREAD). Returning the
 * table is the declaration; the equivalence gate checks every rule below by behaviour before
 * the adapter is measured with it, and rejects it with the rule it broke. The conventions of
 * zoo/adapter.h apply (struct_size first, brackets say where a call is valid).
 *
 * The rules an adapter that returns the table promises, per function of zoo/adapter.h:
 *  - submit(): may be called from any thread of the host process, several at the same time,
 *    including from inside a running task (between the start of task->run and its return, or,
 *    for an adapter that runs bodies with host->execute, inside that call), as long as the tasks in flight since the previous drain() stay within config->max_batch.
 *    [any-thread of the host process][after setup, before the drain() that follows returns]
 *  - submit() with a bounded queue (flags has ZOO_SUBMIT_BOUNDED and the queue's capacity is
 *    not 0): when the queue holds `capacity` tasks, a submit() from a thread that is not one
 *    of the adapter's workers blocks until there is room (back-pressure); it never drops the
 *    task and never fails for a full queue. A submit() from inside a running task never
 *    blocks for room (it may exceed the capacity), so a chain cannot deadlock its own pool.
 *  - drain(): returns only when every task submitted since the previous drain() has
 *    completed, including the tasks that running tasks submitted while drain() waited. The
 *    host calls it once every other thread's submit() calls have returned; only tasks it
 *    waits for may submit while it waits. [control-thread][after setup]
 *  - setup(): with ZOO_SUBMIT_BOUNDED, accepts the option "capacity=N" (N tasks; 0 means
 *    unbounded); without the option the queue has `default_capacity`.
 */
#pragma once
#include <stdint.h>

#include "zoo/adapter.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZOO_EXT_SUBMIT_ANY_THREAD "zoo.submit_any_thread/1"

/* The adapter's queue can be bounded: "capacity=N" in config->options, submit() blocks when
 * it is full. */
#define ZOO_SUBMIT_BOUNDED 1u

typedef struct zoo_submit_any_thread_extension {
  uint32_t struct_size; /* sizeof(zoo_submit_any_thread_extension_t) as the plugin knows it */
  uint32_t flags;       /* ZOO_SUBMIT_* */
  /* The capacity of the queue when the options do not set one (0: unbounded). Informative
   * when flags has no ZOO_SUBMIT_BOUNDED (then it is 0). */
  uint32_t default_capacity;
  uint32_t reserved0;
} zoo_submit_any_thread_extension_t;

#ifdef __cplusplus
}
#endif
