/*
 * zoo/adapter.h — the stable C ABI between zoo-host and an adapter plugin.
 *
 * An adapter is one execution model (a bare thread, a thread pool, a process pool, an event
 * loop, the framework under test...) behind four calls: setup, submit, drain, teardown.
 * zoo-host owns every task and every body; the adapter only decides where and when a task runs.
 *
 * Conventions of this API (read these first):
 *  1. C only. No C++ type, exception or STL object crosses this boundary in either direction.
 *     Memory is never freed on the other side of the boundary from where it was allocated.
 *  2. A plugin exports exactly one symbol, the const data object `zoo_adapter_entry`
 *     (use ZOO_ADAPTER_EXPORT). The host reads its first four fields — magic, abi_major,
 *     abi_minor, struct_size — before it calls any plugin code. Those four fields are frozen
 *     forever, so any future host can read any past plugin and refuse it with a reason.
 *  3. Structs grow only by appending fields. Every struct that can grow starts with
 *     `struct_size`; a reader uses only the fields that lie inside min(struct_size, sizeof).
 *     A new ABI minor adds fields; a new ABI major means an incompatible change.
 *  4. Every function pointer takes its own object first (the adapter's state, the host table
 *     or the task) and ends its comment with the threads and states in which it may be called,
 *     in brackets: [control-thread], [any-thread], [host-process], [after-setup] ...
 *     "control thread" is the one host thread that calls setup, submit, drain and teardown.
 *  5. Errors: functions return a zoo_status_t; ZOO_STATUS_OK is 0, failures are negative.
 *     After a failure, error_text() returns one plain sentence that says what went wrong.
 *  6. Strings are UTF-8 and NUL-terminated. A string the plugin hands out is owned by the
 *     plugin; its lifetime is stated where it is handed out.
 *  7. Optional capabilities are found by string ID through get_extension(); an ID carries a
 *     revision, e.g. "zoo.semantics/1". An unknown ID returns NULL; that is not an error.
 *  8. All times are nanoseconds of CLOCK_MONOTONIC. That clock is machine-wide, so times
 *     taken in another process on the same machine stay comparable.
 *
 * The life of one adapter instance (one unit of the matrix, or one gate phase):
 *
 *   setup(host, config) -> state
 *   repeat:  submit(state, task) x k   (k <= config->max_batch), then drain(state)
 *   teardown(state)
 *
 * The host may create several instances of the same adapter in one process, one after the
 * other; it never runs two instances at the same time.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Versions ------------------------------------------------------------------------- */

/* "ZOOA" in ASCII. The first field of zoo_adapter_entry. */
#define ZOO_ADAPTER_MAGIC 0x414F4F5Au

/* A plugin built against ABI major M is served by any host whose major is M. Minor versions
 * only append fields and functions: the host reads min(struct_size, sizeof) of every struct. */
#define ZOO_ABI_MAJOR 1
#define ZOO_ABI_MINOR 1

/* ---- Export ---------------------------------------------------------------------------- */

#if defined(_WIN32)
#define ZOO_ADAPTER_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define ZOO_ADAPTER_EXPORT __attribute__((visibility("default")))
#else
#define ZOO_ADAPTER_EXPORT
#endif

/* The name of the one exported symbol, for hosts that look it up by string. */
#define ZOO_ADAPTER_ENTRY_SYMBOL "zoo_adapter_entry"

/* ---- Status codes ---------------------------------------------------------------------- */

typedef int32_t zoo_status_t;

#define ZOO_STATUS_OK 0
/* Something failed; error_text() says what. */
#define ZOO_STATUS_ERROR (-1)
/* The configuration cannot be served (e.g. a concurrency the adapter does not support). */
#define ZOO_STATUS_INVALID_ARGUMENT (-2)
/* A resource could not be had: threads, processes, memory, descriptors. */
#define ZOO_STATUS_RESOURCE_EXHAUSTED (-3)
/* The call is not valid in the instance's current state (e.g. submit after teardown). */
#define ZOO_STATUS_FAILED_PRECONDITION (-4)

/* ---- Tasks and their outcome ----------------------------------------------------------- */

/* What happened when one body ran. Fixed size (64 bytes) and trivially copyable: an adapter
 * that runs bodies in another process copies it byte for byte through a pipe or shared
 * memory. Its layout is frozen for ABI major 1; the reserved fields are zero. */
typedef struct zoo_task_outcome {
  uint64_t task_id;       /* zoo_task.id of the task whose body ran */
  int64_t body_start_ns;  /* CLOCK_MONOTONIC, taken by the body itself where it runs */
  int64_t body_end_ns;    /* CLOCK_MONOTONIC, taken by the body itself where it runs */
  uint64_t checksum;      /* result of the body's work, so it cannot be optimised away */
  int32_t executor_pid;   /* process the body ran in */
  int32_t executor_tid;   /* thread (Linux tid) the body ran on */
  zoo_status_t status;    /* ZOO_STATUS_OK, or why the body could not run */
  uint32_t reserved0;
  uint64_t reserved[2];
} zoo_task_outcome_t;

struct zoo_host;

/* One unit of work, owned by the host. The pointer handed to submit() stays valid, and the
 * struct unchanged, until the drain() that follows returns. The adapter must not write to it. */
typedef struct zoo_task {
  uint32_t struct_size;  /* sizeof(zoo_task_t) as the host knows it */
  uint32_t reserved0;

  /* Unique for the life of one adapter instance. What a cross-process adapter sends to the
   * process that runs the body: host->execute() there needs nothing else. */
  uint64_t id;

  /* Runs the body on the calling thread, records its outcome and tells the host the task has
   * completed; when it returns, the task is complete. An in-process adapter needs nothing else.
   * Must be called exactly once per submitted task, before the drain() that follows returns.
   * [any-thread of the host process][between submit(task) and the return of drain()] */
  void (*run)(const struct zoo_task *task);

  /* Host-private; do not read or write. */
  void *host_data;
} zoo_task_t;

/* ---- Services the host offers the adapter ---------------------------------------------- */

/* Valid from setup() until teardown() returns, in the host process. A process the adapter
 * forks during or after setup() (directly, or from a fork server forked there) inherits a
 * usable copy: now_ns and execute may be called there; complete, log and get_extension may not.
 * A process started by exec() of another program has no host: it cannot run bodies. */
typedef struct zoo_host {
  uint32_t struct_size;  /* sizeof(zoo_host_t) as the host knows it */
  uint32_t abi_major;    /* the host's ZOO_ABI_MAJOR */
  uint32_t abi_minor;    /* the host's ZOO_ABI_MINOR */
  uint32_t reserved0;
  const char *host_name;     /* "zoo-host"; owned by the host, valid while the table is */
  const char *host_version;  /* e.g. "0.1.0"; owned by the host, valid while the table is */
  void *host_data;           /* host-private; do not read or write */

  /* CLOCK_MONOTONIC in nanoseconds. [any-thread][any process forked from the host] */
  int64_t (*now_ns)(const struct zoo_host *host);

  /* Runs the body of task `task_id` on the calling thread and fills `*outcome`; does not tell
   * the host the task is complete. For adapters that run bodies in another process: call this
   * there, ship the outcome back, and hand it to complete() in the host process. Returns
   * ZOO_STATUS_INVALID_ARGUMENT for an id that was never submitted.
   * [any-thread][a process forked from the host after setup began; the host process too] */
  zoo_status_t (*execute)(const struct zoo_host *host, uint64_t task_id,
                          zoo_task_outcome_t *outcome);

  /* Tells the host that the body whose outcome this is has finished. The host copies the
   * record; `outcome` may be reused when this returns. Exactly once per task run by execute(),
   * before the drain() that follows its submit() returns.
   * [any-thread of the host process][between submit() and the return of drain()] */
  void (*complete)(const struct zoo_host *host, const zoo_task_outcome_t *outcome);

  /* A line for the run's log (never called in the timed region: it may allocate and lock).
   * `level`: 0 info, 1 warning, 2 error. [any-thread of the host process] */
  void (*log)(const struct zoo_host *host, int32_t level, const char *message);

  /* Host-side extensions, by ID; NULL when the host has none by that ID. The returned table
   * is owned by the host and valid while this host table is. [any-thread of the host process] */
  const void *(*get_extension)(const struct zoo_host *host, const char *id);
} zoo_host_t;

/* ---- Configuration of one instance ----------------------------------------------------- */

typedef struct zoo_config {
  uint32_t struct_size;  /* sizeof(zoo_config_t) as the host knows it */

  /* How many tasks one round submits, and the pool size a pool-like adapter should use.
   * Always >= 1. A matrix unit's concurrency. */
  uint32_t concurrency;

  /* The most tasks the host submits before it calls drain(): at least `concurrency`, at most
   * 1048576 (a measured unit passes `concurrency`; the gate's large-batch instance passes 4096
   * by default, `zoo-host validate --large-batch N` up to 1048576). An adapter may preallocate
   * this many slots in setup() so that submit() need not allocate, or refuse a size it cannot
   * hold with ZOO_STATUS_RESOURCE_EXHAUSTED. */
  uint32_t max_batch;

  /* Logical cores of the machine as the host counts them (informative). */
  uint32_t logical_cores;

  /* Adapter-specific options as "key=value" pairs separated by ';', or "" for none. Unknown
   * keys should be refused with ZOO_STATUS_INVALID_ARGUMENT. Owned by the host; valid during
   * setup() only: copy what you need. */
  const char *options;

  /* -- ABI 1.1 (read it only when struct_size covers it; a 1.0 host's config is shorter and
   *    means 0) -- */

  /* The pool size: how many workers a pool-like adapter runs, independently of how many tasks
   * a round submits. 0 means `concurrency` (as in ABI 1.0). An adapter built against 1.1 or
   * later sizes its pool by it or refuses a value it cannot serve with
   * ZOO_STATUS_INVALID_ARGUMENT; one without a pool (inline, a thread per task) ignores it. */
  uint32_t workers;
  uint32_t reserved0;
} zoo_config_t;

/* The size of the ABI 1.0 config: every field up to `options`. */
#define ZOO_CONFIG_SIZE_1_0 \
  (offsetof(zoo_config_t, options) + sizeof(((const zoo_config_t *)0)->options))

/* The pool size `config` asks for, for an adapter built against 1.1 or later: `workers` when
 * the host's config holds it and it is not 0, else `concurrency`. */
#define ZOO_CONFIG_WORKERS(config)                                                    \
  (((config)->struct_size >= offsetof(zoo_config_t, workers) + sizeof(uint32_t) &&    \
    (config)->workers != 0)                                                           \
       ? (config)->workers                                                            \
       : (config)->concurrency)

/* ---- The adapter ----------------------------------------------------------------------- */

/* Opaque: each adapter defines its own instance state. */
typedef struct zoo_adapter_state zoo_adapter_state_t;

typedef struct zoo_adapter_entry {
  /* -- frozen forever: the host reads these four before anything else -- */
  uint32_t magic;        /* ZOO_ADAPTER_MAGIC */
  uint32_t abi_major;    /* ZOO_ABI_MAJOR the plugin was built against */
  uint32_t abi_minor;    /* ZOO_ABI_MINOR the plugin was built against */
  uint32_t struct_size;  /* sizeof(zoo_adapter_entry_t) as the plugin was built */

  /* -- ABI 1.0: metadata. All strings are static: owned by the plugin, valid while it is
   *    loaded. Only name is required; NULL or "" elsewhere means "not given". -- */

  /* Unique adapter name: lowercase letters, digits and '_', e.g. "thread_pool". */
  const char *name;
  /* Version of the adapter, and of the framework it drives where there is one. */
  const char *version;
  /* One line: what execution model this is. */
  const char *description;
  /* "bare", "stdlib", "ecosystem", "process", "event-loop", "subject", "test", ... */
  const char *kind;
  /* How this adapter's numbers must be read: what the per-task cost includes and excludes,
   * what the adapter does that a user of the framework would not. Printed in every report. */
  const char *caliber_notes;
  /* The level at which the adapter drives its framework: "public API", "internal dispatch
   * core", ... and how that relates to what end users wait for. */
  const char *drive_level;

  /* -- ABI 1.0: functions. All but get_extension are required. -- */

  /* Creates an instance. On success stores it in *state and returns ZOO_STATUS_OK. May start
   * threads and processes (they must all be gone when teardown() returns). `host` and what it
   * points to stay valid until teardown() returns; `config` is valid during this call only.
   * On failure *state is left NULL and error_text(NULL) says why.
   * [control-thread][no other instance of this adapter alive in the process] */
  zoo_status_t (*setup)(const zoo_host_t *host, const zoo_config_t *config,
                        zoo_adapter_state_t **state);

  /* Hands one task to the adapter. The adapter must see that task->run(task) is called
   * exactly once (or, cross-process, host->execute then host->complete once), on any thread,
   * before the next drain() returns. Should not allocate, lock or log more than the execution
   * model itself needs: the time spent here is measured as "submit side".
   * [control-thread][after setup, at most config->max_batch times between drains]
   * ABI 1.1, with zoo.submit_any_thread/1 (zoo/ext/submit_any_thread.h): [any-thread of the
   * host process, also inside a running task][after setup, at most config->max_batch tasks in
   * flight between drains; may block while a bounded queue is full, never inside a task] */
  zoo_status_t (*submit)(zoo_adapter_state_t *state, const zoo_task_t *task);

  /* Returns only when every task submitted since the previous drain() has completed; after it
   * returns, no task of those may run or complete any more. [control-thread][after setup]
   * ABI 1.1, with zoo.submit_any_thread/1: also waits for the tasks that running tasks submit
   * while it waits. [control-thread][after setup, once every other thread's submit returned] */
  zoo_status_t (*drain)(zoo_adapter_state_t *state);

  /* Destroys the instance: stops and joins every thread, reaps every process the adapter
   * created, frees everything. Called once per successful setup, after the last drain(), even
   * if a call failed. `state` is invalid afterwards, also when this fails: then
   * error_text(NULL) says why. [control-thread][nothing in flight] */
  zoo_status_t (*teardown)(zoo_adapter_state_t *state);

  /* One plain sentence describing the last failure on `state` (or, for `state` == NULL, the
   * last failed setup() or teardown() on the calling thread); "" when there was none. Owned by
   * the plugin; valid until the next call on the same state (for NULL: the next setup() or
   * teardown() on that thread).
   * [control-thread] */
  const char *(*error_text)(const zoo_adapter_state_t *state);

  /* Optional (may be NULL). Returns the table of the optional capability `id` (e.g.
   * "zoo.semantics/1"), or NULL when the adapter does not offer it. The table is static, owned
   * by the plugin and valid while it is loaded; its functions take the instance state.
   * [any-thread] */
  const void *(*get_extension)(const char *id);
} zoo_adapter_entry_t;

/* The symbol every adapter plugin exports (define it with ZOO_ADAPTER_EXPORT). */
extern ZOO_ADAPTER_EXPORT const zoo_adapter_entry_t zoo_adapter_entry;

/* Where the frozen header ends: a host can check struct_size against this before it reads
 * anything past the first four fields. */
#define ZOO_ADAPTER_ENTRY_FROZEN_SIZE 16u

/* The size of the ABI 1.0 entry: every field above. A plugin whose struct_size is smaller is
 * refused as "struct too small". */
#define ZOO_ADAPTER_ENTRY_SIZE_1_0 \
  (offsetof(zoo_adapter_entry_t, get_extension) + \
   sizeof(((const zoo_adapter_entry_t *)0)->get_extension))

#ifdef __cplusplus
}
#endif
